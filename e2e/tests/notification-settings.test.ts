/**
 * Notification settings in the browser: an administrator composes a message for all teachers, sends it
 * after a confirmation naming how many receive it, and a teacher finds it on top of the bell, unread.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, DEMO, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const MESSAGE = { name: 'Họp giáo viên cuối tháng', text: 'Họp toàn thể giáo viên lúc 17:30 thứ Sáu tại phòng 101.' };

describe('notification settings', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('a message for all teachers, sent, reaches a teacher’s bell', async () => {
    const teacherToken = await tokenFor(suite, DEMO.teacher);
    const teacherId = (await apiCall(suite, 'GET', '/user/get-by-token', { token: teacherToken })).body.data.id;
    const unreadBefore = (await apiCall(suite, 'GET', `/notifications?user_id=${teacherId}&is_read=2`, { token: teacherToken })).body.data.total_rows;
    const adminToken = await tokenFor(suite, DEMO.admin);
    const teachers = (await apiCall(suite, 'GET', '/user/list?type=teacher&status=1&limit=1', { token: adminToken })).body.data.total_rows;

    const { context, page } = await suite.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(suite, page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL(`${suite.appUrl}/settings/notifications`);
    await page.getByRole('button', { name: 'Soạn thông báo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tiêu đề').fill(MESSAGE.name);
    await dialog.getByLabel('Nội dung').fill(MESSAGE.text);
    await dialog.getByLabel('Gửi tới').selectOption('type');
    await dialog.getByLabel('Loại tài khoản').selectOption('teacher');
    await dialog.getByRole('button', { name: 'Lưu nháp' }).click();
    await page.getByText('Bạn đã lưu thông báo nháp thành công').waitFor();

    // a draft reaches nobody yet
    const row = page.getByRole('table', { name: 'Danh sách thông báo đã soạn' }).getByRole('row').filter({ hasText: MESSAGE.name });
    await row.getByText('Nháp').waitFor();
    assert.equal((await apiCall(suite, 'GET', `/notifications?user_id=${teacherId}&is_read=2`, { token: teacherToken })).body.data.total_rows, unreadBefore);

    await row.getByRole('button', { name: 'Gửi' }).click();
    await page.getByText(`Gửi thông báo "${MESSAGE.name}" tới ${teachers} người? Sau khi gửi, thông báo không thể sửa hay xoá.`).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Gửi' }).click();
    await page.getByText('Bạn đã gửi thông báo thành công').waitFor();
    await row.getByText('Đã gửi').waitFor();
    await row.getByText(`${teachers} người nhận · 0 đã đọc`).waitFor();
    assert.deepEqual(await row.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))), ['Xem']);
    await context.close();

    // the teacher's bell: one more unread, the message on top
    const { context: teacherContext, page: teacher } = await suite.newPage();
    teacher.setDefaultTimeout(15_000);
    await signIn(suite, teacher, DEMO.teacher);
    await teacher.waitForFunction((count) => document.querySelector('[data-testid="notification-count"]')?.textContent === String(count), unreadBefore + 1);
    await teacher.getByRole('button', { name: 'Notifications' }).click();
    const dropdown = teacher.getByTestId('notification-dropdown');
    await dropdown.getByRole('listitem').first().filter({ hasText: MESSAGE.name }).waitFor();
    await teacherContext.close();

    // a sent message cannot be sent again
    const sent = (await apiCall(suite, 'GET', '/notifications?kind=message&is_send=1&search=Họp giáo viên cuối tháng', { token: adminToken })).body.data.rows[0];
    const again = await apiCall(suite, 'PUT', '/notifications', { token: adminToken, body: { notification_id: sent.notification_id, is_send: 1 } });
    assert.equal(again.status, 409);
  });
});
