/**
 * `npm run backup [-- <file>] [--timeout <seconds>]`: a consistent copy of the database, taken while the
 * API keeps running, written to `<file>` or to `$DATA_DIR/backups/<operator's date and time>.<ext>`;
 * prints the file and its size. An existing file is never overwritten.
 *
 * - PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` (`.dump`).
 * - Embedded: a gzipped tar of the PGlite data folder (`.tar.gz`). A running API owns the folder, so the
 *   script asks it for the dump over the folder's control socket and waits for its answer, at most
 *   `--timeout` seconds (default 600); with no API running, it opens the folder itself. Why a socket, and
 *   why the copy is consistent: api/src/db/backup.ts.
 *
 * `npm run restore` brings a backup back (scripts/restore.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { operatorNow, setOperatorTimeZone } from '@trungtam/shared/operatorDate';
import { loadConfig } from '../api/src/config.ts';
import { claimDataFolder, dumpPglite, isEmptyFolder, pgDump, pgliteFolder, requestBackup } from '../api/src/db/backup.ts';
import { newPgliteClient } from '../api/src/db/client.ts';

function fail(message) {
  console.error(`backup: ${message}`);
  process.exit(1);
}

/** The dump of an embedded database nobody has open, made by this process while it holds the folder. */
async function dumpClosedFolder(dataDir, file) {
  const folder = pgliteFolder(dataDir);
  if (isEmptyFolder(folder)) throw new Error(`there is no embedded database in ${folder} (DATA_DIR=${dataDir})`);
  const claim = await claimDataFolder(dataDir);
  try {
    const client = newPgliteClient(folder);
    try {
      await client.waitReady;
      return await dumpPglite(client, file);
    } finally {
      await client.close();
    }
  } finally {
    await claim.close();
  }
}

const readableSize = (bytes) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

async function backup(argv = process.argv.slice(2), env = process.env) {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { timeout: { type: 'string', default: '600' } } });
  const timeoutSeconds = Number(values.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) fail(`--timeout takes a number of seconds (got ${values.timeout})`);
  if (positionals.length > 1) fail(`name at most one file (got ${positionals.join(' ')})`);
  const config = loadConfig(env);
  setOperatorTimeZone(config.operatorTimeZone);
  const extension = config.databaseUrl ? 'dump' : 'tar.gz';
  const file = path.resolve(positionals[0] ?? path.join(config.dataDir, 'backups', `${operatorNow().format('YYYY-MM-DD_HH-mm-ss')}.${extension}`));

  if (fs.existsSync(file)) fail(`${file} already exists: name another file`);

  let written;
  if (config.databaseUrl) {
    written = await pgDump(config.databaseUrl, file);
  } else {
    written = await requestBackup(config.dataDir, file, timeoutSeconds * 1000);
    if (written) console.log('(written by the running API)');
    else written = await dumpClosedFolder(config.dataDir, file);
  }
  console.log(`Backup written: ${written.file} (${readableSize(written.bytes)}, ${written.bytes} bytes)`);
}

backup().catch((error) => fail(error.message));
