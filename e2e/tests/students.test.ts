import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { MESSAGES } from '@trungtam/shared/validation';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const STUDENT = {
  name: 'Vũ Minh Khang',
  email: 'minhkhang.vu@trungtam.vn',
  password: 'hocvien2026',
  phone: '0912000111',
  refName: 'Vũ Văn Hải',
  refPhone: '0987000999',
  refEmail: 'hai.vu@gmail.com',
};

/** The operator's today (Việt Nam), as the screen and the API use it, whatever the machine's zone. */
const today = operatorToday;

describe('students screen', () => {
  let suite: Suite;
  let page: Page;
  let adminToken: string;
  before(async () => {
    suite = await startSuite();
    adminToken = await tokenFor(suite, DEMO.admin);
    ({ page } = await suite.newPage());
    page.setDefaultTimeout(10_000);
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/assets/students`);
    await page.getByRole('table', { name: 'Danh sách học viên' }).waitFor();
  });
  after(async () => {
    await suite?.stop();
  });

  const table = () => page.getByRole('table', { name: 'Danh sách học viên' });
  const rowOf = (email: string) => table().getByRole('row').filter({ hasText: email });
  const openRowMenu = async (email: string, item: string) => {
    await rowOf(email).getByRole('button', { name: /Thao tác với/ }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  const total = async (query = '') => {
    const { body } = await apiCall(suite, 'GET', `/user/list?type=student&limit=1${query}`, { token: adminToken });
    return body.data.total_rows as number;
  };

  test('lists 10 students a page under the Assets > Students breadcrumb', async () => {
    await page.getByRole('navigation', { name: /breadcrumb/i }).getByText('Students').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Danh sách học viên"] tbody tr').length === 10);
    await page.getByText(`Showing 1 to 10 of ${await total()} entries`).waitFor();
    for (const column of ['ID / Học viên', 'Email', 'Nguồn / Loại', 'Người đại diện', 'Đăng nhập lần cuối', 'Thao tác']) {
      await table().getByRole('columnheader', { name: column }).waitFor();
    }
  });

  test('create refuses 31/02, then creates the student with the extras', async () => {
    await page.getByRole('button', { name: 'Thêm học viên' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').fill(STUDENT.name);
    await dialog.locator('input[name="email"]').fill(STUDENT.email);
    await dialog.getByLabel('Mật khẩu').fill(STUDENT.password);
    await dialog.locator('input[name="phone_number"]').fill(STUDENT.phone);
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: 'Học viên' });
    await dialog.getByLabel('Năm sinh').selectOption('2015');
    await dialog.getByLabel('Ngày sinh').focus();
    await dialog.getByLabel('Ngày sinh').selectOption('31');
    await dialog.getByLabel('Tháng sinh').selectOption('2');
    await dialog.getByLabel('Địa chỉ').focus();
    await dialog.getByText(MESSAGES.birthDateInvalid).waitFor();
    // February 2015 offers days 28 down to 1 only
    assert.deepEqual((await dialog.getByLabel('Ngày sinh').locator('option').allInnerTexts()).slice(1, 3), ['28', '27']);
    assert.equal(await dialog.getByRole('button', { name: 'Khởi tạo học viên' }).isDisabled(), true);
    await dialog.getByLabel('Ngày sinh').selectOption('28');
    await dialog.getByLabel('Nguồn').selectOption('facebook');
    await dialog.getByLabel('Địa chỉ').fill('25 Lê Văn Lương, Hà Nội');
    await dialog.getByLabel('Tên người đại diện').fill(STUDENT.refName);
    await dialog.getByLabel('Số điện thoại người đại diện').fill(STUDENT.refPhone);
    await dialog.getByLabel('Email người đại diện').fill('khong-hop-le');
    await dialog.getByLabel('Địa chỉ').focus();
    await dialog.getByText(MESSAGES.referenceEmailFormat).waitFor();
    await dialog.getByLabel('Email người đại diện').fill(STUDENT.refEmail);
    await dialog.getByRole('button', { name: 'Khởi tạo học viên' }).click();
    await dialog.getByRole('button', { name: MESSAGES.pleaseWait }).waitFor();
    await page.getByText(MESSAGES.studentCreated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const first = table().getByRole('row').nth(1);
    await first.getByText(STUDENT.email).waitFor();
    await first.getByText(STUDENT.refName).waitFor();
    await first.getByText('Facebook').waitFor();
    const { body } = await apiCall(suite, 'GET', `/user/list?type=student&search=${STUDENT.email}`, { token: adminToken });
    assert.deepEqual(
      { y: body.data.rows[0].birth_year, m: body.data.rows[0].birth_month, d: body.data.rows[0].birth_day, e: body.data.rows[0].reference_email },
      { y: 2015, m: 2, d: 28, e: STUDENT.refEmail },
    );
  });

  test('a failed create shows the existing-account banner', async () => {
    await page.getByRole('button', { name: 'Thêm học viên' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').fill('Trùng Email');
    await dialog.locator('input[name="email"]').fill(STUDENT.email);
    await dialog.getByLabel('Mật khẩu').fill('matkhau123');
    await dialog.locator('input[name="phone_number"]').fill('0900000001');
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: 'Học viên' });
    await dialog.getByRole('button', { name: 'Khởi tạo học viên' }).click();
    await dialog.getByText(MESSAGES.accountCreateFailed).waitFor();
    await dialog.getByRole('button', { name: 'Huỷ' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('edit saves the extras with the update message', async () => {
    await openRowMenu(STUDENT.email, 'Sửa');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên người đại diện').waitFor();
    assert.equal(await dialog.getByLabel('Mật khẩu').count(), 0);
    await dialog.getByLabel('Tên người đại diện').fill('Vũ Thị Mai');
    await dialog.getByRole('button', { name: 'Cập nhật học viên' }).click();
    await page.getByText(MESSAGES.studentUpdated).waitFor();
    await rowOf(STUDENT.email).getByText('Vũ Thị Mai').waitFor();
  });

  test('enrolment: class sets the totals, discount the percent; add, edit and remove', async () => {
    await openRowMenu(STUDENT.email, 'Danh sách lớp');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'add student to class' }).waitFor();
    const add = dialog.getByRole('button', { name: 'Gán vào lớp' });
    assert.equal(await add.isDisabled(), true);

    const { body } = await apiCall(suite, 'GET', '/learning/class/list?limit=1000&relationships=product_item', { token: adminToken });
    const cls = body.data.rows.find((c: { product_item: unknown }) => c.product_item);
    const courseTotal: number = cls.product_item.total_lesson;
    await dialog.getByLabel('Lớp học').selectOption(String(cls.class_id));
    await dialog.getByTestId('value-Tổng số buổi của khoá').getByText(String(courseTotal), { exact: true }).waitFor();
    await dialog.getByLabel('Hình thức khuyến mại').focus();
    await dialog.getByLabel('Số buổi tặng').focus();
    await dialog.getByText(MESSAGES.enrollmentDiscountRequired).waitFor();
    const discounts = (await apiCall(suite, 'GET', '/discounts?limit=100', { token: adminToken })).body.data.rows;
    const discount = discounts
      .filter((d: { discount_id: number }) => cls.product_item.product.discount_ids.includes(d.discount_id))
      .sort((a: { discount_percent: number }, b: { discount_percent: number }) => b.discount_percent - a.discount_percent)[0];
    await dialog.getByLabel('Hình thức khuyến mại').selectOption(String(discount.discount_id));
    await dialog.getByTestId('value-Khuyến mại (%)').getByText(String(discount.discount_percent), { exact: true }).waitFor();
    await dialog.getByLabel('Số buổi tặng').fill('2');
    await add.click();
    await page.getByText(MESSAGES.enrollmentAdded).waitFor();
    const enrolments = dialog.getByRole('table', { name: 'Các lớp của học viên' });
    const row = enrolments.getByRole('row').filter({ hasText: cls.class_name });
    await row.getByText('active', { exact: true }).waitFor();
    await row.getByText(`0 / ${courseTotal + 2} / 2`).waitFor();
    // a class the student is learning in is not offered again
    assert.equal(await dialog.getByLabel('Lớp học').locator(`option[value="${cls.class_id}"]`).count(), 0);

    // the first click on a row button works (nothing in the form grabs the focus and shifts the table)
    await row.getByRole('button', { name: 'Sửa' }).click();
    await dialog.getByRole('heading', { name: "update student's class" }).waitFor();
    assert.equal(await dialog.getByLabel('Lớp học').isDisabled(), true, 'class locked while editing');
    assert.equal(await dialog.getByLabel('Số buổi đã học').isDisabled(), true, 'learned open only on first entry');
    await dialog.getByLabel('Số buổi tặng').fill('3');
    await dialog.getByRole('button', { name: 'Cập nhật lớp' }).click();
    await page.getByText(MESSAGES.enrollmentUpdated).waitFor();
    await row.getByText(`0 / ${courseTotal + 3} / 3`).waitFor();

    await row.getByRole('button', { name: 'Xoá khỏi lớp' }).click();
    // asked first, naming the class; cancelling keeps it
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(cls.class_name, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Huỷ' }).click();
    await row.getByText('active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Xoá khỏi lớp' }).click();
    await confirm.getByRole('button', { name: 'Xoá khỏi lớp' }).click();
    await page.getByText(MESSAGES.enrollmentRemoved).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('money on an enrolment: a payment taken from its row, a transfer to another class, a removal with a refund', async () => {
    const classes = (await apiCall(suite, 'GET', '/learning/class/list?limit=1000&relationships=product_item', { token: adminToken })).body.data.rows as Array<{
      class_id: number; class_name: string; center_id: number; product_item: { product: { discount_ids: number[] } } | null;
    }>;
    const [from, to] = classes.filter((c) => c.product_item && c.center_id === 1);
    const discounts = (await apiCall(suite, 'GET', '/discounts?limit=100', { token: adminToken })).body.data.rows as Array<{ discount_id: number; discount_percent: number }>;
    // the smallest discount the course allows: the order owes money
    const discount = discounts.filter((d) => from.product_item!.product.discount_ids.includes(d.discount_id)).sort((a, b) => a.discount_percent - b.discount_percent)[0];
    const found = (await apiCall(suite, 'GET', '/user/list?type=student&limit=10&search=minhkhang', { token: adminToken })).body.data.rows as Array<{ id: number; email: string }>;
    const student = found.find((row) => row.email === STUDENT.email)!;
    const enrolled = await apiCall(suite, 'POST', '/learning/class-enrollment/create', { token: adminToken, body: { user_id: student.id, class_id: from.class_id, discount_id: discount.discount_id } });
    assert.equal(enrolled.status, 201);

    await openRowMenu(STUDENT.email, 'Danh sách lớp');
    const dialog = page.getByRole('dialog').first();
    const enrolments = dialog.getByRole('table', { name: 'Các lớp của học viên' });
    const rowIn = (name: string) => enrolments.getByRole('row').filter({ hasText: name });
    await rowIn(from.class_name).getByText(/Còn nợ/).waitFor();

    // a part paid from the row's Thu tiền
    await rowIn(from.class_name).getByRole('button', { name: 'Thu tiền' }).click();
    const payments = page.getByRole('form', { name: 'Thu tiền' });
    await payments.getByLabel(/Số tiền/).fill('1000000');
    await payments.getByRole('button', { name: 'Thu tiền' }).click();
    await page.getByText('Đã thu tiền').first().waitFor();
    await page.getByRole('table', { name: 'Các phiếu thu' }).getByText('1.000.000 đ').waitFor();
    await page.getByRole('button', { name: 'Đóng' }).last().click();
    await payments.waitFor({ state: 'detached' });

    // moved to another class after seeing what moves
    await rowIn(from.class_name).getByRole('button', { name: 'Chuyển lớp' }).click();
    const transfer = page.getByRole('dialog', { name: 'Chuyển lớp' });
    await transfer.getByLabel('Chuyển sang lớp').selectOption(String(to.class_id));
    await transfer.getByTestId('transfer-preview').getByText(/Lớp mới nhận \d+ buổi/).waitFor();
    await transfer.getByRole('button', { name: 'Xác nhận chuyển lớp' }).click();
    await page.getByText('Đã chuyển lớp').first().waitFor();
    await rowIn(to.class_name).waitFor();
    await rowIn(from.class_name).waitFor({ state: 'detached' });

    // removed: what was paid for the lessons left is proposed, and given back
    await rowIn(to.class_name).getByRole('button', { name: 'Xoá khỏi lớp' }).click();
    const cancel = page.getByRole('form', { name: 'Xoá khỏi lớp' });
    await page.getByTestId('cancel-Đã thu').getByText('1.000.000 đ').waitFor();
    await cancel.getByLabel(/Hình thức hoàn/).selectOption('transfer');
    await cancel.getByRole('button', { name: 'Xoá khỏi lớp' }).click();
    await page.getByText('Đã xoá học viên khỏi lớp').first().waitFor();
    await rowIn(to.class_name).waitFor({ state: 'detached' });
    const removed = (await apiCall(suite, 'GET', `/learning/class-enrollment/list?user_id=${student.id}&status=3&limit=10`, { token: adminToken })).body.data.rows as Array<{ class_id: number }>;
    assert.deepEqual(removed.map((row) => row.class_id).filter((id) => id === from.class_id || id === to.class_id).sort(), [from.class_id, to.class_id].sort());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('filters and page live in the URL and survive a reload', async () => {
    await page.getByRole('button', { name: /Bộ lọc/ }).click();
    await page.getByLabel('Tìm kiếm').fill('minhkhang');
    await page.getByLabel('Nguồn').selectOption('facebook');
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await page.waitForURL(/search=minhkhang/);
    assert.match(page.url(), /source=facebook/);
    await page.reload();
    await rowOf(STUDENT.email).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Danh sách học viên"] tbody tr').length === 1);

    await page.goto(`${suite.appUrl}/assets/students?page=2`);
    await page.getByText(`Showing 11 to 20 of ${await total()} entries`).waitFor();
    await page.getByRole('button', { name: 'Page 3', exact: true }).click();
    await page.waitForURL(/page=3/);
    await page.reload();
    await page.getByText(`Showing 21 to 30 of ${await total()} entries`).waitFor();
  });

  test('Xuất Excel downloads <today>_students-file.xlsx holding the filtered students', async () => {
    await page.goto(`${suite.appUrl}/assets/students?source=facebook`);
    await table().getByRole('row').nth(1).waitFor();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const download = await downloadPromise;
    assert.equal(download.suggestedFilename(), `${today()}_students-file.xlsx`);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'students-export-')), download.suggestedFilename());
    await download.saveAs(file);
    await page.getByRole('button', { name: 'Xuất Excel' }).waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    const { body } = await apiCall(suite, 'GET', '/user/list?type=student&source=facebook&limit=1000', { token: adminToken });
    const expected: string[] = body.data.rows.map((u: { email: string }) => u.email);
    const emails: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) emails.push(String(row.getCell(3).value));
    });
    assert.equal(sheet.getRow(1).getCell(3).value, 'Email');
    assert.deepEqual(emails, expected);
    assert.ok(emails.includes(STUDENT.email));
  });

  test('change password and delete', async () => {
    await page.goto(`${suite.appUrl}/assets/students?search=minhkhang`);
    await openRowMenu(STUDENT.email, 'Đổi mật khẩu');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MESSAGES.changePasswordTitle).waitFor();
    await dialog.getByLabel(/Mật khẩu/).fill('matkhaumoi2026');
    await dialog.getByRole('button', { name: MESSAGES.changePasswordSubmit }).click();
    await page.getByText(MESSAGES.passwordUpdated).waitFor();
    assert.ok(await tokenFor(suite, STUDENT.email, 'matkhaumoi2026'));

    await openRowMenu(STUDENT.email, 'Xoá');
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText(MESSAGES.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Đồng ý' }).click();
    await page.getByText(MESSAGES.deleted).waitFor();
    await rowOf(STUDENT.email).waitFor({ state: 'detached' });
  });
});
