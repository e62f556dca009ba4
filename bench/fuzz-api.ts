/**
 * Fuzz run: malformed requests to every operation of the API (the generator of api/test/fuzz.test.ts,
 * run long): every change of every field once, as an administrator and without a token, then random
 * combinations up to the count. Against an in-process app on a fresh embedded database (seeded demo data).
 * Prints the count per status, the operations that answered 500 or more, the requests answered otherwise
 * than they must be (a 400 naming the field, a 401 without a token), writes that succeeded, and whether
 * the database is exactly as before. Exits 1 when any of those is not empty.
 *
 *   node --import tsx bench/fuzz-api.ts [count=12000] [seed=1]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openPglite } from '../api/src/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { generate, send, tally, type FuzzResult, type OpenApiDocument } from '../api/test/support/fuzz';
import { snapshotDatabase, snapshotDifferences } from '../api/test/support/snapshot';

const COUNT = Number(process.argv[2] ?? 12_000);
const SEED = Number(process.argv[3] ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-bench-'));
const database = await openPglite();
await seedIfEmpty(database.db);
const app = await buildApp({ db: database, config: { ...loadConfig({}), dataDir, jwtSecret: 'fuzz-bench', logRequests: false } });

const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
const adminToken: string = signIn.json().data.auth.accessToken;

const doc = (app as unknown as { swagger(): OpenApiDocument }).swagger();
const base = generate(doc, { seed: SEED, mode: 'all' });
const requests = [...base, ...generate(doc, { seed: SEED + 1, mode: 'each', perOperation: 0, randomCombined: Math.max(0, COUNT - base.length) })];

const before = await snapshotDatabase(database);
const started = Date.now();
const results: FuzzResult[] = [];
for (const request of requests) {
  results.push(await send(app, request, adminToken));
  if (results.length % 2000 === 0) process.stdout.write(`  ${results.length} / ${requests.length}\n`);
}
const seconds = (Date.now() - started) / 1000;
const after = await snapshotDatabase(database);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const { byStatus, serverErrors } = tally(results);
const problems = results.filter((r) => r.problems.length);
const writes = results.filter((r) => r.request.method !== 'GET' && r.status >= 200 && r.status < 300);
const differences = snapshotDifferences(before, after);

console.log(
  `${results.length} requests (${base.length} single changes, ${requests.length - base.length} combined) over ` +
    `${new Set(requests.map((r) => r.operation)).size} operations in ${seconds.toFixed(1)} s (seed ${SEED})`,
);
console.log('status      count');
for (const [status, count] of Object.entries(byStatus).sort()) console.log(`${status.padEnd(12)}${count}`);
console.log(`≥ 500 per operation: ${Object.keys(serverErrors).length ? '' : 'none'}`);
for (const [operation, count] of Object.entries(serverErrors)) console.log(`  ${count}  ${operation}`);
console.log(`answered otherwise than expected: ${problems.length}`);
for (const r of problems.slice(0, 20)) console.log(`  ${r.request.caller} ${r.request.method} ${r.request.url.slice(0, 120)} [${r.request.label.slice(0, 100)}]: ${r.problems.join('; ')}`);
console.log(`writes that succeeded: ${writes.length}`);
for (const r of writes.slice(0, 20)) console.log(`  ${r.request.operation} [${r.request.label}]`);
console.log(`database unchanged: ${differences.length ? 'NO' : 'yes'}`);
for (const line of differences) console.log(`  ${line}`);

process.exitCode = Object.keys(serverErrors).length || problems.length || writes.length || differences.length ? 1 : 0;
