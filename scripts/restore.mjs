/**
 * `npm run restore -- <file>`: brings a backup of `npm run backup` back into an empty database, which the
 * API then starts on (its start applies the migrations newer than the backup).
 *
 * - PostgreSQL (DATABASE_URL set): `pg_restore --no-owner` of a `.dump` into that database, refused when
 *   it already holds tables (create an empty one: `createdb -O <owner> <name>`).
 * - Embedded: the `.tar.gz` is loaded into `$DATA_DIR/pglite`, refused unless that folder is missing or
 *   empty (stop the API and move the current one aside first), and refused while a process has it open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/src/config.ts';
import { backupKind, claimDataFolder, isEmptyFolder, pgliteFolder, pgRestore, restorePglite } from '../api/src/db/backup.ts';

function fail(message) {
  console.error(`restore: ${message}`);
  process.exit(1);
}

const databaseName = (url) => decodeURIComponent(new URL(url).pathname.slice(1));

async function restore(argv = process.argv.slice(2), env = process.env) {
  if (argv.length !== 1) fail('name the backup file: npm run restore -- <file>');
  const file = path.resolve(argv[0]);
  if (!fs.existsSync(file)) fail(`${file} does not exist`);
  const config = loadConfig(env);
  const kind = backupKind(file);
  if (!kind) fail(`${file} is not a backup of npm run backup (neither a gzipped data folder nor a pg_dump custom-format file)`);

  if (config.databaseUrl) {
    if (kind !== 'postgres') fail(`${file} is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR)`);
    const name = databaseName(config.databaseUrl);
    await pgRestore(config.databaseUrl, file).catch((error) =>
      fail(`${error.message}. Restore into an empty database: create one (createdb -O <owner> <name>) and point DATABASE_URL at it, or drop and recreate "${name}" once you are sure it may go`),
    );
    console.log(`Restored ${file} into the database "${name}".`);
  } else {
    if (kind !== 'pglite') fail(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty database`);
    const folder = pgliteFolder(config.dataDir);
    if (!isEmptyFolder(folder)) {
      const aside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fail(`${folder} already holds a database. Stop the API, move the folder aside (mv ${folder} ${aside}), then run the restore again`);
    }
    const claim = await claimDataFolder(config.dataDir);
    try {
      await restorePglite(file, folder);
    } finally {
      await claim.close();
    }
    console.log(`Restored ${file} into ${folder}.`);
  }
  console.log('Start the API on it (npm start, or its service): it applies the migrations newer than the backup.');
}

restore().catch((error) => fail(error.message));
