/**
 * The giáo vụ's main daily task: creating teacher, student and staff accounts. Run in a UTC browser
 * (as a laptop set to UTC would be), late enough in Việt Nam's day that the browser's date differs:
 * the new accounts must be listed all the same.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@trungtam/shared/validation';
import { DEMO, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

describe('a giáo vụ creates accounts (UTC browser)', () => {
  let suite: Suite;
  let page: Page;
  before(async () => {
    suite = await startSuite();
    ({ page } = await suite.newPage({ timezoneId: 'UTC' }));
    await signIn(suite, page, DEMO.academicAffair);
  });
  after(async () => {
    await suite?.stop();
  });

  /** Fills the common account fields; the role list offers the guard's roles, the centre is the giáo vụ's own. */
  async function fillAccount(email: string, name: string, role: string) {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').fill(name);
    await dialog.getByLabel(/^Email(?! người)/).fill(email);
    await dialog.getByLabel('Mật khẩu').fill('matkhau2026');
    await dialog.getByLabel(/^Số điện thoại(?! người)/).fill('0912000333');
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: role });
    const centre = dialog.getByLabel('Trung tâm');
    assert.equal(await centre.isDisabled(), true, 'a giáo vụ of one centre cannot pick another');
    assert.deepEqual(await centre.locator('option').allInnerTexts(), ['Trung tâm Hà Nội'], 'only the giáo vụ’s centre');
    return dialog;
  }

  test('a teacher', async () => {
    await page.goto(`${suite.appUrl}/assets/teachers`);
    await page.getByRole('button', { name: 'Thêm giáo viên' }).click();
    const dialog = await fillAccount('gv.moi@trungtam.vn', 'Giáo Viên Mới', 'Giáo viên');
    await dialog.getByRole('button', { name: 'Khởi tạo giáo viên' }).click();
    await page.getByText(MESSAGES.teacherCreated).waitFor();
    await page.getByRole('row').filter({ hasText: 'gv.moi@trungtam.vn' }).waitFor();
    assert.ok(await tokenFor(suite, 'gv.moi@trungtam.vn', 'matkhau2026'));
  });

  test('a student, listed and counted at once', async () => {
    await page.goto(`${suite.appUrl}/assets/students`);
    const count = page.getByText(/^\d+ học viên$/);
    await count.waitFor();
    const before = Number((await count.innerText()).split(' ')[0]);
    await page.getByRole('button', { name: 'Thêm học viên' }).click();
    const dialog = await fillAccount('hv.moi@trungtam.vn', 'Học Viên Mới', 'Học viên');
    await dialog.getByRole('button', { name: 'Khởi tạo học viên' }).click();
    await page.getByText(MESSAGES.studentCreated).waitFor();
    await page.getByRole('row').filter({ hasText: 'hv.moi@trungtam.vn' }).waitFor();
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'hv.moi@trungtam.vn' }).waitFor();
    await page.getByText(`${before + 1} học viên`).waitFor();
  });

  test('a staff (giáo vụ) account', async () => {
    await page.goto(`${suite.appUrl}/settings/accounts`);
    await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
    const dialog = await fillAccount('gvu.moi@trungtam.vn', 'Giáo Vụ Mới', 'Giáo vụ');
    await dialog.getByRole('button', { name: 'Khởi tạo tài khoản' }).click();
    await page.getByText('Bạn đã khởi tạo tài khoản giáo vụ thành công').waitFor();
    const created = page.getByRole('row').filter({ hasText: 'gvu.moi@trungtam.vn' });
    await created.waitFor();
    // another giáo vụ's account is the administrator's to change: no action is offered
    assert.equal(await created.getByRole('button').count(), 0);
    const own = page.getByRole('row').filter({ hasText: DEMO.academicAffair });
    await own.getByRole('button', { name: 'Sửa' }).waitFor();
    assert.equal(await own.getByRole('button', { name: 'Xoá' }).count(), 0);
  });

  test('editing shows the account’s role, not the placeholder', async () => {
    await page.goto(`${suite.appUrl}/assets/teachers`);
    await page.getByRole('row').filter({ hasText: 'gv.moi@trungtam.vn' }).getByRole('button', { name: 'Sửa' }).click();
    await page.waitForFunction(
      () => (document.querySelector('select[name="roles"]') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent === 'Giáo viên',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Huỷ' }).click();
  });
});
