/**
 * Several API instances may start at once against one PostgreSQL database (a first deployment, every
 * instance of a new release restarted together). What an instance does before it listens (the
 * migrations, the seed of an empty database, the sync of the permission catalogue and of the remotes
 * registry) must then run one instance at a time: the second waits on an advisory lock, then finds the
 * work done. PGlite needs none: one process owns its data folder.
 */
import pg from 'pg';

/** This application's advisory lock key (any fixed number; "trungtam" spelt on a phone keypad). */
const STARTUP_LOCK_KEY = 87_864_826;

export async function withStartupLock<T>(databaseUrl: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return run();
  const client = new pg.Client({ connectionString: databaseUrl });
  // a connection lost while waiting fails the query below; without a listener it would end the process
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await run();
  } finally {
    // ending the session releases the lock as well
    await client.end().catch(() => {});
  }
}
