/** Starts the API: opens the database (migrating it), seeds an empty one, listens; stops gracefully. */
import { loadConfig } from './config';
import { claimDataFolder, pgliteClientOf, pgliteFolder } from './db/backup';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { withStartupLock } from './db/startup-lock';
import { buildApp } from './app';
import { safeLoggerOptions } from './lib/logging';
import { shutDownGracefully } from './plugins/lifecycle';

async function main() {
  const config = loadConfig();
  // the embedded data folder is this process's alone while it runs, and `npm run backup` asks it for dumps (db/backup)
  const folderClaim = config.databaseUrl ? undefined : await claimDataFolder(config.dataDir);
  // instances starting together migrate, seed and sync one after the other
  const { app, database } = await withStartupLock(config.databaseUrl, async () => {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : pgliteFolder(config.dataDir),
    });
    const seeded = await seedIfEmpty(database.db);
    const app = await buildApp({ db: database, config, logger: safeLoggerOptions({ level: config.logLevel }) });
    if (seeded) app.log.info('Empty database: demo data seeded (password of every demo account: matkhau123)');
    return { app, database };
  });
  folderClaim?.serve(pgliteClientOf(database), app.log);
  await app.listen({ port: config.port, host: config.host });
  // a large export's first worker is started now rather than in its request
  app.ctx.sheetWorkers.keepSpare();
  // the messages to families are sent by every instance; claiming keeps two from sending one twice
  app.ctx.outbox.start();
  // every instance guards the rollouts; the conditional switch keeps two from acting twice
  app.ctx.areaGuard.start();
  app.ctx.areaHealthBuffer.start();
  app.log.info(`API docs at http://${config.host}:${config.port}/api/docs`);

  let stopping = false;
  const stop = async (signal: string) => {
    // a second signal (Ctrl+C also reaches the process group that npm start spawned) changes nothing
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining, then stopping (at most ${config.shutdownTimeoutMs} ms)`);
    try {
      const { forced } = await shutDownGracefully(app, { timeoutMs: config.shutdownTimeoutMs });
      if (forced) app.log.warn('Requests still running at the shutdown timeout were cut off');
      await database.close();
      await folderClaim?.close();
      app.log.info('Stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
