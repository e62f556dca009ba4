/**
 * The front end's figures, in Chromium against a running suite (API, shell and remotes as built):
 * - the JavaScript of a cold load (a fresh browser: empty cache) of the sign-in page, of the dashboard
 *   until it is interactive, and of each remote's first page counted on the remote's own origin: gzip
 *   size (level 9, whatever the server sent) and the bytes that crossed the wire (as encoded by the server);
 * - Lighthouse's performance and accessibility scores, desktop and mobile, on the sign-in page, the
 *   dashboard and the teachers page, each with a cold cache (the session kept for the signed-in pages).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REMOTES } from '../../deploy/remotes.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';


export interface Weight {
  files: number;
  gzip: number;
  wire: number;
  /** content encodings seen on the scripts of 1 KB or more (br, gzip, identity), and 'small' for the others */
  encodings: string[];
  /** gzip size of the scripts the page prefetched (`<link rel="prefetch">`: fetched once the browser is idle, not run) */
  prefetched: number;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Account {
  email: string;
  password: string;
}

async function signInThroughForm(page: Page, appUrl: string, account: Account) {
  await page.goto(`${appUrl}/auth/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/Mật khẩu|Password/).fill(account.password);
  await page.getByRole('button', { name: /Đăng nhập|Sign in|Continue/i }).click();
  await page.waitForURL(`${appUrl}/dashboard`);
  // (the dashboard shown, and a moment for what it asks to arrive, as a user sees it before opening another page)
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await page.waitForTimeout(1000);
}

/** The scripts a fresh browser context loads while `visit` runs, those of `origin` only when given. */
async function scriptsOf(browser: Browser, visit: (page: Page) => Promise<void>, options: { storageState?: StorageState; origin?: string } = {}): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: options.storageState });
  const page = await context.newPage();
  const weight: Weight = { files: 0, gzip: 0, wire: 0, encodings: [], prefetched: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (options.origin && new URL(response.url()).origin !== options.origin) return;
    if (response.request().resourceType() === 'other' && new URL(response.url()).pathname.endsWith('.js')) {
      pending.push(response.body().then((body) => void (weight.prefetched += gzipSync(body, { level: 9 }).length), () => {}));
      return;
    }
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [body, sizes, headers] = await Promise.all([response.body(), response.request().sizes(), response.allHeaders()]);
        weight.files += 1;
        weight.gzip += gzipSync(body, { level: 9 }).length;
        weight.wire += sizes.responseBodySize;
        // files under 1 KB are sent as they are (compression gains nothing: nginx's gzip_min_length)
        const encoding = body.length < 1024 ? 'small' : (headers['content-encoding'] ?? 'identity');
        if (!weight.encodings.includes(encoding)) weight.encodings.push(encoding);
      })().catch(() => {}),
    );
  });
  await visit(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return weight;
}

export interface PageWeights {
  signIn: Weight;
  dashboard: Weight;
  remotes: Array<{ name: string; path: string; weight: Weight }>;
}

export async function measurePageWeights(appUrl: string, remoteOrigins: Record<string, string>, account: Account): Promise<PageWeights> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const signIn = await scriptsOf(browser, (page) => page.goto(`${appUrl}/auth/login`).then(() => page.getByLabel('Email').waitFor()));
    const context = await browser.newContext();
    await signInThroughForm(await context.newPage(), appUrl, account);
    const storageState = await context.storageState();
    await context.close();
    const dashboard = await scriptsOf(
      browser,
      async (page) => {
        await page.goto(`${appUrl}/dashboard`);
        await page.getByRole('heading').first().waitFor();
      },
      { storageState },
    );
    const remotes: PageWeights['remotes'] = [];
    for (const remote of REMOTES) {
      const first = remote.routes[0].path;
      const weight = await scriptsOf(
        browser,
        async (page) => {
          await page.goto(`${appUrl}${first}`);
          await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 30_000 }).catch(() => {});
        },
        { storageState, origin: remoteOrigins[remote.name] },
      );
      remotes.push({ name: remote.workspace, path: first, weight });
    }
    return { signIn, dashboard, remotes };
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  page: string;
  formFactor: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  /** the accessibility audits that failed, by id */
  failed: string[];
  /** the performance metrics behind the score, as Lighthouse prints them (FCP, LCP, TBT, CLS, SI) */
  metrics: string;
  /** the lowest and highest performance scores of the runs (the scores above are the median run's) */
  range: [number, number];
  /**
   * Lighthouse's measure of the machine's CPU speed in the median run (its environment's benchmarkIndex):
   * the mobile score's 4× CPU slowdown is applied to this machine, so the same page scores lower on a
   * slower one. Printed beside the scores to tell the page's change from the machine's.
   */
  benchmarkIndex: number;
  runs: number;
}

const METRIC_AUDITS: Array<[string, string]> = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startChromium(): Promise<{ port: number; process: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${dataDir}`, 'about:blank'], {
    stdio: 'ignore',
    // a process group of its own, so that its helper processes end with it (stopChromium)
    detached: true,
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, process: child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('Chromium did not open its debugging port');
}

/** Ends Chromium and its helper processes (its process group), then removes its profile. */
async function stopChromium(chrome: { process: ChildProcess; dataDir: string }): Promise<void> {
  const exited = new Promise((resolve) => (chrome.process.exitCode !== null ? resolve(null) : chrome.process.once('exit', resolve)));
  try {
    process.kill(-chrome.process.pid!, 'SIGTERM');
  } catch {
    chrome.process.kill();
  }
  await exited;
  // a helper still closing its files for a moment: removal is tried again, and a leftover temporary
  // folder is no reason to lose the figures
  try {
    fs.rmSync(chrome.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`could not remove ${chrome.dataDir}: ${(error as Error).message}`);
  }
}

/**
 * Each page × form factor `runs` times, each run in a Chromium of its own (a cold cache); for a signed-in
 * page the session is made first through the sign-in form, then the HTTP cache is emptied and Lighthouse
 * told to keep storage. The median run (by performance score) is reported, with the range of the runs:
 * on a small machine one run's score moves by ten points or more from one run to the next.
 */
export async function measureLighthouse(
  appUrl: string,
  pages: Array<{ name: string; path: string; signedIn: boolean }>,
  account: Account,
  { reportsFolder, runs = 3 }: { reportsFolder?: string; runs?: number } = {},
): Promise<LighthouseScores[]> {
  const scores: LighthouseScores[] = [];
  for (const target of pages) {
    for (const formFactor of ['desktop', 'mobile'] as const) {
      const results: Array<{ score: Omit<LighthouseScores, 'range' | 'runs'>; lhr: unknown }> = [];
      for (let run = 0; run < runs; run += 1) results.push(await lighthouseRun(appUrl, target, formFactor, account));
      results.sort((a, b) => a.score.performance - b.score.performance);
      const median = results[Math.floor((results.length - 1) / 2)];
      if (reportsFolder) {
        fs.mkdirSync(reportsFolder, { recursive: true });
        fs.writeFileSync(path.join(reportsFolder, `${target.name}-${formFactor}.json`), JSON.stringify(median.lhr));
      }
      scores.push({ ...median.score, range: [results[0].score.performance, results.at(-1)!.score.performance], runs });
    }
  }
  return scores;
}

async function lighthouseRun(appUrl: string, target: { name: string; path: string; signedIn: boolean }, formFactor: 'desktop' | 'mobile', account: Account) {
  const chrome = await startChromium();
  try {
    if (target.signedIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      const page = await context.newPage();
      await signInThroughForm(page, appUrl, account);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      `${appUrl}${target.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: target.signedIn },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    const { categories, audits } = result.lhr;
    const failed = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const score = {
      page: target.name,
      formFactor,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      failed,
      metrics: METRIC_AUDITS.map(([label, id]) => `${label} ${audits[id]?.displayValue ?? '?'}`).join(', '),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
    return { score, lhr: result.lhr };
  } finally {
    await stopChromium(chrome);
  }
}
