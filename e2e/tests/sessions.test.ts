import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, DEMO, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

/** The token the shell keeps for the signed-in user. */
const storedToken = (page: import('playwright-core').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('trungtam-auth') ?? '{}').state?.accessToken as string | null);

describe('sessions end on the server', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test("a returning user's page asks for the user and the menu once each as it starts, with the stored token", async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.teacher);
    const token = await storedToken(page);
    // the signed-in page's own calls after the sign-in are over before counting starts: the sign-in
    // returns once the address changes, which can be before the page has asked for its menu
    await page.getByRole('navigation').first().waitFor();
    await page.waitForLoadState('networkidle');
    const asked: Array<{ path: string; auth: string | undefined }> = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && /\/(user\/get-by-token|system\/remote\/manifest)$/.test(pathname)) {
        asked.push({ path: pathname.replace(/^.*\/api\/v1/, ''), auth: request.headers().authorization });
      }
    });
    await page.reload();
    await page.getByRole('navigation').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(asked.map((call) => call.path).sort(), ['/system/remote/manifest', '/user/get-by-token']);
    assert.ok(asked.every((call) => call.auth === `Bearer ${token}`));
    await context.close();
  });

  test('signing out from the header ends the token on the API at once', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.teacher);
    const token = await storedToken(page);
    assert.ok(token);
    assert.equal((await apiCall(suite, 'GET', '/user/get-by-token', { token })).status, 200);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    // the copy of the token someone kept is refused from now on (the sign-out call leaves as the page changes)
    let status = 0;
    for (let i = 0; i < 50; i += 1) {
      status = (await apiCall(suite, 'GET', '/user/get-by-token', { token })).status;
      if (status === 401) break;
      await page.waitForTimeout(100);
    }
    assert.equal(status, 401);
    await context.close();
  });

  test('an administrator signs a teacher out of every device from the teachers list', async () => {
    const teacher = await suite.newPage();
    await signIn(suite, teacher.page, DEMO.teacher);
    const scriptToken = await tokenFor(suite, DEMO.teacher);

    const admin = await suite.newPage();
    await signIn(suite, admin.page, DEMO.admin);
    await admin.page.goto(`${suite.appUrl}/assets/teachers`);
    const row = admin.page.getByRole('row', { name: new RegExp(DEMO.teacher) });
    await row.getByRole('button', { name: 'Đăng xuất mọi thiết bị' }).click();
    const dialog = admin.page.getByRole('alertdialog');
    await dialog.getByText(/khỏi mọi thiết bị\? Người dùng sẽ phải đăng nhập lại\./).waitFor();
    await dialog.getByRole('button', { name: 'Đăng xuất' }).click();
    await admin.page.getByText('Đã đăng xuất tài khoản khỏi mọi thiết bị').waitFor();

    assert.equal((await apiCall(suite, 'GET', '/user/get-by-token', { token: scriptToken })).status, 401);
    // the teacher's open page is sent to the sign-in page on its next call
    await teacher.page.reload();
    await teacher.page.waitForURL(`${suite.appUrl}/auth/login`);
    // the administrator's own session goes on
    await admin.page.reload();
    await row.waitFor();
    await Promise.all([teacher.context.close(), admin.context.close()]);
  });
});
