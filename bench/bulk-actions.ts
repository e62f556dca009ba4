/**
 * Benchmark: bulk actions, through the API in process on a fresh embedded database with the demo data (or
 * the empty PostgreSQL of DATABASE_URL):
 * 1. a bulk delete of 50 rooms, one of them in use (refused), then its restore: the time of each call;
 * 2. a bulk delete of BULK_LIMIT (1,000) rooms chosen by the list's filter, then their restore;
 * 3. a lock, then an unlock, of the demo's students (up to 500) by ids.
 * Each row runs in its own transaction with its audit entry, as the single-row route: the figures are
 * what a row costs in a bulk call. Prints the figures; no target is asserted.
 *
 *   node --import tsx bench/bulk-actions.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BULK_LIMIT } from '@trungtam/shared/contracts';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/client';
import { rooms, users } from '../api/src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
await seedIfEmpty(db);
const app = await buildApp({ db: database, config: { ...loadConfig({}), dataDir, jwtSecret: 'bench' }, logger: false });
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
const headers = { authorization: `Bearer ${login.json().data.auth.accessToken as string}` };

async function timed(label: string, url: string, payload: unknown) {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
  const elapsed = performance.now() - started;
  const { succeeded, refused } = res.json().data as { succeeded: number[]; refused: unknown[] };
  const rows = succeeded.length + refused.length;
  console.log(`${label.padEnd(44)} ${String(rows).padStart(5)} rows  ${succeeded.length} done, ${refused.length} refused  ${elapsed.toFixed(0).padStart(6)} ms  (${(elapsed / rows).toFixed(2)} ms a row)`);
  return succeeded;
}

const [centre] = await db.select({ id: rooms.centerId, roomId: rooms.roomId }).from(rooms).limit(1);
const inserted = await db
  .insert(rooms)
  .values(Array.from({ length: BULK_LIMIT + 49 }, (_, i) => ({ centerId: centre.id, name: `Phòng đo ${String(i).padStart(4, '0')}` })))
  .returning({ id: rooms.roomId });
const ids = inserted.map((row) => row.id);

// 1. 50 rooms by ids, one in use (a seeded room with classes)
const fifty = await timed('bulk delete, 50 rooms by ids (1 in use)', '/learning/room/bulk-delete', { ids: [...ids.slice(0, 49), centre.roomId] });
await timed('restore of those 49', '/learning/room/restore', { ids: fifty });
// 2. the filter: the 1,000 rooms left after the first 49
const filtered = await timed(`bulk delete, ${BULK_LIMIT} rooms by filter`, '/learning/room/bulk-delete', { filter: { search: 'Phòng đo 0' } });
await timed(`restore of those ${filtered.length}`, '/learning/room/restore', { ids: filtered });
// 3. accounts
const students = (await db.select({ id: users.id, type: users.type }).from(users)).filter((row) => row.type === 'student').slice(0, 500).map((row) => row.id);
await timed(`lock, ${students.length} students by ids`, '/user/bulk-lock', { ids: students });
await timed(`unlock, ${students.length} students by ids`, '/user/bulk-unlock', { ids: students });

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
