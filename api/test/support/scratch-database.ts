/**
 * A database of its own on the PostgreSQL server of `serverUrl`, for one test file or one benchmark run:
 * created empty, or as a copy of a `template` database, and dropped (its connections ended by force)
 * when done.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's answer when a template is in use: copying it while another copy starts is refused. */
const OBJECT_IN_USE = '55006';

/** CREATE DATABASE, retried for a while when its template is momentarily in use by another copy. */
async function createDatabase(serverUrl: string, statement: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await onServer(serverUrl, statement);
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === 50) throw error;
      await sleep(100 + Math.random() * 200);
    }
  }
}

export const dropDatabase = (serverUrl: string, name: string) => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

export async function createScratchDatabase(serverUrl: string, prefix: string, { template }: { template?: string } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { name, url: target.toString(), drop: () => dropDatabase(serverUrl, name) };
}
