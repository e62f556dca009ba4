import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, PASSWORD, signIn, startSuite, type Suite } from '../support/suite';

describe('account page and layout builder', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('changing the password keeps this session and signs out the other ones', async () => {
    const here = await suite.newPage();
    const elsewhere = await suite.newPage();
    await signIn(suite, here.page, DEMO.teacher);
    await signIn(suite, elsewhere.page, DEMO.teacher);

    const { page } = here;
    await page.goto(`${suite.appUrl}/crafted/account`);
    const overview = page.getByLabel('Account overview');
    await overview.getByText('Trung tâm Hà Nội').waitFor();
    assert.match(await overview.innerText(), /giaovien@trungtam\.vn/);

    await page.getByLabel('Current password').fill('saimatkhau');
    await page.getByLabel(/^New password/).fill('matkhaumoi9');
    await page.getByLabel('Confirm new password').fill('matkhaumoi9');
    await page.getByRole('button', { name: 'Cập nhật mật khẩu tài khoản' }).click();
    // the API names the field: its message shows under it, not in a banner
    await page.getByText('Mật khẩu hiện tại không chính xác').waitFor();
    assert.equal(await page.getByLabel('Current password').getAttribute('aria-invalid'), 'true');

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Cập nhật mật khẩu tài khoản' }).click();
    await page.getByText('Bạn đã cập nhật mật khẩu tài khoản thành công').waitFor();

    // this session goes on
    await page.reload();
    await page.getByRole('heading', { name: 'Account overview' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/crafted/account');
    // the other one is over
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL(`${suite.appUrl}/auth/login`);
    // and the new password signs in
    const third = await suite.newPage();
    await signIn(suite, third.page, DEMO.teacher, 'matkhaumoi9');
    await Promise.all([here.context.close(), elsewhere.context.close(), third.context.close()]);
  });

  test('the builder applies the colour mode at once, keeps it after a reload, and the users area follows it', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/builder`);
    await page.getByText('Dark', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    await page.getByRole('heading', { name: 'Layout builder' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('trungtam-layout') ?? '{}').state);
    assert.equal(stored.colorMode, 'dark');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).click();
    const table = page.getByRole('table').first();
    await table.waitFor();
    // the remote's table is painted by the shared theme's dark tokens
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    assert.ok(r + g + b < 150, `dark page background, got ${background}`);

    await page.goto(`${suite.appUrl}/builder`);
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    await context.close();
  });
});
