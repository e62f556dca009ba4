/**
 * Scheduling at speed in the browser, against the real API: a class whose sessions clash with another's
 * teacher and room is created with one "apply to all" choice (the free room and teacher the preview
 * proposes); a giáo vụ gives a session to a substitute teacher from the schedules screen, and a date range
 * of the class; the substitute has it on their list, the payroll pays them and names the teacher replaced.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const dmy = (iso: string) => iso.split('-').reverse().join('/');
const CLASS_NAME = 'GT-HN-31 Giao tiếp 6 giờ sáng';
const SECOND_CLASS = 'GT-HN-32 Giao tiếp trùng giờ';

describe('substitute teachers and the clash preview', () => {
  let suite: Suite;
  let page: Page;
  let adminToken: string;
  const today = operatorToday();
  const day = (offset: number) => dayjs(today).add(offset, 'day').format('YYYY-MM-DD');
  let classId = 0;
  let roomId = 0;
  let teacher = { id: 0, name: '' };
  let substitute = { id: 0, name: '' };
  type Row = { schedule_id: number; schedule_date: string; teacher_id: number; original_teacher_id: number | null; room_id: number };
  const sessionsOf = async (id: number) =>
    (await apiCall(suite, 'GET', `/learning/class-schedule?class_id=${id}&limit=100&sort_column=schedule_date&sort_type=ASC`, { token: adminToken })).body.data.rows as Row[];

  before(async () => {
    suite = await startSuite();
    ({ page } = await suite.newPage());
    page.setDefaultTimeout(20_000);
    adminToken = await tokenFor(suite, DEMO.admin);
    const me = (await apiCall(suite, 'GET', '/user/get-by-token', { token: await tokenFor(suite, DEMO.teacher) })).body.data;
    teacher = { id: me.id, name: me.name };
    // another active teacher of the demo teacher's centre (Hà Nội): the substitute
    const teachers = (await apiCall(suite, 'GET', `/user/list?type=teacher&center_id=${me.center_id}&status=1&limit=100`, { token: adminToken })).body.data.rows as Array<{ id: number; name: string; status: number }>;
    const other = teachers.find((t) => t.id !== me.id && t.status === 1)!;
    substitute = { id: other.id, name: other.name };

    // the demo teacher's class, every day at 06:00 (no demo session then), from a week ago to a week ahead;
    // a day off of the demo on one of its days is kept
    const course = (await apiCall(suite, 'GET', '/product/list?limit=5', { token: adminToken })).body.data.rows[0];
    const rooms = (await apiCall(suite, 'GET', `/learning/room/list?center_id=${me.center_id}&limit=100`, { token: adminToken })).body.data.rows as Array<{ room_id: number }>;
    roomId = rooms[0].room_id;
    const body = {
      class_name: CLASS_NAME,
      class_type: 'group',
      product_id: course.product_id,
      product_item_id: course.items[0].product_item_id,
      teacher_id: teacher.id,
      academic_affair_id: null,
      center_id: me.center_id,
      room_id: roomId,
      teacher_salary: 300000,
      start_date: day(-7),
      class_schedule: JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, hour: 6, minute: 0, duration: 60 }))),
    };
    const planned = (await apiCall(suite, 'POST', '/learning/class/preview-schedule', { token: adminToken, body })).body.data as { sessions: Array<{ date: string; hour: number; minute: number; clashes: unknown[] }> };
    const resolutions = planned.sessions.filter((s) => s.clashes.length).map((s) => ({ date: s.date, hour: s.hour, minute: s.minute, action: 'keep' }));
    const created = await apiCall(suite, 'POST', '/learning/class/create', { token: adminToken, body: { ...body, resolutions } });
    assert.equal(created.status, 201);
    classId = created.body.data.class_id;
    await signIn(suite, page, DEMO.admin);
  });
  after(async () => {
    await suite?.stop();
  });

  test('a class clashing with the teacher and the room: "apply to all" takes the free room and teacher proposed', async () => {
    await page.goto(`${suite.appUrl}/learning/classes`);
    await page.getByRole('button', { name: 'Thêm lớp học' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(/Tên lớp/).fill(SECOND_CLASS);
    const course = form.getByLabel(/^Khoá học/);
    await course.locator('option').nth(1).waitFor({ state: 'attached' });
    await course.selectOption({ index: 1 });
    await form.getByLabel(/^Gói khoá học/).selectOption({ index: 1 });
    await form.getByLabel(/^Giáo viên/).first().selectOption({ label: teacher.name });
    await form.getByLabel(/^Trung tâm/).selectOption({ label: 'Trung tâm Hà Nội' });
    await form.getByLabel(/^Phòng học/).selectOption(String(roomId));
    await form.getByLabel(/Lương giáo viên/).fill('250000');
    await form.getByLabel(/Ngày bắt đầu/).fill(dmy(day(3)));
    await form.getByLabel('Thứ — Buổi 1').selectOption(String(dayjs(day(3)).day()));
    await form.getByLabel('Giờ bắt đầu — Buổi 1').fill('06:00');
    await form.getByLabel('Thời lượng (phút) — Buổi 1').fill('60');
    await form.getByRole('button', { name: 'Xem trước lịch học' }).click();
    const status = form.getByRole('status').filter({ hasText: 'buổi học' });
    // the week ahead of the first class: its session that day holds the teacher and the room
    await status.filter({ hasText: /[1-9]\d* buổi bị trùng chưa xử lý/ }).waitFor();
    const choice = form.getByLabel(`Cách xử lý buổi ${dmy(day(3))} 06:00`);
    await choice.locator('option', { hasText: /^Đổi phòng: .+; giáo viên .+ dạy thay$/ }).waitFor({ state: 'attached' });

    const all = form.getByRole('region', { name: 'Áp dụng cho tất cả buổi bị trùng' });
    await all.getByRole('button', { name: 'Đổi phòng / giáo viên trống cho tất cả' }).click();
    // a national day off of the demo on one of its weekly days is not a room's or a teacher's: kept
    const { body: daysOff } = await apiCall(suite, 'GET', '/learning/holiday/list?limit=100', { token: adminToken });
    const weekly = Array.from({ length: 60 }, (_, week) => dayjs(day(3)).add(week, 'week').format('YYYY-MM-DD'));
    for (const { date } of daysOff.data.rows as Array<{ date: string }>) {
      const select = form.getByLabel(`Cách xử lý buổi ${dmy(date)} 06:00`);
      if (weekly.includes(date) && (await select.count())) await select.selectOption('keep');
    }
    await status.filter({ hasText: 'không có buổi nào bị trùng chưa xử lý' }).waitFor();
    const submit = form.getByRole('button', { name: 'Thêm lớp học' });
    await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, await submit.elementHandle());
    await submit.click();
    await page.getByText('Bạn đã thêm lớp học thành công').waitFor();

    const { body } = await apiCall(suite, 'GET', `/learning/class/list?search=${encodeURIComponent(SECOND_CLASS)}`, { token: adminToken });
    const [first] = await sessionsOf(body.data.rows[0].class_id);
    assert.equal(first.schedule_date, day(3));
    assert.notEqual(first.room_id, roomId, 'held in the free room proposed');
    assert.notEqual(first.teacher_id, teacher.id, 'taught by the free teacher proposed');
    assert.equal(first.original_teacher_id, teacher.id, 'as the class teacher’s substitute');
  });

  test('a giáo vụ gives one session, then a range of the class, to a substitute; refused sessions are named', async () => {
    const affair = await suite.newPage();
    affair.page.setDefaultTimeout(20_000);
    await signIn(suite, affair.page, DEMO.academicAffair);
    await affair.page.goto(`${suite.appUrl}/learning/schedules?view=list&date=${day(1)}&class_id=${classId}`);
    const list = affair.page.getByRole('table').first();
    await list.getByRole('row').filter({ hasText: dmy(day(1)) }).first().getByRole('button', { name: /Chi tiết/ }).click();
    const dialog = affair.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Dạy thay' }).click();
    const form = dialog.getByRole('form', { name: 'Giáo viên dạy thay' });
    await form.getByRole('searchbox').fill(substitute.name);
    const picker = form.getByLabel(/^Giáo viên dạy thay/);
    await picker.locator('option', { hasText: substitute.name }).first().waitFor({ state: 'attached' });
    await picker.selectOption({ label: (await picker.locator('option', { hasText: substitute.name }).first().textContent())! });
    await form.getByRole('button', { name: 'Lưu dạy thay' }).click();
    await affair.page.getByText('Bạn đã lưu giáo viên dạy thay').waitFor();
    await dialog.getByText(`dạy thay ${teacher.name}`).waitFor();

    // the two days before: one of them has its roll taken already
    const sessions = await sessionsOf(classId);
    const rolled = sessions.find((s) => s.schedule_date === day(-2))!;
    assert.equal((await apiCall(suite, 'PUT', '/learning/class-schedule/is-attendance', { token: adminToken, body: { schedule_id: rolled.schedule_id, attendance: [] } })).status, 200);
    await dialog.getByRole('button', { name: 'Dạy thay' }).click();
    await form.getByRole('searchbox').fill(substitute.name);
    await picker.locator('option', { hasText: substitute.name }).first().waitFor({ state: 'attached' });
    await picker.selectOption({ label: (await picker.locator('option', { hasText: substitute.name }).first().textContent())! });
    await form.getByText('Các buổi của lớp trong khoảng ngày').click();
    await form.getByRole('textbox', { name: /Từ ngày/ }).fill(dmy(day(-2)));
    await form.getByRole('textbox', { name: /Đến ngày/ }).fill(dmy(day(-1)));
    await form.getByRole('button', { name: 'Lưu dạy thay' }).click();
    const result = dialog.getByRole('region', { name: 'Kết quả dạy thay' });
    await result.getByText('1 buổi đã đổi giáo viên · 1 buổi không đổi được').waitFor();
    await result.getByText(/Buổi học đã điểm danh: không thể đổi giáo viên/).waitFor();
    await affair.context.close();

    const after = await sessionsOf(classId);
    assert.deepEqual(
      after.filter((s) => s.teacher_id === substitute.id).map((s) => s.schedule_date),
      [day(-1), day(1)],
    );
  });

  test('the substitute is paid for the session they taught, on a line naming the teacher replaced', async () => {
    const taught = (await sessionsOf(classId)).find((s) => s.schedule_date === day(-1))!;
    assert.equal((await apiCall(suite, 'PUT', '/learning/class-schedule/is-attendance', { token: adminToken, body: { schedule_id: taught.schedule_id, attendance: [] } })).status, 200);
    await page.goto(`${suite.appUrl}/learning/reports?tab=payroll&from=${day(-1)}&to=${day(-1)}`);
    const lines = page.getByRole('table', { name: 'Bảng chấm công' });
    const line = lines.getByRole('row').filter({ hasText: CLASS_NAME });
    await line.waitFor();
    await line.getByText(substitute.name).waitFor();
    await line.getByText(`Dạy thay ${teacher.name}`).waitFor();
    assert.match((await line.textContent()) ?? '', /300\.000/);
  });
});
