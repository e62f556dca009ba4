/**
 * Liveness, readiness and the graceful stop of an instance behind a load balancer: /ready answers 200
 * while the database (and Redis, when configured) answer, 503 once the instance drains; a draining
 * instance turns away the requests a proxy retries elsewhere and still carries out writes; a stop lets
 * the requests in flight finish and refuses new connections, within its timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { centers } from '../src/db/schema';
import { shutDownGracefully } from '../src/plugins/lifecycle';
import { API, call, createTestContext, DEMO_ACCOUNTS, login, type TestContext } from './helpers';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await login(t.app, DEMO_ACCOUNTS.admin);
});
afterAll(async () => {
  await t?.close();
});

/** Another instance over the same database and settings (closed by the test). */
const anotherInstance = (overrides: Partial<TestContext['config']> = {}) => buildApp({ db: t.database, config: { ...t.config, ...overrides } });

const centreBody = () => ({ name: `Trung tâm ${randomBytes(4).toString('hex')}`, status: 1 });

describe('readiness', () => {
  it('answers 200 while the database answers, 503 when it does not; /health stays the liveness check', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });

    const failing = jest.spyOn(t.database.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const down = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', database: 'failed' });
    } finally {
      failing.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().status).toBe('ok');
  });

  it('with REDIS_URL, also needs Redis to answer PING', async () => {
    const app = await anotherInstance({ redisUrl: REDIS_URL, redisPrefix: `trungtam-test-${randomBytes(6).toString('hex')}` });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });

      const failing = jest.spyOn(Redis.prototype, 'ping').mockRejectedValueOnce(new Error('Connection is closed.'));
      try {
        const down = await app.inject({ method: 'GET', url: '/ready' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'failed' });
      } finally {
        failing.mockRestore();
      }
    } finally {
      await app.close();
    }
  });
});

describe('draining', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await anotherInstance();
    app.lifecycle.beginDrain();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers /ready with 503 draining, so that the load balancer stops sending; /health still 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('turns away reads (a proxy retries them elsewhere) and closes each connection after its answer', async () => {
    const res = await call(app, 'GET', '/user/list?limit=1', admin);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'UNAVAILABLE', message: expect.stringContaining('khởi động lại') });
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers.connection).toBe('close');
  });

  it('still carries out writes, which a proxy never sends twice', async () => {
    const body = centreBody();
    const res = await call(app, 'POST', '/learning/center/create', admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.headers.connection).toBe('close');
    const [row] = await t.database.db.select().from(centers).where(eq(centers.name, body.name));
    expect(row).toBeDefined();
  });
});

// ---------------------------------------------------------------- a graceful stop, over real connections

/** Listens on a free port of 127.0.0.1; answers the port. */
async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

interface HeldRequest {
  /** Sends the rest of the body. */
  finish(): void;
  response: Promise<{ status: number; connection: string | undefined; body: string }>;
  closed: Promise<void>;
}

/** A create request whose headers and first half of the body are sent, the rest held back: in flight. */
function heldCreate(port: number, body: unknown): HeldRequest {
  const text = Buffer.from(JSON.stringify(body));
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `${API}/learning/center/create`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'content-length': String(text.length) },
  });
  const closed = new Promise<void>((resolve) => req.on('close', () => resolve()));
  const response = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let received = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: received }));
    });
  });
  req.write(text.subarray(0, 10));
  return { finish: () => req.end(text.subarray(10)), response, closed };
}

/** Whether a connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/health' }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

/** Resolves once `condition` holds (checked every 10 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('graceful shutdown', () => {
  it('stops accepting connections, lets the request in flight finish, then resolves', async () => {
    const app = await anotherInstance();
    const port = await listen(app);
    const body = centreBody();
    const held = heldCreate(port, body);
    // the server has its headers: the request is in flight
    await until(() => app.lifecycle.lastRequestAt > 0);

    const stopping = shutDownGracefully(app, { timeoutMs: 30_000, quietMs: 50 });
    await until(() => !app.server.listening);
    expect(await refused(port)).toBe(true);

    held.finish();
    const answer = await held.response;
    expect(answer.status).toBe(201);
    expect(answer.connection).toBe('close');
    expect(await stopping).toEqual({ forced: false });
    const [row] = await t.database.db.select().from(centers).where(eq(centers.name, body.name));
    expect(row).toBeDefined();
  });

  it('cuts off a request that does not finish within the timeout', async () => {
    const app = await anotherInstance();
    const port = await listen(app);
    const held = heldCreate(port, centreBody());
    held.response.catch(() => {}); // the connection is cut: no answer
    await until(() => app.lifecycle.lastRequestAt > 0);

    expect(await shutDownGracefully(app, { timeoutMs: 1000, quietMs: 50 })).toEqual({ forced: true });
    await held.closed;
  });
});
