/** How the built parts are served: compressed copies of their files, and what is cached for how long. */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DEMO, signIn as signInAs, startSuite, type Suite } from '../support/suite';

/** V8's explicit compile hint for a whole file (the builds' pluginCompileHints). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with the given Accept-Encoding, the body as it came (not decompressed). */
function get(url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('latin1') }));
    });
    request.on('error', reject);
  });
}

/** The text of a body as it came, decompressed as its Content-Encoding says. */
function decoded(answer: Answer): string {
  const body = Buffer.from(answer.body, 'latin1');
  const encoding = answer.headers['content-encoding'];
  const raw = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return raw.toString('utf8');
}

describe('static files', () => {
  let suite: Suite;
  let remoteOrigin: string;
  before(async () => {
    suite = await startSuite();
    remoteOrigin = `http://localhost:${suite.settings.remotes[0].port}`;
  });
  after(async () => {
    await suite?.stop();
  });

  test('index.html and every single-page route are revalidated on each load; the hashed scripts are immutable', async () => {
    for (const path of ['/', '/auth/login', '/dashboard', '/assets/teachers']) {
      const page = await get(`${suite.appUrl}${path}`, 'gzip, deflate, br');
      assert.equal(page.status, 200, path);
      assert.equal(page.headers['cache-control'], 'no-cache', path);
      assert.match(decoded(page), /<div id="root">/, path);
    }
    const html = (await get(`${suite.appUrl}/`)).body;
    const script = html.match(/<script[^>]*src="([^"]+\.js)"/)?.[1];
    assert.ok(script, 'the page names its script');
    assert.equal((await get(`${suite.appUrl}${script}`)).headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('scripts are sent brotli-compressed, gzip-compressed to a browser without brotli, as they are to one asking for neither', async () => {
    const html = (await get(`${suite.appUrl}/`)).body;
    const script = `${suite.appUrl}${html.match(/<script[^>]*src="([^"]+\.js)"/)?.[1]}`;
    const plain = await get(script);
    assert.equal(plain.headers['content-encoding'], undefined);
    const brotli = await get(script, 'gzip, deflate, br');
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.ok(brotli.body.length < plain.body.length / 2, 'the brotli copy is much smaller');
    assert.equal((await get(script, 'gzip, deflate')).headers['content-encoding'], 'gzip');
    for (const answer of [plain, brotli]) assert.match(String(answer.headers.vary), /Accept-Encoding/);
    // a remote's entry, loaded by the shell from another origin: compressed too, per origin and encoding
    const entry = await get(`${remoteOrigin}/remoteEntry.js`, 'br');
    assert.equal(entry.headers['content-encoding'], 'br');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.match(String(entry.headers.vary), /Origin/);
    assert.match(String(entry.headers.vary), /Accept-Encoding/);
  });

  test("every script of the shell's and of a remote's start begins with V8's compile hint, in each encoding sent", async () => {
    const html = (await get(`${suite.appUrl}/auth/login`)).body;
    const scripts = [...html.matchAll(/<(?:script[^>]*src|link rel="preload" as="script" href)="([^"]+\.js)"/g)].map((match) => `${suite.appUrl}${match[1]}`);
    scripts.push(`${remoteOrigin}/remoteEntry.js`);
    assert.ok(scripts.length > 3, `the page names its start-up scripts (found ${scripts.length})`);
    for (const script of scripts) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const answer = await get(script, encoding);
        assert.ok(decoded(answer).startsWith(COMPILE_HINT), `${script} (${encoding ?? 'identity'}) starts with the compile hint`);
      }
    }
  });

  test('the page shows the start-up splash before any script has run', async () => {
    const { context, page } = await suite.newPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto(`${suite.appUrl}/dashboard`);
    const logo = page.locator('#root svg');
    const box = await logo.boundingBox();
    await context.close();
    assert.ok(box, 'the logo is painted');
    // centred by its own stylesheet (the page allows no inline style)
    assert.equal(Math.round(box.x + box.width / 2), 195);
    assert.ok(box.y > 300 && box.y < 422, `the logo is in the middle of the screen (top at ${box.y})`);
  });

  test("the page announces every script its start downloads; the sign-in page downloads neither the design system nor yup and its form code comes apart, a returning user's dashboard downloads no form code and no design system, and neither runs the federation runtime before an area opens", async () => {
    const html = (await get(`${suite.appUrl}/auth/login`)).body;
    const announced = new Set([...html.matchAll(/<(?:script[^>]*src|link rel="preload" as="script" href)="([^"]+\.js)"/g)].map((match) => match[1]));
    assert.ok(announced.size > 3, `the page names its start-up scripts (found ${announced.size})`);
    /** The shell's scripts a fresh page runs while `visit` runs (not those it prefetches), by path, with their text. */
    const scriptsOf = async (visit: (page: Page) => Promise<void>, options?: BrowserContextOptions) => {
      const { context, page } = await suite.newPage(options);
      const scripts = new Map<string, Promise<string>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || new URL(response.url()).origin !== new URL(suite.appUrl).origin) return;
        scripts.set(new URL(response.url()).pathname, response.text().catch(() => ''));
      });
      await visit(page);
      await page.waitForLoadState('networkidle');
      const texts = new Map(await Promise.all([...scripts].map(async ([path, text]) => [path, await text] as const)));
      await context.close();
      return texts;
    };
    /** Formik, yup and the design system's styling engine (emotion), each named by a text of its own. */
    const FORMIK = /FormikProvider/;
    const YUP = /addMethod/;
    const STYLING = /data-emotion/;
    const holding = (scripts: Map<string, string>, library: RegExp) => [...scripts].filter(([, text]) => library.test(text)).map(([path]) => path);

    const signIn = await scriptsOf(async (page) => {
      await page.goto(`${suite.appUrl}/auth/login`);
      await page.getByLabel('Email').waitFor();
    });
    assert.deepEqual([...announced].filter((script) => !signIn.has(script)), [], 'announced scripts the page did not use');
    // the rest is the signed-out pages with what they use, Formik among it, which the entry starts
    // downloading itself; their rules are no yup schemas, and they are plain elements, not the UI kit
    const signedOutPart = [...signIn.keys()].filter((script) => !announced.has(script));
    assert.notDeepEqual(holding(signIn, FORMIK), [], 'the sign-in page downloads Formik');
    for (const script of holding(signIn, FORMIK)) assert.ok(signedOutPart.includes(script), `${script}, Formik, is not announced`);
    assert.deepEqual(holding(signIn, YUP), [], 'yup on the sign-in page');
    assert.deepEqual(holding(signIn, STYLING), [], 'the design system on the sign-in page');

    const { context, page } = await suite.newPage();
    await signInAs(suite, page, DEMO.admin);
    const storageState = await context.storageState();
    await context.close();
    const dashboard = await scriptsOf(async (page) => {
      await page.goto(`${suite.appUrl}/dashboard`);
      await page.getByRole('heading', { name: /Lịch học trong tuần này/ }).waitFor();
    }, { storageState });
    assert.deepEqual([...announced].filter((script) => !dashboard.has(script)), [], 'announced scripts the dashboard did not use');
    assert.deepEqual([...holding(dashboard, FORMIK), ...holding(dashboard, YUP)], [], 'form libraries on the dashboard');
    assert.deepEqual(holding(dashboard, STYLING), [], 'the design system on the dashboard');

    // the Module Federation runtime (named by its global) starts with the first area, not with the page
    const withRuntime = (scripts: Map<string, string>) => [...scripts].filter(([, text]) => text.includes('__FEDERATION__')).map(([path]) => path);
    assert.deepEqual(withRuntime(signIn), [], 'the federation runtime on the sign-in page');
    assert.deepEqual(withRuntime(dashboard), [], 'the federation runtime on the dashboard');
    const area = await scriptsOf(async (page) => {
      await page.goto(`${suite.appUrl}/dashboard`);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).click();
      await page.getByRole('heading', { name: 'Danh sách giáo viên' }).waitFor();
    }, { storageState });
    assert.equal(withRuntime(area).length, 1, 'the federation runtime once an area opens');
    assert.notDeepEqual(holding(area, STYLING), [], 'the design system once an area opens');
  });
});
