/**
 * Bulk actions and undo in the browser, against the real API: a giáo vụ chooses every room matching a
 * filter (50, over three pages), deletes them at once, reads the one refusal with its reason, and takes the
 * deletes back with "Hoàn tác": the rooms return with their ids and fields. On a phone, the account cards
 * have their checkboxes and an irreversible action asks first, naming the count.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, DEMO, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

describe('bulk actions and undo', () => {
  let suite: Suite;
  let token: string;
  before(async () => {
    suite = await startSuite();
    token = await tokenFor(suite, DEMO.academicAffair);
  });
  after(async () => {
    await suite?.stop();
  });

  test('a giáo vụ deletes 50 rooms matching a filter, one refused with its reason, then undoes the deletes', async () => {
    // 49 new rooms and the centre's Phòng 101 (classes use it), all named "Phòng loạt …"
    const rooms = (await apiCall(suite, 'GET', '/learning/room/list?limit=100&search=Phòng 101', { token })).body.data.rows;
    const inUse = rooms[0];
    await apiCall(suite, 'PUT', '/learning/room/update', { token, body: { ...inUse, name: 'Phòng loạt 00' } });
    const created: number[] = [];
    for (let n = 1; n <= 49; n += 1) {
      const res = await apiCall(suite, 'POST', '/learning/room/create', { token, body: { center_id: inUse.center_id, name: `Phòng loạt ${String(n).padStart(2, '0')}`, capacity: n } });
      created.push(res.body.data.room_id);
    }
    const before = (await apiCall(suite, 'GET', `/learning/room/show/${created[30]}`, { token })).body.data;

    const { context, page } = await suite.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(suite, page, DEMO.academicAffair);
    await page.goto(`${suite.appUrl}/settings/learning/rooms?search=${encodeURIComponent('Phòng loạt')}`);
    await page.getByText('50 phòng học', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }).check();
    const bar = page.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    await bar.getByText('Đã chọn 20 phòng học').waitFor();
    await bar.getByRole('button', { name: 'Chọn tất cả 50 kết quả' }).click();
    await bar.getByText('Đã chọn tất cả 50 phòng học khớp bộ lọc').waitFor();
    // reversible: it acts at once, no question
    await bar.getByRole('button', { name: 'Xoá' }).click();

    const outcome = page.getByRole('dialog', { name: 'Đã xoá 49 phòng học · 1 dòng bị từ chối' });
    await outcome.waitFor();
    const refusal = outcome.getByRole('listitem');
    assert.equal(await refusal.count(), 1);
    // named when it is on the page shown, else by its id (the rows chosen by the filter are not all loaded)
    assert.match(await refusal.innerText(), new RegExp(`^(Phòng loạt 00|#${inUse.room_id}): Phòng học đang được sử dụng \\(\\d+ lớp học.*\\): không thể xoá$`));
    await page.getByText('1 phòng học', { exact: true }).waitFor();

    // "Hoàn tác", here beside the refusals (the toast offers it too, for five seconds)
    await outcome.getByRole('button', { name: 'Hoàn tác' }).click();
    await page.getByText('Đã hoàn tác 49 dòng').waitFor();
    await page.getByText('50 phòng học', { exact: true }).waitFor();
    const after = (await apiCall(suite, 'GET', `/learning/room/show/${created[30]}`, { token })).body.data;
    assert.deepEqual(after, before);
    await context.close();
  });

  test('on a phone an administrator chooses account cards and locking asks first, naming the count', async () => {
    const { context, page } = await suite.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page.setDefaultTimeout(15_000);
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/assets/teachers`);
    const table = page.getByRole('table', { name: 'Danh sách giáo viên' });
    const boxes = table.getByRole('checkbox', { name: /^Chọn (?!mọi dòng)/ });
    await boxes.first().waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const bar = page.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    await bar.getByText('Đã chọn 2 tài khoản').waitFor();
    await bar.getByRole('button', { name: 'Khoá', exact: true }).click();
    await page.getByText('Khoá 2 tài khoản? Các phiên đăng nhập của họ sẽ kết thúc ngay.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Huỷ' }).click();
    await bar.getByRole('button', { name: 'Bỏ chọn' }).click();
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });
});
