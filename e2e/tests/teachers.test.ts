import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@trungtam/shared/validation';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const NEW_TEACHER = {
  name: 'Lê Thị Hồng Nhung',
  email: 'hongnhung.le@trungtam.vn',
  password: 'giaovien2026',
  phone: '0912345678',
};

describe('teachers screen', () => {
  let suite: Suite;
  let page: Page;
  before(async () => {
    suite = await startSuite();
    ({ page } = await suite.newPage());
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/assets/teachers`);
    await page.getByRole('table').waitFor();
  });
  after(async () => {
    await suite?.stop();
  });

  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });

  test('the create form shows the validation messages and keeps submit disabled', async () => {
    await page.getByRole('button', { name: 'Thêm giáo viên' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').focus();
    await dialog.getByLabel('Email').focus();
    await dialog.getByText(MESSAGES.accountNameRequired).waitFor();
    await dialog.getByLabel('Email').fill('ab@c');
    await dialog.getByLabel('Mật khẩu').fill('123');
    await dialog.getByLabel('Số điện thoại').focus();
    await dialog.getByText(MESSAGES.accountEmailFormat).waitFor();
    await dialog.getByText(MESSAGES.accountPasswordMin).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Khởi tạo giáo viên' }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('a duplicate email is refused with the existing-account banner', async () => {
    await page.getByRole('button', { name: 'Thêm giáo viên' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').fill('Trùng Email');
    await dialog.getByLabel('Email').fill(DEMO.teacher);
    await dialog.getByLabel('Mật khẩu').fill('matkhau123');
    await dialog.getByLabel('Số điện thoại').fill('0900000001');
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: 'Giáo viên' });
    await dialog.getByRole('button', { name: 'Khởi tạo giáo viên' }).click();
    await dialog.getByText(MESSAGES.accountCreateFailed).waitFor();
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
  });

  test('create: the new teacher appears at the top with the success toast', async () => {
    await page.getByRole('button', { name: 'Thêm giáo viên' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').fill(NEW_TEACHER.name);
    await dialog.getByLabel('Email').fill(NEW_TEACHER.email);
    await dialog.getByLabel('Mật khẩu').fill(NEW_TEACHER.password);
    await dialog.getByLabel('Số điện thoại').fill(NEW_TEACHER.phone);
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: 'Giáo viên' });
    await dialog.getByLabel('Tên ngân hàng').fill('Vietcombank');
    await dialog.getByLabel('Số tài khoản ngân hàng').fill('0123456789');
    await dialog.getByRole('button', { name: 'Khởi tạo giáo viên' }).click();
    await page.getByText(MESSAGES.teacherCreated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const firstRow = page.getByRole('row').nth(1);
    await firstRow.getByText(NEW_TEACHER.email).waitFor();
    await firstRow.getByText('Vietcombank').waitFor();
    // The new account can sign in.
    assert.ok(await tokenFor(suite, NEW_TEACHER.email, NEW_TEACHER.password));
  });

  test('edit hides the password and saves the change', async () => {
    await rowOf(NEW_TEACHER.email).getByRole('button', { name: 'Sửa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').waitFor();
    assert.equal(await dialog.getByLabel('Mật khẩu').count(), 0, 'no password field in edit');
    await dialog.getByLabel('Số điện thoại').fill('0987654321');
    await dialog.getByRole('button', { name: 'Cập nhật giáo viên' }).click();
    await page.getByText(MESSAGES.teacherUpdated).waitFor();
    await rowOf(NEW_TEACHER.email).getByText('0987654321').waitFor();
  });

  test('locking through the status shows the badge and refuses sign-in', async () => {
    await rowOf(NEW_TEACHER.email).getByRole('button', { name: 'Sửa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Trạng thái').selectOption('4');
    await dialog.getByRole('button', { name: 'Cập nhật giáo viên' }).click();
    await page.getByText(MESSAGES.teacherUpdated).first().waitFor();
    await rowOf(NEW_TEACHER.email).getByText('Đã khoá').waitFor();
    const login = await apiCall(suite, 'POST', '/auth/login', {
      body: { email: NEW_TEACHER.email, password: NEW_TEACHER.password },
    });
    assert.equal(login.status, 401);
  });

  test('change password through the modal', async () => {
    await rowOf(NEW_TEACHER.email).getByRole('button', { name: 'Đổi mật khẩu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MESSAGES.changePasswordTitle).waitFor();
    await dialog.getByLabel(/Mật khẩu/).fill('12');
    await dialog.getByLabel(/Mật khẩu/).blur();
    await dialog.getByText(MESSAGES.accountPasswordMin).waitFor();
    await dialog.getByLabel(/Mật khẩu/).fill('matkhaumoi2026');
    await dialog.getByRole('button', { name: MESSAGES.changePasswordSubmit }).click();
    await dialog.getByRole('button', { name: MESSAGES.pleaseWait }).waitFor();
    await page.getByText(MESSAGES.passwordUpdated).waitFor();
  });

  test('delete asks first, then removes the row', async () => {
    await rowOf(NEW_TEACHER.email).getByRole('button', { name: 'Xoá' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(MESSAGES.deleteConfirm).waitFor();
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    await rowOf(NEW_TEACHER.email).waitFor();

    await rowOf(NEW_TEACHER.email).getByRole('button', { name: 'Xoá' }).click();
    await dialog.getByRole('button', { name: 'Đồng ý' }).click();
    await page.getByText(MESSAGES.deleted).waitFor();
    await rowOf(NEW_TEACHER.email).waitFor({ state: 'detached' });
  });

  test('the filter narrows the list by name and by status', async () => {
    await page.getByRole('button', { name: /Bộ lọc/ }).click();
    await page.getByLabel('Tìm kiếm').fill('giaovien@');
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await rowOf(DEMO.teacher).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  });
});
