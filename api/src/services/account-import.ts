/**
 * Importing teachers or students (with their guardian) from an xlsx file: a dry run that reports every
 * row, then a commit of the accepted rows in one transaction (README "Importing accounts").
 *
 * - The file: read as every import reads one (lib/upload: the archive's size checks before it is inflated);
 *   a formula cell refuses the file (a cached result is any value its author wrote); the header row names
 *   ACCOUNT_SHEET_COLUMNS (any order, letter case aside); blank rows are skipped; at most rowsMax rows.
 * - A row is checked with the account form's own write schemas (StaffCreateBody for a new account,
 *   UserUpdateBody and the update's phone rule for an existing one), so it is refused with the form's
 *   messages. Its birth date is a date cell, DD/MM/YYYY or YYYY-MM-DD text (sheetBirthDate); a phone may be
 *   written "0912 345 678", "091.234.5678", "+84 912 345 678", "84912345678" or as a number cell that lost
 *   its leading 0: it is kept as 0xxxxxxxxx.
 * - Its account: the live account of that e-mail (letter case aside) is updated when it is of the file's
 *   type and the actor may change it; an e-mail of another type's account, or of one out of reach, refuses
 *   the row. Without an e-mail match, the one account of the file's type in reach with that phone is
 *   updated (several: the row is refused, the e-mail must say which); otherwise a new account is made, in
 *   the actor's centre (a giáo vụ's own) or the centre the administrator chose.
 * - An update changes the fields the row fills and leaves a blank cell's field as it is.
 * - Duplicates within the file: a row with an earlier row's e-mail, or phone and name, or finding the same
 *   account, is reported as a duplicate of it and not imported; the first stays.
 * - A student's guardian (its representative: name, phone, e-mail): a new student is linked to the
 *   guardian of its centre with that phone or e-mail when there is one (siblings share it, as it is),
 *   to the guardian an earlier row of the file made for a sibling, or to a new one. An existing student's
 *   first guardian takes the row's values as the account form's would (representativeWritten).
 * - New accounts have no usable password: the holder sets one with "Quên mật khẩu" (the password-reset
 *   mail) or staff set one; no password is ever read from or written to a file.
 * - The dry run writes nothing. The commit checks the file again and writes only when the results are
 *   still the dry run's (`plan`); otherwise it answers the new results (409) and writes nothing. It is one
 *   transaction of a few statements whatever the row count (bench/account-import.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import {
  ACCOUNT_IMPORT_LIMITS as L,
  ACCOUNT_IMPORT_TEXT as T,
  ACCOUNT_SHEET_COLUMNS,
  ACCOUNT_SHEET_LAYOUT,
  type AccountImportReportBody,
  type AccountImportRowResult,
  type AccountImportType,
  type AccountSheetColumn,
} from '@trungtam/shared/schemas/accountImport';
import { STUDENT_SOURCES, type StudentSource } from '@trungtam/shared/contracts';
import { STUDENT_SOURCE_LABELS } from '@trungtam/shared/labels';
import { DEFAULT_ROLES } from '@trungtam/shared/defaultRoles';
import { StaffCreateBody, UserUpdateBody } from '@trungtam/shared/schemas/users';
import { BUILDER_TEXT } from '@trungtam/shared/schemas/builders';
import type { Queryable, Tx } from '../db/client';
import { guardians, roles, studentGuardians, users } from '../db/schema';
import { defaultCenterFor, policy, type Actor } from '../access/access';
import { centreReference } from '../access/references';
import { conflict, invalid } from '../lib/errors';
import { firstUploadedSheet } from '../lib/upload/workbook';
import { loadExcelJS, type ExcelJS } from '../lib/sheet/exceljs';
import { answeringViolations, writeAudits, type AuditContext, type AuditEntry } from '../factory';
import { auditableUser, type UserRow } from './accounts';
import { birthDateProblem, changedPhoneProblems } from './users';
import { sheetBirthDate, type Cell } from './examinee-import';
import { representativeWritten, syncRepresentatives } from './guardians';

/** A schema check with the API's validator: the failures by field, with the schemas' messages ({} when valid). */
export type SchemaCheck = (schema: TSchema, value: Record<string, unknown>) => Record<string, string>;

/**
 * The password hash of an imported account: not a hash any password verifies against (verifyPassword
 * reads only argon2id and scrypt hashes), so the account opens only once a password is set.
 */
export const NO_PASSWORD_HASH = '!imported';

/** A new account's row, as the account form's create takes it, without the password (never in a file). */
const { password: _password, ...createProps } = StaffCreateBody.properties;
const ImportCreateRow = Type.Object(createProps);

const REQUIRED_COLUMNS: AccountSheetColumn[] = ['name', 'email', 'phone'];
const COLUMNS = Object.keys(ACCOUNT_SHEET_COLUMNS) as AccountSheetColumn[];
const headerKey = (text: string) => text.trim().toLowerCase();
const textOf = (cell: Cell | undefined): string => (typeof cell === 'string' ? cell : '');
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A source by its label or its code, letter case aside. */
const SOURCES = new Map<string, StudentSource>(
  STUDENT_SOURCES.flatMap((source) => [
    [source, source],
    [STUDENT_SOURCE_LABELS[source].toLowerCase(), source],
  ]),
);

/**
 * A phone as the accounts keep it (0xxxxxxxxx) when it is a Vietnamese number in one of its usual
 * spellings; otherwise the text as written, for the schema to refuse with the form's message.
 */
export function sheetPhone(text: string): string {
  const compact = text.replace(/[\s.\-()]/g, '');
  if (/^\+84\d{9}$/.test(compact)) return `0${compact.slice(3)}`;
  if (/^84\d{9}$/.test(compact)) return `0${compact.slice(2)}`;
  if (/^[1-9]\d{8}$/.test(compact)) return `0${compact}`;
  if (/^0\d{9}$/.test(compact)) return compact;
  return text;
}

/** The national form of a stored phone, as SQL (for matching rows written in either form). */
const nationalPhone = (column: unknown) =>
  sql`(case when regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g') ~ '^84[0-9]{9}$' then '0' || substr(regexp_replace(${column}, '[^0-9]', '', 'g'), 3) else regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g') end)`;

interface SheetRow {
  /** 1-based, as the spreadsheet numbers it. */
  row: number;
  cells: Partial<Record<AccountSheetColumn, Cell>>;
}

function cellOf(cell: ExcelJS.Cell, types: typeof ExcelJS.ValueType): Cell {
  const { value } = cell;
  if (value instanceof Date) return value;
  if (value === null || value === undefined || cell.type === types.Error) return '';
  // a number cell as its digits (a phone typed as a number), not as its display format
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : cell.text.trim();
  return cell.text.trim();
}

/** The rows of the file's first sheet by column: 400 on `file` for a file that is not an import's. */
async function readSheet(file: Buffer): Promise<SheetRow[]> {
  const sheet = await firstUploadedSheet(file, { invalid: T.fileInvalid, unpackedTooLarge: T.fileUnpackedTooLarge, formula: T.fileFormula });
  if (!sheet.actualRowCount) throw invalid({ file: T.fileEmpty });
  const types = (await loadExcelJS()).ValueType;

  const byHeader = new Map(COLUMNS.map((column) => [headerKey(ACCOUNT_SHEET_COLUMNS[column]), column]));
  const positions = new Map<AccountSheetColumn, number>();
  sheet.getRow(1).eachCell((cell, position) => {
    const column = byHeader.get(headerKey(cell.text));
    if (column && !positions.has(column)) positions.set(column, position);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length) throw invalid({ file: missing.map((column) => T.columnMissing(ACCOUNT_SHEET_COLUMNS[column])).join('; ') });

  const rows: SheetRow[] = [];
  let tooMany = false;
  // only the rows holding a value: a sheet formatted far down costs nothing
  sheet.eachRow((line, n) => {
    if (tooMany || n === 1) return;
    const cells = Object.fromEntries([...positions].map(([column, position]) => [column, cellOf(line.getCell(position), types)])) as SheetRow['cells'];
    if (Object.values(cells).every((cell) => cell === '')) return;
    if (rows.length === L.rowsMax) tooMany = true;
    else rows.push({ row: n, cells });
  });
  if (tooMany) throw invalid({ file: T.fileTooMany });
  if (!rows.length) throw invalid({ file: T.fileEmpty });
  return rows;
}

/** What a row gives an account: the account form's fields it fills (a blank cell gives none). */
type RowBody = Record<string, unknown> & { email: string; name: string; phone_number: string };

function rowBody(type: AccountImportType, cells: SheetRow['cells']): { body: RowBody; errors: string[] } {
  const errors: string[] = [];
  const text = (column: AccountSheetColumn) => textOf(cells[column]);
  const layout = ACCOUNT_SHEET_LAYOUT[type];
  const body: RowBody = { email: text('email'), name: text('name'), phone_number: sheetPhone(text('phone')) };
  const optional = (column: AccountSheetColumn, field: string, value = text(column)) => {
    if (layout.includes(column) && value !== '') body[field] = value;
  };
  optional('address', 'address');
  optional('bankingName', 'banking_name');
  optional('bankingNumber', 'banking_number');
  optional('certificate', 'certificate');
  optional('about', 'about');
  optional('guardianName', 'reference_name');
  optional('guardianPhone', 'reference_phone', sheetPhone(text('guardianPhone')));
  optional('guardianEmail', 'reference_email');
  if (type === 'student' && text('source')) {
    const source = SOURCES.get(text('source').toLowerCase());
    if (source) body.source = source;
    else errors.push(T.sourceUnknown);
  }
  const birthCell = cells.birthDate ?? '';
  if (birthCell !== '') {
    const date = sheetBirthDate(birthCell);
    if (!date) errors.push(T.birthDate);
    else {
      body.birth_year = Number(date.slice(0, 4));
      body.birth_month = Number(date.slice(5, 7));
      body.birth_day = Number(date.slice(8, 10));
    }
  }
  if (Object.values(cells).some((cell) => typeof cell === 'string' && cell.includes('\u0000'))) errors.push(BUILDER_TEXT.nulCharacter);
  return { body, errors };
}

/** A row's result with what the commit writes. */
interface CheckedRow {
  result: AccountImportRowResult;
  body: RowBody;
  target?: UserRow;
}

export interface ImportScope {
  type: AccountImportType;
  /** The new accounts' centre (null: none). */
  centerId: number | null;
}

/** The role new accounts of `type` get: the default role of that type, else its first role. */
async function defaultRole(db: Queryable, type: AccountImportType): Promise<number> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.guardName, type))
    .orderBy(sql`case when ${roles.name} = ${DEFAULT_ROLES[type].name} then 0 else 1 end`, roles.id)
    .limit(1);
  if (!role) throw invalid({ type: T.roleMissing });
  return role.id;
}

/** Every row's result, checked against the database as it is now (reads only). */
async function checkRows(db: Queryable, actor: Actor, scope: ImportScope, rows: SheetRow[], check: SchemaCheck): Promise<CheckedRow[]> {
  const access = policy(actor);
  const roleId = await defaultRole(db, scope.type);
  const prepared = rows.map((row) => ({ row, ...rowBody(scope.type, row.cells) }));
  const emails = [...new Set(prepared.map((p) => p.body.email.trim().toLowerCase()).filter(Boolean))];
  const phones = [...new Set(prepared.map((p) => p.body.phone_number).filter((phone) => /^0\d{9}$/.test(phone)))];
  const [byEmailRows, byPhoneRows] = await Promise.all([
    emails.length ? db.select().from(users).where(and(isNull(users.deletedAt), inArray(sql`lower(${users.email})`, emails))) : [],
    phones.length
      ? db
          .select({ user: users, phone: sql<string>`${nationalPhone(users.phoneNumber)}` })
          .from(users)
          .where(and(isNull(users.deletedAt), eq(users.type, scope.type), access.where('User'), inArray(nationalPhone(users.phoneNumber), phones)))
      : [],
  ]);
  const byEmail = new Map(byEmailRows.map((user) => [user.email.toLowerCase(), user]));
  const byPhone = new Map<string, UserRow[]>();
  for (const { user, phone } of byPhoneRows) byPhone.set(phone, [...(byPhone.get(phone) ?? []), user]);

  const firstByEmail = new Map<string, number>();
  const firstByPhoneName = new Map<string, number>();
  const firstByAccount = new Map<number, number>();
  return prepared.map(({ row, body, errors }) => {
    const email = body.email.trim().toLowerCase();
    let target: UserRow | undefined;
    let matchedBy: 'email' | 'phone' | null = null;
    const emailOwner = email ? byEmail.get(email) : undefined;
    if (emailOwner) {
      if (emailOwner.type === scope.type && access.can('User', 'update', emailOwner)) [target, matchedBy] = [emailOwner, 'email'];
      else errors.push(T.emailOtherAccount);
    } else {
      const owners = byPhone.get(body.phone_number) ?? [];
      if (owners.length > 1) errors.push(T.phoneSeveralAccounts);
      else if (owners.length === 1) [target, matchedBy] = [owners[0], 'phone'];
    }

    const fields = target
      ? {
          ...check(UserUpdateBody, { ...body, id: target.id, status: target.status }),
          ...changedPhoneProblems(body as { phone_number: string; reference_phone?: string }, target),
        }
      : check(ImportCreateRow, { ...body, type: scope.type, roles: [{ id: roleId }], center_id: scope.centerId ?? 0 });
    const birth = birthDateProblem(body as { birth_year?: number; birth_month?: number; birth_day?: number });
    for (const message of [...Object.values(fields), ...(birth ? [birth] : [])]) if (!errors.includes(message)) errors.push(message);

    // an earlier row of the file with the same e-mail, the same phone and name, or the same account
    const phoneName = `${body.phone_number}|${nameKey(body.name)}`;
    const earlier = (email && firstByEmail.get(email)) || firstByPhoneName.get(phoneName) || (target && firstByAccount.get(target.id));
    const duplicateOf = earlier && earlier !== row.row ? earlier : undefined;
    if (duplicateOf) errors.unshift(firstByEmail.get(email) === duplicateOf ? T.emailTwiceInFile(duplicateOf) : T.phoneTwiceInFile(duplicateOf));
    else {
      if (email) firstByEmail.set(email, row.row);
      firstByPhoneName.set(phoneName, row.row);
      if (target) firstByAccount.set(target.id, row.row);
    }

    const outcome: AccountImportRowResult['outcome'] = duplicateOf ? 'duplicate' : errors.length ? 'refused' : target ? 'update' : 'create';
    const accepted = outcome === 'create' || outcome === 'update';
    return {
      result: {
        row: row.row,
        outcome,
        name: body.name,
        email: body.email,
        account_id: target && accepted ? target.id : null,
        matched_by: accepted ? matchedBy : null,
        errors,
      },
      body,
      target: accepted ? target : undefined,
    };
  });
}

/** The report of checked rows, with the fingerprint of what they are to do (`plan`). */
function reportOf(scope: ImportScope, checked: CheckedRow[]): AccountImportReportBody {
  const counts = { create: 0, update: 0, refused: 0, duplicate: 0 };
  for (const { result } of checked) counts[result.outcome] += 1;
  const fingerprint = JSON.stringify([scope, checked.map(({ result }) => [result.row, result.outcome, result.account_id, result.email, result.name])]);
  return { type: scope.type, rows: checked.map(({ result }) => result), counts, plan: createHash('sha256').update(fingerprint).digest('hex') };
}

/** The import's type and centre: the administrator's choice, a giáo vụ's own centre (400 on center_id out of reach). */
export async function importScope(db: Queryable, actor: Actor, type: AccountImportType, centerId: number | undefined): Promise<ImportScope> {
  const centre = centerId || defaultCenterFor(actor);
  if (centre) await centreReference(db, actor, 'center_id', centre);
  policy(actor).assert('User', 'create', { type, centerId: centre });
  return { type, centerId: centre };
}

/** The dry run: every row's result, nothing written. */
export async function checkAccountImport(db: Queryable, actor: Actor, scope: ImportScope, file: Buffer, check: SchemaCheck): Promise<AccountImportReportBody> {
  return reportOf(scope, await checkRows(db, actor, scope, await readSheet(file), check));
}

const orNull = (value: unknown) => (value === undefined ? null : value);

/** The columns an accepted row sets (a blank cell's field is left out: kept on update, empty on create). */
function columnsOf(body: RowBody) {
  const set: Partial<typeof users.$inferInsert> & { name: string; email: string; phoneNumber: string } = { name: body.name.trim(), email: body.email.trim(), phoneNumber: body.phone_number.trim() };
  const pick = <K extends keyof typeof users.$inferInsert>(key: K, field: string) => {
    if (body[field] !== undefined) set[key] = body[field] as never;
  };
  pick('address', 'address');
  pick('bankingName', 'banking_name');
  pick('bankingNumber', 'banking_number');
  pick('certificate', 'certificate');
  pick('about', 'about');
  pick('source', 'source');
  pick('birthYear', 'birth_year');
  pick('birthMonth', 'birth_month');
  pick('birthDay', 'birth_day');
  return set;
}

/** Updates every changed account in one statement, each row keeping what its blank cells leave out. */
async function updateAccounts(tx: Tx, updates: CheckedRow[]): Promise<UserRow[]> {
  if (!updates.length) return [];
  const values = updates.map(({ body, target }) => ({ id: target!.id, ...columnsOf(body) }));
  const keep = (column: string, type: string) => sql.raw(`coalesce(v.${column}::${type}, u.${column})`);
  const { rows } = await tx.execute<{ id: number }>(sql`
    update "user" u set
      name = v.name, email = v.email, phone_number = v.phone_number,
      address = ${keep('address', 'text')}, banking_name = ${keep('banking_name', 'varchar')}, banking_number = ${keep('banking_number', 'varchar')},
      certificate = ${keep('certificate', 'text')}, about = ${keep('about', 'text')}, source = ${keep('source', 'varchar')},
      birth_year = ${keep('birth_year', 'smallint')}, birth_month = ${keep('birth_month', 'smallint')}, birth_day = ${keep('birth_day', 'smallint')},
      updated_at = now()
    from json_to_recordset(${JSON.stringify(
      values.map((v) => ({
        id: v.id,
        name: v.name,
        email: v.email,
        phone_number: v.phoneNumber,
        address: orNull(v.address),
        banking_name: orNull(v.bankingName),
        banking_number: orNull(v.bankingNumber),
        certificate: orNull(v.certificate),
        about: orNull(v.about),
        source: orNull(v.source),
        birth_year: orNull(v.birthYear),
        birth_month: orNull(v.birthMonth),
        birth_day: orNull(v.birthDay),
      })),
    )}::json) as v(id int, name text, email text, phone_number text, address text, banking_name text, banking_number text, certificate text, about text, source text, birth_year int, birth_month int, birth_day int)
    where u.id = v.id
    returning u.id`);
  const ids = rows.map((row) => Number(row.id));
  return tx.select().from(users).where(inArray(users.id, ids));
}

/**
 * New students' first guardians: the centre's guardian with the row's phone or e-mail, one an earlier row
 * made, or a new one; a few statements for any number of students.
 */
async function linkNewStudentsGuardians(tx: Tx, centerId: number | null, students: Array<{ id: number; body: RowBody }>): Promise<void> {
  const wanted = students
    .map(({ id, body }) => ({
      id,
      name: String(body.reference_name ?? '').trim(),
      phone: body.reference_phone ? String(body.reference_phone).trim() : null,
      email: body.reference_email ? String(body.reference_email).trim() : null,
    }))
    .filter((s) => s.name || s.phone || s.email);
  if (!wanted.length) return;
  const phones = [...new Set(wanted.map((s) => s.phone).filter((p): p is string => !!p))];
  const emails = [...new Set(wanted.map((s) => s.email?.toLowerCase()).filter((e): e is string => !!e))];
  const known = phones.length || emails.length
    ? await tx
        .select({ id: guardians.id, phone: sql<string>`${nationalPhone(guardians.phone)}`, email: sql<string | null>`lower(${guardians.email})` })
        .from(guardians)
        .where(
          and(
            centerId === null ? isNull(guardians.centerId) : eq(guardians.centerId, centerId),
            or(phones.length ? inArray(nationalPhone(guardians.phone), phones) : undefined, emails.length ? inArray(sql`lower(${guardians.email})`, emails) : undefined),
          ),
        )
        .orderBy(guardians.id)
    : [];
  const byPhone = new Map<string, number>();
  const byEmail = new Map<string, number>();
  for (const g of known) {
    if (g.phone && !byPhone.has(g.phone)) byPhone.set(g.phone, g.id);
    if (g.email && !byEmail.has(g.email)) byEmail.set(g.email, g.id);
  }
  // the guardian of each student: known, or the new one of the first row naming that phone or e-mail
  const newGuardians: Array<{ key: number; name: string; phone: string | null; email: string | null }> = [];
  const newByPhone = new Map<string, number>();
  const newByEmail = new Map<string, number>();
  const links: Array<{ studentId: number; guardianId?: number; newKey?: number }> = [];
  for (const s of wanted) {
    const email = s.email?.toLowerCase();
    const existing = (s.phone && byPhone.get(s.phone)) || (email && byEmail.get(email));
    if (existing) {
      links.push({ studentId: s.id, guardianId: existing });
      continue;
    }
    let key = (s.phone && newByPhone.get(s.phone)) || (email && newByEmail.get(email)) || undefined;
    if (key === undefined) {
      key = newGuardians.length + 1;
      newGuardians.push({ key, name: s.name, phone: s.phone, email: s.email });
    }
    if (s.phone && !newByPhone.has(s.phone)) newByPhone.set(s.phone, key);
    if (email && !newByEmail.has(email)) newByEmail.set(email, key);
    links.push({ studentId: s.id, newKey: key });
  }
  const made = newGuardians.length
    ? await tx
        .insert(guardians)
        .values(newGuardians.map((g) => ({ name: g.name, phone: g.phone, email: g.email, preferredChannel: g.email || !g.phone ? 'email' : 'zalo', centerId })))
        .returning({ id: guardians.id })
    : [];
  await tx.insert(studentGuardians).values(links.map((link) => ({ studentId: link.studentId, guardianId: link.guardianId ?? made[link.newKey! - 1].id, position: 1 })));
  await syncRepresentatives(tx, wanted.map((s) => s.id));
}

export interface CommitOutcome {
  created: number;
  updated: number;
}

/**
 * The commit: the file checked again; when its results are still the dry run's `plan`, the accepted rows
 * written in one transaction with their audit entries. 409 IMPORT_CHANGED (with the new report) otherwise.
 */
export async function commitAccountImport(
  db: Queryable,
  actor: Actor,
  scope: ImportScope,
  file: Buffer,
  plan: string,
  check: SchemaCheck,
  audit: AuditContext,
): Promise<CommitOutcome | { changed: AccountImportReportBody }> {
  const rows = await readSheet(file);
  const roleId = await defaultRole(db, scope.type);
  const taken = () => conflict(T.changed);
  return answeringViolations({ duplicate: taken }, () =>
    db.transaction(async (tx) => {
      // checked in the transaction: what it reads is what it writes over
      const checked = await checkRows(tx, actor, scope, rows, check);
      const report = reportOf(scope, checked);
      if (report.plan !== plan) return { changed: report };
      const creates = checked.filter((c) => c.result.outcome === 'create');
      const updates = checked.filter((c) => c.result.outcome === 'update');
      if (!creates.length && !updates.length) throw invalid({ file: T.nothingToImport });

      const created = creates.length
        ? await tx
            .insert(users)
            .values(
              creates.map(({ body }) => ({
                ...columnsOf(body),
                passwordHash: NO_PASSWORD_HASH,
                type: scope.type,
                roleId,
                centerId: scope.centerId,
              })),
            )
            .returning()
        : [];
      const updated = await updateAccounts(tx, updates);
      if (scope.type === 'student') {
        await linkNewStudentsGuardians(tx, scope.centerId, created.map((row, n) => ({ id: row.id, body: creates[n].body })));
        for (const { body, target } of updates) {
          const fields = { referenceName: body.reference_name as string | undefined, referencePhone: body.reference_phone as string | undefined, referenceEmail: body.reference_email as string | undefined };
          const changes =
            (fields.referenceName !== undefined && fields.referenceName.trim() !== (target!.referenceName ?? '')) ||
            (fields.referencePhone !== undefined && fields.referencePhone !== (target!.referencePhone ?? '')) ||
            (fields.referenceEmail !== undefined && fields.referenceEmail.trim() !== (target!.referenceEmail ?? ''));
          if (changes) await representativeWritten(tx, target!, fields);
        }
      }
      const before = new Map(updates.map(({ target }) => [target!.id, target!]));
      const entries: AuditEntry[] = [
        { action: 'import', resource: 'User', resourceId: null, after: { type: scope.type, center_id: scope.centerId, created: created.length, updated: updated.length } },
        ...created.map((row): AuditEntry => ({ action: 'create', resource: 'User', resourceId: row.id, after: auditableUser(row) })),
        ...updated.map((row): AuditEntry => ({ action: 'update', resource: 'User', resourceId: row.id, before: auditableUser(before.get(row.id)), after: auditableUser(row) })),
      ];
      await writeAudits(tx, audit, entries);
      return { created: created.length, updated: updated.length };
    }),
  );
}
