/**
 * The competition area's day in the browser, against the real API: an examinee registered with the form,
 * more imported from an xlsx (a file with a bad row refused whole, then the corrected one), the first
 * round scored from the keyboard only (typed, Enter, saved without a click), finalised, and the ranking
 * with a tie sharing a rank. The demo teacher grades only the subject assigned to them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { EXAMINEE_SHEET_COLUMNS as C } from '@trungtam/shared/contracts/competition';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const EVENT_NAME = 'Hội thi Toán tuổi thơ (thử nghiệm)';

/** An import file with the template's columns and these rows (subject, group, name). */
async function sheetFile(rows: Array<[string, string, string]>): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Thí sinh');
  sheet.addRow([C.fullName, C.birthDate, C.studentEmail, C.school, C.contact, C.topic, C.type]);
  for (const [topic, type, name] of rows) sheet.addRow([name, '15/03/2015', '', 'TH Kim Liên', '0912000111', topic, type]);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'examinees-')), 'thi-sinh.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('competition area', () => {
  let suite: Suite;
  let page: Page;
  let eventId = 0;
  let firstRound = 0;
  let maths = '';
  let group = '';

  before(async () => {
    suite = await startSuite();
    ({ page } = await suite.newPage());
    page.setDefaultTimeout(20_000);
    const token = await tokenFor(suite, DEMO.admin);
    const topics = (await apiCall(suite, 'GET', '/competition/topic/list?limit=100', { token })).body.data.rows as Array<{ topic_id: number; name: string }>;
    const types = (await apiCall(suite, 'GET', '/competition/type/list?limit=100', { token })).body.data.rows as Array<{ type_id: number; name: string }>;
    maths = 'Toán';
    group = types[0].name;
    const event = await apiCall(suite, 'POST', '/competition/event/create', {
      token,
      body: { name: EVENT_NAME, status: 2, center_id: 1, graders: [] },
    });
    assert.equal(event.status, 201, JSON.stringify(event.body));
    eventId = event.body.data.competition_id;
    assert.ok(topics.some((topic) => topic.name === maths));
    for (const [order, name, pass] of [[1, 'Vòng loại', 75], [2, 'Chung kết', 80]] as const) {
      const round = await apiCall(suite, 'POST', '/competition/round/create', { token, body: { competition_id: eventId, name, order, max_score: 100, pass_score: pass } });
      assert.equal(round.status, 201, JSON.stringify(round.body));
      if (order === 1) firstRound = round.body.data.round_id;
    }
    await signIn(suite, page, DEMO.admin);
  });
  after(async () => {
    await suite?.stop();
  });

  test('an outside candidate registered with the form gets the event’s first candidate number', async () => {
    await page.goto(`${suite.appUrl}/competition/examinee?competition_id=${eventId}`);
    await page.getByRole('heading', { level: 1, name: 'Thí sinh' }).waitFor();
    await page.getByRole('button', { name: 'Thêm thí sinh' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(/^Cuộc thi/).selectOption({ label: EVENT_NAME });
    await form.getByText('Thí sinh tự do').click();
    await form.getByLabel(/^Họ và tên/).fill('Phạm Minh Khôi');
    await form.getByLabel(/^Môn thi/).selectOption({ label: maths });
    await form.getByLabel(/^Nhóm thí sinh/).selectOption({ label: group });
    const submit = form.getByRole('button', { name: 'Thêm thí sinh' });
    await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, await submit.elementHandle());
    await submit.click();
    await page.getByText('Bạn đã thêm thí sinh thành công').waitFor();
    await page.getByRole('row').filter({ hasText: 'Phạm Minh Khôi' }).filter({ hasText: '0001' }).waitFor();
  });

  test('an import with a bad row imports nothing and says which row; the corrected file imports every row', async () => {
    await page.getByRole('button', { name: 'Nhập từ Excel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Cuộc thi/).selectOption({ label: EVENT_NAME });
    const rows: Array<[string, string, string]> = [
      [maths, group, 'Lê Hải Yến'],
      ['Môn không có', group, 'Trần Bảo Ngọc'],
      [maths, group, 'Vũ Đức Anh'],
    ];
    await dialog.locator('input[type=file]').setInputFiles(await sheetFile(rows));
    await dialog.getByRole('button', { name: 'Nhập thí sinh' }).click();
    await dialog.getByText('Có 1 dòng bị từ chối: chưa thí sinh nào được nhập').waitFor();
    const refused = dialog.getByRole('table', { name: 'Các dòng bị từ chối' });
    await refused.getByRole('row').filter({ hasText: /^\s*3/ }).filter({ hasText: 'Môn thi' }).waitFor();
    const token = await tokenFor(suite, DEMO.admin);
    const before = (await apiCall(suite, 'GET', `/competition/examinee/list?competition_id=${eventId}&limit=100`, { token })).body.data.rows;
    assert.equal(before.length, 1, 'nothing imported from a refused file');

    rows[1][0] = maths;
    await dialog.locator('input[type=file]').setInputFiles(await sheetFile(rows));
    await dialog.getByRole('button', { name: 'Nhập thí sinh' }).click();
    await page.getByText('Đã nhập 3 thí sinh').waitFor();
    for (const [number, name] of [['0002', 'Lê Hải Yến'], ['0003', 'Trần Bảo Ngọc'], ['0004', 'Vũ Đức Anh']]) {
      await page.getByRole('table').getByRole('row').filter({ hasText: name }).filter({ hasText: number }).waitFor();
    }
  });

  test('the first round scored from the keyboard only: Enter goes down, every score saved without a click', async () => {
    await page.goto(`${suite.appUrl}/competition/scoring?competition_id=${eventId}&round_id=${firstRound}`);
    const grid = page.getByRole('table', { name: 'Bảng điểm' });
    await grid.getByLabel('Điểm 0001').focus();
    for (const [score, next] of [['90', '0002'], ['80', '0003'], ['80', '0004'], ['70', null]] as const) {
      await page.keyboard.type(score);
      await page.keyboard.press('Enter');
      if (next) assert.equal(await grid.getByLabel(`Điểm ${next}`).evaluate((input) => input === document.activeElement), true, `Enter moves to ${next}`);
    }
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Bảng điểm"] tbody tr').length === 4);
    await grid.getByRole('row').filter({ hasText: '✓ Đã lưu' }).nth(3).waitFor();
    await page.getByText('Đã chấm 4/4 thí sinh · 3 thí sinh đạt (từ 75 điểm)').waitFor();

    const token = await tokenFor(suite, DEMO.admin);
    const saved = (await apiCall(suite, 'GET', `/competition/scoring/list?round_id=${firstRound}`, { token })).body.data.rows as Array<{ full_name: string; score: number }>;
    assert.deepEqual(saved.map((row) => [row.full_name, row.score]), [['Phạm Minh Khôi', 90], ['Lê Hải Yến', 80], ['Trần Bảo Ngọc', 80], ['Vũ Đức Anh', 70]]);
  });

  test('finalising locks the round and advances those at the pass score; the ranking shares a rank between a tie', async () => {
    await page.getByRole('button', { name: 'Chốt điểm' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText('Mọi thí sinh đều đã có điểm.').waitFor();
    await confirm.getByRole('button', { name: 'Chốt điểm' }).click();
    await page.getByText('Đã chốt điểm: 3 thí sinh vào vòng sau').waitFor();
    await page.getByText(/Vòng thi đã chốt điểm lúc/).waitFor();
    assert.equal(await page.getByLabel('Điểm 0004').isDisabled() || !(await page.getByLabel('Điểm 0004').isEditable()), true, 'the round is read-only');

    await page.getByRole('tab', { name: 'Xếp hạng' }).click();
    const ranking = page.getByRole('table', { name: 'Bảng xếp hạng' });
    await ranking.getByRole('row').filter({ hasText: 'Vũ Đức Anh' }).waitFor();
    const lines = await ranking.locator('tbody tr').allInnerTexts();
    const ranks = lines.map((line) => line.trim().split(/\s+/)[0]);
    assert.deepEqual(ranks, ['1', '2', '2', '4']);
    assert.match(lines[0], /Phạm Minh Khôi/);
    assert.match(lines[3], /Vũ Đức Anh/);
    await ranking.getByText('Đồng hạng').first().waitFor();

    // the final is sat by the three who passed
    await page.getByRole('tab', { name: 'Chấm điểm' }).click();
    const grid = page.getByRole('table', { name: 'Bảng điểm' });
    // the first round's grid is back (and the tab in the URL) before another round is chosen
    await grid.getByLabel('Điểm 0004').waitFor();
    await page.getByLabel(/^Vòng thi/).selectOption({ label: 'Chung kết' });
    // Vũ Đức Anh (70) stays out
    await grid.getByLabel('Điểm 0004').waitFor({ state: 'detached' });
    await grid.getByLabel('Điểm 0003').waitFor();
    assert.equal(await grid.locator('tbody tr').count(), 3);
  });

  test('the demo teacher grades only the subject assigned to them', async () => {
    const { context, page: teacherPage } = await suite.newPage();
    await signIn(suite, teacherPage, DEMO.teacher);
    await teacherPage.goto(`${suite.appUrl}/competition/scoring`);
    const grid = teacherPage.getByRole('table', { name: 'Bảng điểm' });
    await grid.locator('tbody tr').first().waitFor();
    const subjects = new Set((await grid.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => text.trim()));
    assert.deepEqual([...subjects], ['Tiếng Anh']);
    // the event made above has no grader: the teacher is not offered it
    assert.equal(await teacherPage.getByRole('option', { name: EVENT_NAME }).count(), 0);
    await context.close();
  });
});
