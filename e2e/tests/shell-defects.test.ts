/** The shell as a new user tries it: deep links, sign-out, the page language, the header, the bell, phones. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, PASSWORD, signIn, startSuite, type Suite } from '../support/suite';

describe('shell', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('a new release reaches browsers at once: pages are revalidated, only hashed assets are cached for good', async () => {
    for (const path of ['/', '/dashboard', '/assets/teachers']) {
      const response = await fetch(`${suite.appUrl}${path}`);
      assert.equal(response.headers.get('cache-control'), 'no-cache', path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
    }
    const html = await (await fetch(`${suite.appUrl}/`)).text();
    const script = /src="([^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page loads a script');
    assert.match((await fetch(new URL(script, suite.appUrl))).headers.get('cache-control') ?? '', /immutable/);
    const manifest = await fetch(`http://localhost:${suite.settings.remotes[0].port}/mf-manifest.json`);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  });

  test('a deep link opened signed out leads there after sign-in', async () => {
    const { context, page } = await suite.newPage();
    await page.goto(`${suite.appUrl}/assets/students?status=1&page=2`);
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await page.getByLabel('Email').fill(DEMO.academicAffair);
    await page.getByLabel(/Password/).fill(PASSWORD);
    await page.getByRole('button', { name: /Continue/i }).click();
    await page.waitForURL(`${suite.appUrl}/assets/students?status=1&page=2`);
    await page.getByRole('heading', { name: 'Danh sách học viên' }).waitFor();
    await context.close();
  });

  test('signing out ends the session on the API and sends nothing more with the old token', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.admin);
    // from a remote's page, where the area and its manifest are in use
    await page.goto(`${suite.appUrl}/assets/teachers`);
    await page.getByRole('row').nth(1).waitFor();
    const afterLogout: string[] = [];
    let loggedOut = false;
    page.on('request', (request) => {
      if (loggedOut && request.url().startsWith(suite.apiUrl) && request.headers().authorization) afterLogout.push(request.url());
    });
    page.on('response', (response) => {
      if (loggedOut && response.status() === 401) afterLogout.push(`401 ${response.url()}`);
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    loggedOut = true;
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await page.waitForTimeout(1500);
    // one call with the old token: the one that ends its session
    assert.deepEqual(afterLogout, [`${suite.apiUrl}/auth/logout`]);
    await context.close();
  });

  test('<html lang> follows the language; the logo and name appear once on a desktop', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.admin);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByTestId('header-brand').isVisible(), false, 'the side menu shows the brand');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'vi');
    await context.close();
  });

  test('on a phone the teachers’ actions are reachable and the headers readable', async () => {
    const { context, page } = await suite.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/assets/teachers`);
    const firstRow = page.getByRole('row').nth(1);
    await firstRow.waitFor();
    const edit = firstRow.getByRole('button', { name: 'Sửa' });
    const box = await edit.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the edit button is on screen (${JSON.stringify(box)})`);
    const header = page.getByRole('columnheader', { name: 'Đăng nhập lần cuối' });
    const headerBox = await header.boundingBox();
    assert.ok(headerBox && headerBox.height < 50, `the header keeps to one line (${headerBox?.height}px)`);
    await edit.click();
    await page.getByRole('dialog').getByLabel('Tên tài khoản').waitFor();
    await context.close();
  });
});
