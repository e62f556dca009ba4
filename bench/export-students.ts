/**
 * Benchmark: GET /user/export of 100,000 students. Seeds them into a fresh in-memory PGlite (after the
 * demo data), starts the API on a free port, downloads the xlsx over HTTP while sampling the process's
 * memory, then reads the file back (streaming) to check the row count. Prints time and peak memory.
 *
 *   node --import tsx bench/export-students.ts [count]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openPglite } from '../api/src/db/client';
import { roles, users } from '../api/src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';

const COUNT = Number(process.argv[2] ?? 100_000);
const BATCH = 1000;
const SOURCES = ['facebook', 'direct', 'affliate', 'ads', 'tiktok', 'youtube', 'other', null];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-bench-'));
const database = await openPglite();
await seedIfEmpty(database.db);
const studentRole = (await database.db.select().from(roles)).find((role) => role.guardName === 'student')!;

let started = Date.now();
await database.db.transaction(async (tx) => {
  for (let offset = 0; offset < COUNT; offset += BATCH) {
    await tx.insert(users).values(
      Array.from({ length: Math.min(BATCH, COUNT - offset) }, (_, i) => {
        const n = offset + i;
        return {
          name: `Học viên thử ${n}`,
          email: `bench${n}@export.vn`,
          passwordHash: 'x',
          phoneNumber: `09${String(n).padStart(8, '0')}`,
          type: 'student',
          roleId: studentRole.id,
          centerId: (n % 3) + 1,
          referenceName: `Phụ huynh ${n}`,
          referencePhone: '0912345678',
          referenceEmail: `ph${n}@gmail.com`,
          birthYear: 2010 + (n % 10),
          birthMonth: (n % 12) + 1,
          birthDay: (n % 28) + 1,
          source: SOURCES[n % SOURCES.length],
          address: `${n} Trần Duy Hưng, Hà Nội`,
        };
      }),
    );
  }
});
console.log(`seeded ${COUNT.toLocaleString('en')} students in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const app = await buildApp({ db: database, config: { ...loadConfig({}), dataDir, jwtSecret: 'bench-secret' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
const token = login.json().data.auth.accessToken as string;

global.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);

const file = path.join(dataDir, 'students.xlsx');
started = Date.now();
const query = 'type=student&status=0&user_id=0&created_at=1970-01-01%2000:00:00&created_at=2100-12-31%2023:59:59&limit=100&page=1';
const { status, bytes, filename } = await new Promise<{ status: number; bytes: number; filename: string }>((resolve, reject) => {
  http
    .get({ host: '127.0.0.1', port, path: `/api/v1/user/export?${query}`, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let total = 0;
      const out = fs.createWriteStream(file);
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
      });
      res.pipe(out);
      out.on('finish', () =>
        resolve({ status: res.statusCode ?? 0, bytes: total, filename: String(res.headers['content-disposition'] ?? '') }),
      );
      res.on('error', reject);
    })
    .on('error', reject);
});
const seconds = (Date.now() - started) / 1000;
clearInterval(sampler);

let rows = 0;
for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
  for await (const _row of sheet) rows += 1;
}
const expected = (await app.inject({ method: 'GET', url: '/api/v1/user/list?type=student&limit=1', headers: { authorization: `Bearer ${token}` } })).json().data.total_rows;

console.log(`export: HTTP ${status}, ${filename}`);
console.log(`        ${(bytes / 1024 / 1024).toFixed(1)} MB xlsx, ${rows - 1} data rows (expected ${expected}) in ${seconds.toFixed(1)} s`);
console.log(`memory: RSS ${mb(before.rss)} before (PGlite holds the database in this process), peak ${mb(peakRss)} (+${mb(peakRss - before.rss)})`);
console.log(`        JS heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)})`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (status !== 200 || rows - 1 !== expected) process.exit(1);
