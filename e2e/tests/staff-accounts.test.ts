import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@trungtam/shared/validation';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const STAFF = { name: 'Đỗ Thị Thanh Hương', email: 'thanhhuong.do@trungtam.vn', password: 'giaovu2026', phone: '0912333444' };

describe('staff accounts screen', () => {
  let suite: Suite;
  let page: Page;
  before(async () => {
    suite = await startSuite();
    ({ page } = await suite.newPage());
    page.setDefaultTimeout(10_000);
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/settings/accounts`);
    await page.getByRole('table', { name: 'Danh sách tài khoản giáo vụ' }).waitFor();
  });
  after(async () => {
    await suite?.stop();
  });

  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });

  test('an administrator sees every academic-affairs account', async () => {
    await page.getByRole('heading', { name: 'Tài khoản giáo vụ' }).waitFor();
    for (const email of [DEMO.academicAffair, 'giaovu.hcm@trungtam.vn', 'giaovu.danang@trungtam.vn']) await rowOf(email).waitFor();
    assert.equal(await rowOf(DEMO.admin).count(), 0);
  });

  test('creates a giáo vụ account, changes its password, locks it and deletes it', async () => {
    await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Loại tài khoản').waitFor();
    await dialog.getByLabel('Tên tài khoản').fill(STAFF.name);
    await dialog.getByLabel('Email').fill(STAFF.email);
    await dialog.getByLabel('Mật khẩu').fill(STAFF.password);
    await dialog.getByLabel('Số điện thoại').fill(STAFF.phone);
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: 'Giáo vụ' });
    await dialog.getByRole('button', { name: 'Khởi tạo tài khoản' }).click();
    await page.getByText('Bạn đã khởi tạo tài khoản giáo vụ thành công').waitFor();
    await rowOf(STAFF.email).waitFor();
    assert.ok(await tokenFor(suite, STAFF.email, STAFF.password));

    await rowOf(STAFF.email).getByRole('button', { name: 'Đổi mật khẩu' }).click();
    const pw = page.getByRole('dialog');
    await pw.getByLabel(/Mật khẩu/).fill('giaovumoi2026');
    await pw.getByRole('button', { name: MESSAGES.changePasswordSubmit }).click();
    await page.getByText(MESSAGES.staffPasswordUpdated).waitFor();
    assert.ok(await tokenFor(suite, STAFF.email, 'giaovumoi2026'));

    await rowOf(STAFF.email).getByRole('button', { name: 'Sửa' }).click();
    await dialog.getByLabel('Trạng thái').selectOption('4');
    assert.equal(await dialog.getByLabel('Loại tài khoản').count(), 0, 'the type never changes while editing');
    await dialog.getByRole('button', { name: 'Cập nhật tài khoản' }).click();
    await page.getByText('Bạn đã cập nhật tài khoản giáo vụ thành công').waitFor();
    await rowOf(STAFF.email).getByText('Đã khoá').waitFor();
    const locked = await apiCall(suite, 'POST', '/auth/login', { body: { email: STAFF.email, password: 'giaovumoi2026' } });
    assert.equal(locked.status, 401);

    await rowOf(STAFF.email).getByRole('button', { name: 'Xoá' }).click();
    await page.getByRole('button', { name: 'Đồng ý' }).click();
    await page.getByText(MESSAGES.deleted).waitFor();
    await rowOf(STAFF.email).waitFor({ state: 'detached' });
  });

  test('an academic-affairs user sees the own centre only and cannot choose an administrator type', async () => {
    const { context, page: affair } = await suite.newPage();
    affair.setDefaultTimeout(10_000);
    await signIn(suite, affair, DEMO.academicAffair);
    await affair.goto(`${suite.appUrl}/settings/accounts`);
    await affair.getByRole('row').filter({ hasText: DEMO.academicAffair }).waitFor();
    assert.equal(await affair.getByRole('row').filter({ hasText: 'giaovu.hcm@trungtam.vn' }).count(), 0);
    await affair.getByRole('button', { name: 'Thêm tài khoản' }).click();
    await affair.getByRole('dialog').getByLabel('Tên tài khoản').waitFor();
    assert.equal(await affair.getByRole('dialog').getByLabel('Loại tài khoản').count(), 0);
    await context.close();
  });

  test('a teacher opens the route but gets a notice instead of the list', async () => {
    const { context, page: teacher } = await suite.newPage();
    teacher.setDefaultTimeout(10_000);
    await signIn(suite, teacher, DEMO.teacher);
    await teacher.goto(`${suite.appUrl}/settings/accounts`);
    await teacher.getByText('Tài khoản của bạn không có quyền xem danh sách tài khoản giáo vụ.').waitFor();
    assert.equal(await teacher.getByRole('table').count(), 0);
    await context.close();
  });
});
