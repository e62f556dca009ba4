import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { operatorIsoWeek } from '@trungtam/shared/operatorDate';
import { apiCall, DEMO, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

/** The operator's ISO week (Việt Nam), whatever the zone of the machine running the tests. */
const week = operatorIsoWeek();

interface Session {
  teacher_id: number;
  schedule_date: string;
  class: { class_name: string } | null;
}

describe('dashboard', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test("a teacher's week shows only their own sessions, with Vietnamese weekdays and DD/MM/YYYY dates", async () => {
    const { start, end } = week;
    const admin = await tokenFor(suite, DEMO.admin);
    const teacher = await tokenFor(suite, DEMO.teacher);
    const me = (await apiCall(suite, 'GET', '/user/get-by-token', { token: teacher })).body.data;
    const all = await apiCall(
      suite,
      'GET',
      `/learning/class-schedule?limit=1000&relationships=class&schedule_date=${start}&schedule_date=${end}`,
      { token: admin },
    );
    const sessions: Session[] = all.body.data.rows;
    const mine = new Set(sessions.filter((s) => s.teacher_id === me.id).map((s) => s.class!.class_name));
    const others = new Set(sessions.filter((s) => s.teacher_id !== me.id).map((s) => s.class!.class_name));
    const myCount = sessions.filter((s) => s.teacher_id === me.id).length;
    assert.ok(myCount > 0 && others.size > 0, 'the demo week has sessions of this teacher and of others');

    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.teacher);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Lịch học trong tuần này' }) });
    await card.getByTestId('schedule-row').first().waitFor();
    const rows = card.getByTestId('schedule-row');
    assert.equal(await rows.count(), Math.min(20, myCount));
    const classNames = await card.getByTestId('schedule-class').allInnerTexts();
    for (const name of classNames) {
      assert.ok(mine.has(name), `${name} is taught by the teacher`);
      assert.ok(!others.has(name), `${name} is not another teacher's class`);
    }
    const weekdays = new Set(['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật']);
    for (const weekday of await card.getByTestId('schedule-weekday').allInnerTexts()) assert.ok(weekdays.has(weekday), weekday);
    const dates = await card.getByTestId('schedule-date').allInnerTexts();
    for (const date of dates) assert.match(date, /^\d{2}\/\d{2}\/\d{4}$/);
    const iso = dates.map((d) => d.split('/').reverse().join('-'));
    assert.deepEqual(iso, [...iso].sort().reverse(), 'newest date first');
    assert.ok(iso.every((d) => d >= start && d <= end), 'all in this ISO week');

    const latest = page.locator('section', { has: page.getByRole('heading', { name: 'Thông báo mới nhất' }) });
    await latest.getByText('Bạn có 5 buổi dạy trong tuần này').waitFor();
    assert.equal(await latest.getByTestId('latest-notification').count(), 4);
    await context.close();
  });
});
