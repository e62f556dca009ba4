/**
 * Importing teachers and students from xlsx: the dry run's per-row results (created, updated by e-mail or
 * phone, refused with the account form's messages, duplicates within the file), the commit of the
 * accepted rows only, in one go, re-checked; the guardians; reach; dates and phones; hostile files.
 */
import ExcelJS from 'exceljs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ACCOUNT_IMPORT_TEXT as T, ACCOUNT_SHEET_COLUMNS as C, type AccountImportReportBody } from '@trungtam/shared/schemas/accountImport';
import { MESSAGES } from '@trungtam/shared/validation';
import { auditLogs, centers, guardians, studentGuardians, users } from '../src/db/schema';
import { verifyPassword } from '../src/lib/password';
import { API, DEMO_ACCOUNTS, setUpTestApp } from './helpers';
import { xlsxBomb } from './support/zip-bomb';
import { TEMPLATE_SAMPLE_SHEET } from '../src/routes/account-import';

const ctx = setUpTestApp();
const app = () => ctx.t.app;
const db = () => ctx.t.database.db;

const STUDENT_HEADER = [C.name, C.email, C.phone, C.birthDate, C.address, C.source, C.guardianName, C.guardianPhone, C.guardianEmail];
const TEACHER_HEADER = [C.name, C.email, C.phone, C.birthDate, C.address, C.bankingName, C.bankingNumber, C.certificate, C.about];

/** An xlsx file whose first sheet holds `header` then `rows`. */
async function sheetFile(rows: unknown[][], header: unknown[] = STUDENT_HEADER, edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Học viên');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function form(fields: Record<string, string | number>, file?: Buffer): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (file) data.append('file', new Blob([new Uint8Array(file)]), 'tai-khoan.xlsx');
  return data;
}

const post = (path: 'check' | 'commit', fields: Record<string, string | number>, file?: Buffer, token = ctx.tok.admin) =>
  app().inject({ method: 'POST', url: `${API}/user/import/${path}`, headers: { authorization: `Bearer ${token}` }, payload: form(fields, file) });

async function check(file: Buffer, fields: Record<string, string | number> = { type: 'student' }, token = ctx.tok.admin): Promise<AccountImportReportBody> {
  const res = await post('check', fields, file, token);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? null : res.json() }).toEqual({ status: 200, body: null });
  return res.json().data;
}

async function commit(file: Buffer, fields: Record<string, string | number> = { type: 'student' }, token = ctx.tok.admin): Promise<LightMyRequestResponse> {
  const report = await check(file, fields, token);
  return post('commit', { ...fields, plan: report.plan }, file, token);
}

const byEmail = async (email: string) => (await db().select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];
let seq = 0;
/** A fresh e-mail and phone for each made-up person. */
const fresh = () => {
  seq += 1;
  return { email: `nhap${seq}.${Date.now() % 100000}@example.com`, phone: `093${String(1000000 + seq * 7919).slice(-7)}` };
};
const hnCentre = async () => (await db().select({ id: centers.centerId }).from(centers).orderBy(centers.centerId))[0].id;
const otherCentre = async () => (await db().select({ id: centers.centerId }).from(centers).orderBy(centers.centerId))[1].id;

describe('the template', () => {
  it('gives each type its columns, and a sample row on a second sheet that the import accepts and never reads', async () => {
    const res = await app().inject({ method: 'GET', url: `${API}/user/import/template?type=teacher`, headers: { authorization: `Bearer ${ctx.tok.academicAffair}` } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(TEACHER_HEADER);
    const students = await app().inject({ method: 'GET', url: `${API}/user/import/template?type=student`, headers: { authorization: `Bearer ${ctx.tok.admin}` } });
    const studentBook = new ExcelJS.Workbook();
    await studentBook.xlsx.load(students.rawPayload as unknown as ArrayBuffer);
    expect((studentBook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(STUDENT_HEADER);
    // the untouched template imports nothing: its sample is on a second sheet, which the import does not read
    expect((await post('check', { type: 'student' }, students.rawPayload)).statusCode).toBe(400);
    // the sample row itself passes the dry run once it is on the first sheet
    const sample = studentBook.getWorksheet(TEMPLATE_SAMPLE_SHEET)!;
    expect((sample.getRow(1).values as unknown[]).slice(1)).toEqual(STUDENT_HEADER);
    const report = await check(await sheetFile([(sample.getRow(2).values as unknown[]).slice(1)]));
    expect(report.rows.map((r) => [r.outcome, r.errors])).toEqual([['create', []]]);
  });

  it('is refused without a type and to a teacher or student', async () => {
    const noType = await app().inject({ method: 'GET', url: `${API}/user/import/template`, headers: { authorization: `Bearer ${ctx.tok.admin}` } });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.fields.type).toBe(T.typeRequired);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      const res = await app().inject({ method: 'GET', url: `${API}/user/import/template?type=student`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('a file with good, bad and duplicate rows', () => {
  it('reports each row, and the commit writes the good ones only, in one go, with their guardians', async () => {
    const [a, b, c, d] = [fresh(), fresh(), fresh(), fresh()];
    const demoStudent = await byEmail(DEMO_ACCOUNTS.student);
    const file = await sheetFile([
      ['Phạm Thu Trang', a.email, a.phone, '05/09/2013', 'Ba Đình', 'Facebook', 'Phạm Văn Nam', '0977 111 222', ''],
      ['Phạm Minh Khoa', b.email, `+84 ${b.phone.slice(1)}`, '2015-02-01', '', 'trực tiếp', 'Phạm Văn Nam', '0977111222', ''],
      ['', 'khong-phai-email', '12345', '31/02/2014', '', 'Tivi', '', '', ''],
      ['Phạm Thu Trang (lặp)', a.email.toUpperCase(), c.phone, '', '', '', '', '', ''],
      ['Lê Gia Bảo', DEMO_ACCOUNTS.student, demoStudent.phoneNumber, new Date(Date.UTC(2012, 4, 20)), 'Đống Đa, Hà Nội', '', '', '', ''],
      ['Giáo viên nhầm loại', DEMO_ACCOUNTS.teacher, d.phone, '', '', '', '', '', ''],
    ]);
    const report = await check(file);
    expect(report.rows.map((r) => [r.row, r.outcome, r.matched_by, r.errors])).toEqual([
      [2, 'create', null, []],
      [3, 'create', null, []],
      [4, 'refused', null, expect.arrayContaining([T.birthDate, T.sourceUnknown, MESSAGES.accountNameRequired, MESSAGES.accountEmailFormat, MESSAGES.phoneFormat])],
      [5, 'duplicate', null, [T.emailTwiceInFile(2)]],
      [6, 'update', 'email', []],
      [7, 'refused', null, [T.emailOtherAccount]],
    ]);
    expect(report.counts).toEqual({ create: 2, update: 1, refused: 2, duplicate: 1 });
    // the dry run wrote nothing
    expect(await byEmail(a.email)).toBeUndefined();

    const res = await post('commit', { type: 'student', plan: report.plan }, file);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ created: 2, updated: 1, message: T.committed(2, 1) });

    const trang = await byEmail(a.email);
    const khoa = await byEmail(b.email);
    expect(trang).toMatchObject({ name: 'Phạm Thu Trang', type: 'student', phoneNumber: a.phone, birthYear: 2013, birthMonth: 9, birthDay: 5, source: 'facebook', address: 'Ba Đình' });
    expect(khoa).toMatchObject({ phoneNumber: b.phone, birthYear: 2015, birthMonth: 2, birthDay: 1, source: 'direct' });
    // no password: none verifies until the holder sets one
    expect(await verifyPassword('', trang.passwordHash)).toBe(false);
    // the siblings share one guardian, the representative of both
    const links = await db().select().from(studentGuardians).where(inArray(studentGuardians.studentId, [trang.id, khoa.id]));
    expect(links).toHaveLength(2);
    expect(links[0].guardianId).toBe(links[1].guardianId);
    expect(trang).toMatchObject({ referenceName: 'Phạm Văn Nam', referencePhone: '0977111222' });
    // the updated student kept what the blank cells leave out, took the rest
    const updated = await byEmail(DEMO_ACCOUNTS.student);
    expect(updated).toMatchObject({ birthDay: 20, address: 'Đống Đa, Hà Nội', source: demoStudent.source, referenceName: demoStudent.referenceName });
    // one entry for the import, one per account
    const entries = await db().select().from(auditLogs).where(eq(auditLogs.resource, 'User')).orderBy(desc(auditLogs.id)).limit(4);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'create', 'import', 'update']);
  });

  it('updates the one account of the type with the phone, and refuses a phone several accounts share', async () => {
    const teacher = await byEmail(DEMO_ACCOUNTS.teacher);
    const moved = fresh();
    const file = await sheetFile([['Nguyễn Minh Tuấn', moved.email, teacher.phoneNumber, '', '', 'ACB', '99887766', '', '']], TEACHER_HEADER);
    const report = await check(file, { type: 'teacher' });
    expect(report.rows.map((r) => [r.outcome, r.matched_by, r.account_id])).toEqual([['update', 'phone', teacher.id]]);
    expect((await post('commit', { type: 'teacher', plan: report.plan }, file)).statusCode).toBe(200);
    expect(await byEmail(moved.email)).toMatchObject({ id: teacher.id, bankingName: 'ACB', bankingNumber: '99887766', certificate: teacher.certificate });
    await db().update(users).set({ email: DEMO_ACCOUNTS.teacher }).where(eq(users.id, teacher.id));

    const shared = fresh();
    const twins = await sheetFile([
      ['Sinh đôi Một', fresh().email, shared.phone, '', '', '', '', '', ''],
      ['Sinh đôi Hai', fresh().email, shared.phone, '', '', '', '', '', ''],
    ]);
    // two names on one phone are two students, both created
    expect((await commit(twins)).statusCode).toBe(200);
    const again = await check(await sheetFile([['Sinh đôi', 'khac@example.com', shared.phone, '', '', '', '', '', '']]));
    expect(again.rows.map((r) => [r.outcome, r.errors])).toEqual([['refused', [T.phoneSeveralAccounts]]]);
  });

  it('reports rows of the same phone and name, or of one account, as duplicates', async () => {
    const p = fresh();
    const report = await check(
      await sheetFile([
        ['Đỗ Hoà', p.email, p.phone, '', '', '', '', '', ''],
        ['đỗ  hoà', fresh().email, p.phone, '', '', '', '', '', ''],
        ['Lê Gia Bảo', DEMO_ACCOUNTS.student, '', '', '', '', '', '', ''],
        ['Lê Gia Bảo', DEMO_ACCOUNTS.student.toUpperCase(), '', '', '', '', '', '', ''],
      ]),
    );
    expect(report.rows.map((r) => [r.outcome, r.errors[0]])).toEqual([
      ['create', undefined],
      ['duplicate', T.phoneTwiceInFile(2)],
      // an update that sends no phone: the update's rule asks for it as the account form does
      ['refused', MESSAGES.phoneRequired],
      ['duplicate', T.emailTwiceInFile(4)],
    ]);
  });
});

describe('dates and phones', () => {
  it('takes a birth date as a date cell, DD/MM/YYYY or YYYY-MM-DD, and Vietnamese phones in their usual spellings', async () => {
    const people = [fresh(), fresh(), fresh(), fresh(), fresh()];
    const file = await sheetFile(
      [
        ['Ngày ô', people[0].email, people[0].phone, new Date(Date.UTC(2011, 0, 31)), '', '', '', '', ''],
        ['Ngày chữ', people[1].email, people[1].phone.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1.$2.$3'), '7/3/2012', '', '', '', '', ''],
        ['Ngày ISO', people[2].email, `84${people[2].phone.slice(1)}`, '2013-12-01', '', '', '', '', ''],
        ['Số ô', people[3].email, Number(people[3].phone), '', '', '', '', '', ''],
        ['Sai', people[4].email, '0912-34', '2013-13-01', '', '', '', '', ''],
      ],
      STUDENT_HEADER,
    );
    const report = await check(file);
    expect(report.rows.map((r) => r.outcome)).toEqual(['create', 'create', 'create', 'create', 'refused']);
    expect(report.rows[4].errors).toEqual([T.birthDate, MESSAGES.phoneFormat]);
    const res = await post('commit', { type: 'student', plan: report.plan }, file);
    expect(res.statusCode).toBe(200);
    const made = await Promise.all(people.slice(0, 4).map((p) => byEmail(p.email)));
    expect(made.map((u) => [u.birthYear, u.birthMonth, u.birthDay, u.phoneNumber])).toEqual([
      [2011, 1, 31, people[0].phone],
      [2012, 3, 7, people[1].phone],
      [2013, 12, 1, people[2].phone],
      [null, null, null, people[3].phone],
    ]);
  });
});

describe('reach', () => {
  it('puts a giáo vụ’s accounts in their centre, refuses another centre, and never updates an account out of reach', async () => {
    const mine = fresh();
    const outsiderEmail = fresh().email;
    const other = await otherCentre();
    await db().insert(users).values({ name: 'Học viên nơi khác', email: outsiderEmail, passwordHash: 'x', phoneNumber: fresh().phone, type: 'student', roleId: (await byEmail(DEMO_ACCOUNTS.student)).roleId, centerId: other });
    const file = await sheetFile([
      ['Của cơ sở', mine.email, mine.phone, '', '', '', '', '', ''],
      ['Nơi khác', outsiderEmail, fresh().phone, '', '', '', '', '', ''],
    ]);
    const report = await check(file, { type: 'student' }, ctx.tok.academicAffair);
    expect(report.rows.map((r) => [r.outcome, r.errors])).toEqual([
      ['create', []],
      ['refused', [T.emailOtherAccount]],
    ]);
    const res = await post('commit', { type: 'student', plan: report.plan }, file, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    expect((await byEmail(mine.email)).centerId).toBe(await hnCentre());
    expect((await byEmail(outsiderEmail)).name).toBe('Học viên nơi khác');

    const elsewhere = await post('check', { type: 'student', center_id: other }, file, ctx.tok.academicAffair);
    expect(elsewhere.statusCode).toBe(400);
    expect(Object.keys(elsewhere.json().error.fields)).toEqual(['center_id']);
    // an administrator chooses the centre
    const chosen = fresh();
    const adminFile = await sheetFile([['Cơ sở chọn', chosen.email, chosen.phone, '', '', '', '', '', '']]);
    expect((await commit(adminFile, { type: 'student', center_id: other })).statusCode).toBe(200);
    expect((await byEmail(chosen.email)).centerId).toBe(other);
  });

  it('refuses teachers and students', async () => {
    const file = await sheetFile([['A', fresh().email, fresh().phone, '', '', '', '', '', '']]);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) expect((await post('check', { type: 'student' }, file, token)).statusCode).toBe(403);
  });
});

describe('the commit', () => {
  it('checks again and writes nothing when the results are no longer the dry run’s', async () => {
    const p = fresh();
    const file = await sheetFile([['Mới', p.email, p.phone, '', '', '', '', '', '']]);
    const report = await check(file);
    // someone made the account meanwhile: the row is now an update
    await db().insert(users).values({ name: 'Đã có', email: p.email, passwordHash: 'x', phoneNumber: p.phone, type: 'student', roleId: (await byEmail(DEMO_ACCOUNTS.student)).roleId });
    const res = await post('commit', { type: 'student', plan: report.plan }, file);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'IMPORT_CHANGED', message: T.changed, report: { counts: { create: 0, update: 1, refused: 0, duplicate: 0 } } });
    expect((await byEmail(p.email)).name).toBe('Đã có');
  });

  it('needs the plan, and a file with an accepted row', async () => {
    const bad = await sheetFile([['', 'x', '', '', '', '', '', '', '']]);
    const noPlan = await post('commit', { type: 'student' }, bad);
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().error.fields.plan).toBe(T.planRequired);
    const res = await commit(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toBe(T.nothingToImport);
  });
});

describe('hostile and broken files', () => {
  const refusal = async (file: Buffer | undefined) => {
    const res = await post('check', { type: 'student' }, file);
    expect(res.statusCode).toBe(400);
    return res.json().error.fields.file as string;
  };

  it('refuses what is not an import file with a message on the file', async () => {
    expect(await refusal(undefined)).toBe(T.fileRequired);
    expect(await refusal(Buffer.from('Họ và tên,E-mail\nA,b@c.vn'))).toBe(T.fileInvalid);
    expect(await refusal(xlsxBomb(64))).toBe(T.fileUnpackedTooLarge);
    expect(await refusal(await sheetFile([], [C.name, C.email]))).toBe(T.columnMissing(C.phone));
    expect(await refusal(await sheetFile([['', '', '', '', '', '', '', '', '']]))).toBe(T.fileEmpty);
    const formula = await sheetFile([['A', 'a@example.com', '0912345678']], STUDENT_HEADER, (sheet) => {
      sheet.getCell('A2').value = { formula: 'HYPERLINK("http://x","A")', result: 'A' } as ExcelJS.CellFormulaValue;
    });
    expect(await refusal(formula)).toBe(T.fileFormula('A2'));
    const tooMany = await sheetFile(Array.from({ length: 2001 }, (_, i) => [`Tên ${i}`, `n${i}@example.com`, '0912345678']));
    expect(await refusal(tooMany)).toBe(T.fileTooMany);
  });

  it('refuses a file over 5 MB', async () => {
    const res = await post('check', { type: 'student' }, Buffer.alloc(5 * 1024 * 1024 + 1, 0x50));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toBe(T.fileTooLarge);
  });
});

describe('guardians of a centre', () => {
  it('links a new student to the guardian of its centre with that phone, keeping it as it is', async () => {
    const demoStudent = await byEmail(DEMO_ACCOUNTS.student);
    const [family] = await db()
      .select({ guardian: guardians })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(and(eq(studentGuardians.studentId, demoStudent.id), eq(studentGuardians.position, 1)));
    const sibling = fresh();
    const file = await sheetFile([['Em của Bảo', sibling.email, sibling.phone, '', '', '', 'Tên khác', family.guardian.phone, '']]);
    expect((await commit(file, { type: 'student' }, ctx.tok.academicAffair)).statusCode).toBe(200);
    const made = await byEmail(sibling.email);
    const [link] = await db().select().from(studentGuardians).where(eq(studentGuardians.studentId, made.id));
    expect(link).toMatchObject({ guardianId: family.guardian.id, position: 1 });
    expect(made.referenceName).toBe(family.guardian.name);
  });
});
