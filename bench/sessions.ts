/**
 * Benchmark: the schedules at scale. Seeds the demo data and then 1,000,000 sessions (5,000 classes of
 * 200 sessions over ten years, 400 teachers, 120 rooms in three centres) into a fresh embedded database
 * (or the PostgreSQL of DATABASE_URL, which must be empty), then times through the API (in process,
 * no network), as medians of several runs:
 * - the calendar's week query (GET /learning/class-schedule, a week, limit 1000, with class, room and
 *   teacher) as the administrator, and as a giáo vụ of one centre;
 * - session generation: the preview of a 36-lesson class whose teacher and room are busy, and the
 *   create that writes it (clash re-check and 36 sessions in one transaction).
 *
 *   node --import tsx bench/sessions.ts [sessions] [runs]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, sql } from '../api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { addSessions } from './lib/dataset';

const SESSIONS = Number(process.argv[2] ?? 1_000_000);
const RUNS = Number(process.argv[3] ?? 7);
const CLASSES = Math.ceil(SESSIONS / 200);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`;
async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await run();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sessions-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
await seedIfEmpty(db);

let [took] = await timed(async () => {
  await addSessions(database, SESSIONS);
  await db.execute(sql`analyze`);
});
const [{ n: total }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from class_schedule`)).rows;
console.log(`seeded ${Number(total).toLocaleString('en')} sessions (${CLASSES.toLocaleString('en')} classes) in ${(took / 1000).toFixed(1)} s`);

const app = await buildApp({ db: database, config: { ...loadConfig({}), dataDir, jwtSecret: 'bench-secret' } });
const tokenOf = async (email: string) =>
  (await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: DEMO_PASSWORD } })).json().data.auth.accessToken as string;
const admin = await tokenOf(DEMO_ACCOUNTS.admin);
const affair = await tokenOf(DEMO_ACCOUNTS.academicAffair);
const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json().data;
};

// ---- the calendar's week
const week = '/learning/class-schedule?limit=1000&page=1&sort_column=schedule_date&sort_type=ASC&schedule_date=2025-03-03&schedule_date=2025-03-09&relationships=class&relationships=room&relationships=teacher';
for (const [who, token] of [['administrator', admin], ['giáo vụ of one centre', affair]] as const) {
  const rows = (await call(token, 'GET', week)).total_rows as number;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) times.push((await timed(() => call(token, 'GET', week)))[0]);
  console.log(`week query (${who}, ${rows.toLocaleString('en')} sessions in the week): median ${ms(median(times))}, max ${ms(Math.max(...times))}`);
}

// ---- generation: a 36-lesson class (Monday and Thursday) whose teacher and room already teach that year
const busy = (await db.execute<{ teacher_id: number; room_id: number; center_id: number }>(
  sql`select teacher_id, room_id, center_id from class where class_name like 'Lớp thử %' order by class_id limit ${RUNS}`,
)).rows;
const [item] = (await db.execute<{ product_id: number; product_item_id: number }>(sql`select product_id, product_item_id from product_item where total_lesson = 36 limit 1`)).rows;
const previews: number[] = [];
const creates: number[] = [];
let clashes = 0;
for (const [i, place] of busy.entries()) {
  const body = {
    class_name: `Lớp đo ${i}`,
    class_type: 'group',
    product_id: item.product_id,
    product_item_id: item.product_item_id,
    teacher_id: place.teacher_id,
    center_id: place.center_id,
    room_id: place.room_id,
    teacher_salary: 250_000,
    start_date: '2025-03-03',
    class_schedule: JSON.stringify([{ weekday: 1, hour: 8 + ((i + 1) % 12), minute: 0, duration: 90 }, { weekday: 4, hour: 18, minute: 0, duration: 90 }]),
  };
  const [previewTime, preview] = await timed(() => call(admin, 'POST', '/learning/class/preview-schedule', body));
  previews.push(previewTime);
  const resolutions = (preview.sessions as Array<{ date: string; hour: number; minute: number; clashes: unknown[] }>)
    .filter((s) => s.clashes.length)
    .map((s) => ({ date: s.date, hour: s.hour, minute: s.minute, action: 'keep' }));
  clashes += resolutions.length;
  creates.push((await timed(() => call(admin, 'POST', '/learning/class/create', { ...body, resolutions })))[0]);
}
console.log(`preview of a 36-lesson class: median ${ms(median(previews))}, max ${ms(Math.max(...previews))} (${clashes} clashes found over ${busy.length} runs)`);
console.log(`create with its 36 sessions (clash re-check, one transaction): median ${ms(median(creates))}, max ${ms(Math.max(...creates))}`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
