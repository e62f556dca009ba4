/**
 * Roles in the browser: an administrator builds a role in the permission matrix, gives it to a new staff
 * account, and that account's menu is exactly what the permissions open; a change to the role reaches
 * the account's next request, and its menu after a reload.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const ROLE = 'Giáo vụ phòng học';
const STAFF = { name: 'Hoàng Minh Châu', email: 'minhchau.hoang@trungtam.vn', password: 'phonghoc2026', phone: '0913222111' };

describe('roles and the menu they give', () => {
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

  /** The menu's entries once the manifest's have arrived (`settled`: one of them). */
  const menuOf = async (page: Page, settled: string) => {
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: settled }).waitFor();
    return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
  };

  test('a role made in the matrix, given to a new account, opens exactly its menu; a change follows', async () => {
    await admin.goto(`${suite.appUrl}/settings/roles`);
    const roles = admin.getByRole('table', { name: 'Danh sách quyền tài khoản' });
    await roles.getByRole('row').filter({ hasText: 'Administrator' }).waitFor();
    await admin.getByRole('button', { name: 'Thêm quyền' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Tên quyền').fill(ROLE);
    await dialog.getByLabel('Loại tài khoản').selectOption('academic_affair');
    // one cell, then a whole row by its select-all
    await dialog.getByRole('checkbox', { name: 'Tài khoản — Xem danh sách' }).check();
    await dialog.getByRole('checkbox', { name: 'Phòng học — Tất cả thao tác' }).check();
    assert.equal(await dialog.getByRole('checkbox', { name: 'Phòng học — Xoá' }).isChecked(), true);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Trung tâm — Xem danh sách' }).isChecked(), false);
    await dialog.getByRole('button', { name: 'Thêm quyền' }).click();
    await admin.getByText('Bạn đã thêm quyền tài khoản thành công').waitFor();
    const row = roles.getByRole('row').filter({ hasText: ROLE });
    await row.waitFor();

    // a staff account with that role
    await admin.goto(`${suite.appUrl}/settings/accounts`);
    await admin.getByRole('button', { name: 'Thêm tài khoản' }).click();
    await dialog.getByLabel('Loại tài khoản').waitFor();
    await dialog.getByLabel('Tên tài khoản').fill(STAFF.name);
    await dialog.getByLabel('Email').fill(STAFF.email);
    await dialog.getByLabel('Mật khẩu').fill(STAFF.password);
    await dialog.getByLabel('Số điện thoại').fill(STAFF.phone);
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: ROLE });
    await dialog.getByRole('button', { name: 'Khởi tạo tài khoản' }).click();
    await admin.getByText('Bạn đã khởi tạo tài khoản giáo vụ thành công').waitFor();

    // signed in as that account: User GetAll opens teachers, students and staff accounts; the rooms permissions open Rooms
    // (the schedules need no permission)
    const { context, page: staff } = await suite.newPage();
    staff.setDefaultTimeout(15_000);
    await signIn(suite, staff, STAFF.email, STAFF.password);
    assert.deepEqual(await menuOf(staff, 'Rooms'), ['Dashboard', 'Teachers', 'Students', 'Schedules', 'Staff accounts', 'Rooms']);
    await staff.goto(`${suite.appUrl}/settings/learning/centers`);
    await staff.waitForURL(`${suite.appUrl}/dashboard`);
    const token = await tokenFor(suite, STAFF.email, STAFF.password);
    assert.equal((await apiCall(suite, 'GET', '/learning/room/list', { token })).status, 200);

    // the role loses the rooms: the same token is refused at once, the menu follows after a reload
    await admin.goto(`${suite.appUrl}/settings/roles`);
    await row.getByRole('button', { name: 'Sửa' }).click();
    await dialog.getByRole('checkbox', { name: 'Phòng học — Tất cả thao tác' }).uncheck();
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await admin.getByText('Bạn đã cập nhật quyền tài khoản thành công').waitFor();
    assert.equal((await apiCall(suite, 'GET', '/learning/room/list', { token })).status, 403);
    await staff.reload();
    assert.deepEqual(await menuOf(staff, 'Teachers'), ['Dashboard', 'Teachers', 'Students', 'Schedules', 'Staff accounts']);
    await context.close();

    // in use: the role cannot be deleted, and the refusal says by how many accounts
    await row.getByRole('button', { name: 'Xoá' }).click();
    await admin.getByRole('button', { name: 'Đồng ý' }).click();
    await admin.getByText('Quyền đang được 1 tài khoản sử dụng: không thể xoá').waitFor();
    await row.waitFor();
  });

  test('the Administrator role opens read-only and offers no delete', async () => {
    await admin.goto(`${suite.appUrl}/settings/roles`);
    const row = admin.getByRole('table', { name: 'Danh sách quyền tài khoản' }).getByRole('row').filter({ hasText: 'Administrator' });
    assert.equal(await row.getByRole('button', { name: 'Xoá' }).count(), 0);
    await row.getByRole('button', { name: 'Xem' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/Quyền Administrator luôn có mọi quyền/).waitFor();
    assert.equal(await dialog.getByLabel('Tên quyền').isDisabled(), true);
  });
});
