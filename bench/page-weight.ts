/**
 * Benchmark: the JavaScript a browser downloads for the sign-in page and for the teachers page
 * (a fresh browser each time), in bytes and gzip bytes, per origin. Builds nothing: run
 * `npm run test:e2e` or `node scripts/run-e2e.mjs` first, or build with the e2e ports.
 *
 *   node --import tsx bench/page-weight.ts
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO, signIn, startSuite, type Suite } from '../e2e/support/suite';

interface Weight {
  files: number;
  bytes: number;
  gzip: number;
  byOrigin: Record<string, number>;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function measure(suite: Suite, visit: (page: Page) => Promise<void>, storageState?: StorageState) {
  const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
  const page = await context.newPage();
  const weight: Weight = { files: 0, bytes: 0, gzip: 0, byOrigin: {} };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const gzip = gzipSync(body, { level: 9 }).length;
          weight.files += 1;
          weight.bytes += body.length;
          weight.gzip += gzip;
          const origin = new URL(response.url()).origin;
          weight.byOrigin[origin] = (weight.byOrigin[origin] ?? 0) + gzip;
        })
        .catch(() => {}),
    );
  });
  await visit(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return weight;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const suite = await startSuite();
try {
  const login = await measure(suite, (page) => page.goto(`${suite.appUrl}/auth/login`).then(() => {}));
  // Sign in once, then measure a fresh browser (empty cache) opening the teachers page with that session.
  const { context: signInContext, page: signInPage } = await suite.newPage();
  await signIn(suite, signInPage, DEMO.admin);
  const session = await signInContext.storageState();
  await signInContext.close();
  const teachers = await measure(
    suite,
    async (page) => {
      await page.goto(`${suite.appUrl}/assets/teachers`);
      await page.getByRole('table').waitFor();
    },
    session,
  );
  for (const [name, weight] of [
    ['sign-in page', login],
    ['teachers page (signed in, fresh load)', teachers],
  ] as const) {
    console.log(`${name}: ${weight.files} JS files, ${kb(weight.bytes)} raw, ${kb(weight.gzip)} gzip`);
    for (const [origin, gzip] of Object.entries(weight.byOrigin)) console.log(`    ${origin}: ${kb(gzip)} gzip`);
  }
} finally {
  await suite.stop();
}
