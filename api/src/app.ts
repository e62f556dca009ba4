/** Builds the Fastify application (used by the server and by the tests). */
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import path from 'node:path';
import { API_PREFIX } from '@trungtam/shared/contracts';
import type { AppConfig } from './config';
import { setOperatorTimeZone } from '@trungtam/shared/operatorDate';
import { syncPermissionCatalogue } from './db/catalogue';
import { keepStatisticsFresh } from './db/statistics';
import type { Database } from './db/client';
import { Redis } from 'ioredis';
import { TokenService } from './lib/tokens';
import { resolveJwtSecret } from './db/jwt-secret';
import { AttemptLimits } from './lib/attempts';
import { createMailer } from './lib/mailer';
import { TEXT } from './lib/errors';
import { loadRegistry, syncRegistry } from './services/remotes';
import externalPlugins from './plugins/external';
import errorsPlugin from './plugins/errors';
import textInputPlugin from './plugins/text-input';
import authPlugin from './plugins/auth';
import lifecyclePlugin from './plugins/lifecycle';
import { routePlugins } from './routes';
import type { AppContext } from './types';
import { createCaches } from './services/revisions';
import { SheetWorkers } from './lib/sheet/writers';
import { OutboxWorker } from './services/outbox-worker';
import { AreaGuard } from './services/area-guard-worker';
import { AreaHealthBuffer } from './services/area-health-buffer';
import { evaluateGuards } from './services/area-guard';
import { deleteExpiredHealth, ingestEvents } from './services/area-health';
import { receiptPdf } from './services/payments';
import { scanFamilyReminders } from './services/family-scheduler';
import { createChannels } from './lib/channels';
import { schemaController, type SchemaCompilation } from './lib/schema-compilers';
import './types';

export interface BuildOptions {
  db: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** When the routes' schemas compile: at start (the server), or on each route's first use (the tests). */
  compileSchemas?: SchemaCompilation;
}

/** A Redis connection that is ready before the API listens (start-up fails clearly when Redis is not there). */
async function connectRedis(url: string, log: (message: string) => void): Promise<Redis> {
  // a command fails after one retry (the limits then count in memory until Redis is back)
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000, disconnectTimeout: 500 });
  client.on('error', (error: Error) => log(`Redis: ${error.message}`));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis at REDIS_URL did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  return client;
}

/** Trust the nearest `hops` proxies (a hop count of TRUST_PROXY). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({ db, config, logger = false, compileSchemas = 'at-start' }: BuildOptions): Promise<FastifyInstance> {
  // Refuse to start on a registry whose routes disagree with the shared route rules.
  setOperatorTimeZone(config.operatorTimeZone);
  const registry = loadRegistry(config.registryFile, config.remoteEntries);

  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // the client's address comes from X-Forwarded-For only through the proxies the operator configured
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request that reaches a closing instance is carried out (a proxy never sends a write twice); the
    // lifecycle plugin decides what a draining instance turns away.
    return503OnClosing: false,
    // Refused before routing (a URL that is not valid percent-encoding, a path parameter over 100
    // characters): the same error body and status as any other bad input.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if ((error.statusCode ?? 500) >= 500) return reply.status(500).send({ error: { code: 'INTERNAL', message: TEXT.internal } });
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: TEXT.validation } });
    },
    schemaController: schemaController(compileSchemas),
    ajv: {
      // Strict input (README "Strict input"): no type coercion anywhere (query and path text is
      // read by plugins/text-input before validation), and properties a schema does not name are dropped
      // from every body, query and nested object before the handler sees them ('all': whatever the
      // schema's additionalProperties says).
      customOptions: { allErrors: true, verbose: true, coerceTypes: false, removeAdditional: 'all', useDefaults: true },
      // Each field's validation messages (the forms' Vietnamese texts) ride on the schemas as `x-messages`; a decimal (a competition
      // score: 7.25) declares its places as `x-decimal-places`, for the OpenAPI document's readers: the
      // service checks them exactly, with a message that names the round's step.
      plugins: [((ajv: { addKeyword: (def: { keyword: string }) => unknown }) => {
        ajv.addKeyword({ keyword: 'x-messages' });
        ajv.addKeyword({ keyword: 'x-decimal-places' });
        // a measurement (a browser's timing, a ratio of the rollout guard) takes any fraction: it is bucketed or
        // compared, never summed as an amount
        ajv.addKeyword({ keyword: 'x-measurement' });
        return ajv;
      }) as never],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const secret = await resolveJwtSecret({ jwtSecret: config.jwtSecret, dataDir: config.dataDir, database: db });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, (message) => app.log.warn(message)) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logMailText: config.logMailText,
    log: (msg) => app.log.info(msg),
  });
  const ctx: AppContext = {
    database: db,
    config,
    tokens: new TokenService(secret),
    mailer,
    limits: new AttemptLimits(config.rateLimits, redis ? { client: redis, prefix: config.redisPrefix } : undefined),
    caches: createCaches(),
    sheetWorkers: new SheetWorkers(),
    // the messages to families never show in the log, not even in the embedded demo mode (their files do)
    outbox: new OutboxWorker({
      db: db.db,
      // e-mail always; Zalo and SMS when configured
      channels: createChannels(config, config.logMailText ? createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), logMailText: false, log: (msg) => app.log.info(msg) }) : mailer),
      scan: () => scanFamilyReminders(db.db, ctx.outbox.channelNames),
      // a receipt's e-mail carries its PDF
      attachmentsOf: async (message) => {
        const paymentId = Number(message.payload.payment_id);
        if (message.kind !== 'receipt' || !Number.isInteger(paymentId)) return undefined;
        const { filename, pdf } = await receiptPdf(db.db, paymentId);
        return [{ filename, content: pdf, contentType: 'application/pdf' }];
      },
      log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
    }),
    areaGuard: new AreaGuard({
      judge: async (names) => [...(await evaluateGuards(ctx, names, new Date(), app.log)).keys()],
      retain: () => deleteExpiredHealth(db.db),
      intervalMs: config.areaGuardIntervalMs,
      log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
    }),
    areaHealthBuffer: new AreaHealthBuffer({
      write: async (events, at) => (await ingestEvents(ctx, { events }, at)).candidateAreas,
      onCandidates: (areas) => ctx.areaGuard.nudge(areas),
      log: { warn: (msg) => app.log.warn(msg) },
    }),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.sheetWorkers.close());
  // the message in hand is sent and marked before the database closes
  app.addHook('onClose', async () => ctx.outbox.stop());
  // what the shells reported in the last second is written before the database closes
  app.addHook('onClose', async () => ctx.areaHealthBuffer.stop());
  app.addHook('onClose', async () => ctx.areaGuard.stop());

  await syncPermissionCatalogue(db.db);
  await syncRegistry(db.db, registry);
  if (db.kind === 'pglite') {
    // no autovacuum in the embedded database: the API keeps its planner statistics fresh (db/statistics)
    const stop = await keepStatisticsFresh(db, (error) => app.log.warn({ err: error }, 'Refreshing the planner statistics failed'));
    app.addHook('onClose', async () => stop());
  }

  await app.register(errorsPlugin);
  // these two before any route: they give each route its reading of query text and its authentication
  await app.register(textInputPlugin);
  await app.register(authPlugin);
  await app.register(externalPlugins);
  // /health, /ready and the drain before a graceful stop
  await app.register(lifecyclePlugin, { redis });

  const plugins = await routePlugins();
  await app.register(
    async (api) => {
      for (const plugin of plugins) await api.register(plugin);
    },
    { prefix: API_PREFIX },
  );

  await app.ready();
  return app as unknown as FastifyInstance;
}
