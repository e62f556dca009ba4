/**
 * Starts the built suite for one test file: the API on a fresh embedded database (a copy of the run's
 * seeded template when there is one: dataTemplate.mjs), the shell and each
 * remote on their own origins, and a headless Debian Chromium. A test during which a page of the suite
 * met a Content-Security-Policy refusal fails, with the refusals listed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'node:test';
import type { Server } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
// plain ES module shared with `npm start`
import { serveFrontEnds, serveRemote, startApi, suiteSettings } from '../../scripts/suite.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { copyDataTemplate } from './dataTemplate.mjs';
import { E2E_ENV } from './env.mjs';

export const PASSWORD = 'matkhau123';
export const DEMO = {
  admin: 'admin@trungtam.vn',
  academicAffair: 'giaovu@trungtam.vn',
  teacher: 'giaovien@trungtam.vn',
  student: 'hocvien@trungtam.vn',
} as const;

interface SuiteSettings {
  port: number;
  apiPort: number;
  appUrl: string;
  apiUrl: string;
  remotes: Array<{ name: string; port: number; workspace: string }>;
}

export interface Suite {
  settings: SuiteSettings;
  appUrl: string;
  apiUrl: string;
  browser: Browser;
  /**
   * A new browser context (own local storage) and page; `options` override the desktop en-US defaults.
   * A Content-Security-Policy refusal in any of its pages fails the running test.
   */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Stops a remote's static server (to see the shell survive it) and starts it again, from its workspace's
   * build or from the build in `dir` (another release of it).
   */
  stopRemote(name: string): Promise<void>;
  startRemote(name: string, options?: { dir?: string }): Promise<void>;
  stop(): Promise<void>;
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const CSP = /Content[- ]Security[- ]Policy/i;
/** The refusals met since the last test ended. */
const cspViolations: string[] = [];

/** Collects every Content-Security-Policy refusal of the context's pages. */
async function watchContentSecurityPolicy(context: BrowserContext) {
  // Chromium logs each refusal; the event adds the directive, the blocked resource and where it came from.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
      console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}${where}`);
    });
  });
  context.on('console', (message) => {
    if (CSP.test(message.text())) cspViolations.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
  });
}

/** The refusals met since the last call (or since the last test ended), forgotten once taken. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

// Every test passes under the policies the suite is served with, or fails naming what they refused.
afterEach((t) => {
  const found = takeCspViolations();
  if (found.length === 0) return;
  const message = `Content Security Policy refused ${found.length} thing(s) during this test:\n${found.map((line) => `  - ${line}`).join('\n')}`;
  // a test that failed already shows its own error: the refusals (maybe its cause) are noted beside it
  if ('diagnostic' in t && (t as { passed?: boolean }).passed === false) t.diagnostic(message);
  else throw new Error(message);
});

export async function startSuite(): Promise<Suite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'back-office-e2e-'));
  copyDataTemplate(dataDir);
  const settings: SuiteSettings = suiteSettings({ ...E2E_ENV, DATA_DIR: dataDir });
  // the API answers CORS to the shell's origin only, whatever the environment says
  const api: ChildProcess = await startApi(settings, { quiet: true, env: { CORS_ORIGINS: new URL(settings.appUrl).origin } });
  let servers: { shell: Server; remotes: Record<string, Server> } | undefined;
  let browser: Browser;
  try {
    servers = (await serveFrontEnds(settings)) as { shell: Server; remotes: Record<string, Server> };
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    // what started is stopped, or its open servers would keep the test run from ever ending
    if (servers) await Promise.all([servers.shell, ...Object.values(servers.remotes)].map(closeServer));
    api.kill();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = servers;

  return {
    settings,
    appUrl: settings.appUrl,
    apiUrl: settings.apiUrl,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', ...options });
      await watchContentSecurityPolicy(context);
      const page = await context.newPage();
      return { context, page };
    },
    async stopRemote(name) {
      await closeServer(started.remotes[name]);
    },
    async startRemote(name, options = {}) {
      const remote = settings.remotes.find((r) => r.name === name)!;
      started.remotes[name] = (await serveRemote(settings, remote, options)) as Server;
    },
    async stop() {
      await browser.close().catch(() => {});
      await closeServer(started.shell);
      await Promise.all(Object.values(started.remotes).map(closeServer));
      api.kill();
      await new Promise((resolve) => api.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(suite: Suite, page: Page, email: string, password = PASSWORD) {
  await page.goto(`${suite.appUrl}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/Mật khẩu|Password/).fill(password);
  await page.getByRole('button', { name: /Đăng nhập|Sign in|Continue/i }).click();
  await page.waitForURL(`${suite.appUrl}/dashboard`);
}

/** Calls the API directly, as a script or another client would. */
export async function apiCall(
  suite: Suite,
  method: string,
  route: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${suite.apiUrl}${route}`, {
    method,
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function tokenFor(suite: Suite, email: string, password = PASSWORD): Promise<string> {
  const { status, body } = await apiCall(suite, 'POST', '/auth/login', { body: { email, password } });
  if (status !== 200) throw new Error(`Sign-in of ${email} failed: ${status}`);
  return body.data.auth.accessToken;
}
