/**
 * Staff messages over /notifications (notification settings): compose a draft, show it with its counts,
 * edit it, send it (one notification per recipient, in one transaction, in each recipient's bell),
 * delete it; the 409s once sent; a centre-bound giáo vụ's limits; strict input; every route's permission
 * for the four demo users; and the migration that carried the old notification_setting rows over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { LightMyRequestResponse } from 'fastify';
import { REFERENCE_TEXT } from '../src/access/references';
import { MIGRATIONS_FOLDER, newPgliteClient } from '../src/db/client';
import { auditLogs, notifications, users } from '../src/db/schema';
import { call, setUpTestApp, type DemoTokens } from './helpers';

const ctx = setUpTestApp();
type Who = keyof DemoTokens;
const ids = {} as Record<Who, number>;
const db = () => ctx.t.database.db;

beforeAll(async () => {
  for (const who of ['admin', 'academicAffair', 'teacher', 'student'] as const) {
    ids[who] = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok[who])).json().data.id;
  }
});

interface Row {
  notification_id: number;
  user_id: number | null;
  name: string;
  is_send?: number;
  sent_at?: string | null;
  target?: Record<string, unknown>;
  recipient_count?: number;
  read_count?: number;
  parent_id?: number | null;
}

const compose = (who: Who, body: unknown) => call(ctx.t.app, 'POST', '/notifications', ctx.tok[who], body);
const put = (who: Who, body: unknown) => call(ctx.t.app, 'PUT', '/notifications', ctx.tok[who], body);
const show = (who: Who, id: number) => call(ctx.t.app, 'GET', `/notifications/${id}`, ctx.tok[who]);
const remove = (who: Who, id: number) => call(ctx.t.app, 'DELETE', `/notifications/${id}`, ctx.tok[who]);
const list = async (who: Who, query: string): Promise<{ rows: Row[]; total_rows: number; unread_rows?: number }> => {
  const res = await call(ctx.t.app, 'GET', `/notifications?${query}`, ctx.tok[who]);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const bell = (who: Who) => list(who, `limit=10&page=1&sort_column=notification_id&sort_type=DESC&user_id=${ids[who]}&type=2&count_unread=true`);
const fieldsOf = (res: LightMyRequestResponse) => Object.keys(res.json().error?.fields ?? {});

/** A new draft of `who`; fails the test unless it is created. */
async function draft(who: Who, target: Record<string, unknown>, name = 'Thông báo thử'): Promise<Row> {
  const res = await compose(who, { name, message: 'Nội dung thông báo thử', target });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const recipientsOf = async (id: number) =>
  (await db().select({ userId: notifications.userId }).from(notifications).where(eq(notifications.parentId, id))).map((r) => r.userId).sort((a, b) => a! - b!);

/** The active, live accounts of a type (of one centre). */
async function activeOf(type: string, centerId?: number): Promise<number[]> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, type), eq(users.status, 1), isNull(users.deletedAt), centerId ? eq(users.centerId, centerId) : undefined));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const composedCount = async () => (await db().select().from(notifications).where(isNull(notifications.userId))).length;

describe('composing and sending', () => {
  it('a new message is a draft: a row of /notifications that nobody receives yet', async () => {
    const before = await bell('teacher');
    const created = await draft('admin', { kind: 'type', type: 'teacher' }, 'Họp giáo viên toàn hệ thống');
    expect(created).toMatchObject({ user_id: null, name: 'Họp giáo viên toàn hệ thống', is_send: 0, sent_at: null, created_by: ids.admin, target: { kind: 'type', type: 'teacher' } });
    expect(created.notification_id).toBeGreaterThan(0);
    expect(await recipientsOf(created.notification_id)).toEqual([]);
    const after = await bell('teacher');
    expect(after.unread_rows).toBe(before.unread_rows);
    expect(after.rows.map((r) => r.notification_id)).toEqual(before.rows.map((r) => r.notification_id));
    // it is in the staff list (drafts included), and in no inbox
    const messages = await list('admin', 'kind=message&limit=100');
    expect(messages.rows.map((r) => r.notification_id)).toContain(created.notification_id);
  });

  it('shows a draft with how many it would reach now, and a sent one with its recipient and read counts', async () => {
    const created = await draft('admin', { kind: 'type', type: 'teacher' });
    const shown = await show('admin', created.notification_id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ notification_id: created.notification_id, is_send: 0, recipient_count: (await activeOf('teacher')).length, read_count: 0 });

    // the seeded message sent to the TP.HCM centre: a third of its recipients have read it
    const seeded = (await list('admin', 'is_send=1&search=Tết')).rows[0];
    expect(seeded.target).toEqual({ kind: 'center', center_id: 2, center_name: 'Trung tâm TP.HCM' });
    const counts = (await show('admin', seeded.notification_id)).json().data;
    const received = await db().select().from(notifications).where(eq(notifications.parentId, seeded.notification_id));
    expect(counts).toMatchObject({ recipient_count: received.length, read_count: received.filter((r) => r.isRead === 1).length });
    expect(counts.read_count).toBeGreaterThan(0);
    expect(counts.read_count).toBeLessThan(counts.recipient_count);
  });

  it("sends to a type: one notification per active teacher, each in that teacher's bell, the message then sent", async () => {
    const teachers = await activeOf('teacher');
    const locked = await db().select({ id: users.id }).from(users).where(and(eq(users.type, 'teacher'), eq(users.status, 4)));
    expect(locked.length).toBeGreaterThan(0);
    const before = await bell('teacher');
    const created = await draft('admin', { kind: 'type', type: 'teacher' }, 'Lịch họp giáo viên tháng 12');

    const res = await put('admin', { notification_id: created.notification_id, is_send: 1 });
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent).toMatchObject({ is_send: 1, recipient_count: teachers.length, read_count: 0 });
    expect(Date.parse(sent.sent_at)).toBeGreaterThan(Date.now() - 60_000);

    expect(await recipientsOf(created.notification_id)).toEqual(teachers);
    expect(teachers).not.toContain(locked[0].id);
    const after = await bell('teacher');
    expect(after.unread_rows).toBe(before.unread_rows! + 1);
    expect(after.rows[0]).toMatchObject({ user_id: ids.teacher, name: 'Lịch họp giáo viên tháng 12', message: 'Nội dung thông báo thử', is_read: 2, parent_id: created.notification_id });
    // not in a student's
    expect((await bell('student')).rows.map((r) => r.name)).not.toContain('Lịch họp giáo viên tháng 12');

    const audit = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Notification'), eq(auditLogs.resourceId, String(created.notification_id))));
    expect(audit.map((e) => e.action).sort()).toEqual(['create', 'notification.send']);
  });

  it('sends in one transaction: a failure after the recipients were written leaves nothing sent', async () => {
    const created = await draft('admin', { kind: 'type', type: 'teacher' });
    const before = await bell('teacher');
    // the last write of the send (marking the message sent) fails
    await db().execute(sql.raw(`CREATE FUNCTION refuse_send() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'store down'; END $$`));
    await db().execute(sql.raw('CREATE TRIGGER refuse_send BEFORE UPDATE ON notification FOR EACH ROW WHEN (NEW.is_send = 1 AND OLD.is_send = 0) EXECUTE FUNCTION refuse_send()'));
    try {
      expect((await put('admin', { notification_id: created.notification_id, is_send: 1 })).statusCode).toBe(500);
    } finally {
      await db().execute(sql.raw('DROP TRIGGER refuse_send ON notification'));
      await db().execute(sql.raw('DROP FUNCTION refuse_send()'));
    }
    expect(await recipientsOf(created.notification_id)).toEqual([]);
    expect((await show('admin', created.notification_id)).json().data).toMatchObject({ is_send: 0, sent_at: null });
    expect((await bell('teacher')).unread_rows).toBe(before.unread_rows);
    // and it can be sent afterwards
    expect((await put('admin', { notification_id: created.notification_id, is_send: 1 })).statusCode).toBe(200);
  });

  it('a sent message is never edited, sent again or deleted (409), and its recipients keep it', async () => {
    const created = await draft('admin', { kind: 'user', user_id: ids.student });
    expect((await put('admin', { notification_id: created.notification_id, is_send: 1 })).json().data.recipient_count).toBe(1);
    for (const res of [
      await put('admin', { notification_id: created.notification_id, is_send: 1 }),
      await put('admin', { notification_id: created.notification_id, name: 'Sửa lại' }),
      await put('admin', { notification_id: created.notification_id, is_send: 0 }),
      await remove('admin', created.notification_id),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/đã được gửi/);
    }
    expect(await recipientsOf(created.notification_id)).toEqual([ids.student]);
    expect((await show('admin', created.notification_id)).json().data.name).toBe('Thông báo thử');
  });

  it('a received notification is not a message: it cannot be edited, sent or deleted (409)', async () => {
    const [received] = await db().select().from(notifications).where(eq(notifications.userId, ids.teacher)).limit(1);
    expect((await put('admin', { notification_id: received.notificationId, is_send: 1 })).statusCode).toBe(409);
    expect((await remove('admin', received.notificationId)).statusCode).toBe(409);
    expect((await show('admin', received.notificationId)).json().data).toMatchObject({ user_id: ids.teacher });
  });

  it('edits a draft (name, message, target) and deletes one, each in the audit log', async () => {
    const created = await draft('admin', { kind: 'type', type: 'teacher' });
    const edited = await put('admin', { notification_id: created.notification_id, name: '  Lịch thi cuối kỳ ', message: 'Thi ngày 20', target: { kind: 'center', center_id: 1 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Lịch thi cuối kỳ', message: 'Thi ngày 20', is_send: 0, target: { kind: 'center', center_id: 1, center_name: 'Trung tâm Hà Nội' } });
    // the would-be count follows the new target: every active teacher, student and giáo vụ of Hà Nội
    const hn = [...(await activeOf('teacher', 1)), ...(await activeOf('student', 1)), ...(await activeOf('academic_affair', 1))];
    expect(edited.json().data.recipient_count).toBe(hn.length);

    expect((await remove('admin', created.notification_id)).statusCode).toBe(200);
    expect((await show('admin', created.notification_id)).statusCode).toBe(404);
    expect((await remove('admin', created.notification_id)).statusCode).toBe(404);
    const audit = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Notification'), eq(auditLogs.resourceId, String(created.notification_id))));
    expect(audit.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('a message that would reach nobody is not sent (409 saying why), and stays a draft', async () => {
    const centre = (await call(ctx.t.app, 'POST', '/learning/center/create', ctx.tok.admin, { name: 'Trung tâm Hải Phòng', status: 1 })).json().data.center_id;
    const created = await draft('admin', { kind: 'type', type: 'student', center_id: centre });
    expect((await show('admin', created.notification_id)).json().data.recipient_count).toBe(0);
    const res = await put('admin', { notification_id: created.notification_id, is_send: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/Không có người nhận/);
    expect((await show('admin', created.notification_id)).json().data.is_send).toBe(0);
  });

  it('an administrator is reached only individually: group targets leave them out', async () => {
    const created = await draft('admin', { kind: 'center', center_id: 1 });
    await put('admin', { notification_id: created.notification_id, is_send: 1 });
    const types = await db().select({ type: users.type }).from(users).where(inArray(users.id, (await recipientsOf(created.notification_id)) as number[]));
    expect(new Set(types.map((t) => t.type))).toEqual(new Set(['teacher', 'student', 'academic_affair']));
    const toAdmin = await draft('admin', { kind: 'user', user_id: ids.admin });
    expect((await put('admin', { notification_id: toAdmin.notification_id, is_send: 1 })).statusCode).toBe(200);
    expect((await bell('admin')).rows[0].parent_id).toBe(toAdmin.notification_id);
  });
});

describe('lists', () => {
  it('staff list every row in reach without user_id (drafts included); the filters keep composed messages, by state and words', async () => {
    const all = await list('admin', 'limit=1000');
    expect(all.rows.some((r) => r.user_id === null && r.is_send === 0)).toBe(true);
    expect(all.rows.some((r) => r.user_id !== null && r.user_id !== ids.admin)).toBe(true);
    const messages = await list('admin', 'kind=message&limit=1000');
    expect(messages.rows.length).toBeGreaterThan(0);
    expect(messages.rows.every((r) => r.user_id === null && r.target)).toBe(true);
    const drafts = await list('admin', 'is_send=0&limit=1000');
    expect(drafts.rows.every((r) => r.user_id === null && r.is_send === 0)).toBe(true);
    expect(drafts.rows.map((r) => r.name)).toContain('Họp chuyên môn cuối tháng');
    const sent = await list('admin', 'is_send=1&limit=1000');
    expect(sent.rows.every((r) => r.user_id === null && r.is_send === 1 && typeof r.recipient_count === 'number')).toBe(true);
    expect((await list('admin', 'kind=message&search=chuyên môn')).rows.map((r) => r.name)).toEqual(['Họp chuyên môn cuối tháng']);
    const byName = (await list('admin', 'kind=message&sort_column=name&sort_type=ASC&limit=1000')).rows.map((r) => r.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('the bell is unchanged: with their own id staff get their own notifications, without the message fields', async () => {
    const own = await bell('admin');
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => r.user_id === ids.admin && r.target === undefined && r.is_send === undefined)).toBe(true);
    for (const who of ['teacher', 'student'] as const) {
      // without user_id, those without the permission still get only their own
      const rows = (await list(who, 'limit=1000')).rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.user_id === ids[who])).toBe(true);
      expect((await list(who, 'kind=message')).rows).toEqual([]);
    }
    // another user's inbox stays refused to everyone, staff included
    for (const who of ['admin', 'academicAffair'] as const) {
      expect((await call(ctx.t.app, 'GET', `/notifications?user_id=${ids.teacher}`, ctx.tok[who])).statusCode).toBe(403);
    }
  });
});

describe("a centre-bound giáo vụ (Hà Nội)", () => {
  it('composes within the centre only: another centre, its people or an administrator answer as missing ones (400), and nothing is written', async () => {
    const [hcmStudent] = await activeOf('student', 2);
    const before = await composedCount();
    for (const [target, field, message] of [
      [{ kind: 'center', center_id: 2 }, 'target.center_id', REFERENCE_TEXT.center],
      [{ kind: 'center', center_id: 999_999 }, 'target.center_id', REFERENCE_TEXT.center],
      [{ kind: 'type', type: 'teacher', center_id: 2 }, 'target.center_id', REFERENCE_TEXT.center],
      [{ kind: 'all', center_id: 2 }, 'target.center_id', REFERENCE_TEXT.center],
      [{ kind: 'user', user_id: hcmStudent }, 'target.user_id', REFERENCE_TEXT.recipient],
      [{ kind: 'user', user_id: ids.admin }, 'target.user_id', REFERENCE_TEXT.recipient],
      [{ kind: 'user', user_id: 999_999 }, 'target.user_id', REFERENCE_TEXT.recipient],
    ] as const) {
      const res = await compose('academicAffair', { name: 'Ngoài phạm vi', message: 'x', target });
      expect([res.statusCode, res.json().error.fields]).toEqual([400, { [field]: message }]);
    }
    expect(await composedCount()).toBe(before);
  });

  it("a type target is that type within the centre: only Hà Nội's teachers receive it", async () => {
    const created = await draft('academicAffair', { kind: 'type', type: 'teacher' });
    expect(created.target).toEqual({ kind: 'type', type: 'teacher', center_id: 1, center_name: 'Trung tâm Hà Nội' });
    expect((await put('academicAffair', { notification_id: created.notification_id, is_send: 1 })).statusCode).toBe(200);
    const hnTeachers = await activeOf('teacher', 1);
    expect(await recipientsOf(created.notification_id)).toEqual(hnTeachers);
    expect(hnTeachers.length).toBeLessThan((await activeOf('teacher')).length);
    // and moving a draft's target out of the centre is refused
    const other = await draft('academicAffair', { kind: 'center', center_id: 1 });
    const moved = await put('academicAffair', { notification_id: other.notification_id, target: { kind: 'center', center_id: 2 } });
    expect([moved.statusCode, moved.json().error.fields]).toEqual([400, { 'target.center_id': REFERENCE_TEXT.center }]);
  });

  it('lists and touches only what concerns the centre: the administrator’s TP.HCM message is out of reach (403)', async () => {
    const rows = (await list('academicAffair', 'limit=1000')).rows;
    const centreOf = new Map((await db().select({ id: users.id, centerId: users.centerId, type: users.type }).from(users)).map((u) => [u.id, u]));
    for (const row of rows) {
      if (row.user_id !== null) {
        expect(centreOf.get(row.user_id)).toMatchObject({ centerId: 1 });
        expect(centreOf.get(row.user_id)?.type).not.toBe('administrator');
      } else if (row.target?.kind === 'user') expect(centreOf.get(row.target.user_id as number)?.centerId).toBe(1);
      else expect(row.target?.center_id).toBe(1);
    }
    expect(rows.map((r) => r.name)).toContain('Họp chuyên môn cuối tháng');
    const hcm = (await list('admin', 'is_send=1&search=Tết')).rows[0];
    expect(rows.map((r) => r.notification_id)).not.toContain(hcm.notification_id);
    expect((await show('academicAffair', hcm.notification_id)).statusCode).toBe(403);
    const adminDraft = await draft('admin', { kind: 'type', type: 'student' });
    expect((await put('academicAffair', { notification_id: adminDraft.notification_id, is_send: 1 })).statusCode).toBe(403);
    expect((await remove('academicAffair', adminDraft.notification_id)).statusCode).toBe(403);
    expect(await recipientsOf(adminDraft.notification_id)).toEqual([]);
  });
});

describe('strict input', () => {
  const valid = { name: 'Tiêu đề', message: 'Nội dung', target: { kind: 'type', type: 'teacher' } };

  it.each([
    ['target.kind', { ...valid, target: { kind: 'everyone' } }],
    ['target.type', { ...valid, target: { kind: 'type', type: 'administrator' } }],
    ['target.user_id', { ...valid, target: { kind: 'user' } }],
    ['target.user_id', { ...valid, target: { kind: 'user', user_id: '5' } }],
    ['target.user_id', { ...valid, target: { kind: 'user', user_id: 2147483647 } }],
    ['target.user_id', { ...valid, target: { kind: 'type', type: 'teacher', user_id: 5 } }],
    ['target.center_id', { ...valid, target: { kind: 'center' } }],
    ['target.center_id', { ...valid, target: { kind: 'center', center_id: 999999 } }],
    ['target', { ...valid, target: 'teacher' }],
    ['name', { ...valid, name: '   ' }],
    ['message', { ...valid, message: 'x'.repeat(5001) }],
    ['target', { name: 'Tiêu đề', message: 'Nội dung' }],
  ])('POST: a 400 naming %s, and nothing written (%#)', async (field, body) => {
    const before = await composedCount();
    const res = await compose('admin', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res)).toContain(field);
    expect(await composedCount()).toBe(before);
  });

  it('PUT takes integers only: "1", true and 2 are not an is_send, "1" not an id', async () => {
    const created = await draft('admin', { kind: 'type', type: 'teacher' });
    for (const [body, field] of [
      [{ notification_id: created.notification_id, is_send: '1' }, 'is_send'],
      [{ notification_id: created.notification_id, is_send: true }, 'is_send'],
      [{ notification_id: created.notification_id, is_send: 2 }, 'is_send'],
      [{ notification_id: String(created.notification_id), is_send: 1 }, 'notification_id'],
      [{ notification_id: created.notification_id, target: { kind: 'all', type: 'teacher' } }, 'target.type'],
    ] as const) {
      const res = await put('admin', body);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect(await recipientsOf(created.notification_id)).toEqual([]);
    for (const query of ['kind=draft', 'is_send=2', 'is_send=true']) {
      const res = await call(ctx.t.app, 'GET', `/notifications?${query}`, ctx.tok.admin);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([query.split('=')[0]]);
    }
  });
});

describe('permissions of each route, for the four demo users', () => {
  it('administrator and giáo vụ (NotificationSetting) compose, show, edit, send and delete; teachers and students are refused', async () => {
    const target = { kind: 'center', center_id: 1 };
    for (const who of ['admin', 'academicAffair'] as const) {
      const created = await draft(who, target);
      expect((await show(who, created.notification_id)).statusCode).toBe(200);
      expect((await put(who, { notification_id: created.notification_id, name: 'Đã sửa' })).statusCode).toBe(200);
      expect((await remove(who, created.notification_id)).statusCode).toBe(200);
      const toSend = await draft(who, target);
      expect((await put(who, { notification_id: toSend.notification_id, is_send: 1 })).statusCode).toBe(200);
    }
    const created = await draft('admin', target);
    for (const who of ['teacher', 'student'] as const) {
      for (const res of [
        await compose(who, { name: 'x', message: 'x', target }),
        await show(who, created.notification_id),
        await put(who, { notification_id: created.notification_id, is_send: 1 }),
        await remove(who, created.notification_id),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
    expect(await recipientsOf(created.notification_id)).toEqual([]);
    for (const res of [
      await call(ctx.t.app, 'POST', '/notifications', undefined, { name: 'x', message: 'x', target }),
      await call(ctx.t.app, 'GET', `/notifications/${created.notification_id}`),
      await call(ctx.t.app, 'PUT', '/notifications', undefined, { notification_id: created.notification_id, is_send: 1 }),
      await call(ctx.t.app, 'DELETE', `/notifications/${created.notification_id}`),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('migration 0003', () => {
  it('carries the old notification_setting rows over: drafts and sent ones, recipients re-pointed', async () => {
    // a database as it was before: the first three migrations only
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'trungtam-migrations-'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    const old = journal.entries.filter((entry: { idx: number }) => entry.idx < 3);
    fs.mkdirSync(path.join(before, 'meta'));
    fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: old }));
    for (const entry of old) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    const client = newPgliteClient();
    try {
      const legacy = drizzle(client);
      await migrate(legacy, { migrationsFolder: before });
      await client.exec(`
        INSERT INTO "role" (id, name, guard_name) VALUES (1, 'Administrator', 'administrator');
        INSERT INTO "center" (center_id, name) VALUES (1, 'Trung tâm Hà Nội');
        INSERT INTO "user" (id, name, email, password_hash, type, role_id, center_id) VALUES
          (1, 'Quản trị', 'a@x.vn', 'h', 'administrator', 1, NULL), (2, 'Giáo viên', 'b@x.vn', 'h', 'teacher', 1, 1), (3, 'Học viên', 'c@x.vn', 'h', 'student', 1, 1);
        INSERT INTO "notification_setting" (id, name, message, target_kind, target_type, target_center_id, target_user_id, is_send, created_by, created_at, updated_at) VALUES
          (7, 'Đã gửi', 'Nội dung gửi', 'type', 'teacher', NULL, NULL, 1, 1, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
          (8, 'Nháp', 'Nội dung nháp', 'user', NULL, NULL, 3, 0, 1, '2026-01-03T00:00:00Z', '2026-01-03T00:00:00Z');
        INSERT INTO "notification" (user_id, setting_id, name, message, is_read, created_at) VALUES
          (2, 7, 'Đã gửi', 'Nội dung gửi', 1, '2026-01-01T08:00:00Z'),
          (3, NULL, 'Chào mừng', 'Hệ thống', 2, '2026-01-01T09:00:00Z');
      `);
      await migrate(legacy, { migrationsFolder: MIGRATIONS_FOLDER });

      const rows = (await client.query<Record<string, unknown>>('SELECT * FROM notification ORDER BY notification_id')).rows;
      const sent = rows.find((r) => r.name === 'Đã gửi' && r.user_id === null)!;
      expect(sent).toMatchObject({ target_kind: 'type', target_type: 'teacher', is_send: 1, created_by: 1, is_read: 1 });
      // sent when its first recipient got it
      expect(new Date(sent.sent_at as string).toISOString()).toBe('2026-01-01T08:00:00.000Z');
      expect(rows.find((r) => r.name === 'Nháp')).toMatchObject({ user_id: null, target_kind: 'user', target_user_id: 3, is_send: 0, sent_at: null });
      expect(rows.find((r) => r.user_id === 2)).toMatchObject({ parent_id: sent.notification_id, is_send: 1 });
      expect(rows.find((r) => r.user_id === 3)).toMatchObject({ parent_id: null, name: 'Chào mừng', is_read: 2 });
      expect(rows).toHaveLength(4);
      const gone = await client.query(`SELECT to_regclass('notification_setting') AS t`);
      expect(gone.rows).toEqual([{ t: null }]);
      // a row has a recipient or a target, never neither
      await expect(client.exec(`INSERT INTO notification (name, message) VALUES ('x', 'y')`)).rejects.toThrow(/notification_recipient_or_target/);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
