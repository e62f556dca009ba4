/**
 * Benchmark: area health, through the API (in process, over HTTP) on a fresh embedded database with the demo data (or
 * the empty PostgreSQL of DATABASE_URL), the rollout guard running as on a server:
 * 1. GET /user/list's p95 alone, then while the shells of up to 200 sessions send 1,000 events a second
 *    (20 batches of 50: page views, errors and vitals of a stable and a candidate build);
 * 2. ingest at full speed (8 senders, no pause): events a second;
 * 3. GET /system/remote/health of one area over 30 days (hourly series) and over 2 days (5-minute
 *    series), after seeding 30 days of windows (both cohorts, every window, vitals in every one).
 * Prints the figures beside their targets; asserts nothing.
 *
 *   node --import tsx bench/area-health.ts [--seconds=6]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { TELEMETRY_LIMITS } from '@trungtam/shared/contracts/telemetry';
import type { TelemetryEventInput } from '@trungtam/shared/schemas/telemetry';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { openDatabase, sql } from '../api/src/db/client';
import { remoteBuilds, users } from '../api/src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../api/src/db/seed';
import { startSession } from '../api/src/services/sessions';
import { arrayLiteral, record } from '../api/src/lib/histogram';

const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 6);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'area-health-bench-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = database;
await seedIfEmpty(db);
// a few hundred sessions send here what thousands of shells would: the per-session limit is lifted
const defaults = loadConfig({});
const rateLimits = { ...defaults.rateLimits, TELEMETRY_SESSION: { max: 1_000_000, timeWindowMs: 60_000 } };
const app = await buildApp({ db: database, config: { ...defaults, rateLimits, dataDir, jwtSecret: 'bench' }, logger: false });
app.ctx.areaGuard.start();
// as a server runs: the batches written once a second
app.ctx.areaHealthBuffer.start();
// over HTTP, as the shells and the lists reach the API (in-process calls on the embedded database never
// yield to the event loop between them, which would starve the concurrent senders)
const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
/** A call over HTTP: its status and JSON body (null when none). */
async function http(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${base}${url}`, { method, headers: init.headers, body: init.body });
  const text = await res.text();
  return { statusCode: res.status, json: () => (text ? JSON.parse(text) : null), body: text };
}
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
const headers = { authorization: `Bearer ${login.json().data.auth.accessToken as string}` };
const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  http(method, url, payload === undefined ? { headers } : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(payload) });

// the users area, a candidate build for a tenth of the users, and the sessions' proofs
const area = (await api('GET', '/system/remote/list')).json().data.find((a: { name: string }) => a.name === 'users');
const route: string = area.routes[0];
const stable: string = area.stable.version;
const candidate = '9.0.0-bench';
await db.insert(remoteBuilds).values({ area: 'users', version: candidate, entry: 'http://127.0.0.1:9/users/9.0.0-bench/mf-manifest.json' });
await api('PUT', '/system/remote/rollout', { area: 'users', candidate_version: candidate, rollout: { percent: 10 } });
const people = await db.select({ id: users.id }).from(users).where(sql`${users.status} = ${ACCOUNT_STATUS.ACTIVE} and ${users.deletedAt} is null`).limit(200);
const proofs = await Promise.all(
  people.map(async ({ id }) => {
    const { accessToken } = await startSession(app.ctx, db, id, null);
    return (await http('GET', '/system/remote/manifest', { headers: { authorization: `Bearer ${accessToken}` } })).json().data.telemetry_proof as string;
  }),
);

let seed = 1;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
/** A batch as a shell sends it: 20 page views, an error or two, the rest vitals. */
function batch(proof: string): string {
  const version = random() < 0.1 ? candidate : stable;
  const event = (kind: TelemetryEventInput['kind'], extra: Partial<TelemetryEventInput> = {}): TelemetryEventInput => ({
    kind, area: 'users', version, cohort: version === candidate ? 'candidate' : 'stable', route, browser: 'chrome', ...extra,
  });
  const events: TelemetryEventInput[] = [];
  for (let i = 0; i < 20; i++) events.push(event('page_view'));
  events.push(event('render_error', { error: { type: 'TypeError', frame: `https://app.example/users/static/js/${Math.floor(random() * 5)}.js:1:${Math.floor(random() * 900)}` } }));
  events.push(event('load_failure', { error: { type: 'ChunkLoadError', frame: 'https://app.example/users/remoteEntry.js:1:1' } }));
  const vitals = [['LCP', 800, 3000], ['INP', 40, 400], ['CLS', 0, 0.25], ['TTFR', 100, 1500]] as const;
  while (events.length < TELEMETRY_LIMITS.batchEvents) {
    const [name, low, high] = vitals[events.length % 4];
    events.push(event('vital', { vital: { name, value: low + random() * (high - low) } }));
  }
  return JSON.stringify({ proof, events });
}
const post = (body: string) => http('POST', '/telemetry', { headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });

const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /user/list, one after another for `ms`: the times. */
async function userList(ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const res = await api('GET', '/user/list?limit=20&page=1');
    if (res.statusCode !== 200) throw new Error(`user list: ${res.statusCode}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** `senders` shells posting batches (each at most `perSecond` a second; Infinity: no pause) until stopped: the events taken. */
function senders(count: number, perSecond: number) {
  let running = true;
  let events = 0;
  let refused = 0;
  const times: number[] = [];
  const loops = Array.from({ length: count }, async (_, n) => {
    let i = 0;
    while (running) {
      const started = performance.now();
      const res = await post(batch(proofs[(n + count * i++) % proofs.length]));
      times.push(performance.now() - started);
      if (res.statusCode === 204) events += TELEMETRY_LIMITS.batchEvents;
      else refused += 1;
      const pause = 1000 / perSecond - (performance.now() - started);
      if (pause > 0) await sleep(pause);
    }
  });
  return { stop: async () => ((running = false), await Promise.all(loops), { events, refused, times }) };
}

const ms = seconds * 1000;
await userList(2000); // warm-up
const before = await userList(ms);
const load = senders(20, 1); // 20 batches of 50 a second: 1,000 events
const started = performance.now();
const loaded = await userList(ms);
const sent = await load.stop();
const loadRate = sent.events / ((performance.now() - started) / 1000);
const after = await userList(ms);
// alone: the quieter of the runs before and after the load (the machine's own noise is not the telemetry's)
const alone = p(before, 0.95) <= p(after, 0.95) ? before : after;
const full = senders(8, Infinity);
const fullStarted = performance.now();
await sleep(ms);
const fullSent = await full.stop();
const fullRate = fullSent.events / ((performance.now() - fullStarted) / 1000);
await app.ctx.areaGuard.stop();

// 30 days of windows of one area: both cohorts in every 5-minute window and hour
const now = Date.now();
const WINDOW = TELEMETRY_LIMITS.windowMinutes * 60_000;
function row(at: number, cohort: 'stable' | 'candidate', scale: number) {
  const lcp: number[] = [];
  const inp: number[] = [];
  const cls: number[] = [];
  const ttfr: number[] = [];
  for (let i = 0; i < 10 * scale; i++) {
    record(lcp, 800 + random() * 2200);
    record(inp, 40 + random() * 360);
    record(cls, random() * 250);
    record(ttfr, 100 + random() * 1400);
  }
  const version = cohort === 'candidate' ? '8.0.0-seed' : '7.0.0-seed';
  return sql`('competition', ${new Date(at).toISOString()}::timestamptz, ${cohort}, ${version}, ${40 * scale}, ${scale}, ${scale}, ${scale},
    ${arrayLiteral(lcp)}::integer[], ${arrayLiteral(inp)}::integer[], ${arrayLiteral(cls)}::integer[], ${arrayLiteral(ttfr)}::integer[])`;
}
async function seedWindows(table: string, step: number, scale: number) {
  const rows = [];
  for (let at = Math.floor(now / step) * step - 30 * 86_400_000; at <= now; at += step) rows.push(row(at, 'stable', scale), row(at, 'candidate', scale));
  for (let i = 0; i < rows.length; i += 500) {
    await db.execute(sql`insert into ${sql.identifier(table)} (area, window_start, cohort, version, page_views, load_failures, render_errors, unhandled_errors, lcp, inp, cls, ttfr)
      values ${sql.join(rows.slice(i, i + 500), sql`, `)} on conflict do nothing`);
  }
  return rows.length;
}
const seeded = (await seedWindows('area_health_window', WINDOW, 1)) + (await seedWindows('area_health_hour', 3_600_000, 12));
await db.execute(sql`analyze area_health_window`);
await db.execute(sql`analyze area_health_hour`);

async function healthQuery(days: number): Promise<{ times: number[]; points: number }> {
  const from = new Date(now - days * 86_400_000).toISOString();
  const to = new Date(now).toISOString();
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    const res = await api('GET', `/system/remote/health?area=competition&from=${from}&to=${to}`);
    if (res.statusCode !== 200) throw new Error(`health: ${res.statusCode} ${res.body}`);
    if (i >= 5) times.push(performance.now() - started);
    points = res.json().data.stable.series.length;
  }
  return { times, points };
}
const month = await healthQuery(30);
const twoDays = await healthQuery(2);

const line = (label: string, value: string, target: string) => console.log(`${label.padEnd(58)} ${value.padStart(16)}   target ${target}`);
console.log(`area health (${database.kind}, ${seconds} s a phase)`);
line('GET /user/list p95, alone (before / after the load)', `${p(before, 0.95).toFixed(1)} / ${p(after, 0.95).toFixed(1)} ms`, '');
line(`GET /user/list p95, with ${Math.round(loadRate)} telemetry events/s`, `${p(loaded, 0.95).toFixed(1)} ms`, `within 10 % (${((p(loaded, 0.95) / p(alone, 0.95) - 1) * 100).toFixed(1)} %)`);
line('POST /telemetry p95 (a batch of 50), at 1,000 events/s', `${p(sent.times, 0.95).toFixed(1)} ms`, '');
line('ingest at full speed (8 senders)', `${Math.round(fullRate)} events/s`, '≥ 1,000 events/s');
line('batches refused (should be none)', `${sent.refused + fullSent.refused}`, '0');
line(`health, 30 days, hourly (${month.points} points a cohort, ${seeded} rows seeded) median`, `${p(month.times, 0.5).toFixed(1)} ms`, '≤ 100 ms');
line('health, 30 days, p95', `${p(month.times, 0.95).toFixed(1)} ms`, '');
line(`health, 2 days, 5-minute (${twoDays.points} points a cohort) median`, `${p(twoDays.times, 0.5).toFixed(1)} ms`, '≤ 100 ms');

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
