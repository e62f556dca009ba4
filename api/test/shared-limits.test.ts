/**
 * Two API instances over one database: with REDIS_URL they count attempts together (a client cannot get
 * around a limit by landing on another instance behind the load balancer); without it, each counts its
 * own. Needs the Redis server of the development and CI machines (REDIS_URL, or 127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { API, createTestContext, DEMO_ACCOUNTS, limitsFor, type TestContext } from './helpers';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const limits = limitsFor({ LOGIN_ACCOUNT: { max: 3, timeWindowMs: 60_000 } });

const wrongSignIn = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/login`, remoteAddress, payload: { email: DEMO_ACCOUNTS.teacher, password: 'saimatkhau' } });

/** Instance A (its own database) and instance B over the same database and settings. */
async function twoInstances(overrides: Parameters<typeof createTestContext>[0]) {
  const a = await createTestContext(overrides);
  const b = await buildApp({ db: a.database, config: a.config });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

describe('attempt limits across API instances', () => {
  const prefix = `trungtam-test-${randomBytes(6).toString('hex')}`;
  let pair: { a: TestContext; b: FastifyInstance; close(): Promise<void> };

  afterAll(async () => {
    // this run's keys only
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('with Redis, failures on one instance count on the other', async () => {
    pair = await twoInstances({ rateLimits: limits, redisUrl: REDIS_URL, redisPrefix: prefix });
    try {
      const statuses = [
        (await wrongSignIn(pair.a.app, '10.7.0.1')).statusCode,
        (await wrongSignIn(pair.b, '10.7.0.2')).statusCode,
        (await wrongSignIn(pair.a.app, '10.7.0.3')).statusCode,
        (await wrongSignIn(pair.b, '10.7.0.4')).statusCode,
        (await wrongSignIn(pair.a.app, '10.7.0.5')).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const redis = new Redis(REDIS_URL);
      try {
        expect(await redis.keys(`${prefix}:limit:login_account:*`)).toHaveLength(1);
      } finally {
        await redis.quit();
      }
    } finally {
      await pair.close();
    }
  });

  it('without Redis, each instance counts only its own attempts', async () => {
    pair = await twoInstances({ rateLimits: limits });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await wrongSignIn(pair.a.app, '10.8.0.1')).statusCode);
      statuses.push((await wrongSignIn(pair.b, '10.8.0.1')).statusCode);
      statuses.push((await wrongSignIn(pair.a.app, '10.8.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await pair.close();
    }
  });

  it('refuses to start when REDIS_URL names no Redis server', async () => {
    const a = await createTestContext();
    try {
      await expect(buildApp({ db: a.database, config: { ...a.config, redisUrl: 'redis://127.0.0.1:1' } })).rejects.toThrow(/Redis at REDIS_URL did not answer/);
    } finally {
      await a.close();
    }
  });
});
