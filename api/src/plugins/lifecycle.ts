/**
 * An instance's life behind a load balancer: liveness (`/health`), readiness (`/ready`) and the drain
 * that precedes a graceful stop.
 *
 * nginx (open source) has no active health checks: it learns that an instance is going away only from
 * its answers. So once an instance drains, it answers the requests a proxy may safely send again
 * elsewhere (GET, HEAD, OPTIONS) with a 503, which nginx retries on another instance and takes as a
 * failure (`proxy_next_upstream http_503`), sending nothing more here for a while; writes, which a proxy
 * never sends twice, are still carried out. The listener closes only once no request has come for a
 * moment, so that no connection is left in the accept queue when it closes (those would be reset after
 * the proxy had sent a write on them).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export interface Lifecycle {
  /** Whether shutdown began: readiness answers 503 and retryable requests are turned away. */
  readonly draining: boolean;
  /** The time (ms since the epoch) of the latest request other than a probe. */
  readonly lastRequestAt: number;
  beginDrain(): void;
}

const PROBES = new Set(['/health', '/ready']);
/** Methods a proxy sends to another instance after a 503 (nginx never sends a non-idempotent one twice). */
const RETRYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A check that has not answered in this time counts as failed (a pool waiting for a dead server never gives up). */
const CHECK_TIMEOUT_MS = 2000;
const DRAINING_TEXT = 'Máy chủ đang khởi động lại, vui lòng thử lại sau giây lát';

type CheckResult = 'ok' | 'failed';

/** Whether `probe` succeeds within CHECK_TIMEOUT_MS. */
async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export interface LifecycleOptions {
  /** The Redis of the attempt limits, when REDIS_URL is set: readiness then needs its PING too. */
  redis?: Redis;
}

export default fp<LifecycleOptions>(async function lifecyclePlugin(app: FastifyInstance, { redis }) {
  const { database } = app.ctx;
  let draining = false;
  let lastRequestAt = 0;
  app.decorate('lifecycle', {
    get draining() {
      return draining;
    },
    get lastRequestAt() {
      return lastRequestAt;
    },
    beginDrain() {
      draining = true;
    },
  } satisfies Lifecycle);

  app.addHook('onRequest', (request, _reply, done) => {
    if (PROBES.has(request.routeOptions.url ?? '')) return done();
    lastRequestAt = Date.now();
    if (draining && RETRYABLE.has(request.method)) {
      const error = new ApiError(503, 'UNAVAILABLE', DRAINING_TEXT);
      error.retryAfterSeconds = 1;
      return done(error);
    }
    done();
  });
  // while draining, every answer ends its connection: a client's next request opens one to an instance that stays
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const probe = { config: { auth: 'none' as const }, schema: { tags: ['health'], security: [] } };

  // Liveness: the process answers and reaches its database.
  app.get('/health', probe, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });

  // Readiness: whether the load balancer should send requests here.
  app.get('/ready', probe, async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining' });
    const [db, cache] = await Promise.all([
      check(() => database.db.execute(sql`select 1`)),
      redis ? check(() => redis.ping()) : Promise.resolve(undefined),
    ]);
    const ready = db === 'ok' && cache !== 'failed';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: db, ...(cache ? { redis: cache } : {}) });
  });
});

export interface ShutdownOptions {
  /** The whole stop is bounded by this: requests still running then are cut off (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** The listener closes once no request has come for this long (or half the timeout has passed). */
  quietMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops an instance without failing a request: drains (readiness 503, retryable requests turned away) until
 * the load balancer has stopped sending, then stops accepting connections, closes the idle ones and lets
 * the requests in flight finish (Fastify's close), bounded by `timeoutMs`. Closes neither the database
 * nor the process: the caller does, after this resolves. Resolves with whether connections were cut off.
 */
export async function shutDownGracefully(app: FastifyInstance, { timeoutMs, quietMs = 500 }: ShutdownOptions): Promise<{ forced: boolean }> {
  const started = Date.now();
  app.lifecycle.beginDrain();
  const drainUntil = started + timeoutMs / 2;
  for (;;) {
    const now = Date.now();
    const quietAt = app.lifecycle.lastRequestAt + quietMs;
    if (now >= quietAt || now >= drainUntil) break;
    await sleep(Math.min(quietAt, drainUntil) - now);
  }

  let forced = false;
  const cutOff = setTimeout(
    () => {
      forced = true;
      app.server.closeAllConnections();
    },
    Math.max(0, started + timeoutMs - Date.now()),
  );
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
  return { forced };
}
