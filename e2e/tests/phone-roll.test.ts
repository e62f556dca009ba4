/**
 * A teacher's day on a phone (390×844, touch): "Hôm nay" lists today's sessions, and a roll is taken in two
 * taps (the session, "Tất cả có mặt"), then persisted. The session is made for today through the API first,
 * so the test does not depend on the hour nor on the demo data's timetable. With SHOTS_DIR set, it saves
 * screenshots of the screens there.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

const operatorToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
};

describe('Hôm nay on a phone', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test("the demo teacher opens Hôm nay and saves a roll in two taps; the roll is persisted", async () => {
    const admin = await tokenFor(suite, DEMO.admin);
    const teacher = await tokenFor(suite, DEMO.teacher);
    const today = operatorToday();

    // a class of the teacher's with students counting today, and a session of it today at an hour nobody uses
    const classes = (await apiCall(suite, 'GET', '/learning/class/list?limit=1000&page=1', { token: teacher })).body.data.rows as Array<{ class_id: number; class_name: string }>;
    let chosen: { class_id: number; class_name: string; students: number } | undefined;
    for (const cls of classes) {
      const enrolled = await apiCall(suite, 'GET', `/learning/class-enrollment/list?class_id=${cls.class_id}&status=1&date=${today}&limit=50&page=1`, { token: admin });
      if (enrolled.body.data.rows.length > 0) {
        chosen = { ...cls, students: enrolled.body.data.rows.length };
        break;
      }
    }
    assert.ok(chosen, 'a class of the demo teacher with students');
    let session: { schedule_id: number; schedule_hour: number; schedule_minute: number } | undefined;
    for (const [hour, minute] of [[5, 10], [5, 40], [22, 40], [23, 20], [6, 5]]) {
      const created = await apiCall(suite, 'POST', '/learning/class-schedule', {
        token: admin,
        body: { class_id: chosen.class_id, schedule_date: today, schedule_hour: hour, schedule_minute: minute, duration: 15 },
      });
      if (created.status === 201) {
        session = created.body.data;
        break;
      }
    }
    assert.ok(session, 'a session of the class today');
    const pad = (n: number) => String(n).padStart(2, '0');
    const end = session.schedule_hour * 60 + session.schedule_minute + 15;
    const time = `${pad(session.schedule_hour)}:${pad(session.schedule_minute)} – ${pad(Math.floor(end / 60))}:${pad(end % 60)}`;

    const { context, page } = await suite.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'vi-VN' });
    page.setDefaultTimeout(20_000);
    await signIn(suite, page, DEMO.teacher);
    await page.goto(`${suite.appUrl}/learning/today`);
    await page.getByRole('heading', { level: 1, name: 'Hôm nay' }).waitFor();
    const card = page.getByRole('button', { name: `Điểm danh ${chosen.class_name}, ${time}` });
    await card.waitFor();
    await shot(page, 'today-phone-teacher');
    // nothing wider than the phone, and the session a large target
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no horizontal scroll at 390 px');
    assert.ok((await card.boundingBox())!.height >= 44, 'the session is at least 44 px high');

    // tap 1: the session; tap 2: "Tất cả có mặt"
    await card.tap();
    const allPresent = page.getByRole('button', { name: 'Tất cả có mặt' });
    await allPresent.waitFor();
    assert.ok((await allPresent.boundingBox())!.height >= 44, '"Tất cả có mặt" is at least 44 px high');
    const toggle = page.getByRole('group', { name: /^Điểm danh / }).first().getByRole('button', { name: 'Vắng' });
    assert.ok((await toggle.boundingBox())!.height >= 44, 'each exception toggle is at least 44 px high');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the roll has no horizontal scroll');
    await shot(page, 'today-roll-phone-teacher');
    await allPresent.tap();
    await page.getByText('Bạn đã lưu điểm danh thành công').first().waitFor();
    await page.getByText(`Đã lưu: ${chosen.students} có mặt · 0 vắng · 0 có phép`).waitFor();
    await shot(page, 'today-roll-saved-phone-teacher');

    // persisted: the session is attended, every student present
    const detail = (await apiCall(suite, 'GET', `/learning/class-schedule/${session.schedule_id}`, { token: teacher })).body.data;
    assert.equal(detail.is_attendance, 1);
    assert.equal(detail.attendance.length, chosen.students);
    assert.ok(detail.attendance.every((mark: { status: string }) => mark.status === 'present'));

    // back to the day: the session now shows its roll taken
    await page.getByRole('button', { name: '← Hôm nay' }).tap();
    await card.getByText('Đã điểm danh').waitFor();
    await context.close();

    if (process.env.SHOTS_DIR) {
      // the same screens on a desktop, and as a giáo vụ (the sessions of their centre)
      for (const [who, email] of [['teacher', DEMO.teacher], ['giaovu', DEMO.academicAffair], ['admin', DEMO.admin]] as const) {
        const desk = await suite.newPage({ locale: 'vi-VN', viewport: { width: 1280, height: 800 } });
        await signIn(suite, desk.page, email);
        await desk.page.goto(`${suite.appUrl}/learning/today`);
        await desk.page.getByRole('heading', { level: 1, name: 'Hôm nay' }).waitFor();
        await desk.page.waitForLoadState('networkidle');
        await shot(desk.page, `today-desktop-${who}`);
        await desk.context.close();
      }
      const phone = await suite.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'vi-VN' });
      await signIn(suite, phone.page, DEMO.academicAffair);
      await phone.page.goto(`${suite.appUrl}/learning/today`);
      await phone.page.getByRole('heading', { level: 1, name: 'Hôm nay' }).waitFor();
      await phone.page.waitForLoadState('networkidle');
      await shot(phone.page, 'today-phone-giaovu');
      await phone.context.close();
    }
  });
});
