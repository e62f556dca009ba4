/**
 * The template database of an API test run: migrated and seeded once, before the first test file (jest's
 * globalSetup), then copied for each file instead of migrating and seeding a database per file.
 * Embedded: a PGlite data folder dumped to a file, which each file loads. The dump is kept between runs
 * under a name made of the operator's date and a hash of every source file of the API and the shared
 * package (migrations, seed and the code it runs): a run on the same day over the same sources loads it
 * instead of migrating and seeding again, and any change to a source makes a new one.
 * With DATABASE_URL: a database `test_api_template_<pid>_<random>` on that server, which each file's
 * database is created from (`CREATE DATABASE … TEMPLATE …`). The run's globalTeardown removes either.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { MIGRATIONS_FOLDER, newPgliteClient, openPostgres, type Db, type PgliteStart } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { seedIfEmpty } from '../../src/db/seed';
import { createScratchDatabase, dropDatabase } from './scratch-database';

/** Where a run's template is, handed from globalSetup to the test files through the environment. */
export type TestTemplate = { seededOn: string } & (
  | { kind: 'pglite'; dump: string }
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

/** Where kept embedded templates live. */
const PGLITE_CACHE = path.join(os.tmpdir(), 'trungtam-api-template-cache');
/**
 * A kept template unused this long is removed. Each run touches the one it uses, and several runs may share
 * the folder at once (two checkouts, a CI run beside a developer's), each with templates of its own sources:
 * none removes a template another run is using.
 */
const UNUSED_FOR_MS = 3 * 60 * 60 * 1000;
const SOURCE_ROOTS = [path.resolve(__dirname, '../../src'), path.resolve(__dirname, '../../drizzle'), path.resolve(__dirname, '../../../shared/src')];

/** A hash of every file the template is made from: the API's sources and migrations and the shared package's sources. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const root of SOURCE_ROOTS) {
    if (!fs.existsSync(root)) continue;
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).map(String).sort();
    for (const file of files) {
      const full = path.join(root, file);
      if (!fs.statSync(full).isFile()) continue;
      hash.update(full).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/** Removes the kept templates (and half-written ones) no run has used for UNUSED_FOR_MS. */
function removeUnusedTemplates() {
  const now = Date.now();
  for (const name of fs.readdirSync(PGLITE_CACHE)) {
    const file = path.join(PGLITE_CACHE, name);
    try {
      if (now - fs.statSync(file).mtimeMs > UNUSED_FOR_MS) fs.rmSync(file, { force: true });
    } catch {
      // another run removed it first
    }
  }
}

async function createPgliteTemplate(): Promise<TestTemplate> {
  const seededOn = operatorToday();
  fs.mkdirSync(PGLITE_CACHE, { recursive: true });
  const dump = path.join(PGLITE_CACHE, `${seededOn}-${sourcesHash()}.tar`);
  removeUnusedTemplates();
  if (fs.existsSync(dump)) {
    const now = new Date();
    fs.utimesSync(dump, now, now);
    return { kind: 'pglite', dump, seededOn };
  }
  const client = newPgliteClient();
  try {
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedIfEmpty(db);
    // uncompressed: each file loads it faster than a gzipped one, and it is read from the page cache.
    // Written under a name of its own, then renamed: a run beside this one never reads half a file.
    const partial = `${dump}.${process.pid}.partial`;
    fs.writeFileSync(partial, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    fs.renameSync(partial, dump);
    return { kind: 'pglite', dump, seededOn };
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

/**
 * A file's bytes as a Blob that hands them over whole: PGlite reads its `loadDataDir` with `arrayBuffer()`,
 * which on a Blob made of the bytes copies and re-reads them in chunks, about half a second for a template
 * (each test file pays it).
 */
class BytesBlob extends Blob {
  constructor(private readonly contents: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents.buffer.slice(this.contents.byteOffset, this.contents.byteOffset + this.contents.byteLength) as ArrayBuffer);
  }
}

/**
 * Settings of a test file's embedded database: a smaller shared buffer pool than PostgreSQL's default
 * 128 MB, which PGlite sets up (in its WebAssembly memory) at every start, about half a second of each
 * test file. The data is in memory either way; the pool only holds the pages in use.
 */
const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB' };

/** `openPglite` options for a test file's embedded database: a copy of the run's template when there is one. */
export function embeddedTestDatabase(template = currentTemplate()): PgliteStart {
  return {
    loadDataDir: template?.kind === 'pglite' ? new BytesBlob(fs.readFileSync(template.dump)) : undefined,
    settings: TEST_PGLITE_SETTINGS,
  };
}

/** Removes the run's template: a PostgreSQL one is dropped, an embedded one is kept for the next run. */
export async function removeTemplate(): Promise<void> {
  const text = process.env[TEMPLATE_ENV];
  if (!text) return;
  const template = JSON.parse(text) as TestTemplate;
  if (template.kind === 'postgres') await dropDatabase(template.serverUrl, template.database);
  delete process.env[TEMPLATE_ENV];
}
