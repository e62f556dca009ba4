/**
 * Self sign-up in the browser: closed, the page says so before anything is typed; needing approval, a
 * visitor signs up and sees only the waiting page; a giáo vụ approves the account from the students list's
 * "Chờ duyệt" into their centre and a class; the student's "Kiểm tra lại" then opens the portal, and a
 * fresh sign-in too. With SHOTS_DIR set, it saves screenshots there (desktop and 390×844).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
};

describe('self sign-up', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('closed: the registration page says so and shows no form', async () => {
    const admin = await tokenFor(suite, DEMO.admin);
    assert.equal((await apiCall(suite, 'PUT', '/system/self-signup', { token: admin, body: { mode: 'closed' } })).status, 200);
    try {
      for (const [name, options] of [['desktop', {}], ['phone', PHONE]] as const) {
        const { context, page } = await suite.newPage(options);
        await page.goto(`${suite.appUrl}/auth/registration`);
        await page.getByText('Sign-up is closed: the centre creates accounts itself. Please contact the centre.').waitFor();
        assert.equal(await page.getByLabel('Email').count(), 0);
        await shot(page, `registration-closed-${name}`);
        await context.close();
      }
      const refused = await apiCall(suite, 'POST', '/auth/register', { body: { email: `dong.${Date.now()}@gmail.com`, firstname: 'Lan', lastname: 'Nguyễn', password: 'hoclaptot2026' } });
      assert.equal(refused.status, 403);
      assert.match(refused.body.error.message, /không nhận đăng ký/);
    } finally {
      await apiCall(suite, 'PUT', '/system/self-signup', { token: admin, body: { mode: 'approval' } });
    }
  });

  test('needs approval: register, wait, a giáo vụ approves into a class, the student signs in', async () => {
    const email = `lan.tu.dang.ky.${Date.now()}@gmail.com`;
    const password = 'Hoc-vien-2026';
    const name = 'Nguyễn Thị Lan';
    const visitor = await suite.newPage(PHONE);
    const page = visitor.page;
    page.setDefaultTimeout(20_000);
    await page.goto(`${suite.appUrl}/auth/registration`);
    await page.getByText("A new account waits for the centre's approval before it can be used.").waitFor();
    await page.getByLabel('First name').fill('Lan');
    await page.getByLabel('Last name').fill('Nguyễn Thị');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('checkbox', { name: 'I accept the' }).check();
    await shot(page, 'registration-approval-phone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await shot(page, 'pending-phone-student');

    // a giáo vụ finds it in "Chờ duyệt" and approves it into their centre and a class
    const staff = await suite.newPage({ locale: 'vi-VN', viewport: { width: 1280, height: 800 } });
    staff.page.setDefaultTimeout(20_000);
    await signIn(suite, staff.page, DEMO.academicAffair);
    await staff.page.goto(`${suite.appUrl}/assets/students`);
    await staff.page.getByRole('button', { name: 'Chờ duyệt' }).click();
    await staff.page.waitForURL(/status=2/);
    const row = staff.page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    await shot(staff.page, 'pending-list-desktop-giaovu');
    await row.getByRole('button', { name: `Thao tác với ${name}` }).click();
    await staff.page.getByRole('menuitem', { name: 'Duyệt' }).click();
    const dialog = staff.page.getByRole('dialog');
    const klass = dialog.getByLabel(/Lớp học/);
    await klass.locator('option').nth(1).waitFor({ state: 'attached' });
    const classValue = await klass.locator('option').nth(1).getAttribute('value');
    await klass.selectOption(classValue!);
    const discount = dialog.getByLabel(/Hình thức khuyến mại/);
    await discount.locator('option').nth(1).waitFor({ state: 'attached' });
    await discount.selectOption((await discount.locator('option').nth(1).getAttribute('value'))!);
    await shot(staff.page, 'approve-dialog-desktop-giaovu');
    await dialog.getByRole('button', { name: 'Duyệt vào trung tâm' }).click();
    await staff.page.getByText('Đã duyệt tài khoản').first().waitFor();
    await staff.page.getByRole('row').filter({ hasText: email }).waitFor({ state: 'detached' });

    // the enrolment was made in that class
    const affair = await tokenFor(suite, DEMO.academicAffair);
    const found = (await apiCall(suite, 'GET', `/user/list?type=student&search=${encodeURIComponent(email)}&limit=5`, { token: affair })).body.data.rows[0];
    assert.equal(found.status, 1);
    const enrolments = (await apiCall(suite, 'GET', `/learning/class-enrollment/list?user_id=${found.id}&limit=10&page=1`, { token: affair })).body.data.rows;
    assert.deepEqual(enrolments.map((e: { class_id: number }) => e.class_id), [Number(classValue)]);

    // the waiting page opens the portal once approved; a fresh sign-in goes straight in
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor({ state: 'detached' });
    await visitor.context.close();
    const again = await suite.newPage();
    await signIn(suite, again.page, email, password);
    await again.page.goto(`${suite.appUrl}/learning/my-classes`);
    await again.page.getByRole('heading', { level: 1, name: 'Lớp của tôi' }).waitFor();
    await again.context.close();
    await staff.context.close();
  });

  test('the setting screen (administrator)', async () => {
    if (!process.env.SHOTS_DIR) return;
    for (const [name, options] of [['desktop', { viewport: { width: 1280, height: 800 } }], ['phone', PHONE]] as const) {
      const { context, page } = await suite.newPage({ locale: 'vi-VN', ...options });
      await signIn(suite, page, DEMO.admin);
      await page.goto(`${suite.appUrl}/settings/self-signup`);
      await page.getByRole('radio', { name: /Cần duyệt/ }).waitFor();
      await shot(page, `self-signup-setting-${name}-admin`);
      await page.goto(`${suite.appUrl}/assets/students?status=2`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `pending-list-${name}-admin`);
      await context.close();
    }
  });
});
