/**
 * Importing students from Excel in the browser, against the real API, as the demo giáo vụ: a file with a
 * good row, an update of an existing student, a bad row and a duplicate; the dry run lists each with its
 * result and writes nothing; the results filter; the commit writes the good rows only, in the giáo vụ's
 * centre, and the list shows the new student.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { ACCOUNT_SHEET_COLUMNS as C, ACCOUNT_SHEET_LAYOUT } from '@trungtam/shared/schemas/accountImport';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const NEW_STUDENT = { name: 'Đinh Khánh Linh', email: 'dinh.khanh.linh@example.com' };

async function studentsFile(rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Học viên');
  sheet.addRow(ACCOUNT_SHEET_LAYOUT.student.map((column) => C[column]));
  for (const row of rows) sheet.addRow(row);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'accounts-')), 'hoc-vien.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('account import', () => {
  let suite: Suite;
  let page: Page;

  before(async () => {
    suite = await startSuite();
    ({ page } = await suite.newPage());
    page.setDefaultTimeout(20_000);
    await signIn(suite, page, DEMO.academicAffair);
  });
  after(async () => {
    await suite?.stop();
  });

  test('a file with good, bad and duplicate rows: each reported, only the good ones imported', async () => {
    await page.goto(`${suite.appUrl}/assets/students`);
    await page.getByRole('button', { name: 'Nhập từ Excel' }).click();
    const dialog = page.getByRole('dialog');
    const file = await studentsFile([
      [NEW_STUDENT.name, NEW_STUDENT.email, '0966 123 456', '12/09/2014', 'Hoàng Mai, Hà Nội', 'Facebook', 'Đinh Văn Hải', '0988123456', ''],
      ['Lê Gia Bảo', DEMO.student, '0901000004', '2012-05-14', 'Cầu Giấy, Hà Nội', '', '', '', ''],
      ['', 'khong-phai-email', '12345', '31/02/2014', '', '', '', '', ''],
      ['Đinh Khánh Linh', NEW_STUDENT.email.toUpperCase(), '0966123456', '', '', '', '', '', ''],
    ]);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Kiểm tra tệp' }).click();

    const results = dialog.getByRole('table', { name: 'Kết quả từng dòng' });
    await results.getByRole('row').filter({ hasText: NEW_STUDENT.email }).filter({ hasText: 'Tạo mới' }).waitFor();
    await results.getByRole('row').filter({ hasText: DEMO.student }).filter({ hasText: 'Khớp theo e-mail' }).waitFor();
    await results.getByRole('row').filter({ hasText: 'khong-phai-email' }).filter({ hasText: 'Ngày sinh không hợp lệ' }).waitFor();
    await results.getByRole('row').filter({ hasText: 'Trùng e-mail với dòng 2 của tệp' }).waitFor();

    const token = await tokenFor(suite, DEMO.admin);
    const search = async () => (await apiCall(suite, 'GET', `/user/list?type=student&limit=10&search=${encodeURIComponent(NEW_STUDENT.email)}`, { token })).body.data.rows as Array<{ email: string; center_id: number }>;
    assert.deepEqual(await search(), [], 'the dry run writes nothing');

    await dialog.getByLabel('Lọc kết quả').selectOption('refused');
    assert.equal(await results.getByRole('row').count(), 2, 'the header and the one refused row');

    await dialog.getByRole('button', { name: 'Nhập 2 tài khoản' }).click();
    await page.getByText('Đã tạo 1 và cập nhật 1 tài khoản').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('table').getByRole('row').filter({ hasText: NEW_STUDENT.name }).waitFor();

    const made = await search();
    assert.equal(made.length, 1);
    const me = (await apiCall(suite, 'GET', '/user/profile', { token: await tokenFor(suite, DEMO.academicAffair) })).body.data;
    assert.equal(made[0].center_id, me.center_id, "in the giáo vụ's centre");
    const refused = (await apiCall(suite, 'GET', '/user/list?type=student&limit=10&search=khong-phai-email', { token })).body.data.rows;
    assert.deepEqual(refused, []);
  });
});
