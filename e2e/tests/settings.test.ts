/**
 * The settings area in the browser, against the real API: every route opens its screen for the
 * administrator; a giáo vụ manages the rooms of their own centre; records in use cannot be deleted and the
 * refusal says why; discounts over their /discounts calls; sort and filters survive a reload.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, signIn, startSuite, type Suite } from '../support/suite';

const SCREENS: Array<[string, string]> = [
  ['/settings/roles', 'Quyền tài khoản'],
  ['/settings/notifications', 'Cài đặt thông báo'],
  ['/settings/family-messages', 'Tin gửi phụ huynh'],
  ['/settings/learning/centers', 'Trung tâm'],
  ['/settings/learning/rooms', 'Phòng học'],
  ['/settings/product/discount', 'Khuyến mại'],
  ['/settings/product/product-types', 'Loại sản phẩm'],
  ['/settings/product/vendors', 'Hình thức học'],
  ['/settings/product/variant-groups', 'Nhóm thuộc tính'],
  ['/settings/product/variants', 'Thuộc tính'],
  ['/settings/audit-log', 'Nhật ký hệ thống'],
];

describe('settings area', () => {
  let suite: Suite;
  let admin: Page;
  before(async () => {
    suite = await startSuite();
    ({ page: admin } = await suite.newPage());
    admin.setDefaultTimeout(15_000);
    await signIn(suite, admin, DEMO.admin);
  });
  after(async () => {
    await suite?.stop();
  });

  test('an administrator opens every settings screen from its address, with its menu and a table', async () => {
    for (const [path, title] of SCREENS) {
      await admin.goto(`${suite.appUrl}${path}`);
      await admin.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await admin.getByRole('table').first().waitFor();
      assert.equal(new URL(admin.url()).pathname, path);
      await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rooms' }).waitFor();
    }
  });

  test('a giáo vụ adds, renames and deletes a room of their centre; a room in use stays, with the reason', async () => {
    const { context, page } = await suite.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(suite, page, DEMO.academicAffair);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rooms' }).click();
    await page.waitForURL(`${suite.appUrl}/settings/learning/rooms`);
    const table = page.getByRole('table', { name: 'Danh sách phòng học' });
    await table.getByRole('row').filter({ hasText: 'Phòng 101' }).waitFor();
    assert.equal(await table.getByText('Trung tâm TP.HCM').count(), 0, 'only the own centre');

    await page.getByRole('button', { name: 'Thêm phòng học' }).click();
    const dialog = page.getByRole('dialog');
    assert.equal(await dialog.getByLabel('Trung tâm').locator('option:checked').innerText(), 'Trung tâm Hà Nội');
    await dialog.getByLabel('Tên phòng').fill('Phòng Lab');
    await dialog.getByLabel('Số phòng').fill('L1');
    await dialog.getByLabel('Sức chứa').fill('12');
    await dialog.getByRole('button', { name: 'Thêm phòng học' }).click();
    await page.getByText('Bạn đã thêm phòng học thành công').waitFor();
    const lab = table.getByRole('row').filter({ hasText: 'Phòng Lab' });
    await lab.getByText('12 người').waitFor();

    await lab.getByRole('button', { name: 'Sửa' }).click();
    await dialog.getByLabel('Tên phòng').fill('Phòng Lab 2');
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.getByText('Bạn đã cập nhật phòng học thành công').waitFor();
    const lab2 = table.getByRole('row').filter({ hasText: 'Phòng Lab 2' });
    // a room's delete can be undone: it goes at once, with "Hoàn tác" for a few seconds
    await lab2.getByRole('button', { name: 'Xoá' }).click();
    await lab2.waitFor({ state: 'detached' });

    // Phòng 101 has classes and sessions ahead
    await table.getByRole('row').filter({ hasText: 'Phòng 101' }).getByRole('button', { name: 'Xoá' }).click();
    await page.getByText(/^Phòng học đang được sử dụng \(\d+ lớp học, \d+ buổi học sắp tới\): không thể xoá$/).waitFor();
    await table.getByRole('row').filter({ hasText: 'Phòng 101' }).waitFor();

    // the centres screen: their own centre, to read only
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Centres' }).click();
    const centres = page.getByRole('table', { name: 'Danh sách trung tâm' });
    await centres.getByRole('row').filter({ hasText: 'Trung tâm Hà Nội' }).waitFor();
    assert.equal(await centres.getByRole('row').count(), 2, 'the header and the own centre');
    assert.equal(await page.getByRole('button', { name: 'Thêm trung tâm' }).count(), 0);
    await context.close();
  });

  test('discounts: create, edit the percent, sort by a header kept across a reload, delete', async () => {
    await admin.goto(`${suite.appUrl}/settings/product/discount`);
    const table = admin.getByRole('table', { name: 'Danh sách khuyến mại' });
    await table.getByRole('row').filter({ hasText: 'Không khuyến mại' }).waitFor();
    await admin.getByRole('button', { name: 'Thêm khuyến mại' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Tên khuyến mại').fill('Ưu đãi hè');
    await dialog.getByLabel('Phần trăm giảm').fill('120');
    await dialog.getByLabel('Phần trăm giảm').press('Tab');
    await dialog.getByText('Phần trăm khuyến mại từ 0 đến 100').waitFor();
    await dialog.getByLabel('Phần trăm giảm').fill('20');
    await dialog.getByRole('button', { name: 'Thêm khuyến mại' }).click();
    await admin.getByText('Bạn đã thêm khuyến mại thành công').waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Ưu đãi hè' });
    await row.getByText('20%').waitFor();

    await row.getByRole('button', { name: 'Sửa' }).click();
    await dialog.getByLabel('Phần trăm giảm').fill('25');
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await admin.getByText('Bạn đã cập nhật khuyến mại thành công').waitFor();
    await row.getByText('25%').waitFor();

    await admin.getByRole('columnheader', { name: /Phần trăm giảm/ }).getByRole('button').click();
    await admin.waitForURL(/sort=discount_percent&order=ASC/);
    await admin.reload();
    await table.getByRole('row').nth(1).filter({ hasText: 'Không khuyến mại' }).waitFor();
    assert.equal(await admin.getByRole('columnheader', { name: /Phần trăm giảm/ }).getAttribute('aria-sort'), 'ascending');
    await table.getByRole('row').nth(5).filter({ hasText: 'Ưu đãi hè' }).waitFor(); // 0, 5, 10, 15, then 25 %

    await table.getByRole('row').filter({ hasText: 'Ưu đãi hè' }).getByRole('button', { name: 'Xoá' }).click();
    await table.getByRole('row').filter({ hasText: 'Ưu đãi hè' }).waitFor({ state: 'detached' });
  });

  test('a variant a course uses cannot be deleted; a new group and its variant can', async () => {
    await admin.goto(`${suite.appUrl}/settings/product/variant-groups`);
    await admin.getByRole('button', { name: 'Thêm nhóm thuộc tính' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Tên nhóm').fill('Độ tuổi');
    await dialog.getByRole('button', { name: 'Thêm nhóm' }).click();
    await admin.getByText('Bạn đã thêm nhóm thuộc tính thành công').waitFor();

    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Variants' }).click();
    const table = admin.getByRole('table', { name: 'Danh sách thuộc tính' });
    // (an undoable delete: no question, the refusal in a toast)
    await table.getByRole('row').filter({ hasText: 'Cơ bản' }).getByRole('button', { name: 'Xoá' }).click();
    await admin.getByText(/^Thuộc tính đang được sử dụng \(\d+ gói khoá học\): không thể xoá$/).waitFor();

    await admin.getByRole('button', { name: 'Thêm thuộc tính' }).click();
    await dialog.getByLabel('Nhóm thuộc tính').selectOption({ label: 'Độ tuổi' });
    await dialog.getByLabel('Tên thuộc tính').fill('6–8 tuổi');
    await dialog.getByRole('button', { name: 'Thêm thuộc tính' }).click();
    await admin.getByText('Bạn đã thêm thuộc tính thành công').waitFor();
    await admin.getByRole('button', { name: 'Bộ lọc' }).click();
    await admin.getByLabel('Nhóm thuộc tính').selectOption({ label: 'Độ tuổi' });
    await admin.getByRole('button', { name: 'Áp dụng' }).click();
    await admin.waitForURL(/group=\d+/);
    await table.getByRole('row').filter({ hasText: 'Cơ bản' }).waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: '6–8 tuổi' }).waitFor();
    assert.equal(await table.getByRole('row').count(), 2, 'the header and the new variant');
  });
});
