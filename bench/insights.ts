/**
 * Benchmark: the operations overview (/learning/insights) at scale, on PostgreSQL. Keeps a database of its
 * own, `bench_insights`, on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test):
 * built once with the API's migrations and the demo data, then written in bulk with SQL (generate_series),
 * every date relative to the operator's today:
 * - 10 centres (the demo's 3 and 7 more), 300 rooms (capacity 12–30), 800 teachers, 40 courses of two
 *   items (24 and 48 lessons), 100,000 students;
 * - 5,000 classes, each in a room of its centre, taught by one teacher, two sessions a week (no room or
 *   teacher holds two sessions at once) over 100 weeks, the last 78 behind: 1,000,000 sessions, the past
 *   ones' rolls taken (one in fifty not);
 * - two enrolments per student one after the other (24, 48 or 72 lessons, 2 in 100 removed), each with
 *   its marks on its class's sessions from its start until its lessons are used (present, absent, excused:
 *   some students absent far more often); about 7 million attendance rows;
 * - an order per enrolment and a renewal of the 72-lesson ones: about 200,000 orders (2 in 100 cancelled
 *   with their removed enrolments, 5 unpaid, 5 half paid, the rest paid), their payments in cash, by
 *   transfer or card (one in a hundred orders has a voided one too), receipt numbers a series per centre and
 *   year; unpaid orders past their due date are overdue; each order's lessons are on the lesson ledger
 *   (the attended lessons are not: every enrolment's learned count is 0, as its ledger says);
 * then vacuums and analyzes. The database is kept for the next run when its generator version and counts
 * match (`--rebuild` writes it anew; `--drop` drops it at the end); the API's migrations run on it at each
 * start, so new indexes are built on the kept data.
 *
 * Then the API's server runs in a process of its own on 127.0.0.1:BENCH_PORT (default 3410) and each
 * section of the overview (SECTIONS below; a section that answers 404 is not there yet, and is skipped
 * with a note) is asked one request at a time, `--runs` times (default 20) after a warm-up, for the default
 * period (the last 8 weeks) and a year, for every centre and for centre 1, as the administrator and as the
 * giáo vụ of centre 1: p50 and p95 (target: p95 ≤ 200 ms). "Cold": a fresh API process, whose first
 * request is the whole screen's (every section at once, the administrator, default period), `--cold`
 * times (default 3) (target: ≤ 1 s).
 *
 *   node --import tsx bench/insights.ts [--runs=20] [--cold=3] [--rebuild] [--drop] [--only=attendance,money]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dayjs, operatorIsoWeek, operatorToday } from '@trungtam/shared/operatorDate';
import { openDatabase, sql, type Database } from '../api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { addStudents } from './lib/dataset';

/** The overview's sections: a row per GET endpoint the screen asks in parallel. */
const SECTIONS = [
  { name: 'attendance', path: '/learning/insights/attendance' },
  { name: 'money', path: '/learning/insights/money' },
  { name: 'enrolment', path: '/learning/insights/enrolment' },
  { name: 'capacity', path: '/learning/insights/capacity' },
];

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    cold: { type: 'string', default: '3' },
    rebuild: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
const COLD_RUNS = Number(options.cold);
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_insights';
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const TARGET = { p95: 200, cold: 1000 };
/** Raised when the generator changes: a kept database of another version is written anew. */
const GENERATOR = 'insights-bench 1';
const SIZE = { centres: 10, rooms: 300, teachers: 800, courses: 40, students: 100_000, classes: 5_000, weeks: 100, pastWeeks: 78 };

const databaseUrl = (() => {
  const url = new URL(SERVER);
  url.pathname = `/${NAME}`;
  return url.toString();
})();
const ms = (value: number) => `${value.toFixed(1)} ms`;
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
const one = async <T>(database: Database, query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows[0] as T;

async function onServer<T = Record<string, unknown>>(statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the data set

/** The sessions' triggers that note the insights' roll-ups to sum again (migrations 0027 and 0028). */
const ROLLUP_TRIGGERS = ['class_schedule_attendance_rollups', 'class_schedule_room_rollups', 'class_schedule_room_rollups_update'];

/** Writes the overview's data set over the demo data. */
async function generate(database: Database) {
  const { db } = database;
  const today = operatorToday();
  /** The Monday the sessions start from: `pastWeeks` weeks before this week's. */
  const first = dayjs(operatorIsoWeek(today).start, 'YYYY-MM-DD', true).subtract(SIZE.pastWeeks, 'week').format('YYYY-MM-DD');

  for (const trigger of ROLLUP_TRIGGERS) await db.execute(sql.raw(`alter table class_schedule disable trigger ${trigger}`));
  await timed('centres, rooms, teachers, courses', async () => {
    await db.execute(sql`
      insert into center (name, address, phone_number)
      select 'Cơ sở ' || g, g || ' Nguyễn Trãi', '0243' || lpad(g::text, 7, '0') from generate_series(4, ${SIZE.centres}) g`);
    await db.execute(sql`
      with c as (select array_agg(center_id order by center_id) as ids from center)
      insert into room (center_id, name, room_number, capacity)
      select c.ids[1 + g % ${SIZE.centres}], 'Phòng TQ ' || g, 'TQ' || g, 12 + (g * 7) % 19
      from generate_series(0, ${SIZE.rooms - 1}) g cross join c`);
    await db.execute(sql`
      with c as (select array_agg(center_id order by center_id) as ids from center)
      insert into "user" (name, email, password_hash, type, status, role_id, center_id)
      select 'Giáo viên TQ ' || g, 'tq.teacher' || g || '@trungtam.vn', 'x', 'teacher', 1,
             (select id from role where guard_name = 'teacher' order by id limit 1), c.ids[1 + g % ${SIZE.centres}]
      from generate_series(0, ${SIZE.teachers - 1}) g cross join c`);
    await db.execute(sql`insert into product (name) select 'Khoá TQ ' || lpad(g::text, 2, '0') from generate_series(0, ${SIZE.courses - 1}) g`);
    await db.execute(sql`
      insert into product_item (product_id, name, total_lesson, price)
      select p.product_id, l || ' buổi', l, l * (120000 + (p.product_id % 5) * 20000)
      from product p cross join (values (24), (48)) as lessons(l) where p.name like 'Khoá TQ %'`);
  });
  await timed(`${SIZE.students.toLocaleString('en')} students`, () => addStudents(database, SIZE.students));

  // class g: room g % rooms (its centre is the class's), teacher g % teachers, weekly slots j and j + 21 of the
  // week's 42 (7 days × 6 hours), j = g / rooms: a room's 17 classes and a teacher's 6 never share a slot
  await timed(`${SIZE.classes.toLocaleString('en')} classes`, () =>
    db.execute(sql`
      with r as (select array_agg(room_id order by room_id) as ids from room where name like 'Phòng TQ %'),
           t as (select array_agg(id order by id) as ids from "user" where email like 'tq.teacher%'),
           p as (select array_agg(product_id order by product_id) as ids from product where name like 'Khoá TQ %'),
           slots as (
             select g, j, s, s / 6 as day, (array[8, 10, 14, 16, 18, 20])[1 + s % 6] as hour
             from generate_series(0, ${SIZE.classes - 1}) g
             cross join lateral (select g / ${SIZE.rooms} as j) jj
             cross join lateral (values (j), (j + 21)) as ss(s)
           ),
           pattern as (
             select g, string_agg(format('{"weekday":%s,"hour":%s,"minute":0,"duration":90}', (day + 1) % 7, hour), ',' order by s) as json
             from slots group by g
           )
      insert into class (class_name, class_type, teacher_id, academic_affair_id, center_id, room_id, product_id, product_item_id, teacher_salary, start_date, class_schedule)
      select 'Lớp TQ ' || lpad(g::text, 4, '0'), 'group', t.ids[1 + g % ${SIZE.teachers}], aff.id, rm.center_id, rm.room_id, p.ids[1 + g % ${SIZE.courses}],
             (select min(product_item_id) from product_item i where i.product_id = p.ids[1 + g % ${SIZE.courses}]), 200000, ${first}, '[' || pattern.json || ']'
      from pattern cross join r cross join t cross join p
      join room rm on rm.room_id = r.ids[1 + pattern.g % ${SIZE.rooms}]
      left join lateral (select id from "user" a where a.type = 'academic_affair' and a.center_id = rm.center_id order by a.id limit 1) aff on true
      order by g`),
  );

  await timed(`${(SIZE.classes * SIZE.weeks * 2).toLocaleString('en')} sessions`, () =>
    db.execute(sql`
      with c as (
        select class_id, teacher_id, academic_affair_id, room_id, center_id, (row_number() over (order by class_id) - 1)::int as g
        from class where class_name like 'Lớp TQ %'
      )
      insert into class_schedule (class_id, schedule_date, schedule_date_text, schedule_hour, schedule_minute, duration,
                                  teacher_id, academic_affair_id, room_id, center_id, is_attendance)
      select c.class_id, to_char(d.day, 'YYYY-MM-DD'), trim(to_char(d.day, 'Day')), (array[8, 10, 14, 16, 18, 20])[1 + sl.s % 6], 0, 90,
             c.teacher_id, c.academic_affair_id, c.room_id, c.center_id,
             case when d.day < ${today}::date and (c.class_id + n + k) % 50 <> 0 then 1 else 0 end
      from c
      cross join generate_series(0, ${SIZE.weeks - 1}) n
      cross join (values (0), (1)) as kk(k)
      cross join lateral (select c.g / ${SIZE.rooms} + k * 21 as s) sl
      cross join lateral (select ${first}::date + 7 * n + sl.s / 6 as day) d
      order by d.day, c.class_id`),
  );

  // student u: a first enrolment in class u % classes from a day of the first 540, then a second in another
  // class once its lessons are used (when that day has come); L = 24, 48 or 72 lessons, 2 in 100 removed
  await timed('enrolments', () =>
    db.execute(sql`
      with s as (select array_agg(id order by id) as ids from "user" where type = 'student' and email like '%@gmail.com'),
           c as (select array_agg(class_id order by class_id) as ids from class where class_name like 'Lớp TQ %'),
           e as (
             select u, k, 24 * (1 + (u + k) % 3) as lessons, (u * 31 + k * 7) % 50 = 0 as removed,
                    ${first}::date + (u * 7919) % 540 + k * (7 * 24 * (1 + u % 3) / 2 + 7) as start
             from generate_series(0, ${SIZE.students - 1}) u cross join generate_series(0, 1) k
           )
      insert into enrollment (class_id, user_id, status, total_lesson, total_lesson_learned, start_date, created_at)
      select c.ids[1 + case when k = 0 then u % ${SIZE.classes} else (u + ${SIZE.classes / 2}) % ${SIZE.classes} end], s.ids[1 + u],
             case when removed then 3 when e.start + lessons * 7 / 2 < ${today}::date then 2 else 1 end,
             lessons, 0, to_char(e.start, 'YYYY-MM-DD'), e.start + interval '8 hours'
      from e cross join s cross join c
      where e.start <= ${today}::date
      order by e.start`),
  );

  // an order per enrolment (its first 24 or 48 lessons) and a renewal of 24 for the 72-lesson ones once
  // 48 are used; r = (id + k) % 100 of the others: 0-4 unpaid, 5-9 half paid, the rest paid
  await timed('orders', () =>
    db.execute(sql`
      with o as (
        select e.enrollment_id, e.user_id, e.class_id, e.status, k,
               case when k = 0 then least(e.total_lesson, 48) else 24 end as lessons,
               e.start_date::date + case when k = 0 then 0 else 48 * 7 / 2 end as made,
               (e.enrollment_id * 7 + k * 13) % 100 as r, (e.enrollment_id % 4 = 0) as discounted
        from enrollment e cross join generate_series(0, 1) k
        where e.class_id in (select class_id from class where class_name like 'Lớp TQ %') and (k = 0 or e.total_lesson = 72)
      )
      insert into "order" (enrollment_id, user_id, class_id, product_item_id, list_price, discount_percent, amount, status, due_date, paid_amount, kind, lessons, lessons_credited, created_at)
      select o.enrollment_id, o.user_id, o.class_id, i.product_item_id, i.price, case when discounted then 10 else 0 end, a.amount,
             case when o.status = 3 then 'cancelled' when r < 10 then 'pending' else 'paid' end,
             to_char(o.made + 7, 'YYYY-MM-DD'),
             case when o.status = 3 or r < 5 then 0 when r < 10 then a.amount / 2 else a.amount end,
             case when k = 0 then 'enrollment' else 'renewal' end, o.lessons, true, o.made + interval '9 hours'
      from o
      join class c on c.class_id = o.class_id
      join product_item i on i.product_id = c.product_id and i.total_lesson = o.lessons
      cross join lateral (select case when discounted then i.price * 9 / 10 else i.price end as amount) a
      where o.made <= ${today}::date and (o.status <> 3 or k = 0)
      order by o.made`),
  );
  // what the enrolments bought: their orders' lessons (a removed one's cancelled order kept its count)
  await timed('enrolment totals and the ledger', async () => {
    await db.execute(sql`
      update enrollment e set total_lesson = s.lessons
      from (select enrollment_id, sum(lessons)::int as lessons from "order" group by enrollment_id) s
      where s.enrollment_id = e.enrollment_id and e.total_lesson <> s.lessons`);
    await db.execute(sql`
      insert into lesson_ledger (enrollment_id, kind, lessons, order_id, occurred_on, created_at)
      select o.enrollment_id, 'purchased', o.lessons, o.order_id, to_char(o.created_at at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD'), o.created_at
      from "order" o join class c on c.class_id = o.class_id where c.class_name like 'Lớp TQ %'`);
  });

  // the marks in bulk, then each session's counts at once (the trigger that keeps them would count row by row)
  await db.execute(sql`alter table attendance disable trigger attendance_session_marks`);
  await timed('attendance', () =>
    db.execute(sql`
      insert into attendance (schedule_id, user_id, status, created_at)
      select cs.schedule_id, e.user_id,
             case when h < case when e.user_id % 97 = 0 then 55 else 85 end then 'present'
                  when h < 95 then 'absent' else 'excused' end,
             cs.schedule_date::timestamptz + interval '20 hours'
      from enrollment e
      join class_schedule cs on cs.class_id = e.class_id and cs.is_attendance = 1 and cs.schedule_date >= e.start_date
        and cs.schedule_date < to_char(e.start_date::date + case when e.status = 3 then 28 else e.total_lesson * 7 / 2 end, 'YYYY-MM-DD')
      cross join lateral (select (cs.schedule_id * 31 + e.user_id * 17) % 100 as h) hh
      where e.class_id in (select class_id from class where class_name like 'Lớp TQ %')`),
  );
  await timed("the sessions' counts of marks", () =>
    db.execute(sql`
      update class_schedule s set marks_total = m.total, marks_present = m.present
      from (select schedule_id, count(*)::int as total, (count(*) filter (where status = 'present'))::int as present from attendance group by schedule_id) m
      where m.schedule_id = s.schedule_id and (s.marks_total, s.marks_present) is distinct from (m.total, m.present)`),
  );
  await db.execute(sql`alter table attendance enable trigger attendance_session_marks`);

  // each payment's receipt: the centre's series of its year, after the demo's numbers
  await timed('payments', async () => {
    await db.execute(sql`
      with paid as (
        select o.order_id, o.amount, o.paid_amount, o.order_id % 100 as r, coalesce(c.center_id, 0) as centre,
               least(to_char(o.created_at + ((o.order_id % 10) || ' days')::interval, 'YYYY-MM-DD'), ${today}) as paid_on
        from "order" o join class c on c.class_id = o.class_id
        where c.class_name like 'Lớp TQ %' and o.paid_amount > 0
      ),
      parts as (
        select order_id, centre, paid_on, paid_amount as amount, false as voided, 1 as part from paid where paid_amount < amount or r < 90
        union all select order_id, centre, paid_on, amount / 2, false, 1 from paid where paid_amount = amount and r >= 90
        union all select order_id, centre, paid_on, amount - amount / 2, false, 2 from paid where paid_amount = amount and r >= 90
        union all select order_id, centre, paid_on, amount, true, 3 from paid where r = 50
      ),
      numbered as (
        select *, 100000 + row_number() over (partition by centre, substr(paid_on, 1, 4) order by paid_on, order_id, part) as seq from parts
      )
      insert into payment (order_id, amount, method, paid_on, receipt_center_id, receipt_year, receipt_seq, receipt_no, voided_at, void_reason, created_at)
      select order_id, amount, (array['cash', 'transfer', 'card'])[1 + (order_id + part) % 3], paid_on, centre, substr(paid_on, 1, 4)::int, seq,
             'PT-' || centre || '-' || substr(paid_on, 1, 4) || '-' || seq,
             case when voided then paid_on::timestamptz + interval '1 day' end, case when voided then 'Thu nhầm' end,
             paid_on::timestamptz + interval '9 hours'
      from numbered`);
    await db.execute(sql`
      insert into receipt_counter (center_id, year, last_seq)
      select receipt_center_id, receipt_year, max(receipt_seq) from payment group by 1, 2
      on conflict (center_id, year) do update set last_seq = greatest(receipt_counter.last_seq, excluded.last_seq)`);
  });
  // the insights' roll-ups at once (their triggers note each session written: off while writing in bulk)
  await timed("the insights' roll-ups", async () => {
    await db.execute(sql`insert into attendance_dirty_day (day) select distinct schedule_date from class_schedule where is_attendance = 1 on conflict do nothing`);
    await db.execute(sql`
      insert into attendance_dirty_class_month (class_id, month)
      select distinct class_id, left(schedule_date, 7) from class_schedule where is_attendance = 1 on conflict do nothing`);
    await db.execute(sql`
      insert into room_dirty_month (room_id, month)
      select distinct room_id, left(schedule_date, 7) from class_schedule where room_id is not null on conflict do nothing`);
    await db.execute(sql`select refresh_attendance_rollups()`);
    await db.execute(sql`select refresh_room_rollups()`);
  });
  for (const trigger of ROLLUP_TRIGGERS) await db.execute(sql.raw(`alter table class_schedule enable trigger ${trigger}`));
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));
}

async function countsOf(database: Database) {
  return one<Record<string, number>>(
    database,
    sql`select (select count(*) from "user" where type = 'student')::int as students, (select count(*) from class)::int as classes,
               (select count(*) from class_schedule)::int as sessions, (select count(*) from attendance)::int as attendance,
               (select count(*) from enrollment)::int as enrolments, (select count(*) from "order")::int as orders,
               (select count(*) from payment)::int as payments,
               (select count(*) from "order" where status <> 'cancelled' and amount > paid_amount)::int as owing,
               (select count(*) from "order" where status <> 'cancelled' and amount > paid_amount and due_date < ${operatorToday()})::int as overdue`,
  );
}
const described = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, n]) => `${Number(n).toLocaleString('en')} ${name}`)
    .join(', ');

/** The kept database when its generator and counts are right; otherwise one written anew. */
async function prepare(): Promise<void> {
  const [kept] = await onServer<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [NAME],
  );
  if (kept && !options.rebuild && kept.comment?.startsWith(`${GENERATOR};`)) {
    const database = await openDatabase({ databaseUrl }); // migrates: new indexes are built on the kept data
    try {
      const counts = await countsOf(database);
      if (counts.sessions >= SIZE.classes * SIZE.weeks * 2 && counts.students >= SIZE.students) {
        console.log(`database ${NAME} kept (${kept.comment.split(';')[1].trim()}): ${described(counts)}`);
        // (as autovacuum would after a migration's bulk update: the index-only scans need the visibility map)
        await timed('vacuum analyze', () => database.db.execute(sql`vacuum analyze`));
        return;
      }
    } finally {
      await database.close();
    }
  }
  if (kept) await onServer(`drop database "${NAME}" with (force)`);
  await onServer(`create database "${NAME}"`);
  console.log(`database ${NAME}: migrating, the demo data, then the overview's data set…`);
  const database = await openDatabase({ databaseUrl });
  try {
    await seedIfEmpty(database.db);
    const started = Date.now();
    await generate(database);
    const counts = await countsOf(database);
    console.log(`  in all (${((Date.now() - started) / 1000).toFixed(0)} s): ${described(counts)}`);
    await onServer(`comment on database "${NAME}" is '${GENERATOR}; generated ${operatorToday()}'`);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- the API

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insights-bench-'));

async function stopApi(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The API's server (api/src/server.ts) on the bench's database, once it answers /health. */
async function startApi(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(import.meta.dirname, '..', 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'insights-bench-secret', LOG_REQUESTS: 'false', LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error('The API exited');
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopApi(child);
  throw new Error('The API did not start');
}

const API = `http://127.0.0.1:${PORT}/api/v1`;
async function tokenOf(email: string): Promise<string> {
  const response = await fetch(`${API}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return ((await response.json()) as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
}

/** One request: its time (to the last byte), status and size. */
async function timedGet(url: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${API}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

// ---------------------------------------------------------------- the run

interface Row {
  figure: string;
  p50: number;
  p95: number;
  max: number;
  kb: number;
}
const rows: Row[] = [];
const coldRows: Array<{ run: number; total: number; each: string }> = [];

console.log(`Insights benchmark on PostgreSQL (${new URL(SERVER).host}); ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}; ${RUNS} runs a figure`);
let api: ChildProcess | undefined;
try {
  await prepare();
  api = await startApi();
  const tokens = { administrator: await tokenOf(DEMO_ACCOUNTS.admin), 'giáo vụ of centre 1': await tokenOf(DEMO_ACCOUNTS.academicAffair) };

  const wanted = options.only ? new Set(options.only.split(',')) : undefined;
  const sections = [];
  for (const section of SECTIONS.filter((s) => !wanted || wanted.has(s.name))) {
    const probe = await timedGet(section.path, tokens.administrator);
    if (probe.status === 404) console.log(`  ${section.path}: 404, not in this API yet — skipped`);
    else if (probe.status !== 200) throw new Error(`${section.path}: ${probe.status}`);
    else sections.push(section);
  }

  const today = operatorToday();
  const yearFrom = dayjs(today, 'YYYY-MM-DD', true).subtract(364, 'day').format('YYYY-MM-DD');
  const periods = [
    { name: 'default (8 weeks)', query: '' },
    { name: 'a year', query: `from=${yearFrom}&to=${today}` },
  ];
  const centres = [
    { name: 'all centres', query: '' },
    { name: 'centre 1', query: 'center_id=1' },
  ];
  console.log('measuring…');
  for (const section of sections) {
    for (const [who, token] of Object.entries(tokens)) {
      for (const period of periods) {
        for (const centre of centres) {
          const query = [period.query, centre.query].filter(Boolean).join('&');
          const url = `${section.path}${query ? `?${query}` : ''}`;
          await timedGet(url, token); // warm-up
          const times: number[] = [];
          let bytes = 0;
          for (let run = 0; run < RUNS; run += 1) {
            const result = await timedGet(url, token);
            if (result.status !== 200) throw new Error(`${url}: ${result.status}`);
            times.push(result.ms);
            bytes = result.bytes;
          }
          times.sort((a, b) => a - b);
          const row = { figure: `${section.name}, ${period.name}, ${centre.name}, ${who}`, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)!, kb: bytes / 1024 };
          rows.push(row);
          console.log(`  ${row.figure}: p50 ${ms(row.p50)}, p95 ${ms(row.p95)}${row.p95 > TARGET.p95 ? ' — target MISSED' : ''}`);
        }
      }
    }
  }
  await stopApi(api);
  api = undefined;

  // cold: a fresh process whose first request is the whole screen's
  for (let run = 1; run <= COLD_RUNS; run += 1) {
    api = await startApi();
    const started = performance.now();
    const results = await Promise.all(sections.map((section) => timedGet(section.path, tokens.administrator)));
    const total = performance.now() - started;
    if (results.some((r) => r.status !== 200)) throw new Error(`cold run: ${results.map((r) => r.status).join(', ')}`);
    coldRows.push({ run, total, each: sections.map((s, i) => `${s.name} ${ms(results[i].ms)}`).join(', ') });
    console.log(`  cold run ${run}: ${ms(total)} (${coldRows.at(-1)!.each})`);
    await stopApi(api);
    api = undefined;
  }

  console.log(`\nload average of the machine (1, 5, 15 min): ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} on ${os.cpus().length} cores`);
  const header = ['Figure (one request at a time)', 'p50', `p95 (≤ ${TARGET.p95} ms)`, 'max', 'answer', ''];
  const body = [
    ...rows.map((r) => [r.figure, ms(r.p50), ms(r.p95), ms(r.max), `${r.kb.toFixed(0)} KB`, r.p95 <= TARGET.p95 ? 'ok' : 'MISSED']),
    ...coldRows.map((r) => [`cold: a fresh API, the whole screen at once (run ${r.run})`, '', ms(r.total), '', `≤ ${TARGET.cold} ms`, r.total <= TARGET.cold ? 'ok' : 'MISSED']),
  ];
  const widths = header.map((_, i) => Math.max(header[i].length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  const scored = body.filter((cells) => cells.at(-1));
  console.log(`\n${scored.filter((cells) => cells.at(-1) === 'ok').length} of ${scored.length} targets met`);
} finally {
  if (api) await stopApi(api);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (options.drop) {
    await onServer(`drop database if exists "${NAME}" with (force)`);
    console.log(`database ${NAME} dropped`);
  }
}
