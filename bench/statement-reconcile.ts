/**
 * Benchmark: bank statement reconciliation. Seeds the demo data and then many unpaid orders (copies of a
 * demo order, 50,000 by default) into a fresh embedded database (or the PostgreSQL of DATABASE_URL, which
 * must be empty), writes a csv statement of 5,000 lines as a bank exports it (a title above the header,
 * semicolons, "1.500.000" amounts; about 80 % of the lines name an order's reference in the payer's
 * words, lower case and spaced, some of them for more than it owes; the rest an unknown reference,
 * none, or a debit), and times through the API (in process, no network):
 * - the preview of the file (its header, columns and first rows);
 * - its import, in one transaction: every line keyed, inserted, matched and recorded as a payment;
 * - the same file again, which records nothing.
 * The target is ≤ 5 s for the import.
 *
 *   node --import tsx bench/statement-reconcile.ts [lines] [orders]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, sql } from '../api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { paymentReference } from '../api/src/lib/payment-reference';
import { operatorToday } from '@trungtam/shared/operatorDate';

const LINES = Number(process.argv[2] ?? 5_000);
const ORDERS = Number(process.argv[3] ?? 50_000);
const TARGET_MS = 5_000;
const ORDER_AMOUNT = 4_800_000;

const ms = (value: number) => `${value.toFixed(0)} ms`;
async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await run();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
await seedIfEmpty(db);

// ---- many unpaid orders: copies of the first demo order, made yesterday, owing the whole amount
const [took, firstOrder] = await timed(async () => {
  const [{ id }] = (await db.execute<{ id: number }>(sql`select coalesce(max(order_id), 0)::int as id from "order"`)).rows;
  await db.execute(sql`
    insert into "order" (enrollment_id, user_id, class_id, product_item_id, list_price, discount_percent, amount, status, due_date, paid_amount, kind, lessons, lessons_credited, created_at, updated_at)
    select o.enrollment_id, o.user_id, o.class_id, o.product_item_id, ${ORDER_AMOUNT}, 0, ${ORDER_AMOUNT}, 'pending', '2099-01-01', 0, o.kind, o.lessons, o.lessons_credited, now() - interval '1 day', now()
    from (select * from "order" order by order_id limit 1) o, generate_series(1, ${ORDERS})`);
  await db.execute(sql`analyze`);
  return Number(id) + 1;
});
console.log(`seeded ${ORDERS.toLocaleString('en')} unpaid orders in ${(took / 1000).toFixed(1)} s`);

// ---- the statement: lines naming orders (some for more than they owe), unknown references, none, debits
const today = operatorToday();
const day = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
const thousands = (amount: number) => amount.toLocaleString('en').replace(/,/g, '.');
const rows: string[] = [];
const expected = { matched: 0, overOwed: 0 };
for (let i = 0; i < LINES; i += 1) {
  const orderId = firstOrder + ((i * 7919) % ORDERS);
  const spaced = paymentReference(orderId).toLowerCase().replace(/(.{4})/g, '$1 ');
  let credit = '';
  let debit = '';
  let description: string;
  switch (i % 20) {
    case 0:
      description = `Chuyen tien hoc phi ${paymentReference(999_000_000 + i)}`;
      credit = thousands(500_000);
      break;
    case 1:
      description = `NGUYEN VAN ${i} chuyen khoan`;
      credit = thousands(300_000);
      break;
    case 2:
      description = `Phi quan ly tai khoan thang ${i}`;
      debit = thousands(11_000);
      break;
    case 3:
      description = `HOC PHI ${spaced} dong du`;
      credit = thousands(ORDER_AMOUNT + 100_000);
      expected.overOwed += 1;
      break;
    default:
      description = `MBVCB.${1000 + i}.${i * 31}.PHAM THI ${i} chuyen tien hoc phi ${spaced} cho con`;
      credit = thousands(1_000_000 + (i % 7) * 50_000);
      expected.matched += 1;
  }
  rows.push([i + 1, day, `"${credit}"`, `"${debit}"`, `"${description}"`, `FT${String(26_000_000 + i)}`].join(';'));
}
const csv = Buffer.from(
  ['\uFEFFSAO KÊ TÀI KHOẢN;;;;;', 'Số tài khoản: 0011004455667;;;;;', 'STT;Ngày giao dịch;Số tiền ghi có;Số tiền ghi nợ;Nội dung;Số bút toán', ...rows].join('\r\n'),
  'utf8',
);
console.log(`statement: ${LINES.toLocaleString('en')} lines, ${(csv.length / 1024).toFixed(0)} KB`);

const app = await buildApp({ db: database, config: { ...loadConfig({}), dataDir, jwtSecret: 'bench-secret' } });
const token = (await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } })).json().data.auth.accessToken as string;
const upload = async (pathName: string, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(csv)]), 'sao-ke.csv');
  const res = await app.inject({ method: 'POST', url: `/api/v1/learning/bank-statement/${pathName}`, headers: { authorization: `Bearer ${token}` }, payload: form });
  if (res.statusCode >= 300) throw new Error(`${pathName}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json().data;
};
const fields = { bank_key: '970436', date_column: 'Ngày giao dịch', amount_column: 'Số tiền ghi có', description_column: 'Nội dung' };

const [previewTime, preview] = await timed(() => upload('preview', { bank_key: fields.bank_key }));
console.log(`preview: ${ms(previewTime)} (header on row ${preview.header_row}, ${preview.columns.length} columns, mapping ${JSON.stringify(preview.mapping)})`);

const [importTime, result] = await timed(() => upload('import', fields));
console.log(
  `import: ${ms(importTime)} (target ≤ ${TARGET_MS} ms: ${importTime <= TARGET_MS ? 'ok' : 'MISSED'}): ` +
    `${result.lines_read} lines read, ${result.new_lines} new, ${result.matched} matched (expected ${expected.matched}), ${result.unmatched} unmatched, ` +
    `${result.skipped_debits} debits skipped`,
);
const [againTime, again] = await timed(() => upload('import', fields));
console.log(`the same file again: ${ms(againTime)}: ${again.new_lines} new, ${again.already_imported} already imported, ${again.matched} matched`);

const [{ n: recorded }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from payment where statement_line_id is not null`)).rows;
console.log(`payments recorded from the statement: ${Number(recorded).toLocaleString('en')}`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
