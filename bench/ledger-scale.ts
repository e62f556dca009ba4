/**
 * Benchmark: the centres' ledger at scale, on PostgreSQL. Creates a database of its own on the server of
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), builds the schema with the API's
 * migrations, adds the demo data, then writes in bulk with SQL (generate_series):
 * - 100,000 students, 2,000 classes over the three demo centres;
 * - 200,000 enrolments (two per student, in two classes) and their 200,000 orders over the last two
 *   years: 88 in 100 paid in full (one payment, or two halves), 5 half paid, 5 unpaid, 2 cancelled;
 *   about 200,000 payments in cash, by transfer or card (one in a hundred orders has a voided one too);
 * - 1,000,000 lesson_ledger lines (five per enrolment: its purchase and four lessons attended);
 * - 2,000 refunds of cancelled enrolments (money given back, or kept as credit);
 * vacuums and analyzes (as autovacuum does after a bulk load), and measures through the real API (the API's
 * server in a process of its own on 127.0.0.1:BENCH_PORT, default 3400, so that the load tool does not
 * share its event loop; signed in as the administrator and as the giáo vụ of one centre), with autocannon:
 * - the debts list, GET /learning/order/debts, as the screen asks for it, at 10 connections (p95 ≤ 50 ms);
 * - a student's ledger, GET /learning/class-enrollment/ledger/:id, one at a time (≤ 20 ms) and at 10;
 * - the revenue report of a month by day, GET /learning/order/revenue, one at a time;
 * - a receipt PDF, GET /learning/order/payment/receipt/:id, one at a time (≤ 200 ms).
 * Prints p50, p95 and max of each, and drops its database at the end (also on failure).
 *
 *   node --import tsx bench/ledger-scale.ts [--seconds=8] [--explain]
 *
 * --explain prints the debts' and the revenue's query plans (EXPLAIN ANALYZE) on the data set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { openDatabase, sql, type Database } from '../api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { createScratchDatabase } from '../api/test/support/scratch-database';
import { addStudents } from './lib/dataset';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    explain: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(options.seconds);
const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const SIZE = { students: 100_000, classes: 2_000, ledgerLinesPerEnrolment: 5, refunds: 2_000 };

const ms = (value: number) => `${value.toFixed(1)} ms`;
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
const one = async <T>(database: Database, query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows[0] as T;

// ---------------------------------------------------------------- the data set

/** Writes the ledger's data set over the demo data (every date relative to the operator's today). */
async function addLedgerData(database: Database) {
  const { db } = database;
  const today = operatorToday();
  const { students: studentsBefore } = await one<{ students: number }>(database, sql`select coalesce(max(id), 0)::int as students from "user"`);
  await timed(`${SIZE.students.toLocaleString('en')} students`, () => addStudents(database, SIZE.students));

  await timed(`${SIZE.classes.toLocaleString('en')} classes`, () =>
    db.execute(sql`
      insert into class (class_name, class_type, teacher_id, center_id, product_id, product_item_id, teacher_salary, start_date, class_schedule)
      select 'Lớp sổ ' || g, 'group', (select min(id) from "user" where type = 'teacher'), (g % 3) + 1,
             (select min(product_id) from product), (select min(product_item_id) from product_item), 200000, '2025-01-06', '[]'
      from generate_series(1, ${SIZE.classes}) g`),
  );
  const { firstClass } = await one<{ firstClass: number }>(database, sql`select min(class_id)::int as "firstClass" from class where class_name like 'Lớp sổ %'`);
  const { enrolmentsBefore } = await one<{ enrolmentsBefore: number }>(database, sql`select coalesce(max(enrollment_id), 0)::int as "enrolmentsBefore" from enrollment`);

  // two enrolments per student, in two classes 997 apart (never the same class twice); one in fifty removed
  await timed('200,000 enrolments', () =>
    db.execute(sql`
      insert into enrollment (class_id, user_id, status, total_lesson, total_lesson_learned, start_date, created_at)
      select ${firstClass} + (u + k * 997) % ${SIZE.classes}, ${studentsBefore} + 1 + u,
             case when (u + k) % 50 = 0 then 3 else 1 end, 24, 4,
             to_char(${today}::date - ((u * 7919 + k * 31) % 720)::int, 'YYYY-MM-DD'),
             (${today}::date - ((u * 7919 + k * 31) % 720)::int)::timestamptz
      from generate_series(0, ${SIZE.students - 1}) u cross join generate_series(0, 1) k`),
  );

  // r = id % 100: 0-1 cancelled, 2-6 unpaid, 7-11 half paid, 12-99 paid (90-99 in two halves)
  await timed('200,000 orders', () =>
    db.execute(sql`
      insert into "order" (enrollment_id, user_id, class_id, product_item_id, list_price, discount_percent, amount, status, due_date, paid_amount, kind, lessons, lessons_credited, created_at)
      select e.enrollment_id, e.user_id, e.class_id, c.product_item_id, o.amount, 0, o.amount,
             case when o.r < 2 then 'cancelled' when o.r < 12 then 'pending' else 'paid' end,
             to_char(e.created_at + interval '7 days', 'YYYY-MM-DD'),
             case when o.r < 7 then 0 when o.r < 12 then o.amount / 2 else o.amount end,
             'enrollment', 24, true, e.created_at
      from enrollment e
      join class c on c.class_id = e.class_id
      cross join lateral (select e.enrollment_id % 100 as r, 3000000 + (e.enrollment_id % 7) * 300000 as amount) o
      where e.enrollment_id > ${enrolmentsBefore}`),
  );

  // each payment's receipt number: a series of its own (seq from 1,000,000) so that the demo's stay theirs
  await timed('payments', () =>
    db.execute(sql`
      with paid as (
        select o.order_id, o.amount, o.order_id % 100 as r, coalesce(c.center_id, 0) as centre,
               least(to_char(o.created_at + ((o.order_id % 10) || ' days')::interval, 'YYYY-MM-DD'), ${today}) as paid_on
        from "order" o join class c on c.class_id = o.class_id
        where o.enrollment_id > ${enrolmentsBefore} and o.order_id % 100 >= 7
      ),
      parts as (
        select order_id, centre, paid_on, amount / 2 as amount, false as voided, 1 as part from paid where r < 12 or r >= 90
        union all select order_id, centre, paid_on, amount - amount / 2, false, 2 from paid where r >= 90
        union all select order_id, centre, paid_on, amount, false, 1 from paid where r >= 12 and r < 90
        union all select order_id, centre, paid_on, amount, true, 3 from paid where r = 50
      ),
      numbered as (select *, 1000000 + row_number() over (order by order_id, part) as seq from parts)
      insert into payment (order_id, amount, method, paid_on, receipt_center_id, receipt_year, receipt_seq, receipt_no, voided_at, void_reason, created_at)
      select order_id, amount, (array['cash', 'transfer', 'card'])[1 + (order_id + part) % 3], paid_on, centre, substr(paid_on, 1, 4)::int, seq,
             'PT-' || centre || '-' || substr(paid_on, 1, 4) || '-' || seq,
             case when voided then paid_on::timestamptz + interval '1 day' end, case when voided then 'Thu nhầm' end,
             paid_on::timestamptz + interval '9 hours'
      from numbered`),
  );

  await timed('1,000,000 ledger lines', () =>
    db.execute(sql`
      insert into lesson_ledger (enrollment_id, kind, lessons, order_id, occurred_on, created_at)
      select e.enrollment_id, case when n = 0 then 'purchased' else 'attended' end, case when n = 0 then 24 else -1 end,
             case when n = 0 then o.order_id end,
             to_char(e.created_at + (n * 7 || ' days')::interval, 'YYYY-MM-DD'), e.created_at + (n * 7 || ' days')::interval
      from enrollment e
      join "order" o on o.enrollment_id = e.enrollment_id
      cross join generate_series(0, ${SIZE.ledgerLinesPerEnrolment - 1}) n
      where e.enrollment_id > ${enrolmentsBefore}`),
  );

  await timed(`${SIZE.refunds.toLocaleString('en')} refunds`, () =>
    db.execute(sql`
      insert into refund (enrollment_id, user_id, center_id, kind, method, lessons_unused, proposed_amount, amount, refunded_on, created_at)
      select o.enrollment_id, o.user_id, coalesce(c.center_id, 0), case when o.order_id % 2 = 0 then 'refund' else 'credit' end,
             case when o.order_id % 2 = 0 then 'cash' end, 20, o.amount * 20 / 24, o.amount * 20 / 24,
             to_char(o.created_at + interval '14 days', 'YYYY-MM-DD'), o.created_at + interval '14 days'
      from "order" o join class c on c.class_id = o.class_id
      where o.enrollment_id > ${enrolmentsBefore} and o.status = 'cancelled'
      order by o.order_id limit ${SIZE.refunds}`),
  );
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));

  const counts = await one<Record<string, number>>(
    database,
    sql`select (select count(*) from "user" where type = 'student')::int as students, (select count(*) from "order")::int as orders,
               (select count(*) from payment)::int as payments, (select count(*) from lesson_ledger)::int as ledger_lines,
               (select count(*) from enrollment)::int as enrolments, (select count(*) from refund)::int as refunds,
               (select count(*) from "order" where status <> 'cancelled' and amount > paid_amount)::int as owing`,
  );
  console.log(`  in all: ${Object.entries(counts).map(([name, n]) => `${Number(n).toLocaleString('en')} ${name.replace('_', ' ')}`).join(', ')}`);
  return { enrolmentsBefore };
}

// ---------------------------------------------------------------- load

interface Figures {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);

/** `connections` connections for `seconds`, requesting `paths` in turn; every latency kept (exact percentiles). */
async function load(token: string, paths: string[], connections: number, seconds = SECONDS): Promise<Figures> {
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${PORT}`,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { authorization: `Bearer ${token}` },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) failures += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1) ?? NaN, failures: failures + result.errors + result.timeouts };
}

interface Row {
  figure: string;
  connections: number;
  target?: number;
  figures: Figures;
}
const rows: Row[] = [];

async function measure(figure: string, token: string, paths: string[], connections: number, target?: number) {
  await load(token, paths, connections, 1); // warm-up
  const figures = await load(token, paths, connections);
  rows.push({ figure, connections, target, figures });
  const missed = target !== undefined && (figures.p95 > target || figures.failures > 0);
  console.log(`  ${figure} (${connections} conn.): p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)}, ${figures.requests} requests${figures.failures ? `, ${figures.failures} FAILED` : ''}${missed ? ' — target MISSED' : ''}`);
}

function printTable() {
  console.log(`\nload average of the machine (1, 5, 15 min): ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} on ${os.cpus().length} cores`);
  const header = ['Figure', 'Conn.', 'Target (p95)', 'p50', 'p95', 'max', 'Requests', ''];
  const body = rows.map((r) => {
    const pass = r.target === undefined ? '' : r.figures.p95 <= r.target && r.figures.failures === 0 ? 'ok' : 'MISSED';
    return [r.figure, String(r.connections), r.target === undefined ? '-' : `≤ ${r.target} ms`, ms(r.figures.p50), ms(r.figures.p95), ms(r.figures.max), `${r.figures.requests}${r.figures.failures ? ` (${r.figures.failures} failed)` : ''}`, pass];
  });
  const widths = header.map((_, i) => Math.max(header[i].length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
}

/** The plans of the debts' and the revenue's queries, as the API sends them (the giáo vụ's scope included). */
async function explain(database: Database, monthFrom: string, monthTo: string) {
  const today = operatorToday();
  const owing = `o.status <> 'cancelled' and (o.amount - o.paid_amount) > 0`;
  const affairScope = `exists (select 1 from class s where s.class_id = o.class_id and s.center_id = 1)`;
  const plans: Array<[string, string]> = [
    [
      'debts page (administrator)',
      `select o.*, u.name, u.phone_number, c.class_name, ce.center_id, ce.name from "order" o join class c on c.class_id = o.class_id join "user" u on u.id = o.user_id left join center ce on ce.center_id = c.center_id where ${owing} order by o.due_date asc, (o.amount - o.paid_amount) desc, o.order_id asc limit 20`,
    ],
    [
      'debts totals (administrator)',
      `select count(*), sum(o.amount - o.paid_amount), sum(case when o.due_date < '${today}' then o.amount - o.paid_amount else 0 end) from "order" o join class c on c.class_id = o.class_id where ${owing}`,
    ],
    [
      'debts page (giáo vụ)',
      `select o.*, u.name from "order" o join class c on c.class_id = o.class_id join "user" u on u.id = o.user_id where ${affairScope} and ${owing} order by o.due_date asc, (o.amount - o.paid_amount) desc, o.order_id asc limit 20`,
    ],
    [
      'revenue of a month (administrator)',
      `select p.paid_on, p.receipt_center_id, sum(p.amount) filter (where p.method = 'cash') from payment p where p.voided_at is null and p.paid_on >= '${monthFrom}' and p.paid_on <= '${monthTo}' group by 1, 2`,
    ],
    [
      'revenue of a month (giáo vụ)',
      `select p.paid_on, p.receipt_center_id, sum(p.amount) filter (where p.method = 'cash') from payment p where p.voided_at is null and p.paid_on >= '${monthFrom}' and p.paid_on <= '${monthTo}' and exists (select 1 from "order" o where o.order_id = p.order_id and ${affairScope}) group by 1, 2`,
    ],
    [
      'owed now per centre (administrator)',
      `select coalesce(c.center_id, 0), sum(o.amount - o.paid_amount) from "order" o join class c on c.class_id = o.class_id where ${owing} group by 1`,
    ],
  ];
  for (const [name, query] of plans) {
    const plan = await database.db.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (analyze, buffers) ${query}`));
    console.log(`\n---- ${name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
}

// ---------------------------------------------------------------- the API

/** The API's server (api/src/server.ts) on the bench's database, once it answers /health. */
async function startApi(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(import.meta.dirname, '..', 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'ledger-bench-secret', LOG_REQUESTS: 'false', LOG_LEVEL: 'warn' },
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
  child.kill();
  throw new Error('The API did not start');
}

// ---------------------------------------------------------------- the run

console.log(`Ledger benchmark on PostgreSQL (${new URL(SERVER).host}); ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}; ${SECONDS} s per figure`);
const scratch = await createScratchDatabase(SERVER, 'ledger_bench');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-'));
let database: Database | undefined;
let api: ChildProcess | undefined;
try {
  console.log(`database ${scratch.name}: migrating, the demo data, then the ledger's data set…`);
  database = await openDatabase({ databaseUrl: scratch.url });
  await seedIfEmpty(database.db);
  const { enrolmentsBefore } = await addLedgerData(database);

  const lastMonth = dayjs(operatorToday(), 'YYYY-MM-DD').subtract(1, 'month');
  const monthFrom = lastMonth.startOf('month').format('YYYY-MM-DD');
  const monthTo = lastMonth.endOf('month').format('YYYY-MM-DD');
  if (options.explain) await explain(database, monthFrom, monthTo);

  api = await startApi(scratch.url);
  const tokenOf = async (email: string) => {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
    return ((await response.json()) as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
  };
  const admin = await tokenOf(DEMO_ACCOUNTS.admin);
  const affair = await tokenOf(DEMO_ACCOUNTS.academicAffair);

  // enrolments and payments of the data set: spread over it, those of centre 1 for the giáo vụ
  const sample = async (query: ReturnType<typeof sql>) => (await database!.db.execute<{ id: number }>(query)).rows.map((row) => Number(row.id));
  const enrolments = await sample(sql`select enrollment_id as id from enrollment where enrollment_id > ${enrolmentsBefore} and enrollment_id % 997 = 0 limit 200`);
  const receipts = await sample(sql`select payment_id as id from payment where receipt_seq >= 1000000 and payment_id % 499 = 0 limit 100`);

  console.log('measuring…');
  const API = '/api/v1';
  const debts = `${API}/learning/order/debts?limit=20&page=1`;
  await measure('debts list, page 1 (administrator)', admin, [debts], 1);
  await measure('debts list, page 1 (administrator)', admin, [debts], 10, 50);
  await measure('debts list, page 1 (giáo vụ of a centre)', affair, [debts], 10, 50);
  await measure('debts list, overdue, centre 2 (administrator)', admin, [`${debts}&overdue=1&center_id=2`], 10, 50);
  const ledgers = enrolments.map((id) => `${API}/learning/class-enrollment/ledger/${id}`);
  await measure("a student's ledger (administrator)", admin, ledgers, 1, 20);
  await measure("a student's ledger (administrator)", admin, ledgers, 10);
  const revenue = `${API}/learning/order/revenue?from=${monthFrom}&to=${monthTo}&group=day`;
  await measure(`revenue of ${lastMonth.format('MM/YYYY')} by day (administrator)`, admin, [revenue], 1);
  await measure(`revenue of ${lastMonth.format('MM/YYYY')} by day (giáo vụ)`, affair, [revenue], 1);
  const yearFrom = dayjs(operatorToday(), 'YYYY-MM-DD').subtract(11, 'month').startOf('month').format('YYYY-MM-DD');
  await measure('revenue of 12 months by month (administrator)', admin, [`${API}/learning/order/revenue?from=${yearFrom}&to=${operatorToday()}&group=month`], 1);
  await measure('receipt PDF (administrator)', admin, receipts.map((id) => `${API}/learning/order/payment/receipt/${id}`), 1, 200);
  printTable();
} finally {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api!.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  await database?.close();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`\ndatabase ${scratch.name} dropped`);
}
