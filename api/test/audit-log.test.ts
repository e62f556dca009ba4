/**
 * GET /system/audit-log/list (System GetAuditLog): newest first, the filters of the audit-log screen
 * (who, resource, action, an operator-local date range given twice like /user/list, search), bad input
 * as a 400 naming the field, and no password hash or token in any entry shown.
 */
import type { AuditLogEntry } from '@trungtam/shared/contracts';
import { auditLogs } from '../src/db/schema';
import { call, DEMO_PASSWORD, setUpTestApp, userIdByEmail, DEMO_ACCOUNTS } from './helpers';

const ctx = setUpTestApp();

const list = async (query: string, token = ctx.tok.admin) => {
  const res = await call(ctx.t.app, 'GET', `/system/audit-log/list?${query}`, token);
  expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
  return res.json().data as { rows: AuditLogEntry[]; total_rows: number; total_pages: number };
};

/** An entry written at a chosen instant (the log's writes are otherwise all "now"). */
async function entryAt(createdAt: string, fields: Partial<typeof auditLogs.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.t.database.db
    .insert(auditLogs)
    .values({ action: 'update', resource: 'Center', resourceId: '1', ip: '10.0.0.9', createdAt: new Date(createdAt), ...fields })
    .returning({ id: auditLogs.id });
  return row.id;
}

describe('the audit-log list', () => {
  it('lists the newest first, each entry saying who, what, when and from where', async () => {
    const centre = await call(ctx.t.app, 'POST', '/learning/center/create', ctx.tok.admin, { name: 'Trung tâm Nhật ký', status: 1 });
    expect(centre.statusCode).toBe(201);
    const { rows, total_rows } = await list('limit=5');
    expect(total_rows).toBeGreaterThan(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      resource: 'Center',
      resource_id: String(centre.json().data.center_id),
      actor_name: 'Quản trị viên',
      before: null,
      after: { name: 'Trung tâm Nhật ký', status: 1 },
    });
    expect(rows[0].ip).toBeTruthy();
    expect(Date.parse(rows[0].created_at)).not.toBeNaN();
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by who, resource and action, and searches', async () => {
    const affairId = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.academicAffair);
    // a write by the giáo vụ: an account update
    const student = (await call(ctx.t.app, 'GET', '/user/list?type=student&limit=1&center_id=1', ctx.tok.admin)).json().data.rows[0];
    const updated = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { id: student.id, name: 'Học Viên Đổi Tên', email: student.email, phone_number: student.phone_number, status: 1 });
    expect(updated.statusCode).toBe(200);

    const byActor = await list(`limit=100&actor_id=${affairId}`);
    expect(byActor.rows.length).toBeGreaterThan(0);
    expect(byActor.rows.every((r) => r.actor_id === affairId)).toBe(true);
    expect(byActor.rows.some((r) => r.action === 'update' && r.resource === 'User' && r.resource_id === String(student.id))).toBe(true);

    const userUpdates = await list('limit=100&resource=User&action=update');
    expect(userUpdates.rows.length).toBeGreaterThan(0);
    expect(userUpdates.rows.every((r) => r.resource === 'User' && r.action === 'update')).toBe(true);
    // exact names: a part of one matches nothing
    expect((await list('resource=Use')).total_rows).toBe(0);
    // 0 means everyone, as in the other lists
    expect((await list('actor_id=0')).total_rows).toBe((await list('')).total_rows);

    const searched = await list(`limit=100&search=${encodeURIComponent('Trần Thu')}`);
    expect(searched.rows.length).toBeGreaterThan(0);
    expect(searched.rows.every((r) => r.actor_name === 'Trần Thu Hà')).toBe(true);
    expect((await list(`search=${encodeURIComponent(String(student.id))}&resource=User&action=update`)).rows[0].resource_id).toBe(String(student.id));
  });

  it('reads created_at given twice (start, end) as the operator’s dates, either end optional', async () => {
    // 2026-03-01 17:30 UTC is 2026-03-02 00:30 in Hồ Chí Minh City; 16:59:59 UTC still 2026-03-01 23:59:59 there
    const early = await entryAt('2026-03-01T17:30:00Z', { resource: 'Khoảng', action: 'update' });
    const late = await entryAt('2026-03-01T16:59:59Z', { resource: 'Khoảng', action: 'update' });
    const ids = async (query: string) => (await list(`resource=Khoảng&${query}`)).rows.map((r) => r.id);

    expect(await ids('created_at=2026-03-02 00:00:00&created_at=2026-03-02 23:59:59')).toEqual([early]);
    expect(await ids('created_at=2026-03-01&created_at=2026-03-01')).toEqual([late]);
    expect(await ids('created_at=2026-03-01 00:00:00&created_at=2026-03-02 23:59:59')).toEqual([late, early].sort((a, b) => b - a));
    // a bare end date takes in the whole day; one end alone is a half-open range
    expect(await ids('created_at=&created_at=2026-03-01')).toEqual([late]);
    expect(await ids('created_at=2026-03-02')).toEqual([early]);
    expect(await ids('created_at=2026-03-03&created_at=2026-12-31')).toEqual([]);
  });

  it('answers bad input with a 400 naming the field, never a 500', async () => {
    const cases: Array<[string, string]> = [
      ['created_at=2026-02-30&created_at=2026-03-01', 'created_at'],
      ['created_at=2026-03-01 25:00:00', 'created_at'],
      ['created_at=hôm qua', 'created_at'],
      ['created_at=2026-03-01&created_at=2026-03-02&created_at=2026-03-03', 'created_at'],
      ['actor_id=abc', 'actor_id'],
      ['actor_id=-1', 'actor_id'],
      ['actor_id=99999999999', 'actor_id'],
      ['sort_column=password', 'sort_column'],
      ['sort_type=UP', 'sort_type'],
      ['limit=0', 'limit'],
      [`resource=${'x'.repeat(65)}`, 'resource'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['action=%00', 'action'],
    ];
    for (const [query, field] of cases) {
      const res = await call(ctx.t.app, 'GET', `/system/audit-log/list?${query}`, ctx.tok.admin);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect({ query, fields: Object.keys(res.json().error.fields ?? {}) }).toEqual({ query, fields: [expect.stringContaining(field)] });
    }
  });

  it('never shows a password, a password hash or a token, even in an entry written with one', async () => {
    // an account created and its password set: the entries hold the account, never its hash
    const email = `nhat.ky.${Date.now()}@trungtam.vn`;
    const created = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
      email, name: 'Nhật Ký', password: DEMO_PASSWORD, type: 'teacher', phone_number: '0900000001', status: 1, roles: [{ id: 3 }], center_id: 1,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.data.id;
    expect((await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.admin, { id, password: 'matkhaumoi99' })).statusCode).toBe(200);
    // an entry written before the secret keys were dropped on write (or by a careless writer)
    await entryAt('2026-01-01T00:00:00Z', {
      resource: 'User',
      resourceId: String(id),
      before: { name: 'Cũ', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', nested: { accessToken: 'eyJhbGciOi.x.y', token_hash: 'f00' } },
      after: { name: 'Mới', password: 'matkhau123', note: 'scrypt$32768$8$1$c2FsdA==$aGFzaA==', sessions: [{ token: 'abc' }] },
    });

    const { rows } = await list(`limit=100&search=${id}&resource=User`);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'password.update', 'update']));
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/argon2|scrypt\$|password_?[hH]ash|accessToken|token_hash|"token"|matkhau/);
    const planted = rows.find((r) => r.created_at === '2026-01-01T00:00:00.000Z')!;
    expect(planted.before).toEqual({ name: 'Cũ', nested: {} });
    expect(planted.after).toEqual({ name: 'Mới', note: '[đã ẩn]', sessions: [{}] });
    expect(rows.find((r) => r.action === 'create')!.after).toMatchObject({ email, name: 'Nhật Ký' });
  });
});
