import { eq } from 'drizzle-orm';
import { MESSAGES } from '@trungtam/shared/validation';
import { users } from '../src/db/schema';
import type { User } from '@trungtam/shared/contracts';
import { TEXT } from '../src/lib/errors';
import { POLICY_TEXT } from '../src/access/access';
import { call, DEMO_ACCOUNTS, login, userIdByEmail, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

const staff = (over: Record<string, unknown> = {}) => ({
  email: 'giaovu.moi@trungtam.vn', name: 'Đỗ Thị Giáo Vụ', password: 'matkhau123', type: 'academic_affair', phone_number: '0987000333',
  status: 1, roles: [{ id: 2 }], center_id: 0, ...over,
});
const list = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/user/list?type=academic_affair&limit=50&page=1&sort_column=id&sort_type=DESC&relationships=roles${query}`, token);

describe('staff (academic affairs) accounts', () => {
  it('lists academic-affairs accounts: all for an administrator, the own centre for academic affairs', async () => {
    const all: User[] = (await list('')).json().data.rows;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((u) => u.type === 'academic_affair')).toBe(true);
    const mine: User[] = (await list('', ctx.tok.academicAffair)).json().data.rows;
    expect(mine.map((u) => u.email)).toContain(DEMO_ACCOUNTS.academicAffair);
    expect(mine.every((u) => u.center_id === 1)).toBe(true);
    expect(mine.length).toBeLessThan(all.length);
    expect((await call(ctx.t.app, 'GET', '/user/list?type=administrator', ctx.tok.academicAffair)).json().data.rows).toEqual([]);
    expect((await list('', ctx.tok.teacher)).statusCode).toBe(403);
  });

  it('creates with the account rules; academic affairs land in their own centre', async () => {
    const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.academicAffair, staff());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.data).toMatchObject({ type: 'academic_affair', center_id: 1 });
    const invalid = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, staff({ email: 'ab', password: '123', phone_number: '' }));
    expect(invalid.json().error.fields).toMatchObject({ email: MESSAGES.accountEmailMin, password: MESSAGES.accountPasswordMin, phone_number: MESSAGES.phoneRequired });
    const dup = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, staff());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(MESSAGES.accountCreateFailed);
    const wrongRole = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, staff({ email: 'gv.role@trungtam.vn', roles: [{ id: 3 }] }));
    expect(wrongRole.json().error.fields).toEqual({ roles: TEXT.roleGuardMismatch });
  });

  it('takes a Vietnamese phone on create, and on update only when the phone changes', async () => {
    const refused = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, staff({ email: 'gv.sdt@trungtam.vn', phone_number: 'abcxyz' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat });
    const created = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, staff({ email: 'gv.sdt@trungtam.vn', phone_number: '+84987000444' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.data.id;
    // an account whose phone was never filled in stays editable and lockable
    await ctx.t.database.db.update(users).set({ phoneNumber: null }).where(eq(users.id, id));
    const edit = { id, email: 'gv.sdt@trungtam.vn', name: 'Đỗ Thị Giáo Vụ', phone_number: '', status: 4 };
    const locked = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, edit);
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ status: 4, phone_number: null });
    const typed = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...edit, phone_number: '12345' });
    expect(typed.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat });
  });

  it('only an administrator creates or edits an administrator account', async () => {
    const byAffair = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.academicAffair, staff({ email: 'qtv.moi@trungtam.vn', type: 'administrator', roles: [{ id: 1 }] }));
    expect(byAffair.statusCode).toBe(403);
    expect(byAffair.json().error.message).toBe(TEXT.onlyAdminManagesAdmin);
    const byAdmin = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, staff({ email: 'qtv.moi@trungtam.vn', type: 'administrator', roles: [{ id: 1 }] }));
    expect(byAdmin.statusCode).toBe(201);
    const adminId = byAdmin.json().data.data.id;
    const edit = { id: adminId, email: 'qtv.moi@trungtam.vn', name: 'Sửa tên', phone_number: '0900000000', status: 4 };
    expect((await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, edit)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.academicAffair, { id: adminId, password: 'matkhau999' })).statusCode).toBe(403);
    const affairId = await userIdByEmail(ctx.t.app, ctx.tok.admin, 'giaovu.moi@trungtam.vn');
    const promote = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { id: affairId, email: 'giaovu.moi@trungtam.vn', name: 'X', phone_number: '0900000000', status: 1, type: 'administrator', roles: [{ id: 1 }] });
    expect(promote.statusCode).toBe(403);
    expect((await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, edit)).statusCode).toBe(200);
  });

  it('refuses a giáo vụ locking, editing, setting the password of or deleting another giáo vụ; their own account stays theirs', async () => {
    const id = await userIdByEmail(ctx.t.app, ctx.tok.admin, 'giaovu.moi@trungtam.vn');
    const base = { id, email: 'giaovu.moi@trungtam.vn', name: 'Đỗ Thị Giáo Vụ', phone_number: '0987000333' };
    const attempts = [
      await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { ...base, status: 4 }),
      await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { ...base, email: 'chiem.quyen@trungtam.vn', status: 1 }),
      await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.academicAffair, { id, password: 'matkhaumoi1' }),
      await call(ctx.t.app, 'DELETE', `/user/delete/${id}`, ctx.tok.academicAffair),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: POLICY_TEXT.onlyAdminManagesAffairs });
    }
    // nothing changed: same status, same email, same password
    expect((await call(ctx.t.app, 'GET', `/user/show/${id}`, ctx.tok.admin)).json().data).toMatchObject({ status: 1, email: 'giaovu.moi@trungtam.vn' });
    expect(await login(ctx.t.app, 'giaovu.moi@trungtam.vn', 'matkhau123')).toEqual(expect.any(String));
    // ...while the giáo vụ still sees that account, and keeps their own
    expect((await call(ctx.t.app, 'GET', `/user/show/${id}`, ctx.tok.academicAffair)).statusCode).toBe(200);
    const me: User = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.academicAffair)).json().data;
    const profile = await call(ctx.t.app, 'PUT', '/user/update-profile', ctx.tok.academicAffair, { name: me.name, phone_number: '0901000099' });
    expect(profile.statusCode).toBe(200);
    const self = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { id: me.id, email: me.email, name: me.name, phone_number: me.phone_number, status: 1 });
    expect(self.statusCode).toBe(200);
    const own = await call(ctx.t.app, 'POST', '/user/change-password', ctx.tok.academicAffair, { email: me.email, password: 'matkhau123', new_password: 'matkhau123', confirm_password: 'matkhau123' });
    expect(own.statusCode).toBe(200);
    ctx.tok.academicAffair = own.json().data.auth.accessToken;
  });

  it('lets an administrator lock, unlock, set the password of and delete an academic-affairs account', async () => {
    const id = await userIdByEmail(ctx.t.app, ctx.tok.admin, 'giaovu.moi@trungtam.vn');
    const base = { id, email: 'giaovu.moi@trungtam.vn', name: 'Đỗ Thị Giáo Vụ', phone_number: '0987000333' };
    expect((await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...base, status: 4 })).json().data.status).toBe(4);
    const locked = await call(ctx.t.app, 'POST', '/auth/login', undefined, { email: 'giaovu.moi@trungtam.vn', password: 'matkhau123' });
    expect(locked.statusCode).not.toBe(200);
    expect((await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...base, status: 1 })).json().data.status).toBe(1);
    const pw = await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.admin, { id, password: 'matkhaumoi1' });
    expect(pw.statusCode).toBe(200);
    expect(await login(ctx.t.app, 'giaovu.moi@trungtam.vn', 'matkhaumoi1')).toEqual(expect.any(String));
    expect((await call(ctx.t.app, 'DELETE', `/user/delete/${id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await list('')).json().data.rows.map((u: User) => u.id)).not.toContain(id);
  });
});
