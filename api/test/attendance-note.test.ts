/** A note on one student's attendance ("đến muộn 15 phút"): saved with the roll, kept by a save without one, cleared by null, bounded. */
import { operatorToday, dayjs } from '@trungtam/shared/operatorDate';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

it('is saved with the roll, kept when a later save sends none, cleared by null, and refused past 255 characters', async () => {
  const from = dayjs(operatorToday()).subtract(30, 'day').format('YYYY-MM-DD');
  const list = await call(ctx.t.app, 'GET', `/learning/class-schedule?limit=200&schedule_date=${from}&schedule_date=${operatorToday()}`, ctx.tok.admin);
  const sessions = list.json().data.rows as Array<{ schedule_id: number; makeup_of: number | null }>;
  let found: { id: number; students: number[] } | undefined;
  for (const s of sessions.filter((x) => x.makeup_of === null)) {
    const detail = (await call(ctx.t.app, 'GET', `/learning/class-schedule/${s.schedule_id}`, ctx.tok.admin)).json().data;
    if (detail.participants.length >= 2) {
      found = { id: s.schedule_id, students: detail.participants.map((p: { user_id: number }) => p.user_id) };
      break;
    }
  }
  expect(found).toBeDefined();
  const { id, students } = found!;
  const save = (attendance: unknown[]) => call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: id, attendance });
  const notes = async () => Object.fromEntries(((await call(ctx.t.app, 'GET', `/learning/class-schedule/${id}`, ctx.tok.admin)).json().data.attendance as Array<{ user_id: number; note: string | null }>).map((a) => [a.user_id, a.note]));
  const [first, second] = students;

  const saved = await save(students.map((user_id) => ({ user_id, status: 'present', ...(user_id === first ? { note: '  đến muộn 15 phút ' } : {}) })));
  expect(saved.statusCode).toBe(200);
  expect((await notes())[first]).toBe('đến muộn 15 phút');
  expect((await notes())[second]).toBeNull();

  // the schedules dialog's save sends no note: the one saved stays
  expect((await save(students.map((user_id) => ({ user_id, status: 'present' })))).statusCode).toBe(200);
  expect((await notes())[first]).toBe('đến muộn 15 phút');
  // null, or only spaces, clears it
  expect((await save(students.map((user_id) => ({ user_id, status: 'present', note: user_id === first ? '   ' : null })))).statusCode).toBe(200);
  expect((await notes())[first]).toBeNull();

  const long = await save([{ user_id: first, status: 'present', note: 'x'.repeat(256) }]);
  expect(long.statusCode).toBe(400);
  expect(JSON.stringify(long.json().error)).toContain('Ghi chú điểm danh tối đa 255 ký tự');
  expect((await save([{ user_id: first, status: 'present', note: 5 }])).statusCode).toBe(400);
});
