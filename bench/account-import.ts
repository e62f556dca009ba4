/**
 * Benchmark: importing accounts from xlsx. Seeds the demo data into a fresh embedded database (or the
 * PostgreSQL of DATABASE_URL, which must be empty), writes a file of 1,000 students by default (a tenth
 * of them existing accounts, found by e-mail and updated; every student with a guardian, siblings sharing
 * one by phone; dates as date cells and as DD/MM/YYYY and YYYY-MM-DD text; phones in several spellings)
 * and times through the API (in process, no network):
 * - the dry run (every row checked, nothing written);
 * - the commit (checked again, then written in one transaction).
 * The target is ≤ 10 s for each.
 *
 *   node --import tsx bench/account-import.ts [rows]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ACCOUNT_SHEET_COLUMNS as C, ACCOUNT_SHEET_LAYOUT } from '@trungtam/shared/schemas/accountImport';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, sql } from '../api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';

const ROWS = Number(process.argv[2] ?? 1_000);
const TARGET_MS = 10_000;

const ms = (value: number) => `${value.toFixed(0)} ms`;
async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await run();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-import-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await seedIfEmpty(database.db);
const existing = (await database.db.execute<{ email: string; phone_number: string; name: string }>(
  sql`select email, phone_number, name from "user" where type = 'student' and deleted_at is null order by id limit ${Math.floor(ROWS / 10)}`,
)).rows;

// ---- the file: new students, then existing ones updated by e-mail
const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('Học viên');
sheet.addRow(ACCOUNT_SHEET_LAYOUT.student.map((column) => C[column]));
const pad = (n: number, width: number) => String(n).padStart(width, '0');
for (let i = 0; i < ROWS - existing.length; i += 1) {
  const phone = `09${pad(70_000_000 + i, 8)}`;
  const family = Math.floor(i / 2); // two siblings a family
  const day = (i % 28) + 1;
  const birth = i % 3 === 0 ? new Date(Date.UTC(2012, i % 12, day)) : i % 3 === 1 ? `${pad(day, 2)}/${pad((i % 12) + 1, 2)}/2013` : `2014-${pad((i % 12) + 1, 2)}-${pad(day, 2)}`;
  const spelled = i % 4 === 0 ? `+84 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}` : phone;
  sheet.addRow([`Học viên Nhập ${i}`, `nhap.${i}@example.com`, spelled, birth, `Số ${i}, Hà Nội`, 'Facebook', `Phụ huynh ${family}`, `08${pad(60_000_000 + family, 8)}`, `ph.${family}@example.com`]);
}
for (const account of existing) sheet.addRow([account.name, account.email, account.phone_number, '01/06/2012', 'Địa chỉ mới', '', '', '', '']);
const file = Buffer.from(await book.xlsx.writeBuffer());

const app = await buildApp({ db: database, config: { ...loadConfig({}), dataDir, logMailText: false } });
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
const token = login.json().data.auth.accessToken as string;
const post = (route: 'check' | 'commit', fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'hoc-vien.xlsx');
  return app.inject({ method: 'POST', url: `/api/v1/user/import/${route}`, headers: { authorization: `Bearer ${token}` }, payload: form });
};

console.log(`account import: ${ROWS.toLocaleString('en')} rows (${existing.length} updates), ${(file.length / 1024).toFixed(0)} KB, on ${database.kind}`);
const [checkMs, checked] = await timed(() => post('check', { type: 'student' }));
if (checked.statusCode !== 200) throw new Error(`dry run: ${checked.statusCode} ${checked.body}`);
const report = checked.json().data;
console.log(`dry run  ${ms(checkMs).padStart(9)}  ${JSON.stringify(report.counts)}  ${checkMs <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS / 1000} s target`);
const [commitMs, committed] = await timed(() => post('commit', { type: 'student', plan: report.plan }));
if (committed.statusCode !== 200) throw new Error(`commit: ${committed.statusCode} ${committed.body}`);
console.log(`commit   ${ms(commitMs).padStart(9)}  ${committed.json().data.message}  ${commitMs <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS / 1000} s target`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
