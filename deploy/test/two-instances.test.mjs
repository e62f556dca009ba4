/**
 * The production setup, here: two API instances against one PostgreSQL database and one Redis, behind
 * nginx with the configuration of deploy/production (rendered into a folder of its own, nginx run in the
 * foreground). Through nginx: sign-in, lists and writes; one instance stopped (SIGTERM) while a steady
 * stream of reads and writes runs, without a failed request; the static hosting of the shell and of a
 * remote's working build and released version, with compression and the caching rules.
 *
 * Needs nginx (Debian's nginx-light: /usr/sbin/nginx, or NGINX_PATH), PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test: a database of its own is created and dropped) and Redis
 * (REDIS_URL, default redis://127.0.0.1:6379: keys under a prefix of their own, deleted after).
 * Ports: nginx 4400, the API instances 4410 and 4411.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { Redis } from 'ioredis';
import { renderSite, renderStandalone, settingsFromEnv } from '../production/nginx.mjs';
import { precompress } from '../production/precompress.mjs';
import { CACHE_CONTROL, pageContentSecurityPolicy } from '../static-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const NGINX_PORT = 4400;
const API_PORTS = [4410, 4411];
const SHELL_ORIGIN = `http://127.0.0.1:${NGINX_PORT}`;
const ADMIN = { email: 'admin@trungtam.vn', password: 'matkhau123' };
/** Generous, for a loaded machine: a first start migrates and seeds (password hashes) the database. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

const run = randomBytes(4).toString('hex');
const databaseName = `deploy_test_${process.pid}_${run}`;
const redisPrefix = `trungtam-deploy-test-${run}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'trungtam-deploy-'));
// nginx's workers run as another user (nobody) when the test runs as root: they must read the files
chmodSync(dir, 0o755);
const shellRoot = path.join(dir, 'shell');
const remotesRoot = path.join(dir, 'remotes');
const accessLog = path.join(dir, 'access.log');
const settings = settingsFromEnv({
  SHELL_ORIGIN,
  REMOTE_ORIGIN: `http://{name}.remotes.test:${NGINX_PORT}`,
  API_UPSTREAMS: API_PORTS.map((port) => `127.0.0.1:${port}`).join(','),
  NGINX_LISTEN: `127.0.0.1:${NGINX_PORT}`,
  SHELL_ROOT: shellRoot,
  REMOTES_ROOT: remotesRoot,
  NGINX_ACCESS_LOG: accessLog,
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` answers true (checked every 250 ms); fails after `timeoutMs` with `what`. */
async function waitFor(what, check, timeoutMs = START_TIMEOUT_MS) {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

// ---------------------------------------------------------------- processes

/** A child process whose output is kept (the last 20,000 characters) and whose exit can be awaited. */
function startProcess(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output, running: () => child.exitCode === null && child.signalCode === null };
}

/** Stops a child (if still running) and waits for it. */
async function stop(proc, signal = 'SIGTERM') {
  if (!proc) return;
  if (proc.running()) proc.child.kill(signal);
  await proc.exited;
}

const databaseUrl = () => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
};

/** An API instance on `port`, as deploy/production/trungtam-api@.service starts one. */
function startApi(port) {
  return startProcess(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(),
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      PUBLIC_APP_URL: SHELL_ORIGIN,
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: path.join(dir, `api-${port}`),
      LOG_REQUESTS: 'false',
    },
  });
}

/** The status of the instance's /ready, or the error code when nothing answers (ECONNREFUSED). */
async function readiness(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/ready`);
    return { status: res.status, body: await res.json() };
  } catch (error) {
    return { status: 0, error: error.cause?.code ?? String(error) };
  }
}

// ---------------------------------------------------------------- requests through nginx

/** A call to the API through nginx; never throws: a network failure is status 0. */
async function api(method, route, { token, body } = {}) {
  try {
    const res = await fetch(`${SHELL_ORIGIN}/api/v1${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  } catch (error) {
    return { status: 0, text: String(error.cause ?? error) };
  }
}

/** A GET through nginx with a Host of our choice (a remote's origin), the answer's body undecoded. */
function fetchRaw(route, { host = `127.0.0.1:${NGINX_PORT}`, method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: NGINX_PORT, path: route, method, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const centreBody = () => ({ name: `Trung tâm ${randomBytes(5).toString('hex')}`, status: 1 });

// ---------------------------------------------------------------- the set-up

/** Text long enough for compression (over gzip_min_length). */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'Học viên ${i}' }`).join(', ')}];\n`;
const INDEX = '<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Trung tâm</title></head><body><div id="root"></div></body></html>\n';

function write(file, content) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** A small shell build and the users remote's working build and released 1.2.3, pre-compressed. */
function placeStaticFiles() {
  write(path.join(shellRoot, 'index.html'), INDEX);
  write(path.join(shellRoot, 'static/js/index.3f2a9c1be0.js'), SCRIPT);
  const users = path.join(remotesRoot, 'users');
  write(path.join(users, 'mf-manifest.json'), JSON.stringify({ id: 'users', version: 'working' }));
  write(path.join(users, 'remoteEntry.js'), SCRIPT);
  write(path.join(users, 'static/js/async/12.0a1b2c3d4e.js'), SCRIPT);
  write(path.join(users, '1.2.3/mf-manifest.json'), JSON.stringify({ id: 'users', version: '1.2.3' }));
  write(path.join(users, '1.2.3/remoteEntry.js'), SCRIPT);
  precompress(shellRoot);
  precompress(users);
}

let instances = [];
let nginx;

before(async () => {
  assert.ok(existsSync(NGINX), `nginx not found at ${NGINX} (apt-get install nginx-light)`);
  const server = new pg.Client({ connectionString: SERVER_URL });
  await server.connect();
  await server.query(`CREATE DATABASE "${databaseName}"`);
  await server.end();

  placeStaticFiles();
  // started together: the start-up lock has them migrate and seed one after the other
  instances = API_PORTS.map(startApi);
  await Promise.all(
    instances.map((instance, i) =>
      waitFor(`API instance on ${API_PORTS[i]} ready`, async () => {
        if (!instance.running()) throw new Error(`The API instance on ${API_PORTS[i]} stopped:\n${instance.output()}`);
        return (await readiness(API_PORTS[i])).status === 200;
      }),
    ),
  );

  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, renderStandalone(renderSite(settings), { prefix: dir, brotli: settings.brotli }));
  nginx = startProcess(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { cwd: dir });
  await waitFor('nginx answering', async () => {
    if (!nginx.running()) throw new Error(`nginx stopped:\n${nginx.output()}\n${readIfThere(path.join(dir, 'error.log'))}`);
    const res = await fetchRaw('/').catch(() => undefined);
    if (res && res.status !== 200) throw new Error(`nginx answered ${res.status}:\n${readIfThere(path.join(dir, 'error.log'))}`);
    return res !== undefined;
  });
});

function readIfThere(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Runs every clean-up step, even after one failed; throws the first failure at the end. */
async function cleanUp(steps) {
  const errors = [];
  for (const step of steps) await step().catch((error) => errors.push(error));
  if (errors.length) throw errors[0];
}

after(() =>
  cleanUp([
    () => stop(nginx, 'SIGQUIT'),
    () => Promise.all(instances.map((instance) => stop(instance))),
    async () => {
      const server = new pg.Client({ connectionString: SERVER_URL });
      await server.connect();
      try {
        await server.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      } finally {
        await server.end();
      }
    },
    async () => {
      const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const keys = await redis.keys(`${redisPrefix}:*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
    async () => rmSync(dir, { recursive: true, force: true }),
  ]),
);

// ---------------------------------------------------------------- the tests

let token;

test('both instances are ready, with the database and Redis', async () => {
  for (const port of API_PORTS) assert.deepEqual(await readiness(port), { status: 200, body: { status: 'ready', database: 'ok', redis: 'ok' } });
});

test('through nginx: sign-in, lists and writes; a token works on either instance', async () => {
  const signIn = await api('POST', '/auth/login', { body: ADMIN });
  assert.equal(signIn.status, 200, signIn.text);
  token = signIn.json.data.auth.accessToken;

  const users = await api('GET', '/user/list?limit=5', { token });
  assert.equal(users.status, 200, users.text);
  assert.ok(users.json.data.rows.length > 0);

  const body = centreBody();
  const created = await api('POST', '/learning/center/create', { token, body });
  assert.equal(created.status, 201, created.text);
  const shown = await api('GET', `/learning/center/show/${created.json.data.center_id}`, { token });
  assert.equal(shown.status, 200, shown.text);
  assert.equal(shown.json.data.name, body.name);

  // stateless instances: the session is in the database and the signing key shared, so either one accepts the token
  for (const port of API_PORTS) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/learning/center/show/${created.json.data.center_id}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
  }
});

test('an instance stopped mid-stream: no request fails, the stream goes on on the other', { timeout: 600_000 }, async (t) => {
  assert.ok(token, 'signed in by the test before');
  const [stopped, staying] = [instances[0], instances[1]];
  const [stoppedPort, stayingPort] = API_PORTS;
  /** @type {Array<{ phase: string, what: string, status: number, text: string }>} */
  const failures = [];
  const done = { before: 0, stopping: 0, after: 0 };
  let phase = 'before';
  let running = true;

  const expectOk = (what, res, expected) => {
    done[phase] += 1;
    if (res.status !== expected) failures.push({ phase, what, status: res.status, text: res.text.slice(0, 300) });
    return res.status === expected;
  };
  // a few clients, each reading a list, writing a centre and reading it back, again and again
  const loop = async () => {
    while (running) {
      expectOk('GET /user/list', await api('GET', '/user/list?limit=5', { token }), 200);
      const created = await api('POST', '/learning/center/create', { token, body: centreBody() });
      if (!expectOk('POST /learning/center/create', created, 201)) continue;
      expectOk('GET /learning/center/show', await api('GET', `/learning/center/show/${created.json.data.center_id}`, { token }), 200);
    }
  };
  const loops = Array.from({ length: 4 }, loop);

  try {
    // both instances served the stream before the stop
    await waitFor('both instances serving', () => {
      const log = readIfThere(accessLog);
      return done.before >= 40 && API_PORTS.every((port) => log.includes(`upstream=127.0.0.1:${port} `));
    });

    phase = 'stopping';
    stopped.child.kill('SIGTERM');
    let timer;
    const exit = await Promise.race([stopped.exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS, { code: 'still running' })))]);
    clearTimeout(timer);
    assert.deepEqual(exit, { code: 0, signal: null }, `the stopped instance's exit:\n${stopped.output()}`);
    const logSizeAtExit = statSync(accessLog).size;

    phase = 'after';
    await waitFor('the stream going on', () => done.after >= 40);
    running = false;
    await Promise.all(loops);

    const retried = readFileSync(accessLog, 'utf8').split('\n').filter((line) => line.includes(`upstream=127.0.0.1:${stoppedPort}, `)).length;
    t.diagnostic(`${done.before} requests before the stop, ${done.stopping} while the instance stopped, ${done.after} after; ${retried} sent on by nginx`);
    assert.deepEqual(failures, [], `failed requests (${done.before} before the stop, ${done.stopping} while stopping, ${done.after} after)`);
    // the drained instance no longer answers; the other is ready
    assert.equal((await readiness(stoppedPort)).error, 'ECONNREFUSED');
    assert.equal((await readiness(stayingPort)).status, 200);
    assert.ok(staying.running());
    // every API request since the exit was answered by the other instance (after one refused attempt, at most)
    const since = readFileSync(accessLog).subarray(logSizeAtExit).toString('utf8').split('\n').filter((line) => line.includes('/api/v1/'));
    assert.ok(since.length >= 40);
    for (const line of since) assert.match(line, new RegExp(`upstream=(\\S+, )?127\\.0\\.0\\.1:${stayingPort} upstream_status=(\\S+, )?20[01] `), line);
  } finally {
    running = false;
    await Promise.all(loops);
  }
});

test('the API through nginx: answers compressed for clients that accept it', async () => {
  const users = await fetchRaw('/api/v1/user/list?limit=50', { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  assert.equal(users.status, 200);
  assert.equal(users.headers['content-encoding'], 'gzip');
  assert.ok(JSON.parse(gunzipSync(users.body).toString('utf8')).data.rows.length > 0);
});

test('the shell: index.html and single-page routes revalidated, hashed assets immutable and pre-compressed, the security headers', async () => {
  const remoteOrigins = Object.values(settings.remoteOrigins);
  const policy = pageContentSecurityPolicy({ scriptOrigins: remoteOrigins, connectOrigins: remoteOrigins });
  for (const route of ['/', '/assets/teachers']) {
    const page = await fetchRaw(route);
    assert.equal(page.status, 200, route);
    assert.equal(page.body.toString('utf8'), INDEX);
    assert.equal(page.headers['cache-control'], CACHE_CONTROL.revalidate);
    assert.equal(page.headers['content-security-policy'], policy);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['x-frame-options'], 'DENY');
    assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  }

  const asset = '/static/js/index.3f2a9c1be0.js';
  const gzip = await fetchRaw(asset, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gzip.status, 200);
  assert.equal(gzip.headers['cache-control'], CACHE_CONTROL.immutable);
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.match(gzip.headers.vary ?? '', /Accept-Encoding/);
  assert.equal(gunzipSync(gzip.body).toString('utf8'), SCRIPT);
  const plain = await fetchRaw(asset);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString('utf8'), SCRIPT);

  // a hashed asset that is not there is a 404, never the page, and not cached
  const missing = await fetchRaw('/static/js/index.0000000000.js');
  assert.equal(missing.status, 404);
  assert.notEqual(missing.headers['cache-control'], CACHE_CONTROL.immutable);
});

test('brotli: pre-compressed files sent as br when nginx has the brotli_static module', { skip: !settings.brotli && 'libnginx-mod-http-brotli-static is not installed' }, async () => {
  const res = await fetchRaw('/static/js/index.3f2a9c1be0.js', { headers: { 'accept-encoding': 'gzip, br' } });
  assert.equal(res.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(res.body).toString('utf8'), SCRIPT);
});

test('a remote: its working build revalidated, its released versions and hashed assets immutable, CORS to the shell only', async () => {
  const host = new URL(settings.remoteOrigins.users).host;
  const get = (route, headers = {}) => fetchRaw(route, { host, headers: { origin: SHELL_ORIGIN, ...headers } });

  const working = await get('/mf-manifest.json');
  assert.equal(working.status, 200);
  assert.equal(JSON.parse(working.body.toString('utf8')).version, 'working');
  assert.equal(working.headers['cache-control'], CACHE_CONTROL.revalidate);
  assert.equal(working.headers['access-control-allow-origin'], SHELL_ORIGIN);
  assert.match(working.headers.vary ?? '', /Origin/);
  assert.equal(working.headers['content-security-policy'], pageContentSecurityPolicy({ connectOrigins: [SHELL_ORIGIN] }));

  for (const route of ['/1.2.3/mf-manifest.json', '/1.2.3/remoteEntry.js', '/static/js/async/12.0a1b2c3d4e.js']) {
    const res = await get(route, { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200, route);
    assert.equal(res.headers['cache-control'], CACHE_CONTROL.immutable, route);
    assert.equal(res.headers['access-control-allow-origin'], SHELL_ORIGIN, route);
  }
  assert.equal(JSON.parse((await get('/1.2.3/mf-manifest.json')).body.toString('utf8')).version, '1.2.3');
  assert.equal((await get('/1.2.3/remoteEntry.js', { 'accept-encoding': 'gzip' })).headers['content-encoding'], 'gzip');

  const preflight = await fetchRaw('/1.2.3/remoteEntry.js', { host, method: 'OPTIONS', headers: { origin: SHELL_ORIGIN, 'access-control-request-method': 'GET' } });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], SHELL_ORIGIN);

  const other = await get('/1.2.3/remoteEntry.js', { origin: 'https://evil.example' });
  assert.equal(other.status, 200);
  assert.equal(other.headers['access-control-allow-origin'], undefined);
  assert.equal(other.headers['access-control-allow-methods'], undefined);

  const missing = await get('/1.2.4/remoteEntry.js');
  assert.equal(missing.status, 404);
  assert.equal(missing.headers['cache-control'], undefined);
});
