/**
 * `npm run bench`: every performance figure of the suite in one table, each beside its target.
 *
 * Seeds its own data set (100,000 students and 1,000,000 sessions over the demo data) into a fresh embedded
 * database, and into a fresh PostgreSQL database when DATABASE_URL is set (created on that server and
 * dropped at the end), builds the front end for its own ports, and measures:
 * - front end: the JavaScript of the sign-in page, of the dashboard and of each remote's first page (gzip
 *   and on the wire), and Lighthouse desktop and mobile on the sign-in page, the dashboard and teachers;
 * - API: GET /user/list as the students page asks for it (page 1, a search term, page 5,000), 10
 *   connections on the embedded database, 50 on PostgreSQL beside a bare Fastify + pg handler with the
 *   same SQL, token check and caching, run interleaved; the calendar's week over the sessions;
 * - the students export (time, and the API process's peak memory over its level before).
 *
 *   npm run bench [-- --only=front,api,export] [--skip-build] [--seconds=8] [--runs=3] [--students=100000] [--sessions=1000000]
 *                 [--lighthouse-reports=<folder>] [--lighthouse-pages=insights:/learning/insights,…]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { API, REMOTES, SHELL } from '../deploy/remotes.mjs';
import { buildAll, ROOT, serveFrontEnds, startApi, suiteSettings } from '../scripts/suite.mjs';
import { createScratchDatabase } from '../api/test/support/scratch-database';
import { seedDataSet, SEARCH_TERMS } from './lib/dataset';
import { measureExport } from './lib/export';
import { measureLighthouse, measurePageWeights } from './lib/front';
import { medianOf, runLoad, type LoadResult } from './lib/load';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string', default: 'front,api,export' },
    'skip-build': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
    students: { type: 'string', default: '100000' },
    sessions: { type: 'string', default: '1000000' },
    // a folder for Lighthouse's full reports (JSON), one per page and form factor (the median run's)
    'lighthouse-reports': { type: 'string' },
    // the signed-in pages Lighthouse measures instead of the dashboard and teachers: name:/path,name:/path
    'lighthouse-pages': { type: 'string' },
  },
});
const only = new Set(options.only.split(','));
const SECONDS = Number(options.seconds);
const RUNS = Number(options.runs);
const SIZE = { students: Number(options.students), sessions: Number(options.sessions) };
const ADMIN = { email: 'admin@trungtam.vn', password: 'matkhau123' };
const JWT_SECRET = randomBytes(32).toString('base64url');

/** The benchmark's own ports (the e2e ports + 200), so that it runs beside `npm start` and the browser tests. */
const BENCH_ENV = {
  PORT: String(SHELL.ports.e2e + 200),
  API_PORT: String(API.ports.e2e + 200),
  ...Object.fromEntries(REMOTES.map((remote) => [remote.portVariable, String(remote.ports.e2e + 200)])),
};
const BARE_PORT = API.ports.e2e + 201;

// ---------------------------------------------------------------- the table
interface Row {
  figure: string;
  target: string;
  embedded?: string;
  postgres?: string;
  /** undefined: no target */
  pass?: boolean;
}
const rows: Row[] = [];
const add = (row: Row) => {
  rows.push(row);
  console.log(`  ${row.figure}: ${[row.embedded, row.postgres].filter(Boolean).join(' | ')}`);
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const both = (a: boolean | undefined, b: boolean | undefined) => (a === undefined ? b : b === undefined ? a : a && b);

function printTable() {
  const header = ['Figure', 'Target', 'Embedded', 'PostgreSQL', ''];
  const body = rows.map((r) => [r.figure, r.target, r.embedded ?? '', r.postgres ?? '', r.pass === undefined ? '' : r.pass ? 'ok' : 'MISSED']);
  const widths = header.map((_, i) => Math.max(header[i].length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
  const scored = rows.filter((r) => r.pass !== undefined);
  console.log(`\n${scored.filter((r) => r.pass).length} of ${scored.length} targets met`);
}

// ---------------------------------------------------------------- processes
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status}`);
  return ((await response.json()) as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
}

/** The bare handler (bench/lib/bare-list.ts) in its own process, on the same database. */
async function startBare(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'lib', 'bare-list.ts')], {
    cwd: path.join(ROOT, 'api'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET, BARE_PORT: String(BARE_PORT) },
  });
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error('The bare handler exited');
    try {
      if ((await fetch(`http://127.0.0.1:${BARE_PORT}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The bare handler did not start');
}

// ---------------------------------------------------------------- the list's figures
const LIST = '/api/v1/user/list?limit=10&sort_column=id&sort_type=DESC&relationships=roles&type=student&status=0&user_id=0';
const SCENARIOS = [
  { name: 'page 1', paths: [`${LIST}&page=1`], target: { postgres: 20, embedded: 100 } },
  { name: 'search', paths: SEARCH_TERMS.map((term) => `${LIST}&page=1&search=${encodeURIComponent(term)}`), target: { postgres: 20, embedded: 100 } },
  { name: 'page 5,000', paths: [`${LIST}&page=5000`], target: { postgres: 50, embedded: 100 } },
];

const describe = (r: LoadResult) =>
  `${Math.round(r.rps)} req/s, p95 ${ms(r.p95)}${r.failures ? `, ${r.failures} failed` : ''}${r.timeouts ? `, ${r.timeouts} timeouts` : ''}`;

/** A short warm-up, then `RUNS` runs (interleaved with the bare handler's when given); medians. */
async function measureList(kind: 'embedded' | 'postgres', apiOrigin: string, token: string, bareOrigin?: string) {
  const connections = kind === 'postgres' ? 50 : 10;
  for (const scenario of SCENARIOS) {
    const load = (origin: string, seconds = SECONDS) => runLoad({ origin, token, connections, seconds, paths: scenario.paths });
    await load(apiOrigin, 2);
    if (bareOrigin) await load(bareOrigin, 2);
    const api: LoadResult[] = [];
    const bare: LoadResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      api.push(await load(apiOrigin));
      if (bareOrigin) bare.push(await load(bareOrigin));
    }
    const result = medianOf(api);
    const target = scenario.target[kind];
    const pass = result.p95 <= target && result.failures === 0 && result.timeouts === 0;
    const existing = rows.find((r) => r.figure === `GET /user/list, ${scenario.name}`);
    const cell = `${describe(result)} (${connections} conn.)`;
    if (existing) {
      existing[kind] = cell;
      existing.pass = both(existing.pass, pass);
    } else {
      add({ figure: `GET /user/list, ${scenario.name}`, target: `p95 ≤ ${scenario.target.embedded} ms emb. / ≤ ${scenario.target.postgres} ms PG`, [kind]: cell, pass });
    }
    if (bareOrigin) {
      const reference = medianOf(bare);
      const ratio = result.rps / reference.rps;
      add({
        figure: `  ${scenario.name}: API ÷ bare Fastify + pg`,
        target: '≥ 0.80',
        postgres: `${ratio.toFixed(2)} (bare: ${describe(reference)})`,
        pass: ratio >= 0.8,
      });
    }
  }
}

async function measureWeek(kind: 'embedded' | 'postgres', apiUrl: string, token: string) {
  const week = `${apiUrl}/learning/class-schedule?limit=1000&page=1&sort_column=schedule_date&sort_type=ASC&schedule_date=2025-03-03&schedule_date=2025-03-09&relationships=class&relationships=room&relationships=teacher`;
  const times: number[] = [];
  let sessions = 0;
  for (let i = 0; i < 7; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(week, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: { total_rows: number } };
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    sessions = body.data.total_rows;
  }
  times.sort((a, b) => a - b);
  const cell = `median ${ms(times[3])} (${sessions.toLocaleString('en')} sessions)`;
  const existing = rows.find((r) => r.figure === 'calendar week, all centres');
  if (existing) existing[kind] = cell;
  else add({ figure: 'calendar week, all centres', target: '-', [kind]: cell });
}

async function measureExportRow(kind: 'embedded' | 'postgres', apiOrigin: string, token: string, api: ChildProcess, students: number) {
  const result = await measureExport({ apiOrigin, token, apiPid: api.pid! });
  const ok = result.status === 200 && result.rows === students;
  const cell = ok
    ? `${result.seconds.toFixed(2)} s, peak RSS +${result.peakOverMb.toFixed(0)} MB over ${result.rssBeforeMb.toFixed(0)} MB, ${result.megabytes.toFixed(1)} MB file`
    : `HTTP ${result.status}, ${result.rows} of ${students} rows`;
  const pass = ok && result.seconds <= 4;
  const existing = rows.find((r) => r.figure === 'export of the students');
  if (existing) {
    existing[kind] = cell;
    existing.pass = both(existing.pass, pass);
  } else add({ figure: 'export of the students', target: '≤ 4 s, memory bounded', [kind]: cell, pass });
}

// ---------------------------------------------------------------- the run
const settings = suiteSettings({ ...BENCH_ENV, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-')) });
const apiOrigin = new URL(settings.apiUrl).origin;
/** The API as deployed, without the per-request log lines (the bare handler writes none either). */
const API_ENV = { JWT_SECRET, LOG_REQUESTS: 'false', CORS_ORIGINS: new URL(settings.appUrl).origin };

console.log(`Benchmark: ${SIZE.students.toLocaleString('en')} students, ${SIZE.sessions.toLocaleString('en')} sessions; ${os.cpus().length} cores; ${RUNS} runs of ${SECONDS} s per load figure`);
if (only.has('front') && !options['skip-build']) {
  console.log('building the shell and the remotes for the benchmark ports…');
  buildAll(settings, { quiet: true });
}

const cleanups: Array<() => Promise<void>> = [() => Promise.resolve(fs.rmSync(settings.dataDir, { recursive: true, force: true }))];
try {
  // ---- embedded database
  console.log('embedded database: seeding…');
  let started = Date.now();
  // where the API keeps its embedded database under DATA_DIR (api/src/server.ts)
  const embedded = await seedDataSet({ dataDir: path.join(settings.dataDir, 'pglite') }, SIZE);
  console.log(`  ${embedded.students.toLocaleString('en')} students, ${embedded.sessions.toLocaleString('en')} sessions in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // DATABASE_URL is for the PostgreSQL part: the embedded part must not inherit it
  let api = await startApi(settings, { quiet: true, env: { ...API_ENV, DATABASE_URL: '' } });
  try {
    const token = await signIn(settings.apiUrl);
    if (only.has('front')) {
      const servers = (await serveFrontEnds(settings)) as { shell: import('node:http').Server; remotes: Record<string, import('node:http').Server> };
      try {
        const remoteOrigins = Object.fromEntries(settings.remotes.map((r) => [r.name, `http://localhost:${r.port}`]));
        const weights = await measurePageWeights(settings.appUrl, remoteOrigins, ADMIN);
        const weightCell = (w: { gzip: number; wire: number; files: number; encodings: string[]; prefetched: number }) =>
          `${kb(w.gzip)} gzip, ${kb(w.wire)} on the wire (${w.encodings.join('/')}), ${w.files} files${w.prefetched ? `; then ${kb(w.prefetched)} gzip prefetched at idle` : ''}`;
        add({ figure: 'JS, sign-in page', target: '≤ 150 KB gzip', embedded: weightCell(weights.signIn), pass: weights.signIn.gzip <= 150 * 1024 });
        add({ figure: 'JS, interactive dashboard', target: '≤ 200 KB gzip', embedded: weightCell(weights.dashboard), pass: weights.dashboard.gzip <= 200 * 1024 });
        for (const remote of weights.remotes) {
          add({ figure: `JS of ${remote.name}, ${remote.path}`, target: '≤ 40 KB gzip', embedded: weightCell(remote.weight), pass: remote.weight.gzip <= 40 * 1024 });
        }
        const all = [weights.signIn, weights.dashboard, ...weights.remotes.map((r) => r.weight)];
        const encodings = [...new Set(all.flatMap((w) => w.encodings))];
        add({
          figure: 'scripts compressed on the wire',
          target: 'br (gzip fallback)',
          embedded: `${encodings.filter((e) => e !== 'small').join(', ')}${encodings.includes('small') ? ' (files under 1 KB as they are)' : ''}`,
          pass: encodings.every((e) => e === 'br' || e === 'gzip' || e === 'small'),
        });
        const scores = await measureLighthouse(
          settings.appUrl,
          options['lighthouse-pages']
            ? options['lighthouse-pages'].split(',').map((page) => ({ name: page.split(':')[0], path: page.slice(page.indexOf(':') + 1), signedIn: true }))
            : [
                { name: 'sign-in', path: '/auth/login', signedIn: false },
                { name: 'dashboard', path: '/dashboard', signedIn: true },
                { name: 'teachers', path: '/assets/teachers', signedIn: true },
              ],
          ADMIN,
          { reportsFolder: options['lighthouse-reports'], runs: RUNS },
        );
        for (const score of scores) {
          const floor = score.formFactor === 'desktop' ? 95 : 90;
          add({
            figure: `Lighthouse ${score.page}, ${score.formFactor}`,
            target: `perf. ≥ ${floor}, a11y ≥ 95`,
            embedded: `performance ${score.performance}${score.runs > 1 ? ` (median of ${score.runs}, ${score.range[0]}–${score.range[1]})` : ''} (${score.metrics}; CPU index ${score.benchmarkIndex}), accessibility ${score.accessibility}${score.failed.length ? ` (failed: ${score.failed.join(', ')})` : ''}`,
            pass: score.performance >= floor && score.accessibility >= 95,
          });
        }
      } finally {
        await new Promise((resolve) => servers.shell.close(resolve));
        await Promise.all(Object.values(servers.remotes).map((server) => new Promise((resolve) => server.close(resolve))));
      }
    }
    if (only.has('api')) {
      console.log('embedded database: GET /user/list…');
      await measureList('embedded', apiOrigin, token);
      await measureWeek('embedded', settings.apiUrl, token);
    }
    if (only.has('export')) {
      console.log('embedded database: export…');
      await measureExportRow('embedded', apiOrigin, token, api, embedded.students);
    }
  } finally {
    await stopProcess(api);
  }

  // ---- PostgreSQL
  if (process.env.DATABASE_URL && (only.has('api') || only.has('export'))) {
    const database = await createScratchDatabase(process.env.DATABASE_URL, 'bench');
    cleanups.push(database.drop);
    console.log('PostgreSQL: seeding…');
    started = Date.now();
    const seeded = await seedDataSet({ databaseUrl: database.url }, SIZE);
    console.log(`  ${seeded.students.toLocaleString('en')} students, ${seeded.sessions.toLocaleString('en')} sessions in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    api = await startApi(settings, { quiet: true, env: { ...API_ENV, DATABASE_URL: database.url } });
    const bare = only.has('api') ? await startBare(database.url) : undefined;
    try {
      const token = await signIn(settings.apiUrl);
      if (only.has('api')) {
        console.log('PostgreSQL: GET /user/list, interleaved with the bare handler…');
        await measureList('postgres', apiOrigin, token, `http://127.0.0.1:${BARE_PORT}`);
        await measureWeek('postgres', settings.apiUrl, token);
      }
      if (only.has('export')) {
        console.log('PostgreSQL: export…');
        await measureExportRow('postgres', apiOrigin, token, api, seeded.students);
      }
    } finally {
      if (bare) await stopProcess(bare);
      await stopProcess(api);
    }
  } else if (!process.env.DATABASE_URL) {
    console.log('PostgreSQL: skipped (set DATABASE_URL to measure it too)');
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
printTable();
