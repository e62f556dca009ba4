import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, DEMO, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

describe('notification bell and page', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('clicking the bell marks everything read: the badge goes away, and stays away after a reload', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.student);
    const badge = page.getByTestId('notification-count');
    await page.waitForFunction(() => document.querySelector('[data-testid="notification-count"]')?.textContent === '2');

    await page.getByRole('button', { name: 'Notifications' }).click();
    const dropdown = page.getByTestId('notification-dropdown');
    await dropdown.waitFor();
    assert.equal(await dropdown.getByRole('listitem').count(), 3);
    assert.equal(await dropdown.locator('li[data-unread]').count(), 2, 'the two unread ones are bold');
    await badge.waitFor({ state: 'detached' });

    // the bell's own list (type=2), awaited from before the reload: it may answer before the bell shows
    const bellList = page.waitForResponse((r) => r.url().includes('/notifications?') && new URL(r.url()).searchParams.get('type') === '2' && r.status() === 200);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await bellList;
    assert.equal(await badge.count(), 0, 'no badge at 0 unread');

    const token = await tokenFor(suite, DEMO.student);
    const me = (await apiCall(suite, 'GET', '/user/get-by-token', { token })).body.data;
    const unread = await apiCall(suite, 'GET', `/notifications?user_id=${me.id}&is_read=2`, { token });
    assert.equal(unread.body.data.total_rows, 0);

    // see more → the full list
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByTestId('notification-dropdown').getByRole('link', { name: 'See more' }).click();
    await page.waitForURL(`${suite.appUrl}/notifications`);
    const table = page.getByRole('table', { name: 'Danh sách thông báo' });
    await table.getByText('Chào mừng bạn đến với hệ thống quản lý trung tâm').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 4);
    assert.equal(await page.getByText('Showing 1 to 4 of 4 entries').count(), 1);
    await context.close();
  });

  test("nobody reads or marks someone else's notifications", async () => {
    const admin = await tokenFor(suite, DEMO.admin);
    const teacher = await tokenFor(suite, DEMO.teacher);
    const teacherId = (await apiCall(suite, 'GET', '/user/get-by-token', { token: teacher })).body.data.id;
    assert.equal((await apiCall(suite, 'GET', `/notifications?user_id=${teacherId}`, { token: admin })).status, 403);
    assert.equal((await apiCall(suite, 'PUT', `/notifications/${teacherId}/read-all`, { token: admin })).status, 403);
  });
});
