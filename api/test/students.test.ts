import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { operatorInstant, operatorToday } from '@trungtam/shared/operatorDate';
import { formatDateTime } from '@trungtam/shared/format';
import { MESSAGES } from '@trungtam/shared/validation';
import type { User } from '@trungtam/shared/contracts';
import { exportUserBatches, type ExportRow } from '../src/services/users';
import { call, DEMO_ACCOUNTS, userIdByEmail, setUpTestApp } from './helpers';
import { cellKinds } from './support/xlsxCells';

const ctx = setUpTestApp();

const student = (over: Record<string, unknown> = {}) => ({
  email: 'hv.moi@trungtam.vn', name: 'Phạm Minh Khôi', password: 'matkhau123', type: 'student', phone_number: '0987000222',
  status: 1, roles: [{ id: 4 }], center_id: 0, reference_name: 'Phạm Văn Hùng', reference_phone: '0912000333',
  reference_email: 'hung.pham@gmail.com', birth_year: 2014, birth_month: 2, birth_day: 28, source: 'facebook', address: '12 Trần Duy Hưng, Hà Nội',
  ...over,
});
const create = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/auth/register', token, body);

describe('students: create and update with the student extras', () => {
  it('creates a student with representative, birth date, source and address; center_id 0 is dropped', async () => {
    const res = await create(student());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.data).toMatchObject({
      type: 'student', center_id: null, reference_name: 'Phạm Văn Hùng', reference_phone: '0912000333', reference_email: 'hung.pham@gmail.com',
      birth_year: 2014, birth_month: 2, birth_day: 28, source: 'facebook', address: '12 Trần Duy Hưng, Hà Nội',
    });
    const unknownSource = await create(student({ email: 'hv.nguon@trungtam.vn', source: '' }));
    expect(unknownSource.json().data.data.source).toBeNull();
  });

  it('refuses a bad representative email, out-of-range birth values and a day that does not exist', async () => {
    const bad = await create(student({ email: 'hv.sai@trungtam.vn', reference_email: 'khong-phai-email', birth_year: 1899, birth_month: 13, source: 'radio' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      reference_email: MESSAGES.referenceEmailFormat,
      birth_year: expect.stringContaining('1900'),
      birth_month: 'Tháng sinh từ 1 đến 12',
      source: 'source không hợp lệ',
    });
    const future = await create(student({ email: 'hv.sai@trungtam.vn', birth_year: new Date().getFullYear() + 1 }));
    expect(future.json().error.fields).toHaveProperty('birth_year');
    const feb31 = await create(student({ email: 'hv.sai@trungtam.vn', birth_year: 2015, birth_month: 2, birth_day: 31 }));
    expect(feb31.statusCode).toBe(400);
    expect(feb31.json().error.fields).toEqual({ birth_day: MESSAGES.birthDateInvalid });
    const feb29 = await create(student({ email: 'hv.sai@trungtam.vn', birth_year: 2015, birth_month: 2, birth_day: 29 }));
    expect(feb29.json().error.fields).toEqual({ birth_day: MESSAGES.birthDateInvalid });
    const leap = await create(student({ email: 'hv.nhuan@trungtam.vn', birth_year: 2016, birth_month: 2, birth_day: 29 }));
    expect(leap.statusCode).toBe(201);
    const emptyRef = await create(student({ email: 'hv.trong@trungtam.vn', reference_email: '' }));
    expect(emptyRef.statusCode).toBe(201);
  });

  it('updates extras, refusing 31/04 and keeping the centre when 0 is sent', async () => {
    const id = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.student);
    const before: User = (await call(ctx.t.app, 'GET', `/user/show/${id}`, ctx.tok.admin)).json().data;
    const base = { id, email: before.email, name: before.name, phone_number: before.phone_number, status: 1, center_id: 0 };
    const bad = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { ...base, birth_year: 2012, birth_month: 4, birth_day: 31 });
    expect(bad.json().error.fields).toEqual({ birth_day: MESSAGES.birthDateInvalid });
    const ok = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { ...base, birth_year: 2012, birth_month: 4, birth_day: 30, source: 'tiktok', reference_name: 'Lê Văn Cha' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ center_id: before.center_id, birth_day: 30, source: 'tiktok', reference_name: 'Lê Văn Cha' });
  });

  it("checks the representative's phone: empty or a Vietnamese number, and on update only when it changes", async () => {
    const bad = await create(student({ email: 'hv.sdt@trungtam.vn', phone_number: 'abcxyz', reference_phone: '12345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat, reference_phone: MESSAGES.referencePhoneFormat });
    const none = await create(student({ email: 'hv.sdt@trungtam.vn', reference_phone: '' }));
    expect(none.statusCode).toBe(201);
    const id = none.json().data.data.id;
    // a representative's phone stored before the rule stays while it is not changed
    await ctx.t.database.db.update(users).set({ referencePhone: '(024) 3765 4321' }).where(eq(users.id, id));
    const base = { id, email: 'hv.sdt@trungtam.vn', name: 'Phạm Minh Khôi', phone_number: '0987000222', status: 1 };
    const kept = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...base, reference_phone: '(024) 3765 4321', status: 4 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ status: 4, reference_phone: '(024) 3765 4321' });
    const changed = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...base, reference_phone: 'gọi mẹ' });
    expect(changed.json().error.fields).toEqual({ reference_phone: MESSAGES.referencePhoneFormat });
    const fixed = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...base, reference_phone: '+84912000444' });
    expect(fixed.json().data.reference_phone).toBe('+84912000444');
  });

  it('never lets a form create or turn an account into a type the caller may not manage', async () => {
    expect((await create(student({ email: 'x1@trungtam.vn', type: 'administrator', roles: [{ id: 1 }] }), ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await create(student({ email: 'x2@trungtam.vn' }), ctx.tok.teacher)).statusCode).toBe(403);
    expect((await create(student({ email: 'x3@trungtam.vn' }), ctx.tok.student)).statusCode).toBe(403);
    const id = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.student);
    const me: User = (await call(ctx.t.app, 'GET', `/user/show/${id}`, ctx.tok.admin)).json().data;
    const promote = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { id, email: me.email, name: me.name, phone_number: me.phone_number, status: 1, type: 'administrator', roles: [{ id: 1 }] });
    expect(promote.statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', `/user/show/${id}`, ctx.tok.admin)).json().data.type).toBe('student');
  });
});

describe('students: list, scoping and 403 for someone else', () => {
  /** GET /user/list as the students screen sends it; `query` adds or overrides parameters. */
  const list = (query: string, token = ctx.tok.admin) => {
    const params = new URLSearchParams('type=student&limit=10&page=1&sort_column=id&sort_type=DESC&relationships=roles');
    const extra = new URLSearchParams(query);
    for (const key of new Set(extra.keys())) params.delete(key);
    for (const [key, value] of extra) params.append(key, value);
    return call(ctx.t.app, 'GET', `/user/list?${params.toString()}`, token);
  };

  it('pages by 10 and filters by status, user id, created range and source', async () => {
    const all = (await list('status=0')).json().data;
    expect(all.rows).toHaveLength(10);
    expect(all.total_pages).toBe(Math.ceil(all.total_rows / 10));
    const id = await userIdByEmail(ctx.t.app, ctx.tok.admin, DEMO_ACCOUNTS.student);
    expect((await list(`user_id=${id}`)).json().data.rows.map((u: User) => u.id)).toEqual([id]);
    const facebook = (await list('source=facebook&limit=100')).json().data.rows;
    expect(facebook.length).toBeGreaterThan(0);
    expect(facebook.every((u: User) => u.source === 'facebook')).toBe(true);
    const range = `created_at=1970-01-01 00:00:00&created_at=${operatorToday()} 23:59:59`;
    expect((await list(range)).json().data.total_rows).toBe(all.total_rows);
    expect((await list('created_at=1970-01-01 00:00:00&created_at=1970-01-02 23:59:59')).json().data.total_rows).toBe(0);
    expect((await list('user_id=abc')).statusCode).toBe(400);
  });

  it("filters the students whose source is unknown ('Chưa rõ')", async () => {
    const unknown: User[] = (await list('source=unknown&limit=1000')).json().data.rows;
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.every((u) => !u.source)).toBe(true);
    const all: User[] = (await list('limit=1000')).json().data.rows;
    expect(unknown.length).toBe(all.filter((u) => !u.source).length);
  });

  it('lists an account created late in the evening, Việt Nam time, with the default range ending today', async () => {
    // 23:50 in Việt Nam is 16:50 UTC: the operator's today, not the server's, ends the range
    const admin = ctx.tok.admin;
    const created = await call(ctx.t.app, 'POST', '/auth/register', admin, {
      email: 'muon.toi@trungtam.vn', name: 'Học viên Muộn', password: 'matkhau123', type: 'student', phone_number: '0909000111', roles: [{ id: 4 }],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.data.id;
    await ctx.t.database.db.update(users).set({ createdAt: operatorInstant(`${operatorToday()} 23:50:00`)! }).where(eq(users.id, id));
    const rows: User[] = (await list(`user_id=${id}&created_at=1970-01-01 00:00:00&created_at=${operatorToday()} 23:59:59`)).json().data.rows;
    expect(rows.map((u) => u.id)).toEqual([id]);
    expect(formatDateTime(rows[0].created_at)).toBe(`${operatorToday().split('-').reverse().join('/')} 23:50:00`);
  });

  it('scopes academic affairs to their centre; teachers and students get 403', async () => {
    const rows: User[] = (await list('limit=1000', ctx.tok.academicAffair)).json().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((u) => u.center_id === 1 && u.type === 'student')).toBe(true);
    expect((await list('', ctx.tok.teacher)).statusCode).toBe(403);
    expect((await list('', ctx.tok.student)).statusCode).toBe(403);
    const other = (await list('limit=1000')).json().data.rows.find((u: User) => u.email !== DEMO_ACCOUNTS.student)!;
    expect((await call(ctx.t.app, 'GET', `/user/show/${other.id}`, ctx.tok.teacher)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', `/user/show/${other.id}`, ctx.tok.student)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.student, { id: other.id, password: 'matkhau999' })).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'DELETE', `/user/delete/${other.id}`, ctx.tok.teacher)).statusCode).toBe(403);
    const hcm = (await list('limit=1000')).json().data.rows.find((u: User) => u.center_id === 2)!;
    expect((await call(ctx.t.app, 'GET', `/user/show/${hcm.id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
  });

  it('exports the filtered students as <today>_students-file.xlsx', async () => {
    // a sign-in time with microseconds (the file shows it to the second, as the screen does)
    const [signedIn] = (await list('source=facebook&limit=1', ctx.tok.academicAffair)).json().data.rows;
    await ctx.t.database.db
      .update(users)
      .set({ lastTimeLogin: sql`timestamptz '2026-03-04 23:59:59.999999+07'` })
      .where(eq(users.id, signedIn.id));
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/v1/user/export?type=student&status=0&source=facebook&created_at=1970-01-01%2000:00:00&created_at=${operatorToday()}%2023:59:59`,
      headers: { authorization: `Bearer ${ctx.tok.academicAffair}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${operatorToday()}_students-file.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const expected: User[] = (await list('source=facebook&limit=1000', ctx.tok.academicAffair)).json().data.rows;
    expect(sheet.rowCount).toBe(expected.length + 1);
    const ids: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ids.push(Number(row.getCell(1).value));
    });
    expect(ids).toEqual(expected.map((u) => u.id));
    // the file reads like the screen: the source's label, dates on the operator's clock
    const header = sheet.getRow(1).values as string[];
    const column = (name: string) => header.indexOf(name);
    const first = sheet.getRow(2);
    expect(first.getCell(column('Nguồn')).value).toBe('Facebook');
    expect(first.getCell(column('Ngày tạo')).value).toBe(formatDateTime(expected[0].created_at));
    // every row's timestamps and phone as the list gives them (the embedded database sends a batch of rows as JSON text; an empty cell reads as null)
    const shown: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) shown.push(['Ngày tạo', 'Đăng nhập lần cuối', 'Số điện thoại'].map((name) => row.getCell(column(name)).value));
    });
    expect(expected.find((u) => u.id === signedIn.id)?.last_time_login).toBe('2026-03-04T16:59:59.999Z');
    expect(shown).toEqual(expected.map((u) => [formatDateTime(u.created_at), u.last_time_login ? formatDateTime(u.last_time_login) : null, u.phone_number]));
  });

  it('reads the export in batches that follow one another: every account once, newest first, with the same values', async () => {
    const admin = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.admin)).json().data as User;
    const actor = { ...admin, sessionId: 'export-test' };
    const read = async (batchSize: number) => {
      const batches: ExportRow[][] = [];
      for await (const batch of exportUserBatches(ctx.t.app.ctx, actor, {}, batchSize)) batches.push(batch);
      return batches;
    };
    const [whole] = await read(100_000);
    const batches = await read(3);
    expect(whole.length).toBeGreaterThan(6);
    expect(batches.slice(0, -1).every((batch) => batch.length === 3)).toBe(true);
    expect(batches.flat()).toEqual(whole);
    const ids = whole.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const listed: User[] = (await call(ctx.t.app, 'GET', '/user/list?limit=1000&page=1', ctx.tok.admin)).json().data.rows;
    expect(ids).toEqual(listed.map((user) => user.id));
    // a timestamp comes as the text of its instant, whatever the database
    const signedIn = whole.find((row) => row.last_time_login !== null)!;
    expect(new Date(signedIn.last_time_login!).toISOString()).toBe(listed.find((user) => user.id === signedIn.id)!.last_time_login);
  });

  it('exports a name, phone or address that starts like a formula as typed, in a cell that stays text', async () => {
    const typed = { name: '=HYPERLINK("http://evil.example","Bấm vào")', phone_number: '+84912000444', address: '@SUM(1+1)*cmd|"/C calc"!A0' };
    expect((await create(student({ email: 'hv.congthuc@trungtam.vn', ...typed }))).statusCode).toBe(201);
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/v1/user/export?type=student&search=${encodeURIComponent('hv.congthuc@trungtam.vn')}`,
      headers: { authorization: `Bearer ${ctx.tok.admin}` },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const header = sheet.getRow(1).values as string[];
    const columns = ['Tên tài khoản', 'Số điện thoại', 'Địa chỉ'].map((name) => header.indexOf(name));
    expect(columns.every((column) => column > 0)).toBe(true);
    expect(columns.map((column) => sheet.getRow(2).getCell(column).value)).toEqual([typed.name, typed.phone_number, typed.address]);
    const kinds = await cellKinds(res.rawPayload);
    expect(columns.map((column) => kinds.get(`${sheet.getColumn(column).letter}2`))).toEqual(Array(3).fill({ formula: false, quotePrefix: true }));
    expect(kinds.get('A2')).toEqual({ formula: false, quotePrefix: false });
  });

  it('exports an unknown source as Chưa rõ', async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/v1/user/export?type=student&source=unknown',
      headers: { authorization: `Bearer ${ctx.tok.admin}` },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const sourceColumn = (sheet.getRow(1).values as string[]).indexOf('Nguồn');
    const sources = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) sources.add(row.getCell(sourceColumn).value);
    });
    expect([...sources]).toEqual(['Chưa rõ']);
  });
});
