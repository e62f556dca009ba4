/**
 * The template database of an API test run: migrated and seeded once, before the first test file (jest's
 * globalSetup), then copied for each file instead of migrating and seeding a database per file.
 * Embedded: a PGlite data folder dumped to a file in a folder of the run's own, which each file loads.
 * With DATABASE_URL: a database `test_api_template_<pid>_<random>` on that server, which each file's
 * database is created from (`CREATE DATABASE … TEMPLATE …`). The run's globalTeardown removes either.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { MIGRATIONS_FOLDER, newPgliteClient, openPostgres, type Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { seedIfEmpty } from '../../src/db/seed';
import { createScratchDatabase, dropDatabase } from './scratch-database';

/** Where a run's template is, handed from globalSetup to the test files through the environment. */
export type TestTemplate = { seededOn: string } & (
  | { kind: 'pglite'; folder: string; dump: string }
  | { kind: 'postgres'; serverUrl: string; database: string }
);

const TEMPLATE_ENV = 'API_TEST_TEMPLATE';

/** Makes the run's template (PostgreSQL when `serverUrl` is given) and publishes it to the test files. */
export async function createTemplate(serverUrl: string | undefined): Promise<TestTemplate> {
  const template = serverUrl ? await createPostgresTemplate(serverUrl) : await createPgliteTemplate();
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return template;
}

async function createPostgresTemplate(serverUrl: string): Promise<TestTemplate> {
  const seededOn = operatorToday();
  const scratch = await createScratchDatabase(serverUrl, 'test_api_template');
  try {
    const database = await openPostgres(scratch.url);
    try {
      await seedIfEmpty(database.db);
    } finally {
      // a template is copied only while nobody is connected to it
      await database.close();
    }
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return { kind: 'postgres', serverUrl, database: scratch.name, seededOn };
}

async function createPgliteTemplate(): Promise<TestTemplate> {
  const seededOn = operatorToday();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'trungtam-api-template-'));
  const client = newPgliteClient();
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedIfEmpty(db);
    // uncompressed: each file loads it faster than a gzipped one, and it is read from the page cache
    const dump = path.join(folder, 'template.tar');
    fs.writeFileSync(dump, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    return { kind: 'pglite', folder, dump, seededOn };
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await client.close();
  }
}

/**
 * The run's template, if there is one and it was seeded on the operator's today: the demo data's
 * attendance and this week's sessions are laid out from the day of the seed, so a run that crossed the
 * operator's midnight seeds afresh instead.
 */
export function currentTemplate(): TestTemplate | undefined {
  const text = process.env[TEMPLATE_ENV];
  if (!text) return undefined;
  const template = JSON.parse(text) as TestTemplate;
  return template.seededOn === operatorToday() ? template : undefined;
}

/** Removes the run's template. */
export async function removeTemplate(): Promise<void> {
  const text = process.env[TEMPLATE_ENV];
  if (!text) return;
  const template = JSON.parse(text) as TestTemplate;
  if (template.kind === 'postgres') await dropDatabase(template.serverUrl, template.database);
  else fs.rmSync(template.folder, { recursive: true, force: true });
  delete process.env[TEMPLATE_ENV];
}
