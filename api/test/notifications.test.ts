import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const ids: Record<'admin' | 'academicAffair' | 'teacher' | 'student', number> = { admin: 0, academicAffair: 0, teacher: 0, student: 0 };

beforeAll(async () => {
  for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
    ids[key] = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok[key])).json().data.id;
  }
});

const bell = (userId: number) =>
  `/notifications?limit=10&page=1&sort_column=notification_id&sort_type=DESC&user_id=${userId}&type=2&count_unread=true`;

describe('GET /notifications', () => {
  it("lists the caller's own notifications, newest first, with the unread count", async () => {
    const res = await call(ctx.t.app, 'GET', bell(ids.teacher), ctx.tok.teacher);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total_rows).toBe(4);
    expect(data.total_pages).toBe(1);
    expect(data.unread_rows).toBe(2);
    expect(data.rows.every((r: { user_id: number }) => r.user_id === ids.teacher)).toBe(true);
    const idsDesc = data.rows.map((r: { notification_id: number }) => r.notification_id);
    expect(idsDesc).toEqual([...idsDesc].sort((a, b) => b - a));
    expect(data.rows[0]).toMatchObject({ name: 'Lịch dạy', message: 'Bạn có 5 buổi dạy trong tuần này', is_read: 2 });
  });

  it('filters by is_read and pages', async () => {
    const unread = (await call(ctx.t.app, 'GET', `/notifications?user_id=${ids.admin}&is_read=2`, ctx.tok.admin)).json().data;
    expect(unread.rows.map((r: { is_read: number }) => r.is_read)).toEqual([2, 2, 2]);
    const read = (await call(ctx.t.app, 'GET', `/notifications?user_id=${ids.admin}&is_read=1`, ctx.tok.admin)).json().data;
    expect(read.total_rows).toBe(3);
    // the own inbox (without user_id an administrator gets every row: notification-messages.test.ts)
    const page2 = (await call(ctx.t.app, 'GET', `/notifications?user_id=${ids.admin}&limit=5&page=2`, ctx.tok.admin)).json().data;
    expect(page2).toMatchObject({ total_rows: 6, total_pages: 2 });
    expect(page2.rows).toHaveLength(1);
    expect(page2.unread_rows).toBeUndefined();
  });

  it("refuses someone else's notifications with 403, for every type, administrators included", async () => {
    for (const [who, other] of [
      ['teacher', 'student'],
      ['student', 'teacher'],
      ['academicAffair', 'teacher'],
      ['admin', 'teacher'],
    ] as const) {
      const res = await call(ctx.t.app, 'GET', bell(ids[other]), ctx.tok[who]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a call without a token and a bad sort column', async () => {
    expect((await call(ctx.t.app, 'GET', '/notifications')).statusCode).toBe(401);
    expect((await call(ctx.t.app, 'GET', '/notifications?sort_column=password', ctx.tok.admin)).statusCode).toBe(400);
  });
});

describe('PUT /notifications/{userId}/read-all', () => {
  it("refuses to mark someone else's notifications and changes nothing", async () => {
    const res = await call(ctx.t.app, 'PUT', `/notifications/${ids.student}/read-all`, ctx.tok.admin);
    expect(res.statusCode).toBe(403);
    const still = (await call(ctx.t.app, 'GET', bell(ids.student), ctx.tok.student)).json().data;
    expect(still.unread_rows).toBe(2);
  });

  it("marks all of the caller's notifications read, and only theirs", async () => {
    const before = (await call(ctx.t.app, 'GET', bell(ids.academicAffair), ctx.tok.academicAffair)).json().data;
    expect(before.unread_rows).toBe(2);
    const res = await call(ctx.t.app, 'PUT', `/notifications/${ids.academicAffair}/read-all`, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ result: true, updated: 2 });
    const after = (await call(ctx.t.app, 'GET', bell(ids.academicAffair), ctx.tok.academicAffair)).json().data;
    expect(after.unread_rows).toBe(0);
    expect(after.rows.every((r: { is_read: number }) => r.is_read === 1)).toBe(true);
    // others untouched
    expect((await call(ctx.t.app, 'GET', bell(ids.student), ctx.tok.student)).json().data.unread_rows).toBe(2);
    // twice is harmless
    const again = await call(ctx.t.app, 'PUT', `/notifications/${ids.academicAffair}/read-all`, ctx.tok.academicAffair);
    expect(again.json().data).toEqual({ result: true, updated: 0 });
  });
});
