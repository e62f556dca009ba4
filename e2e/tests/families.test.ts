/**
 * Families in the browser, against the API run as its own process (its outbox worker running):
 * - a giáo vụ adds a guardian to a student from the students list, the form refusing a bad phone first;
 * - a roll with that student absent sends the guardian one message, which the delivery log shows sent;
 * - a teacher's account page gives the private calendar URL, which serves iCalendar until it is rotated.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

describe('families and calendars', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('a guardian added from the students list is told of an absence; the delivery log shows it sent', async () => {
    const { context, page } = await suite.newPage({ locale: 'vi-VN' });
    page.setDefaultTimeout(20_000);
    await signIn(suite, page, DEMO.academicAffair);
    const token = await tokenFor(suite, DEMO.academicAffair);

    // a past session of the giáo vụ's centre whose roll was taken, and its first student
    const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date(Date.now() + offset * 86_400_000));
    const listed = await apiCall(suite, 'GET', `/learning/class-schedule?limit=200&schedule_date=${day(-30)}&schedule_date=${day(-1)}`, { token });
    const sessions = listed.body.data.rows as Array<{ schedule_id: number; is_attendance: number }>;
    const held = sessions.find((session) => session.is_attendance === 1);
    assert.ok(held, 'a past session with its roll');
    const detail = (await apiCall(suite, 'GET', `/learning/class-schedule/${held.schedule_id}`, { token })).body.data;
    const roll = detail.participants as Array<{ user_id: number; name: string }>;
    const student = roll[0];

    await page.goto(`${suite.appUrl}/assets/students?search=${encodeURIComponent(student.name)}`);
    const row = page.getByRole('row').filter({ hasText: student.name }).first();
    await row.getByRole('button', { name: /Thao tác với/ }).click();
    await page.getByRole('menuitem', { name: 'Phụ huynh' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Thêm phụ huynh' }).click();
    const email = `me.${Date.now()}@example.com`;
    await dialog.getByLabel(/Họ tên phụ huynh/).fill('Trần Thị Mai');
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Số điện thoại/).fill('09123');
    await dialog.getByLabel(/^Số điện thoại/).blur();
    await dialog.getByText('Số điện thoại phụ huynh không đúng định dạng').waitFor();
    await dialog.getByLabel(/^Số điện thoại/).fill('0912345670');
    await dialog.getByRole('button', { name: 'Thêm phụ huynh' }).last().click();
    await page.getByText('Bạn đã thêm phụ huynh thành công').waitFor();
    await dialog.getByRole('table', { name: 'Phụ huynh của học viên' }).getByText('Trần Thị Mai').waitFor();

    // the roll with the student absent: one message to each of their guardians, the new one included
    const attendance = roll.map((mark) => ({ user_id: mark.user_id, status: mark.user_id === student.user_id ? 'absent' : 'present' }));
    const saved = await apiCall(suite, 'PUT', '/learning/class-schedule/is-attendance', { token, body: { schedule_id: held.schedule_id, attendance } });
    assert.equal(saved.status, 200);
    // the worker sends within a second or two
    const status = async () => {
      const messages = await apiCall(suite, 'GET', `/learning/messages?student_id=${student.user_id}`, { token });
      return (messages.body.data.rows as Array<{ recipient: string; status: string }>).filter((message) => message.recipient === email).map((message) => message.status);
    };
    for (let tries = 0; (await status()).join() !== 'sent'; tries += 1) {
      assert.ok(tries < 40, `the message is sent (${(await status()).join()})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await page.goto(`${suite.appUrl}/settings/family-messages?student_id=${student.user_id}`);
    await page.getByRole('heading', { level: 1, name: 'Tin gửi phụ huynh' }).waitFor();
    const sent = page.getByRole('table').first().getByRole('row').filter({ hasText: email });
    await sent.waitFor();
    assert.equal(await sent.count(), 1);
    assert.match(await sent.innerText(), /Vắng học/);
    assert.match(await sent.innerText(), /Đã gửi/);
    await context.close();
  });

  test("a teacher's account page gives the calendar URL; it serves iCalendar until a new one is made", async () => {
    const { context, page } = await suite.newPage({ locale: 'vi-VN' });
    page.setDefaultTimeout(20_000);
    await signIn(suite, page, DEMO.teacher);
    await page.goto(`${suite.appUrl}/crafted/account`);
    await page.getByRole('heading', { name: 'Lịch học trên điện thoại' }).waitFor();
    const field = page.getByLabel('Đường dẫn lịch của bạn');
    await field.waitFor();
    const url = await field.inputValue();
    assert.match(url, /\/api\/v1\/calendar\/user\/\d+\/feed\.ics\?token=/);
    await page.getByRole('img', { name: /Mã QR/ }).waitFor();
    const feed = await fetch(url);
    assert.equal(feed.status, 200);
    assert.match(await feed.text(), /^BEGIN:VCALENDAR\r\n/);

    await page.getByRole('button', { name: 'Tạo đường dẫn mới' }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Tạo đường dẫn mới' }).click();
    await page.getByText('Đã tạo đường dẫn mới').waitFor();
    const renewed = await field.inputValue();
    assert.notEqual(renewed, url);
    assert.equal((await fetch(url)).status, 404);
    assert.equal((await fetch(renewed)).status, 200);
    await context.close();
  });
});
