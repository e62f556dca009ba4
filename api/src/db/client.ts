/**
 * The database module: opens PGlite (a data folder, or memory) or PostgreSQL, applies the migrations.
 * The rest of the API sees one Drizzle database type for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { API_ROOT } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; the API types against the node-postgres one. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * SQL text with $1… parameters, straight to the driver (rows keyed by column name; timestamps as Date):
   * for the few queries every request runs, where building and mapping through the query builder costs
   * more than the query. A `name` prepares the statement once per connection (PostgreSQL).
   */
  query<Row = Record<string, unknown>>(text: string, params: unknown[], name?: string): Promise<Row[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** How a PGlite instance starts, beyond its data folder. */
export interface PgliteStart {
  /** A data folder dumped by `dumpDataDir()`, loaded instead of starting from an empty one. */
  loadDataDir?: Blob;
  /** Server settings given at its start (`-c name=value`), on top of PGlite's own. */
  settings?: Record<string, string>;
}

/** A PGlite instance with the extensions the migrations create (pg_trgm: the lists' search indexes). */
export function newPgliteClient(dataDir?: string, { loadDataDir, settings = {} }: PgliteStart = {}): PGlite {
  const startParams = Object.keys(settings).length === 0 ? undefined : [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  return new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm }, startParams });
}

/**
 * PGlite has one connection. It serialises its own queries and transactions (a query issued while a
 * transaction runs waits for it), so no extra lock is needed around Drizzle's calls.
 */
export async function openPglite(dataDir?: string, start: PgliteStart = {}): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = newPgliteClient(dataDir, start);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    query: async <Row>(text: string, params: unknown[]) => (await client.query<Row>(text, params)).rows,
    close: () => client.close(),
  };
}

/**
 * An idle connection of the pool can fail (the server restarts, an administrator ends it): the pool drops
 * it and opens another when needed. Without a listener, node-postgres would turn that into an uncaught
 * error and stop the API.
 */
const reportIdleError = (error: Error) => console.error(`PostgreSQL: an idle connection was closed (${error.message}); the pool replaces it`);

/**
 * A connection checked out for a transaction has no pool listener: when the server ends it (a failover, a
 * restart, pg_terminate_backend: 57P01) node-postgres emits `error` on the client itself, and without a
 * listener that stops the process. The query in flight still fails (the request answers 503, see
 * plugins/errors), the pool discards the broken client on release and opens a new one when needed.
 */
const reportLostConnection = (error: Error) => console.error(`PostgreSQL: a connection in use was closed (${error.message}); its request fails, the pool replaces it`);

export async function openPostgres(url: string, { onIdleError = reportIdleError }: { onIdleError?: (error: Error) => void } = {}): Promise<Database> {
  // a server that accepts no connection (stopped, overloaded) fails the request after 5 s instead of queueing it forever
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // No JIT compilation, set on each new connection before it is handed out (a session-mode pooler keeps it
    // for the session): the API's queries read a few thousand rows, and for one whose estimate passed
    // jit_above_cost (the insights' heat map: 20,000 rows guessed for 700) compiling took 285 ms of 340.
    onConnect: async (client) => {
      await client.query('SET jit = off');
    },
  });
  pool.on('error', onIdleError);
  pool.on('connect', (client) => client.on('error', onIdleError === reportIdleError ? reportLostConnection : onIdleError));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'postgres',
    query: async <Row>(text: string, params: unknown[], name?: string) => (await pool.query({ text, values: params, name })).rows as Row[],
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

/** The SQL template, for scripts outside the API's package (the benchmarks) that write in bulk. */
export { sql } from 'drizzle-orm';
