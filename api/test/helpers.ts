/**
 * Test harness: a migrated and seeded database per test file, and the app over it.
 * Each file's database is a copy of the run's template (support/template-database), or, without one
 * (a run without the globalSetup, a run that crossed the operator's midnight), migrated and seeded afresh.
 * Without DATABASE_URL: PGlite in memory. With DATABASE_URL: a database of its own
 * (test_api_<pid>_<random>) created on that server, dropped when the file is done.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import type { LoggerOptions } from 'pino';
import { safeLoggerOptions } from '../src/lib/logging';
import { loadConfig, type AppConfig } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { seedIfEmpty, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed';
import { buildApp } from '../src/app';
import { createScratchDatabase } from './support/scratch-database';
import { currentTemplate, embeddedTestDatabase } from './support/template-database';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };
export const API = '/api/v1';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** The file's database, a copy of the run's template when there is one; seeded either way. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = currentTemplate();
  const url = process.env.DATABASE_URL;
  let opened: { database: Database; drop: () => Promise<void> };
  if (!url) {
    opened = { database: await openPglite(undefined, embeddedTestDatabase(template)), drop: async () => {} };
  } else {
    const scratch = await createScratchDatabase(url, 'test_api', { template: template?.kind === 'postgres' ? template.database : undefined });
    // the drop ends this database's connections by force: a connection the pool is still closing then fails, as expected
    opened = { database: await openPostgres(scratch.url, { onIdleError: () => {} }), drop: scratch.drop };
  }
  // a copy of the template holds the demo data already: this only checks
  await seedIfEmpty(opened.database.db);
  return opened;
}

const GENEROUS_LIMIT = { max: 10_000, timeWindowMs: 60_000 };

/** Every limit generous but the ones given (for a test of those). */
export function limitsFor(limits: Partial<AppConfig['rateLimits']>): AppConfig['rateLimits'] {
  const names = Object.keys(loadConfig({}).rateLimits) as Array<keyof AppConfig['rateLimits']>;
  return Object.fromEntries(names.map((name) => [name, limits[name] ?? GENEROUS_LIMIT])) as AppConfig['rateLimits'];
}

/**
 * With API_TEST_LOG set (npm test sets it), every test app logs everything, at the lowest level and
 * through the same safe options as the server, into that file: the log scan then checks that a whole
 * run's log holds no secret. Without it, no log.
 */
function testLogger(): FastifyServerOptions['logger'] {
  const file = process.env.API_TEST_LOG;
  if (!file) return false;
  return safeLoggerOptions({ level: 'trace', file } as LoggerOptions & { file: string });
}

export async function createTestContext(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trungtam-api-test-'));
  const defaults = loadConfig({});
  const config: AppConfig = {
    ...defaults,
    dataDir,
    jwtSecret: 'test-secret-not-for-production',
    // the tests of the limits set their own; the rest must never meet one
    rateLimits: limitsFor({}),
    // the demo mode's mail in the log is tested on the mailer alone: the test run's log must hold no link
    logMailText: false,
    ...overrides,
  };
  const app = await buildApp({ db: database, config, logger: testLogger(), compileSchemas: 'on-first-use' });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.auth.accessToken;
}

/** Tokens of the four demo accounts. */
export async function demoTokens(app: FastifyInstance) {
  const [admin, academicAffair, teacher, student] = await Promise.all([
    login(app, DEMO_ACCOUNTS.admin),
    login(app, DEMO_ACCOUNTS.academicAffair),
    login(app, DEMO_ACCOUNTS.teacher),
    login(app, DEMO_ACCOUNTS.student),
  ]);
  return { admin, academicAffair, teacher, student };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call with an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${API}${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The id of a non-deleted account by email. */
export async function userIdByEmail(app: FastifyInstance, token: string, email: string): Promise<number> {
  const res = await call(app, 'GET', `/user/list?limit=5&search=${encodeURIComponent(email)}`, token);
  const row = res.json().data.rows.find((r: { email: string }) => r.email === email);
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

export type DemoTokens = Awaited<ReturnType<typeof demoTokens>>;

/**
 * The set-up of a test file: a fresh app over its own database, and the demo users' tokens, ready in
 * every test as `ctx.t` and `ctx.tok`; closed after the file.
 */
export function setUpTestApp(overrides: Partial<AppConfig> = {}) {
  const ctx = {} as { t: TestContext; tok: DemoTokens };
  beforeAll(async () => {
    ctx.t = await createTestContext(overrides);
    ctx.tok = await demoTokens(ctx.t.app);
  });
  afterAll(async () => {
    await ctx.t?.close();
  });
  return ctx;
}
