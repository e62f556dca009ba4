/** Starts the API: opens the database (migrating it), seeds an empty one, listens. */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { buildApp } from './app';
import { safeLoggerOptions } from './lib/logging';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  const seeded = await seedIfEmpty(database.db);
  const app = await buildApp({ db: database, config, logger: safeLoggerOptions({ level: config.logLevel }) });
  if (seeded) app.log.info('Empty database: demo data seeded (password of every demo account: matkhau123)');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`API docs at http://${config.host}:${config.port}/api/docs`);

  const stop = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
