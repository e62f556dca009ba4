/**
 * Fault injection against the API running as its own process: decompression bombs, a huge and a slow
 * upstream for the release call's fetch, and (with DATABASE_URL) PostgreSQL connections terminated under
 * write load and the database gone for ten seconds. Each asserts that the process lives, that its memory
 * stays within 150 MB of its level before, and that the answers are 4xx or 503, never a hang or a 500.
 * The figures (time of each answer, memory) are printed for the record, not asserted against a clock.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import { REMOTE_TEXT } from '@trungtam/shared/contracts/remotes';
import { TEXT } from '../src/lib/errors';
import { createScratchDatabase } from '../test/support/scratch-database';
import { compatibleManifest, writeShellManifest } from '../test/support/manifests';
import { overlappingBomb, xlsxBomb } from '../test/support/zip-bomb';
import { apiCall, MB, signIn, startApiProcess, type ApiProcess } from './support/api-process';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

const MEMORY_BOUND = 150 * MB;
const serverUrl = process.env.DATABASE_URL;

/** The database env of an API process: a scratch PostgreSQL database when DATABASE_URL is set, else the embedded one. */
async function databaseEnv(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const scratch = await createScratchDatabase(serverUrl, 'test_faults');
  return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
}

const seconds = (since: bigint) => (Number(process.hrtime.bigint() - since) / 1e9).toFixed(2);

describe('hostile uploads', () => {
  let api: ApiProcess;
  let drop: () => Promise<void>;
  let token: string;
  let competitionId: number;

  beforeAll(async () => {
    const database = await databaseEnv();
    drop = database.drop;
    api = await startApiProcess(database.env);
    token = await signIn(api, 'admin@trungtam.vn');
    const event = await apiCall(api, 'POST', '/competition/event/create', token, { name: 'Cuộc thi thử tải lên', start_date: '2030-05-01', end_date: '2030-05-31', status: 2, center_id: 1 });
    expect(event.status).toBe(201);
    competitionId = (event.body!.data as { competition_id: number }).competition_id;
  });
  afterAll(async () => {
    await api?.stop();
    await drop?.();
  });

  const importFile = async (file: Buffer) => {
    const form = new FormData();
    form.append('competition_id', String(competitionId));
    form.append('file', new Blob([new Uint8Array(file)]), 'thi-sinh.xlsx');
    const response = await fetch(`${api.url}/api/v1/competition/examinee/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(60_000) });
    return { status: response.status, body: (await response.json()) as { error?: { fields?: Record<string, string> } } };
  };

  it.each([
    ['a 4 MB sheet declaring 4 GiB', () => xlsxBomb(4095), T.importUnpackedTooLarge],
    ['a 1 MB sheet inflating to 1 GiB behind a header that says 1 KiB', () => xlsxBomb(1024, 'lying'), T.importFileInvalid],
    ['a 4 MB sheet inflating to 4 GiB behind a header that says 1 KiB', () => xlsxBomb(4095, 'lying'), T.importFileInvalid],
    ['150 entries sharing one 1 MiB sheet', () => overlappingBomb(150, 1), T.importUnpackedTooLarge],
  ])('%s: a 400 naming the file, memory bounded, the process alive', async (what, bomb, message) => {
    const file = bomb();
    expect(file.length).toBeLessThan(5 * MB);
    const before = api.rss();
    api.resetPeak();
    const started = process.hrtime.bigint();
    const res = await importFile(file);
    const took = seconds(started);
    const grew = api.peak() - before;
    console.log(`${what} (${(file.length / MB).toFixed(1)} MB): ${res.status} in ${took} s, peak memory +${(grew / MB).toFixed(0)} MB over ${(before / MB).toFixed(0)} MB`);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ file: message });
    expect(grew).toBeLessThan(MEMORY_BOUND);
    expect(api.alive()).toBe(true);
  });

  it('the densest sheet under the cap (5.8 MB of one-letter cells) costs less than the bound to read', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Thí sinh');
    for (let n = 0; n < 21_000; n += 1) sheet.addRow(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const before = api.rss();
    api.resetPeak();
    const res = await importFile(file);
    const grew = api.peak() - before;
    console.log(`a dense sheet of 21,000 rows (${(file.length / MB).toFixed(1)} MB): ${res.status}, peak memory +${(grew / MB).toFixed(0)} MB over ${(before / MB).toFixed(0)} MB`);
    // read whole, then refused for its header and its size in rows
    expect(res.status).toBe(400);
    expect(grew).toBeLessThan(MEMORY_BOUND);
    expect(api.alive()).toBe(true);
  });

  it('imported nothing and still answers', async () => {
    const list = await apiCall(api, 'GET', `/competition/examinee/list?competition_id=${competitionId}`, token);
    expect(list.status).toBe(200);
    expect((list.body!.data as { total_rows: number }).total_rows).toBe(0);
  });
});

describe('hostile upstreams for the release call', () => {
  let api: ApiProcess;
  let drop: () => Promise<void>;
  let token: string;
  let upstream: http.Server;
  let origin: string;
  const closedSockets: string[] = [];
  let hugeBytesWritten = 0;

  beforeAll(async () => {
    upstream = http.createServer((request, response) => {
      request.socket.on('close', () => closedSockets.push(request.url ?? ''));
      if (request.url?.startsWith('/huge/')) {
        // chunked, no Content-Length, endless: 3 GB and more if nobody stops reading
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"name":"users","shared":[');
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        const pump = () => {
          while (!response.destroyed) {
            hugeBytesWritten += chunk.length;
            if (!response.write(chunk)) return response.once('drain', pump);
          }
        };
        pump();
      } else if (request.url?.startsWith('/slow/')) {
        // a byte a second, forever
        response.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(' ')), 1000);
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(compatibleManifest('users')));
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const database = await databaseEnv();
    drop = database.drop;
    api = await startApiProcess({ ...database.env, RELEASE_ALLOWED_ORIGINS: origin, SHELL_MANIFEST: writeShellManifest() });
    token = await signIn(api, 'admin@trungtam.vn');
  });
  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
    await api?.stop();
    await drop?.();
  });

  const release = (path: string, version: string) => apiCall(api, 'POST', '/system/remote/release', token, { area: 'users', version, entry: `${origin}${path}/${version}/mf-manifest.json` });

  it('stops reading an endless chunked answer at 2 MB, and a trickling one at the 10 s deadline', async () => {
    const before = api.rss();
    api.resetPeak();
    const started = process.hrtime.bigint();
    const [huge, slow] = await Promise.all([
      release('/huge', '1.0.1').then((res) => ({ ...res, took: seconds(started) })),
      release('/slow', '1.0.2').then((res) => ({ ...res, took: seconds(started) })),
    ]);
    const grew = api.peak() - before;
    console.log(`release fetch: endless answer ${huge.status} in ${huge.took} s (${(hugeBytesWritten / MB).toFixed(1)} MB written by the upstream), trickling answer ${slow.status} in ${slow.took} s, peak memory +${(grew / MB).toFixed(0)} MB`);
    for (const res of [huge, slow]) {
      expect(res.status).toBe(422);
      expect(res.body?.error?.message).toBe(REMOTE_TEXT.manifestUnreadable);
    }
    expect(grew).toBeLessThan(MEMORY_BOUND);
    // both connections were closed by the API, not left open
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closedSockets.some((url) => url.startsWith('/huge/'))).toBe(true);
    expect(closedSockets.some((url) => url.startsWith('/slow/'))).toBe(true);
    expect(api.alive()).toBe(true);
  });

  it('refuses the cloud metadata address and unlisted loopback with the same text, and still releases from the listed origin', async () => {
    for (const entry of ['http://169.254.169.254/latest/meta-data/mf-manifest.json', `http://localhost:${new URL(api.url).port}/health`]) {
      const res = await apiCall(api, 'POST', '/system/remote/release', token, { area: 'users', version: '1.0.3', entry });
      expect(res.status).toBe(422);
      expect(res.body?.error?.message).toBe(REMOTE_TEXT.manifestUnreadable);
    }
    const good = await release('/good', '1.0.4');
    expect(good.status).toBe(200);
  });
});

(serverUrl ? describe : describe.skip)('PostgreSQL connections lost (DATABASE_URL)', () => {
  let api: ApiProcess;
  let proxy: TcpProxy;
  let scratch: { url: string; drop: () => Promise<void> };
  let admin: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'test_faults_pg');
    const target = new URL(scratch.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const throughProxy = new URL(scratch.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    api = await startApiProcess({ DATABASE_URL: throughProxy.toString() });
    admin = await signIn(api, 'admin@trungtam.vn');
  });
  afterAll(async () => {
    await api?.stop();
    await proxy?.close();
    await scratch?.drop();
  });

  /** Writes (a room created, in a transaction with its audit entry) and reads (the class list) in `workers` loops until `until` resolves; every status seen. */
  async function load(workers: number, until: Promise<void>) {
    const statuses: number[] = [];
    const bodies: string[] = [];
    let stop = false;
    void until.then(() => (stop = true));
    let n = 0;
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        while (!stop) {
          n += 1;
          const res =
            worker % 2 === 0
              ? await apiCall(api, 'POST', '/learning/room/create', admin, { center_id: 1, name: `Phòng thử ${worker}-${n}` }, 30_000)
              : await apiCall(api, 'GET', '/learning/class/list?page=1', admin, undefined, 30_000);
          statuses.push(res.status);
          if (res.status >= 500) bodies.push(res.text);
        }
      }),
    );
    return { statuses, bodies };
  }

  async function terminateBackends(): Promise<number> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const result = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [new URL(scratch.url).pathname.slice(1)]);
      return result.rowCount ?? 0;
    } finally {
      await client.end();
    }
  }

  /** Answers until one is 2xx (at most `seconds`); then the next five must all be. */
  async function expectRecovered(maxSeconds: number) {
    const deadline = Date.now() + maxSeconds * 1000;
    for (;;) {
      const res = await apiCall(api, 'GET', '/learning/class/list?page=1', admin);
      if (res.status === 200) break;
      expect(res.status).toBe(503);
      if (Date.now() > deadline) throw new Error(`no recovery within ${maxSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (let n = 0; n < 5; n += 1) expect((await apiCall(api, 'POST', '/learning/room/create', admin, { center_id: 1, name: `Phòng sau sự cố ${Date.now()}-${n}` })).status).toBe(201);
  }

  const expectOnly503s = (seen: { statuses: number[]; bodies: string[] }) => {
    const unexpected = seen.statuses.filter((status) => ![200, 201, 503].includes(status));
    expect(unexpected).toEqual([]);
    for (const body of seen.bodies) {
      expect(JSON.parse(body)).toEqual({ error: { code: 'UNAVAILABLE', message: TEXT.databaseUnavailable } });
    }
  };

  it('pg_terminate_backend under write load costs at most the requests in flight (503), and the API recovers by itself', async () => {
    let killed = 0;
    const kills = (async () => {
      for (let round = 0; round < 4; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        killed += await terminateBackends();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    })();
    const seen = await load(6, kills);
    const failed = seen.statuses.filter((status) => status === 503).length;
    console.log(`terminated ${killed} connections under load: ${seen.statuses.length} answers, ${failed} of them 503`);
    expect(killed).toBeGreaterThan(0);
    expect(api.alive()).toBe(true);
    expectOnly503s(seen);
    await expectRecovered(10);
  });

  it('the database gone for 10 s: 503 meanwhile, never a hang, and back by itself', async () => {
    await proxy.stop();
    const outage = new Promise<void>((resolve) => setTimeout(resolve, 10_000));
    const seen = await load(4, outage);
    await proxy.resume();
    console.log(`database gone for 10 s: ${seen.statuses.length} answers meanwhile (${[...new Set(seen.statuses)].join(', ')})`);
    expect(api.alive()).toBe(true);
    expect(seen.statuses.length).toBeGreaterThan(0);
    expectOnly503s(seen);
    await expectRecovered(15);
  });
});
