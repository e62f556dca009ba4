/**
 * The API as its own process, for the fault suite: what a hostile request or a lost database does to the
 * process (does it live, how much memory does it take) can only be seen from outside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_ROOT } from '../../src/config';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resident memory now, in bytes. */
  rss(): number;
  /** Starts counting the peak resident memory from now (Linux's clear_refs). */
  resetPeak(): void;
  /** The peak resident memory since the last resetPeak, in bytes. */
  peak(): number;
  /** What the process printed (the last 50 kB). */
  log(): string;
  stop(): Promise<void>;
}

const statusField = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `src/server.ts` with `env` on a free port (a fresh embedded database unless DATABASE_URL is given) and waits until it answers. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trungtam-faults-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: process.env.TZ ?? 'UTC',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'faults-secret-not-for-production',
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'false',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.on('exit', () => (exited = true));

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`the API exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error(`the API did not start within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pid = child.pid!;
  return {
    url,
    child,
    alive: () => !exited && child.exitCode === null,
    rss: () => statusField(pid, 'VmRSS'),
    resetPeak: () => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    peak: () => statusField(pid, 'VmHWM'),
    log: () => output,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call to the running API: its status and body (null when the body is no JSON). */
export async function apiCall(api: ApiProcess, method: string, route: string, token?: string, body?: unknown, timeoutMs = 60_000) {
  const response = await fetch(`${api.url}/api/v1${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: json as { data?: unknown; error?: { code: string; message: string; fields?: Record<string, string> } } | null, text };
}

export async function signIn(api: ApiProcess, email: string): Promise<string> {
  const res = await apiCall(api, 'POST', '/auth/login', undefined, { email, password: 'matkhau123' });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${res.text}`);
  return (res.body as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
}

export const MB = 1024 * 1024;
