import ExcelJS from 'exceljs';
import { LIMITS, MESSAGES } from '@trungtam/shared/validation';
import { users } from '../src/db/schema';
import { REFERENCE_TEXT } from '../src/access/references';
import { API, call, DEMO_ACCOUNTS, login, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

const list = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/user/list?${query}`, token);

describe('POST /auth/register', () => {
  it('self sign-up creates a signed-in student account named family name first', async () => {
    const res = await call(ctx.t.app, 'POST', '/auth/register', undefined, { email: 'moi.dangky@gmail.com', firstname: 'Minh Anh', lastname: 'Phạm', password: 'hoclaptot2026' });
    expect(res.statusCode).toBe(200);
    // waiting for approval, the default mode (api/test/self-signup.test.ts has the others)
    expect(res.json().data.user).toMatchObject({ name: 'Phạm Minh Anh', type: 'student', status: 2 });
    expect(res.json().data.user.roles[0].name).toBe('Học viên');
    const me = await call(ctx.t.app, 'GET', '/user/get-by-token', res.json().data.auth.accessToken);
    expect(me.json().data.email).toBe('moi.dangky@gmail.com');
    const dup = await call(ctx.t.app, 'POST', '/auth/register', undefined, { email: 'MOI.DANGKY@gmail.com', firstname: 'Abc', lastname: 'Def', password: 'hoclaptot2026' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(MESSAGES.registrationFailed);
    const bad = await call(ctx.t.app, 'POST', '/auth/register', undefined, { email: 'x@y', firstname: 'A', password: 'ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ firstname: MESSAGES.minSymbols, lastname: MESSAGES.lastNameRequired, password: MESSAGES.minSymbols });
  });

  const teacher = (over: Record<string, unknown> = {}) => ({
    email: 'gv.moi@trungtam.vn', name: 'Đặng Văn Mới', password: 'matkhau123', type: 'teacher', phone_number: '0987000111',
    status: 1, roles: [{ id: 3 }], center_id: 0, banking_name: 'ACB', banking_number: '123456789', ...over,
  });

  it('staff creation returns {data:{data}} with 201 and applies the type rules', async () => {
    const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.academicAffair, teacher());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.data).toMatchObject({ email: 'gv.moi@trungtam.vn', type: 'teacher', center_id: 1, banking_name: 'ACB' });
    const dup = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'GV.MOI@trungtam.vn' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');
    const guard = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'a.khac@trungtam.vn', roles: [{ id: 4 }] }));
    expect(guard.statusCode).toBe(400);
    expect(Object.keys(guard.json().error.fields)).toEqual(['roles']);
    const adminByAffair = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.academicAffair, teacher({ email: 'qtv2@trungtam.vn', type: 'administrator', roles: [{ id: 1 }] }));
    expect(adminByAffair.statusCode).toBe(403);
    // another centre is answered as a missing one (references.ts)
    const otherCentre = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.academicAffair, teacher({ email: 'gv.hcm@trungtam.vn', center_id: 2 }));
    expect([otherCentre.statusCode, otherCentre.json().error.fields]).toEqual([400, { center_id: REFERENCE_TEXT.center }]);
    const adminByAdmin = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'qtv2@trungtam.vn', type: 'administrator', roles: [{ id: 1 }] }));
    expect(adminByAdmin.statusCode).toBe(201);
    expect((await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.teacher, teacher({ email: 'x.y@trungtam.vn' }))).statusCode).toBe(403);
  });

  it('validates staff creation with the account form messages', async () => {
    const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, { email: 'sai', name: '', password: '', type: 'teacher', phone_number: '', roles: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: MESSAGES.accountEmailMin,
      name: MESSAGES.accountNameRequired,
      password: MESSAGES.accountPasswordRequired,
      phone_number: MESSAGES.phoneRequired,
      roles: MESSAGES.roleRequired,
    });
    const format = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'khongphaiemail', password: 'x'.repeat(51), status: 2 }));
    expect(format.json().error.fields).toMatchObject({ email: MESSAGES.accountEmailFormat, password: MESSAGES.accountPasswordMax, status: MESSAGES.statusRequired });
  });

  it('takes a Vietnamese phone only, and a name of at most 255 characters', async () => {
    const refused = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'gv.sdt@trungtam.vn', name: 'A'.repeat(LIMITS.accountName.max + 1), phone_number: 'abcxyz' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ name: 'Tối đa 255 ký tự', phone_number: MESSAGES.phoneFormat });
    const extras = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'gv.sdt@trungtam.vn', banking_number: '1'.repeat(LIMITS.accountExtras.banking_number + 1) }));
    expect(extras.json().error.fields).toEqual({ banking_number: 'Tối đa 64 ký tự' });
    for (const phone of ['abcxyz', '091234567', '09123456789', '+8491234567', '84912345678', '0912 345 678']) {
      const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email: 'gv.sdt@trungtam.vn', phone_number: phone }));
      expect({ phone, fields: res.json().error?.fields }).toEqual({ phone, fields: { phone_number: MESSAGES.phoneFormat } });
    }
    for (const [email, phone] of [['gv.sdt1@trungtam.vn', '0912345678'], ['gv.sdt2@trungtam.vn', '+84912345678']]) {
      const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, teacher({ email, phone_number: phone, name: 'A'.repeat(LIMITS.accountName.max) }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.data.phone_number).toBe(phone);
    }
  });
});

describe('GET /user/list', () => {
  it('filters, sorts and pages', async () => {
    const teachers = await list('type=teacher&limit=5&page=1&sort_column=id&sort_type=ASC&relationships=roles');
    expect(teachers.statusCode).toBe(200);
    const body = teachers.json().data;
    expect(body.rows).toHaveLength(5);
    expect(body.total_pages).toBe(Math.ceil(body.total_rows / 5));
    expect(body.rows.every((u: { type: string }) => u.type === 'teacher')).toBe(true);
    const ids = body.rows.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(body.rows[0].roles[0].guard_name).toBe('teacher');

    const page2 = (await list('type=teacher&limit=5&page=2&sort_column=id&sort_type=ASC')).json().data.rows;
    expect(page2[0].id).toBeGreaterThan(ids[4]);

    const locked = (await list('type=teacher&status=4&limit=50')).json().data;
    expect(locked.total_rows).toBeGreaterThan(0);
    expect(locked.rows.every((u: { status: number }) => u.status === 4)).toBe(true);
    const all = (await list('type=teacher&status=0&limit=50')).json().data.total_rows;
    expect(all).toBeGreaterThan(locked.total_rows);

    const search = (await list('search=giaovien@')).json().data.rows;
    expect(search.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.teacher]);
    const byId = (await list(`user_id=${search[0].id}`)).json().data;
    expect(byId.total_rows).toBe(1);
    const centre2 = (await list('center_id=2&limit=100')).json().data.rows;
    expect(centre2.length).toBeGreaterThan(0);
    expect(centre2.every((u: { center_id: number }) => u.center_id === 2)).toBe(true);
    const future = (await list('created_at=2999-01-01 00:00:00&created_at=2999-12-31 23:59:59')).json().data;
    expect(future.total_rows).toBe(0);
    const everything = (await list('created_at=1970-01-01 00:00:00&created_at=2999-12-31 23:59:59')).json().data.total_rows;
    expect(everything).toBeGreaterThan(70);
    const byName = (await list('sort_column=name&sort_type=DESC&limit=3')).json().data.rows.map((u: { name: string }) => u.name);
    expect(byName).toHaveLength(3);
  });

  it('refuses unknown sort columns, relationships and bad numbers with 400', async () => {
    const sort = await list('sort_column=password_hash');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().error.fields).toHaveProperty('sort_column');
    expect((await list('relationships=secrets')).statusCode).toBe(400);
    expect((await list('limit=5000')).statusCode).toBe(400);
    expect((await list('user_id=abc')).json().error.fields).toEqual({ user_id: 'user_id phải là số' });
    expect((await list('created_at=hôm qua')).statusCode).toBe(400);
  });

  it('scopes an academic_affair to their centre and never shows administrators', async () => {
    const rows = (await list('limit=1000', ctx.tok.academicAffair)).json().data.rows;
    expect(rows.length).toBeGreaterThan(10);
    // (and the self-registered students waiting for approval, who have no centre yet: every giáo vụ's queue)
    const inReach = (u: { center_id: number | null; type: string; status: number }) => u.center_id === 1 || (u.center_id === null && u.status === 2 && u.type === 'student');
    expect(rows.every((u: { center_id: number | null; type: string; status: number }) => inReach(u) && u.type !== 'administrator')).toBe(true);
    const admins = (await list('type=administrator', ctx.tok.academicAffair)).json().data.total_rows;
    expect(admins).toBe(0);
    expect((await call(ctx.t.app, 'GET', '/user/show/1', ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', '/user/show/1', ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', '/user/show/999999', ctx.tok.admin)).statusCode).toBe(404);
    const hcm = (await list('center_id=2&limit=1000')).json().data.rows[0];
    expect((await call(ctx.t.app, 'GET', `/user/show/${hcm.id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await list('', ctx.tok.teacher)).statusCode).toBe(403);
    expect((await list('', ctx.tok.student)).statusCode).toBe(403);
  });
});

describe('PUT /user/update and DELETE /user/delete/{id}', () => {
  const body = (u: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    id: u.id, name: u.name, email: u.email, phone_number: u.phone_number, status: u.status, ...over,
  });

  it('updates an account; refuses duplicate emails, admin targets and unmanageable types', async () => {
    const student = (await list('type=student&center_id=1&limit=5', ctx.tok.academicAffair)).json().data.rows.find((u: { email: string }) => u.email !== DEMO_ACCOUNTS.student);
    const ok = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, body(student, { name: 'Tên Mới', birth_year: 2010, center_id: 0, source: 'tiktok' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Tên Mới', birth_year: 2010, center_id: 1, source: 'tiktok' });
    const dup = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, body(student, { email: DEMO_ACCOUNTS.teacher.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    const promote = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, body(student, { type: 'administrator', roles: [{ id: 1 }] }));
    expect(promote.statusCode).toBe(403);
    const admin = (await call(ctx.t.app, 'GET', '/user/show/1', ctx.tok.admin)).json().data;
    expect((await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, body(admin))).statusCode).toBe(403);
    const wrongRole = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(student, { roles: [{ id: 3 }] }));
    expect(wrongRole.statusCode).toBe(400);
    const bad = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(student, { name: '', status: '1', phone_number: 'x'.repeat(21) }));
    // status '1' is text, not the integer 1: named too (no coercion in JSON bodies).
    expect(bad.json().error.fields).toEqual({ name: MESSAGES.accountNameRequired, phone_number: 'Tối đa 20 ký tự', status: MESSAGES.statusRequired });
  });

  it('edits and locks a self-registered student, who has no phone, without asking for one', async () => {
    // (from an address of its own: the other sign-ups of this file count against the test's)
    const signUp = await ctx.t.app.inject({
      method: 'POST', url: `${API}/auth/register`, remoteAddress: '10.12.0.1',
      payload: { email: 'tu.dangky@gmail.com', firstname: 'Thu Hà', lastname: 'Lương', password: 'hoclaptot2026' },
    });
    const student = signUp.json().data.user;
    expect(student.phone_number).toBeNull();
    const locked = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(student, { phone_number: '', status: 4, name: 'Lương Thu Hà' }));
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ name: 'Lương Thu Hà', status: 4, phone_number: null });
    // once typed, the phone is checked as on create
    const typed = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(student, { phone_number: 'abcxyz', status: 4 }));
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat });
    const given = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(student, { phone_number: '+84912345678', status: 1 }));
    expect(given.json().data).toMatchObject({ phone_number: '+84912345678', status: 1 });
    // a phone once given cannot be taken away
    const cleared = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(student, { phone_number: '', status: 1 }));
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.fields).toEqual({ phone_number: MESSAGES.phoneRequired });
  });

  it('keeps a phone stored in another format while it is not changed', async () => {
    const [row] = await ctx.t.database.db
      .insert(users)
      .values({ name: 'Giáo viên Cũ', email: 'gv.cu@trungtam.vn', passwordHash: 'x', type: 'teacher', roleId: 3, phoneNumber: '0912 345 678' })
      .returning();
    const teacher = (await call(ctx.t.app, 'GET', `/user/show/${row.id}`, ctx.tok.admin)).json().data;
    const ok = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(teacher, { status: 4 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 4, phone_number: '0912 345 678' });
    const changed = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, body(teacher, { phone_number: '0912 345 679' }));
    expect(changed.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat });
  });

  it('soft-deletes; nobody deletes themselves; only an administrator deletes an administrator', async () => {
    const me = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.academicAffair)).json().data;
    expect((await call(ctx.t.app, 'DELETE', `/user/delete/${me.id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'DELETE', '/user/delete/1', ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'DELETE', '/user/delete/1', ctx.tok.admin)).statusCode).toBe(403);
    const victim = (await list('type=student&center_id=1&limit=20', ctx.tok.academicAffair)).json().data.rows.find((u: { email: string }) => u.email !== DEMO_ACCOUNTS.student);
    const res = await call(ctx.t.app, 'DELETE', `/user/delete/${victim.id}`, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', `/user/show/${victim.id}`, ctx.tok.admin)).statusCode).toBe(404);
    expect((await list(`user_id=${victim.id}`)).json().data.total_rows).toBe(0);
    // The email is free again.
    const again = await call(ctx.t.app, 'POST', '/auth/register', undefined, { email: victim.email, firstname: 'Lại', lastname: 'Mới', password: 'abcdef' });
    expect(again.statusCode).toBe(200);
  });
});

describe('GET /user/export', () => {
  it('streams a real xlsx of the filtered accounts, across keyset batches', async () => {
    // Push the row count past one batch of 1000.
    await ctx.t.database.db.insert(users).values(
      Array.from({ length: 1100 }, (_, i) => ({ name: `Học viên thử ${i}`, email: `thu${i}@export.vn`, passwordHash: 'x', type: 'student', roleId: 4, phoneNumber: '0900000000' })),
    );
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/v1/user/export?type=student&limit=100&page=1', headers: { authorization: `Bearer ${ctx.tok.admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const today = new Date();
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="\d{4}-\d{2}-\d{2}_students-file\.xlsx"/);
    void today;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const total = (await list('type=student&limit=1')).json().data.total_rows;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('Tên tài khoản');
    const emails = new Set<string>();
    sheet.eachRow((row, n) => { if (n > 1) emails.add(String(row.getCell(3).value)); });
    expect(emails.size).toBe(total);
    expect(emails.has(DEMO_ACCOUNTS.student)).toBe(true);
    expect(emails.has(DEMO_ACCOUNTS.teacher)).toBe(false);

    const other = await call(ctx.t.app, 'GET', '/user/export', ctx.tok.academicAffair);
    expect(other.headers['content-disposition']).toMatch(/_users-file\.xlsx"/);
    expect((await call(ctx.t.app, 'GET', '/user/export', ctx.tok.teacher)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', '/user/export?sort_column=nope', ctx.tok.admin)).statusCode).toBe(400);
    await login(ctx.t.app, DEMO_ACCOUNTS.admin);
  });
});
