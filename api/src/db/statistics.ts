/**
 * Planner statistics for the embedded database. PostgreSQL's autovacuum refreshes them in the background;
 * PGlite has no background workers, so without this a table filled after its last ANALYZE (the demo seed,
 * an import, a benchmark's 100,000 accounts) is planned as if it were empty: sequential scans and sorts
 * where an index would do. The API applies autovacuum's rule itself: a table is analysed once more rows
 * than 50 + 10 % of its rows at the last ANALYZE have changed, checked at start-up and then every
 * STATISTICS_CHECK_MS (a check is one small query, and costs nothing when nothing changed).
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';

export const STATISTICS_CHECK_MS = 30_000;

/** ANALYZE of the tables whose changes since their last ANALYZE pass autovacuum's default threshold; answers their names. */
export async function refreshStatistics(database: Database): Promise<string[]> {
  // this connection's counts of changed rows reach the statistics views when flushed, at most once a second otherwise
  await database.query('select pg_stat_force_next_flush()', []);
  const stale = await database.query<{ table: string }>(
    `select s.relname as "table"
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
    [],
  );
  for (const { table } of stale) await database.db.execute(sql`analyze ${sql.identifier(table)}`);
  return stale.map((row) => row.table);
}

/** Refreshes the embedded database's statistics now and then on a timer that never keeps the process alive; answers its stop. */
export async function keepStatisticsFresh(database: Database, onError: (error: unknown) => void): Promise<() => void> {
  await refreshStatistics(database);
  const timer = setInterval(() => refreshStatistics(database).catch(onError), STATISTICS_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
