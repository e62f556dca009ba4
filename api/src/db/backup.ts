/**
 * Backups of the database and their restore, for `npm run backup` and `npm run restore` (scripts/) and for
 * the embedded API's side of a backup.
 *
 * PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, a consistent snapshot taken while the API keeps
 * writing, and `pg_restore` into an empty database.
 *
 * Embedded (PGlite): the data folder `$DATA_DIR/pglite` may be open in one process only, and PGlite does
 * not stop a second process from opening it (both would write, and the folder would be corrupt). So whoever
 * opens the folder (the API, or a backup or restore script when no API runs) first claims it by listening
 * on its control socket, `$DATA_DIR/pglite.sock`, and holds it until the folder is closed:
 * - a backup asks the holder for a dump over that socket: one line in (the file to write), one line out
 *   (its size, or why it failed). The holder writes `dumpDataDir('gzip')`, which PGlite runs between two
 *   queries; a transaction still open at that instant has no commit record in the dumped WAL, so a restore
 *   rolls it back, as crash recovery would: the copy holds exactly what was committed.
 * - nobody answering means nobody holds the folder (no socket, or one left by a process that died), and
 *   the script may open it itself; a second claimant while the first holds it is refused, which also keeps
 *   two APIs off one folder.
 * A socket rather than a signal to a pid read from a file: the request and its outcome (an error included)
 * travel on one connection, with no polling for a finished file, and a pid file left by a crashed API may
 * by then name another process (SIGUSR2's default action ends the process it reaches). The socket is
 * created readable and writable by its owner only: whoever may use it may read the data folder anyway.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { newPgliteClient, type Database } from './client';

export interface BackupFile {
  file: string;
  bytes: number;
}

/** The embedded database's data folder, and the socket of whoever has it open. */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'pglite.sock');

/** A socket's path must fit in sockaddr_un (104 bytes on macOS, 108 on Linux, the terminating zero included). */
const SOCKET_PATH_MAX_BYTES = 103;

/** The PGlite client under an embedded database (Drizzle keeps the driver's client as `$client`). */
export function pgliteClientOf(database: Database): PGlite {
  if (database.kind !== 'pglite') throw new Error('Not an embedded database');
  return (database.db as unknown as { $client: PGlite }).$client;
}

/**
 * Writes the contents of `file` through a temporary name in the same folder, renamed once complete: a
 * reader never finds half a backup under the final name, and an existing backup is never overwritten.
 */
async function writeComplete(file: string, write: (partial: string) => Promise<void>): Promise<BackupFile> {
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose another file`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await write(partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, bytes: fs.statSync(file).size };
}

/** A gzipped tar of the data folder of a running PGlite, at `file`. */
export function dumpPglite(client: PGlite, file: string): Promise<BackupFile> {
  return writeComplete(file, async (partial) => {
    const dump = await client.dumpDataDir('gzip');
    await fs.promises.writeFile(partial, new Uint8Array(await dump.arrayBuffer()), { flag: 'wx', mode: 0o600 });
  });
}

export interface DataFolderClaim {
  /** Answers backup requests from now on with dumps of `client` (until then, with "starting"). */
  serve(client: PGlite, log?: { info(message: string): void; error(message: string): void }): void;
  /** Releases the folder: call it once the database is closed. */
  close(): Promise<void>;
}

interface BackupRequest {
  file: string;
}
type BackupReply = BackupFile | { error: string };

const listen = (server: net.Server, socketPath: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Whether a process answers on the socket at `socketPath` (false: no socket, or one whose process died). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Reads one line (a JSON value) from `socket`. */
function readLine(socket: net.Socket, limit = 64 * 1024): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) {
        try {
          resolve(JSON.parse(text.slice(0, end)));
        } catch (error) {
          reject(error);
        }
      } else if (text.length > limit) reject(new Error('line too long'));
    });
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('the connection closed before an answer')));
  });
}

/**
 * Claims the embedded data folder of `dataDir` for this process (see above). Refused while another process
 * holds it; a socket left by a process that died is taken over.
 */
export async function claimDataFolder(dataDir: string): Promise<DataFolderClaim> {
  fs.mkdirSync(dataDir, { recursive: true });
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX_BYTES) {
    throw new Error(`DATA_DIR is too long for the database's control socket (${socketPath}, at most ${SOCKET_PATH_MAX_BYTES} bytes): choose a shorter DATA_DIR`);
  }
  let client: PGlite | undefined;
  let log: Parameters<DataFolderClaim['serve']>[1];
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    const reply = (answer: BackupReply) => socket.end(`${JSON.stringify(answer)}\n`);
    readLine(socket)
      .then(async (request) => {
        const { file } = (request ?? {}) as Partial<BackupRequest>;
        if (typeof file !== 'string' || !path.isAbsolute(file)) return reply({ error: 'the request names no absolute file' });
        if (!client) return reply({ error: 'the database is still opening: try again in a moment' });
        try {
          const written = await dumpPglite(client, file);
          log?.info(`Backup written: ${written.file} (${written.bytes} bytes)`);
          reply(written);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log?.error(`Backup to ${file} failed: ${message}`);
          reply({ error: message });
        }
      })
      .catch(() => socket.destroy());
  });
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await answers(socketPath)) {
      throw new Error(`Another process has the embedded database of ${dataDir} open (${socketPath} answers): stop it first`);
    }
    fs.rmSync(socketPath, { force: true });
    await listen(server, socketPath);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    serve(opened, logTo) {
      client = opened;
      log = logTo;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Asks whoever holds the embedded data folder of `dataDir` for a backup into `file` (absolute); undefined
 * when nobody holds it (the caller may then open the folder itself). Fails after `timeoutMs` without an answer.
 */
export function requestBackup(dataDir: string, file: string, timeoutMs: number): Promise<BackupFile | undefined> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let connected = false;
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // once connected, the answer's reader below reports the errors
      if (connected) return;
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    socket.once('connect', () => {
      connected = true;
      socket.setTimeout(timeoutMs, () => {
        socket.destroy();
        reject(new Error(`the API did not finish the backup within ${Math.round(timeoutMs / 1000)} s; if it does later, the file appears as ${file}`));
      });
      readLine(socket).then(
        (answer) => {
          const reply = answer as BackupReply;
          if ('error' in reply) reject(new Error(`the API could not write the backup: ${reply.error}`));
          else resolve(reply);
        },
        (error: Error) => reject(new Error(`the API broke off the backup: ${error.message}`)),
      );
      socket.write(`${JSON.stringify({ file } satisfies BackupRequest)}\n`);
    });
  });
}

/** Whether `folder` is missing or an empty folder. */
export function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || (fs.statSync(folder).isDirectory() && fs.readdirSync(folder).length === 0);
}

/**
 * What a backup file holds, from its first bytes: a data folder (a gzipped tar, or a plain one as
 * `dumpDataDir('none')` writes), pg_dump's custom format, or neither.
 */
export function backupKind(file: string): 'pglite' | 'postgres' | undefined {
  const head = Buffer.alloc(262);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1', 257, 262) === 'ustar') return 'pglite';
  if (head.toString('latin1', 0, 5) === 'PGDMP') return 'postgres';
  return undefined;
}

/**
 * Loads an embedded backup into the data folder `folder`, which must be missing or empty; nothing is left
 * in it when the load fails. The caller holds the folder's claim.
 */
export async function restorePglite(file: string, folder: string): Promise<void> {
  if (!isEmptyFolder(folder)) throw new Error(`${folder} is not empty`);
  const client = newPgliteClient(folder, { loadDataDir: new Blob([new Uint8Array(fs.readFileSync(file))]) });
  try {
    await client.waitReady;
    await client.query('select 1');
    await client.close();
  } catch (error) {
    await client.close().catch(() => {});
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Runs a PostgreSQL client program; its error output becomes the error. */
function runClientProgram(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(`${program} is not installed: install PostgreSQL's client programs, of the server's major version or later (Debian: apt-get install postgresql-client-15)`)
          : error,
      );
    });
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit code ${code}): ${errors.trim()}`))));
  });
}

/** `pg_dump --format=custom` of the database at `url` into `file`. */
export function pgDump(url: string, file: string): Promise<BackupFile> {
  return writeComplete(file, (partial) => runClientProgram('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url}`]));
}

/** How many tables the database at `url` holds, in any schema of its own (Drizzle's migrations journal included). */
export async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0].count;
  } finally {
    await client.end();
  }
}

/**
 * Restores a `pg_dump --format=custom` file into the database at `url`, which must hold no table. In one
 * transaction that stops at the first error: a failed restore leaves the database empty, ready for another try.
 */
export async function pgRestore(url: string, file: string): Promise<void> {
  const tables = await countTables(url);
  if (tables > 0) throw new Error(`the database already holds ${tables} tables`);
  await runClientProgram('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file]);
}
