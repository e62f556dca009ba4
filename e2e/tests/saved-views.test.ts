import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const VIEW = 'Học viên TikTok theo tên';

describe('sorting and saved views', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  const table = (page: Page) => page.getByRole('table', { name: 'Danh sách học viên' });
  /** The names of the rows on screen, in order (the second cell: the first holds the row's checkbox for the bulk actions). */
  const namesOnScreen = (page: Page) =>
    page.$$eval('table[aria-label="Danh sách học viên"] tbody tr td:nth-child(2)', (cells) => cells.map((cell) => cell.textContent ?? ''));

  test('a giáo vụ sorts the students by name, saves the view, and finds it after a reload and another sign-in', async () => {
    const { context, page } = await suite.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(suite, page, DEMO.academicAffair);
    await page.goto(`${suite.appUrl}/assets/students?source=tiktok`);
    await table(page).getByRole('row').nth(1).waitFor();

    // sorting from the header: into the address, ascending first
    await table(page).getByRole('button', { name: /^ID \/ Học viên/ }).click();
    await page.waitForURL(/\?source=tiktok&sort=name&order=ASC$/);
    await page.waitForFunction(() => document.querySelector('table[aria-label="Danh sách học viên"] th[aria-sort="ascending"]') !== null);
    const token = await tokenFor(suite, DEMO.academicAffair);
    const expected = (await apiCall(suite, 'GET', '/user/list?type=student&source=tiktok&sort_column=name&sort_type=ASC&limit=10', { token })).body.data.rows.map(
      (row: { name: string }) => row.name,
    );
    await page.waitForFunction(
      (first) => document.querySelector('table[aria-label="Danh sách học viên"] tbody tr td:nth-child(2)')?.textContent?.includes(first),
      expected[0],
    );

    // saved under a name
    await page.getByRole('button', { name: 'Chế độ xem' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Tên chế độ xem/).fill(VIEW);
    await dialog.getByRole('button', { name: 'Lưu chế độ xem' }).click();
    await dialog.getByRole('button', { name: `Áp dụng chế độ xem ${VIEW}` }).waitFor();
    await dialog.getByRole('button', { name: 'Đóng' }).click();
    await page.getByRole('button', { name: `Chế độ xem: ${VIEW}` }).waitFor();

    // a reload keeps the sort and names the view
    await page.reload();
    await page.getByRole('button', { name: `Chế độ xem: ${VIEW}` }).waitFor();
    await page.waitForFunction(() => document.querySelector('table[aria-label="Danh sách học viên"] th[aria-sort="ascending"]') !== null);

    // signed out and in again, from a plain list: the view brings the filter and the sort back
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await signIn(suite, page, DEMO.academicAffair);
    await page.goto(`${suite.appUrl}/assets/students`);
    await table(page).getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Chế độ xem' }).click();
    await page.getByRole('dialog').getByRole('button', { name: `Áp dụng chế độ xem ${VIEW}` }).click();
    await page.waitForURL(/\/assets\/students\?source=tiktok&sort=name&order=ASC$/);
    await page.waitForFunction(
      (first) => document.querySelector('table[aria-label="Danh sách học viên"] tbody tr td:nth-child(2)')?.textContent?.includes(first),
      expected[0],
    );
    const names = await namesOnScreen(page);
    assert.equal(names.length, expected.length);
    expected.forEach((name: string, i: number) => assert.ok(names[i].includes(name), `row ${i + 1}: ${names[i]} shows ${name}`));
    await context.close();
  });

  test("a view an administrator shares with the giáo vụ role reaches a giáo vụ, not a teacher's lists", async () => {
    const admin = await tokenFor(suite, DEMO.admin);
    const created = await apiCall(suite, 'POST', '/saved-view/create', {
      token: admin,
      body: { list_key: '/learning/classes', name: 'Lớp mới nhất', query: 'sort=start_date&order=DESC', shared_role_id: 2 },
    });
    assert.equal(created.status, 201);

    const { context, page } = await suite.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(suite, page, DEMO.academicAffair);
    await page.goto(`${suite.appUrl}/learning/classes`);
    await page.getByRole('button', { name: 'Chế độ xem' }).click();
    const shared = page.getByRole('dialog').getByRole('region', { name: 'Được chia sẻ với tôi' });
    await shared.getByText('Của Quản trị viên').waitFor();
    await shared.getByRole('button', { name: 'Áp dụng chế độ xem Lớp mới nhất' }).click();
    await page.waitForURL(/\/learning\/classes\?sort=start_date&order=DESC$/);
    await context.close();

    const teacher = await tokenFor(suite, DEMO.teacher);
    const listed = await apiCall(suite, 'GET', `/saved-view/list?list_key=${encodeURIComponent('/learning/classes')}`, { token: teacher });
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data, []);
  });
});
