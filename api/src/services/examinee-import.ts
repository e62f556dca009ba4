/**
 * Importing examinees from an xlsx file (its first sheet), all or nothing. The header row names the
 * columns of EXAMINEE_SHEET_COLUMNS (trimmed, letter case aside, in any order); blank rows are skipped.
 * Each row is an outside candidate (a full name) or a student (an email resolving to a live student the
 * actor may see: the name and birth date default to the account's), with a birth date (DD/MM/YYYY or
 * YYYY-MM-DD text, or a date cell: see sheetBirthDate), a subject and a group by name. When any row is
 * refused, the answer lists every refused row (its 1-based sheet row) with all its reasons and nothing is
 * written; otherwise every row is written in one transaction, numbered in sheet order, with one audit entry.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { COMPETITION_LIMITS as L, COMPETITION_TEXT as T, EXAMINEE_SHEET_COLUMNS, type ExamineeImportRefusalBody } from '@trungtam/shared/contracts/competition';
import { inOperatorZone, isIsoDate } from '@trungtam/shared/operatorDate';
import { BUILDER_TEXT } from '@trungtam/shared/schemas/builders';
import type { Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { examinees, examineeTypes, topics } from '../db/schema';
import { isUniqueViolation } from '../lib/db-errors';
import { conflict, invalid } from '../lib/errors';
import { firstUploadedSheet } from '../lib/upload/workbook';
import type { ExcelJS } from '../lib/sheet/exceljs';
import { writeAudit, type AuditContext } from '../factory/audit';
import { accountBirthDate, assertRegistrationOpen, eventToWrite, studentsByEmail, takeCandidateNumbers } from './competitions';

type Column = keyof typeof EXAMINEE_SHEET_COLUMNS;
/** A cell as the import reads it: its text (trimmed), or the date of a date cell. */
export type Cell = string | Date;
type RefusedRow = ExamineeImportRefusalBody['error']['rows'][number];
type NewExaminee = Omit<typeof examinees.$inferInsert, 'candidateNumber'>;

/** What an import answers: how many were imported, or the refused rows (nothing imported). */
export type ImportOutcome = { imported: number } | { refused: RefusedRow[] };

/** Without these columns no row could be read (a student's name may stay blank, not its column). */
const REQUIRED_COLUMNS: Column[] = ['fullName', 'topic', 'type'];
const COLUMNS = Object.keys(EXAMINEE_SHEET_COLUMNS) as Column[];
/** The date texts a birth date cell may hold: DD/MM/YYYY (the template's) and YYYY-MM-DD (ISO). */
const SHEET_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const textOf = (cell: Cell | undefined): string => (typeof cell === 'string' ? cell : '');
const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');
const headerKey = (text: string) => text.trim().toLowerCase();
/** A text's length in characters, as the columns count it (not UTF-16 units). */
const lengthOf = (text: string) => [...text].length;

function cellOf(cell: ExcelJS.Cell): Cell {
  return cell.value instanceof Date ? cell.value : cell.text.trim();
}

/**
 * A birth date cell as YYYY-MM-DD; null when it is none. Text: DD/MM/YYYY or YYYY-MM-DD. A date cell:
 * exceljs reads its serial as that wall time in UTC, whatever the machine's zone. A whole day (what
 * spreadsheet programs store) is that calendar day. A date with a time of day is an instant a program
 * wrote (a program in Vietnam writing midnight writes 17:00 UTC the day before): its date on the
 * operator's clock (Asia/Ho_Chi_Minh), never the machine's.
 */
export function sheetBirthDate(cell: Cell): string | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    if (cell.getTime() % DAY_MS !== 0) return inOperatorZone(cell)?.format('YYYY-MM-DD') ?? null;
    const date = `${pad(cell.getUTCFullYear(), 4)}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
    return isIsoDate(date) ? date : null;
  }
  const dayFirst = SHEET_DATE.exec(cell);
  const yearFirst = ISO_DATE.exec(cell);
  const date = dayFirst ? `${dayFirst[3]}-${pad(dayFirst[2])}-${pad(dayFirst[1])}` : yearFirst ? `${yearFirst[1]}-${pad(yearFirst[2])}-${pad(yearFirst[3])}` : null;
  return date !== null && isIsoDate(date) ? date : null;
}

interface SheetRow {
  /** 1-based, as the spreadsheet numbers it. */
  row: number;
  cells: Partial<Record<Column, Cell>>;
}

/** The rows of the file's first sheet by column; the header's refusal when it lacks a required column. 400 for a file that is not one. */
async function readSheet(file: Buffer): Promise<{ rows: SheetRow[] } | { refused: RefusedRow[] }> {
  const sheet = await firstUploadedSheet(file, { invalid: T.importFileInvalid, unpackedTooLarge: T.importUnpackedTooLarge, formula: T.importFormula });
  if (!sheet.actualRowCount) throw invalid({ file: T.importEmpty });

  const byHeader = new Map(COLUMNS.map((column) => [headerKey(EXAMINEE_SHEET_COLUMNS[column]), column]));
  const positions = new Map<Column, number>();
  sheet.getRow(1).eachCell((cell, position) => {
    const column = byHeader.get(headerKey(cell.text));
    if (column && !positions.has(column)) positions.set(column, position);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !positions.has(column));
  if (missing.length) return { refused: [{ row: 1, errors: missing.map((column) => T.importColumnMissing(EXAMINEE_SHEET_COLUMNS[column])) }] };

  // only the rows holding a value: a sheet formatted far down costs nothing
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow((line, n) => {
    if (n === 1 || tooMany) return;
    const cells = Object.fromEntries([...positions].map(([column, position]) => [column, cellOf(line.getCell(position))])) as SheetRow['cells'];
    if (Object.values(cells).every((cell) => cell === '')) return;
    if (rows.length === L.importRowsMax) tooMany = true;
    else rows.push({ row: n, cells });
  });
  if (tooMany) throw invalid({ file: T.importTooMany });
  if (!rows.length) throw invalid({ file: T.importEmpty });
  return { rows };
}

/** Ids by name, letter case aside (names are unique that way). */
const idsByName = (rows: Array<{ id: number; name: string }>) => new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));

/** Each row as an examinee of the event, or the row with every reason it is refused. */
async function checkRows(db: Queryable, actor: Actor, competitionId: number, rows: SheetRow[]): Promise<{ examinees: NewExaminee[]; refused: RefusedRow[] }> {
  const [subjectRows, groupRows, students] = await Promise.all([
    db.select({ id: topics.topicId, name: topics.name }).from(topics),
    db.select({ id: examineeTypes.typeId, name: examineeTypes.name }).from(examineeTypes),
    studentsByEmail(db, actor, rows.map((row) => textOf(row.cells.studentEmail)).filter(Boolean)),
  ]);
  const subjects = idsByName(subjectRows);
  const groups = idsByName(groupRows);
  const entered = await db
    .select({ userId: examinees.userId, topicId: examinees.topicId })
    .from(examinees)
    .where(and(eq(examinees.competitionId, competitionId), inArray(examinees.userId, [...students.values()].map((student) => student.id))));
  const inEvent = new Set(entered.map((e) => `${e.userId}:${e.topicId}`));
  /** The first row of each student and subject pair in the file. */
  const firstRow = new Map<string, number>();

  const accepted: NewExaminee[] = [];
  const refused: RefusedRow[] = [];
  for (const { row, cells } of rows) {
    const errors: string[] = [];
    const text = Object.fromEntries(COLUMNS.map((column) => [column, textOf(cells[column])])) as Record<Column, string>;
    if (Object.values(text).some((value) => value.includes('\u0000'))) errors.push(BUILDER_TEXT.nulCharacter);

    const student = text.studentEmail ? students.get(text.studentEmail.toLowerCase()) : undefined;
    if (text.studentEmail && !student) errors.push(T.studentNotFound);
    const fullName = text.fullName || student?.name || '';
    if (!fullName && !text.studentEmail) errors.push(T.examineeNameRequired);
    if (lengthOf(fullName) > L.nameMax) errors.push(T.examineeNameMax);

    const birthCell = cells.birthDate ?? '';
    const birthDate = birthCell === '' ? (student ? accountBirthDate(student) : null) : sheetBirthDate(birthCell);
    if (birthCell !== '' && !birthDate) errors.push(T.birthDate);
    if (lengthOf(text.school) > L.schoolMax) errors.push(T.schoolMax);
    if (lengthOf(text.contact) > L.contactMax) errors.push(T.contactMax);

    const topicId = subjects.get(text.topic.toLowerCase());
    if (!text.topic) errors.push(T.topicRequired);
    else if (!topicId) errors.push(T.topicNotFound);
    const typeId = groups.get(text.type.toLowerCase());
    if (!text.type) errors.push(T.typeRequired);
    else if (!typeId) errors.push(T.typeNotFound);

    if (student && topicId) {
      const pair = `${student.id}:${topicId}`;
      const earlier = firstRow.get(pair);
      if (inEvent.has(pair)) errors.push(T.studentTwice);
      else if (earlier) errors.push(T.importStudentTwiceInFile(earlier));
      else firstRow.set(pair, row);
    }

    if (errors.length) refused.push({ row, errors });
    else {
      accepted.push({
        competitionId,
        userId: student?.id ?? null,
        fullName,
        birthDate,
        topicId: topicId!,
        typeId: typeId!,
        school: text.school || null,
        contact: text.contact || null,
      });
    }
  }
  return { examinees: accepted, refused };
}

/**
 * Imports the examinees of `file` into the event `competitionId`: 400 on competition_id when there is no
 * such event or it is out of the actor's reach (the same answer), 403 when they only read it, 409 once a round of it is finalised, 400 on file for
 * a file that is not an xlsx sheet of 1 … 2000 rows.
 */
export async function importExaminees(db: Queryable, actor: Actor, competitionId: number, file: Buffer, audit: AuditContext): Promise<ImportOutcome> {
  await eventToWrite(db, actor, competitionId);
  await assertRegistrationOpen(db, competitionId);
  const sheet = await readSheet(file);
  if ('refused' in sheet) return sheet;
  const checked = await checkRows(db, actor, competitionId, sheet.rows);
  if (checked.refused.length) return { refused: checked.refused };

  try {
    await db.transaction(async (tx) => {
      const numbers = await takeCandidateNumbers(tx, competitionId, checked.examinees.length);
      await tx.insert(examinees).values(checked.examinees.map((examinee, index) => ({ ...examinee, candidateNumber: numbers[index] })));
      await writeAudit(tx, audit, {
        action: 'import',
        resource: 'Examinee',
        resourceId: competitionId,
        after: { competition_id: competitionId, imported: numbers.length, candidate_numbers: numbers },
      });
    });
  } catch (error) {
    // a student entered the subject meanwhile (the partial unique index)
    if (isUniqueViolation(error)) throw conflict(T.studentTwice);
    throw error;
  }
  return { imported: checked.examinees.length };
}
