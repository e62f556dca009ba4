/**
 * Bank statement reconciliation. Staff upload a statement as their bank exports it (xlsx, or csv in UTF-8
 * with commas or semicolons), choose its date, amount and description columns (remembered per bank), and
 * each credit line whose description holds an order's transfer reference (lib/payment-reference) is
 * recorded as a payment of that order, up to what it owes, linked to the line. The rest wait for staff,
 * who assign them to an order or ignore them.
 *
 * - The file: its size is the multipart limit's (the route); an xlsx archive passes `checkArchive` before it
 *   is inflated (decompression bombs), a formula cell refuses the file (a formula's cached result is any
 *   value its author wrote: a statement is values only). Blank rows are skipped; the header is the first
 *   of the first rows naming the usual columns; at most BANK_STATEMENT_LIMITS.linesMax lines.
 * - A line: its date (dd/mm/yyyy, yyyy-mm-dd, with or without a time, or a date cell), its amount in whole
 *   đồng ("1.500.000", "1,500,000", "1 500 000 VND", a number cell; zero, empty or negative: a debit, skipped
 *   and counted) and its description. A row whose date or amount cannot be read is skipped and counted
 *   with its row number.
 * - Its key: sha256 of the bank, date, amount, normalised description and how many times the same tuple
 *   came before it in the file. Keys are unique (ON CONFLICT DO NOTHING), so a statement uploaded twice,
 *   or two that overlap, record nothing twice, also when they are uploaded at once.
 * - A new line is matched when its description names exactly one known order in the actor's reach (and of
 *   the statement's centre when it has one) that is not cancelled, owes money, owes at least the amount,
 *   and was made on or before the line's date (which is not after today). Lines of one file are taken in
 *   order, each lowering what its order owes. Everything else is unmatched with its problem.
 * - One transaction per import, with the referenced orders' rows locked (FOR UPDATE): a failure leaves
 *   nothing half done, and a payment taken at the same time cannot make an order paid twice. The
 *   payments are written as insertPayment and recountOrders write one, in batches (recordMatches): a
 *   statement of 5,000 lines imports in about 3 s (bench/statement-reconcile.ts).
 *
 * Reach: an administrator every statement; a giáo vụ with a centre uploads for that centre only, and sees
 * the lines of their centre's statements and the lines linked to their centre's orders; anyone else (a
 * teacher, a student, whatever their role grants) none of the money. Every write is audited.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, exists, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Static } from 'typebox';
import { bankByBin } from '@trungtam/shared/contracts/banks';
import {
  BANK_STATEMENT_LIMITS as L,
  BANK_STATEMENT_TEXT as T,
  OTHER_BANK_KEY,
  type ColumnMapping,
  type StatementImportResult,
  type StatementLine,
  type StatementLineList,
  type StatementLineProblem,
  type StatementLineStatus,
  type StatementPreview,
} from '@trungtam/shared/contracts/bankStatements';
import { PAYMENT_LIMITS, PAYMENT_TEXT } from '@trungtam/shared/contracts/payments';
import { inOperatorZone, isIsoDate, operatorToday } from '@trungtam/shared/operatorDate';
import type { StatementImportFields, StatementLineAssignBody, StatementLineIgnoreBody, StatementLineQuery } from '@trungtam/shared/schemas/bankStatements';
import { isAdmin, NO_ROWS } from '../access/policy';
import { policy, type Actor } from '../access/access';
import { affairCenter } from '../access/policies/accounts';
import type { Queryable } from '../db/client';
import { insertPayment, receiptNumber, recountOrders } from '../db/payments';
import { auditLogs, bankColumnMappings, bankStatementLines, bankStatements, centers, classes, orders, payments, receiptCounters, users } from '../db/schema';
import { redactSecrets, writeAudit, type AuditContext } from '../factory/audit';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { listResult, paging } from '../lib/list';
import { findReferences, orderIdOfReference, paymentReference } from '../lib/payment-reference';
import { loadExcelJS, type ExcelJS } from '../lib/sheet/exceljs';
import { firstUploadedSheet } from '../lib/upload/workbook';
import type { AppContext } from '../types';
import { enqueueReceipt, enqueueReceipts, type ReceiptEvent } from './family-events';
import { sheetBirthDate } from './examinee-import';

// ---------------------------------------------------------------- reach

/** Only staff handle the money: an administrator, or a giáo vụ (within their centre when they have one). */
function assertStaff(actor: Actor): void {
  if (!isAdmin(actor) && actor.type !== 'academic_affair') throw forbidden();
}

/** The lines `actor` reaches: undefined for every line. */
function lineScope(actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (actor.type !== 'academic_affair') return NO_ROWS;
  const centre = affairCenter(actor);
  if (!centre) return undefined;
  const orderScope = policy(actor).where('Order');
  return or(
    eq(bankStatements.centerId, centre),
    and(isNotNull(bankStatementLines.orderId), exists(sql`(select 1 from ${orders} where ${orders.orderId} = ${bankStatementLines.orderId} and ${orderScope ?? sql`true`})`)),
  );
}

// ---------------------------------------------------------------- reading the file

/** A cell as read: its trimmed text, a number cell's number, or a date cell's date. */
type Cell = string | number | Date;
interface TableRow {
  /** 1-based, as the spreadsheet (or the csv's lines) number it. */
  row: number;
  cells: Cell[];
}

/** The first rows the header is looked for in. */
const HEADER_SCAN = 30;
/** Columns read of a row (a statement has a dozen at most). */
const COLUMNS_MAX = 100;
/** Rows read at most: the lines' limit, and the rows above the header. */
const ROWS_MAX = L.linesMax + HEADER_SCAN + 1;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An Excel 97–2003 (.xls) file: an OLE compound document. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const isBlank = (cell: Cell | undefined) => cell === undefined || cell === '';
const collapse = (text: string) => text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();

function xlsxCell(cell: ExcelJS.Cell, types: typeof ExcelJS.ValueType): Cell {
  const { value } = cell;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return value;
  if (value === null || value === undefined || cell.type === types.Error) return '';
  return collapse(cell.text ?? '');
}

async function readXlsx(file: Buffer): Promise<TableRow[]> {
  const sheet = await firstUploadedSheet(file, { invalid: T.fileInvalid, unpackedTooLarge: T.fileUnpackedTooLarge, formula: T.fileFormula });
  const { ValueType } = await loadExcelJS();
  const rows: TableRow[] = [];
  sheet.eachRow((line, n) => {
    if (rows.length >= ROWS_MAX) return;
    const cells: Cell[] = [];
    line.eachCell((cell, column) => {
      if (column <= COLUMNS_MAX) cells[column - 1] = xlsxCell(cell, ValueType);
    });
    const filled = Array.from(cells, (cell) => cell ?? '');
    if (filled.some((cell) => !isBlank(cell))) rows.push({ row: n, cells: filled });
  });
  return rows;
}

/**
 * The csv's separator: of comma, semicolon and tab, the one its first lines hold (outside quotes) the same
 * number of times in most lines, a table's shape; amounts such as 1,500,000 in a semicolon file vary from
 * line to line and lose to the separator.
 */
function csvDelimiter(text: string): string {
  const lines = text.slice(0, 32 * 1024).split(/\r?\n/).filter((line) => line.trim()).slice(0, 50);
  let best = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of [',', ';', '\t']) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      let quoted = false;
      let count = 0;
      for (const character of line) {
        if (character === '"') quoted = !quoted;
        else if (!quoted && character === delimiter) count += 1;
      }
      if (count) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    for (const [count, seen] of counts) {
      if (seen > best.lines || (seen === best.lines && count > best.count)) best = { delimiter, lines: seen, count };
    }
  }
  return best.delimiter;
}

function readCsv(file: Buffer): TableRow[] {
  if (file.includes(0)) throw invalid({ file: T.fileInvalid });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw invalid({ file: T.fileEncoding });
  }
  const rows: TableRow[] = [];
  try {
    parseCsv(text, {
      delimiter: csvDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      // only the rows holding a value are kept, and no more of them than a statement may have (the rest
      // are counted past: the file is within its size limit)
      on_record: (record: string[], context) => {
        if (rows.length > ROWS_MAX) return null;
        const cells = record.slice(0, COLUMNS_MAX).map((cell) => collapse(cell));
        if (cells.some((cell) => cell !== '')) rows.push({ row: context.lines, cells });
        return null;
      },
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw invalid({ file: T.fileCsvBroken(typeof line === 'number' ? line : 1) });
  }
  return rows;
}

/** The file's rows holding a value: an xlsx workbook's first sheet, else a csv text. 400 for anything else. */
async function readTable(file: Buffer): Promise<TableRow[]> {
  if (file.subarray(0, 4).equals(OLE_SIGNATURE)) throw invalid({ file: T.fileOldExcel });
  const rows = file.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(file) : readCsv(file);
  if (!rows.length) throw invalid({ file: T.fileEmpty });
  return rows;
}

// ---------------------------------------------------------------- the header and its columns

/** A header's text as compared: without diacritics, lower case, words of letters and digits. */
const headerKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The usual names of each column in Vietnamese banks' exports (as compared), the likeliest first. */
const HEADER_NAMES: Record<keyof ColumnMapping, string[]> = {
  date_column: ['ngay giao dich', 'ngay gd', 'ngay hach toan', 'ngay hieu luc', 'thoi gian giao dich', 'ngay ghi so', 'ngay', 'thoi gian', 'transaction date', 'posting date', 'date'],
  amount_column: ['so tien ghi co', 'ghi co', 'so tien co', 'phat sinh co', 'so tien vao', 'tien vao', 'credit amount', 'credit', 'co', 'so tien', 'amount'],
  description_column: ['noi dung giao dich', 'noi dung chuyen khoan', 'noi dung', 'dien giai', 'mo ta', 'chi tiet giao dich', 'chi tiet', 'description', 'transaction details', 'details', 'remark'],
};
const MAPPING_FIELDS = Object.keys(HEADER_NAMES) as Array<keyof ColumnMapping>;

/** Whether a header's key names a column by `name`: the same words, or (for a name of more than one short word) containing them. */
const names = (key: string, name: string) => key === name || (name.length > 3 && ` ${key} `.includes(` ${name} `));

const textOf = (cell: Cell): string => (cell instanceof Date ? formatDay(dateOf(cell) ?? '') : String(cell));
const formatDay = (iso: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** The header's column names: an empty one named by its position, a repeated one numbered. */
function columnNames(header: Cell[]): string[] {
  const seen = new Map<string, number>();
  return header.map((cell, i) => {
    const text = [...textOf(cell)].slice(0, L.columnMax - 8).join('') || `Cột ${i + 1}`;
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    return count === 1 ? text : `${text} (${count})`;
  });
}

/** The header row's index: the first holding the columns asked for, else the one naming most of the usual columns, else the first of several values. */
function headerIndex(rows: TableRow[], wanted?: ColumnMapping): number {
  const scan = rows.slice(0, HEADER_SCAN);
  if (wanted) {
    const found = scan.findIndex((row) => {
      const columns = columnNames(row.cells);
      return MAPPING_FIELDS.every((field) => columns.includes(wanted[field]));
    });
    if (found >= 0) return found;
  }
  let best = -1;
  let bestScore = 1;
  scan.forEach((row, i) => {
    const keys = row.cells.map((cell) => (typeof cell === 'string' ? headerKey(cell) : ''));
    const score = MAPPING_FIELDS.filter((field) => keys.some((key) => key && HEADER_NAMES[field].some((name) => names(key, name)))).length;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best >= 0) return best;
  const several = scan.findIndex((row) => row.cells.filter((cell) => !isBlank(cell)).length >= 2);
  return Math.max(several, 0);
}

/** The likeliest column of each field among `columns` ('' where none is), each column used once. */
function guessMapping(columns: string[]): ColumnMapping {
  const keys = columns.map(headerKey);
  const used = new Set<number>();
  const mapping = { date_column: '', amount_column: '', description_column: '' };
  for (const field of MAPPING_FIELDS) {
    for (const exact of [true, false]) {
      if (mapping[field]) break;
      for (const name of HEADER_NAMES[field]) {
        const i = keys.findIndex((key, at) => !used.has(at) && (exact ? key === name : names(key, name)));
        if (i >= 0) {
          used.add(i);
          mapping[field] = columns[i];
          break;
        }
      }
    }
  }
  return mapping;
}

// ---------------------------------------------------------------- a line's date, amount and description

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;
/** Excel's day 0 of its 1900 date system (its serials count from 1899-12-30). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A cell's date as YYYY-MM-DD; null when it holds none. */
function dateOf(cell: Cell): string | null {
  if (cell instanceof Date) return sheetBirthDate(cell);
  if (typeof cell === 'number') {
    // a date cell written without its date format: its serial
    if (!Number.isFinite(cell) || cell < 20_000 || cell > 80_000) return null;
    return new Date(EXCEL_EPOCH + Math.floor(cell) * DAY_MS).toISOString().slice(0, 10);
  }
  // the date part of "28/11/2026 09:15:02", "2026-11-28T09:15:02"
  const day = cell.split(/[\sT]/)[0];
  const dayFirst = DAY_FIRST.exec(day);
  const yearFirst = YEAR_FIRST.exec(day);
  const date = dayFirst ? `${dayFirst[3]}-${pad(dayFirst[2])}-${pad(dayFirst[1])}` : yearFirst ? `${yearFirst[1]}-${pad(yearFirst[2])}-${pad(yearFirst[3])}` : null;
  return date !== null && isIsoDate(date) ? date : null;
}

/** Digits grouped by threes with `separator` ("1.500.000"). */
const grouped = (text: string, separator: string) => new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(text);

/**
 * A cell's amount in whole đồng: a number; 0 for no credit (empty, zero or negative: a debit); null when
 * it is not an amount (letters, a fraction of a đồng, beyond the largest payment).
 */
export function amountOf(cell: Cell): number | null {
  let value: number;
  if (cell instanceof Date) return null;
  if (typeof cell === 'number') {
    value = cell;
  } else {
    let text = cell.replace(/\s+/g, '').replace(/(vnd|vnđ|đồng|đ|₫)$/i, '');
    if (text === '' || text === '-') return 0;
    let negative = false;
    if (/^\(.*\)$/.test(text)) [negative, text] = [true, text.slice(1, -1)];
    if (/^[+-]/.test(text)) [negative, text] = [negative || text[0] === '-', text.slice(1)];
    if (!/^\d[\d.,]*$/.test(text)) return null;
    const lastDot = text.lastIndexOf('.');
    const lastComma = text.lastIndexOf(',');
    let whole = text;
    let fraction = '';
    if (lastDot >= 0 && lastComma >= 0) {
      // "1.500.000,00" or "1,500,000.00": the later one separates the fraction
      const [decimal, thousands] = lastDot > lastComma ? ['.', ','] : [',', '.'];
      whole = text.slice(0, text.lastIndexOf(decimal));
      fraction = text.slice(text.lastIndexOf(decimal) + 1);
      if (!grouped(whole, thousands) && !/^\d+$/.test(whole)) return null;
      whole = whole.split(thousands).join('');
    } else if (lastDot >= 0 || lastComma >= 0) {
      const separator = lastDot >= 0 ? '.' : ',';
      if (grouped(text, separator)) {
        // "1.500.000", "1,500", "150.000": đồng are whole, so three digits after a separator group them
        whole = text.split(separator).join('');
      } else {
        const parts = text.split(separator);
        if (parts.length !== 2) return null;
        [whole, fraction] = parts;
      }
    }
    if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
    if (/[1-9]/.test(fraction)) return null;
    value = Number(whole) * (negative ? -1 : 1);
  }
  if (!Number.isFinite(value)) return null;
  if (value <= 0) return 0;
  if (!Number.isInteger(value)) {
    // a number cell of 1500000.0000001 (a float's rounding) is whole; 1500000.5 is not
    if (Math.abs(value - Math.round(value)) > 1e-6) return null;
    value = Math.round(value);
  }
  return value > PAYMENT_LIMITS.amountMax ? null : value;
}

/** A description as kept: its characters composed, spaces collapsed, at most the column's length. */
const descriptionOf = (cell: Cell) => [...collapse(textOf(cell).normalize('NFC'))].slice(0, L.descriptionMax).join('');

interface StatementRow {
  row: number;
  postedOn: string;
  amount: number;
  description: string;
  key: string;
}

interface ReadLines {
  lines: StatementRow[];
  skippedDebits: number;
  invalidRows: number[];
}

/** The file's lines read with the chosen columns (a 400 naming the column the header lacks). */
function readLines(bankKey: string, rows: TableRow[], mapping: ColumnMapping): ReadLines {
  const header = headerIndex(rows, mapping);
  const columns = columnNames(rows[header].cells);
  const at = {} as Record<keyof ColumnMapping, number>;
  for (const field of MAPPING_FIELDS) {
    at[field] = columns.indexOf(mapping[field]);
    if (at[field] < 0) throw invalid({ [field]: T.columnNotFound(mapping[field]) });
  }
  const data = rows.slice(header + 1);
  if (data.length > L.linesMax) throw invalid({ file: T.fileTooMany });
  const lines: StatementRow[] = [];
  const invalidRows: number[] = [];
  let skippedDebits = 0;
  const occurrences = new Map<string, number>();
  for (const { row, cells } of data) {
    const [dateCell, amountCell, descriptionCell] = [cells[at.date_column] ?? '', cells[at.amount_column] ?? '', cells[at.description_column] ?? ''];
    if (isBlank(dateCell) && isBlank(amountCell) && isBlank(descriptionCell)) continue;
    const amount = amountOf(amountCell);
    if (amount === 0) {
      skippedDebits += 1;
      continue;
    }
    const postedOn = dateOf(dateCell);
    if (amount === null || postedOn === null) {
      invalidRows.push(row);
      continue;
    }
    const description = descriptionOf(descriptionCell);
    const tuple = [bankKey, postedOn, amount, description.toLowerCase()].join('|');
    const nth = (occurrences.get(tuple) ?? 0) + 1;
    occurrences.set(tuple, nth);
    lines.push({ row, postedOn, amount, description, key: createHash('sha256').update(`${tuple}|${nth}`).digest('hex') });
  }
  if (!lines.length && !skippedDebits) throw invalid({ file: T.fileNoLines });
  return { lines, skippedDebits, invalidRows };
}

function checkBank(bankKey: string): string {
  if (bankKey === OTHER_BANK_KEY) return 'khác';
  const bank = bankByBin(bankKey);
  if (!bank) throw invalid({ bank_key: T.bankKey });
  return bank.shortName;
}

async function savedMapping(db: Queryable, bankKey: string): Promise<ColumnMapping | null> {
  const [row] = await db.select().from(bankColumnMappings).where(eq(bankColumnMappings.bankKey, bankKey));
  return row ? { date_column: row.dateColumn, amount_column: row.amountColumn, description_column: row.descriptionColumn } : null;
}

// ---------------------------------------------------------------- preview

/** POST /learning/bank-statement/preview: the header's columns, the first rows, and the bank's mapping (saved, or guessed). Writes nothing. */
export async function previewStatement(ctx: AppContext, actor: Actor, bankKey: string, file: Buffer): Promise<StatementPreview> {
  assertStaff(actor);
  checkBank(bankKey);
  const rows = await readTable(file);
  const saved = await savedMapping(ctx.database.db, bankKey);
  const header = headerIndex(rows, saved ?? undefined);
  const columns = columnNames(rows[header].cells);
  const savedFits = !!saved && MAPPING_FIELDS.every((field) => columns.includes(saved[field]));
  const width = columns.length;
  return {
    columns,
    header_row: rows[header].row,
    rows: rows.slice(header + 1, header + 1 + L.previewRows).map(({ cells }) => Array.from({ length: width }, (_, i) => (cells[i] === undefined ? '' : textOf(cells[i])))),
    mapping: savedFits ? saved : guessMapping(columns),
    mapping_saved: savedFits,
  };
}

// ---------------------------------------------------------------- import

/** What is still owed on an order (nothing on a cancelled one). */
const owedOn = (order: typeof orders.$inferSelect) => (order.status === 'cancelled' ? 0 : Math.max(0, order.amount - order.paidAmount));
/** The operator's day an order was made. */
const madeOn = (order: typeof orders.$inferSelect) => inOperatorZone(order.createdAt)?.format('YYYY-MM-DD') ?? '';

const LINE_BATCH = 1000;

interface Decision {
  lineId: number;
  status: StatementLineStatus;
  problem: StatementLineProblem | null;
  orderId: number | null;
  paymentId: number | null;
}

/** Each line's status, problem, order and payment, in batches. */
async function writeDecisions(tx: Queryable, decisions: Decision[]) {
  for (let i = 0; i < decisions.length; i += LINE_BATCH) {
    const values = sql.join(
      decisions.slice(i, i + LINE_BATCH).map((d) => sql`(${d.lineId}::integer, ${d.status}::varchar, ${d.problem}::varchar, ${d.orderId}::integer, ${d.paymentId}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${bankStatementLines} set status = v.status, problem = v.problem, order_id = v.order_id, payment_id = v.payment_id
      from (values ${values}) as v(line_id, status, problem, order_id, payment_id)
      where ${bankStatementLines.lineId} = v.line_id`);
  }
}

interface Match {
  decision: Decision;
  /** The order's centre (0 for a class without one): its receipt series. */
  centerId: number;
  /** The order's student (their family gets the receipt). */
  studentId: number;
  payment: { orderId: number; amount: number; paidOn: string; note: string };
}

/**
 * The matched lines' payments, written as insertPayment and recountOrders write one (db/payments), in a
 * few statements for thousands of lines: each receipt series' counter raised once for all of its
 * payments (locked in the transaction, so the numbers follow on without a gap), the payments and their
 * audit entries inserted in batches, and the orders recounted (recountOrders, a statement per thousand
 * orders; a renewal paid this way has its lessons added as any other).
 */
async function recordMatches(tx: Queryable, actor: Actor, matches: Match[], audit: AuditContext): Promise<ReceiptEvent[]> {
  if (!matches.length) return [];
  const series = new Map<string, Match[]>();
  for (const match of matches) {
    const key = `${match.centerId}:${match.payment.paidOn.slice(0, 4)}`;
    series.set(key, [...(series.get(key) ?? []), match]);
  }
  const rows: Array<typeof payments.$inferInsert> = [];
  for (const group of series.values()) {
    const centerId = group[0].centerId;
    const year = Number(group[0].payment.paidOn.slice(0, 4));
    const [counter] = await tx
      .insert(receiptCounters)
      .values({ centerId, year, lastSeq: group.length })
      .onConflictDoUpdate({ target: [receiptCounters.centerId, receiptCounters.year], set: { lastSeq: sql`${receiptCounters.lastSeq} + ${group.length}` } })
      .returning({ last: receiptCounters.lastSeq });
    group.forEach((match, i) => {
      const seq = counter.last - group.length + 1 + i;
      rows.push({
        ...match.payment,
        method: 'transfer',
        receiptCenterId: centerId,
        receiptYear: year,
        receiptSeq: seq,
        receiptNo: receiptNumber(centerId, year, seq),
        receivedBy: actor.id,
        statementLineId: match.decision.lineId,
      });
    });
  }
  const byLine = new Map(matches.map((match) => [match.decision.lineId, match]));
  const receipts: ReceiptEvent[] = [];
  for (let i = 0; i < rows.length; i += LINE_BATCH) {
    const written = await tx.insert(payments).values(rows.slice(i, i + LINE_BATCH)).returning();
    for (const payment of written) {
      const match = byLine.get(payment.statementLineId!)!;
      match.decision.paymentId = payment.paymentId;
      receipts.push({ paymentId: payment.paymentId, studentId: match.studentId, amount: payment.amount, receiptNo: payment.receiptNo, paidOn: payment.paidOn });
    }
    await tx.insert(auditLogs).values(
      written.map((payment) => ({ actorId: audit.actorId, action: 'create', resource: 'Payment', resourceId: String(payment.paymentId), before: null, after: redactSecrets(payment), ip: audit.ip })),
    );
  }
  await recountOrders(tx, matches.map((match) => match.payment.orderId));
  return receipts;
}

/** POST /learning/bank-statement/import: reads the statement, records what it can, lists the rest. */
export async function importStatement(
  ctx: AppContext,
  actor: Actor,
  fields: Static<typeof StatementImportFields>,
  upload: { file: Buffer; filename: string },
  audit: AuditContext,
): Promise<StatementImportResult> {
  assertStaff(actor);
  const { db } = ctx.database;
  const bankName = checkBank(fields.bank_key);
  const mapping: ColumnMapping = { date_column: fields.date_column.trim(), amount_column: fields.amount_column.trim(), description_column: fields.description_column.trim() };
  if (new Set(Object.values(mapping)).size < 3) throw invalid({ description_column: T.columnsDistinct });
  const centerId = affairCenter(actor) ?? (fields.center_id || null);
  if (centerId && !affairCenter(actor)) {
    const [centre] = await db.select({ id: centers.centerId }).from(centers).where(eq(centers.centerId, centerId));
    if (!centre) throw invalid({ center_id: T.centre });
  }
  const { lines, skippedDebits, invalidRows } = readLines(fields.bank_key, await readTable(upload.file), mapping);
  const referenced = lines.map((line) => {
    const references = findReferences(line.description);
    return { references, orderIds: [...new Set(references.map((reference) => orderIdOfReference(reference)!))] };
  });
  const today = operatorToday();
  const orderScope = policy(actor).where('Order');

  let receiptsQueued = 0;
  const outcome = await db.transaction(async (tx) => {
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        centerId,
        bankKey: fields.bank_key,
        filename: [...(collapse(upload.filename) || 'sao-ke')].slice(0, 255).join(''),
        fileSha256: createHash('sha256').update(upload.file).digest('hex'),
        lineCount: lines.length,
        uploadedBy: actor.id,
      })
      .returning();
    await tx
      .insert(bankColumnMappings)
      .values({ bankKey: fields.bank_key, dateColumn: mapping.date_column, amountColumn: mapping.amount_column, descriptionColumn: mapping.description_column, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: bankColumnMappings.bankKey,
        set: { dateColumn: mapping.date_column, amountColumn: mapping.amount_column, descriptionColumn: mapping.description_column, updatedBy: actor.id, updatedAt: new Date() },
      });

    // the lines not seen before: a key already there (this file again, an overlapping one) inserts nothing
    const newIds = new Map<string, number>();
    for (let i = 0; i < lines.length; i += LINE_BATCH) {
      const inserted = await tx
        .insert(bankStatementLines)
        .values(
          lines.slice(i, i + LINE_BATCH).map((line) => ({
            statementId: statement.statementId,
            lineKey: line.key,
            rowNo: line.row,
            postedOn: line.postedOn,
            amount: line.amount,
            description: line.description,
            status: 'unmatched',
          })),
        )
        .onConflictDoNothing({ target: bankStatementLines.lineKey })
        .returning({ lineId: bankStatementLines.lineId, lineKey: bankStatementLines.lineKey });
      for (const row of inserted) newIds.set(row.lineKey, row.lineId);
    }

    // the orders the new lines name, in reach (and of the statement's centre), locked until the end
    const fresh = lines.map((line, i) => ({ line, ...referenced[i], lineId: newIds.get(line.key) })).filter((entry) => entry.lineId !== undefined);
    // (in ascending order across the batches: two imports at once lock their orders in the same order)
    const named = [...new Set(fresh.flatMap((entry) => entry.orderIds))].sort((a, b) => a - b);
    const known = new Map<number, { order: typeof orders.$inferSelect; centerId: number; owed: number; made: string }>();
    for (let i = 0; i < named.length; i += LINE_BATCH) {
      const rows = await tx
        .select({ order: orders, centerId: classes.centerId })
        .from(orders)
        .innerJoin(classes, eq(classes.classId, orders.classId))
        .where(and(inArray(orders.orderId, named.slice(i, i + LINE_BATCH)), orderScope, centerId ? eq(classes.centerId, centerId) : undefined))
        .orderBy(asc(orders.orderId))
        .for('update', { of: orders });
      for (const row of rows) known.set(row.order.orderId, { order: row.order, centerId: row.centerId ?? 0, owed: owedOn(row.order), made: madeOn(row.order) });
    }

    // each new line in the file's order, each match lowering what its order still owes
    const decisions: Decision[] = [];
    const matches: Match[] = [];
    for (const { line, references, orderIds, lineId } of fresh) {
      const inReach = orderIds.filter((id) => known.has(id));
      let problem: StatementLineProblem | null = null;
      const orderId = inReach.length === 1 ? inReach[0] : null;
      const target = orderId !== null ? known.get(orderId)! : undefined;
      if (!references.length) problem = 'no_reference';
      else if (!inReach.length) problem = 'unknown_reference';
      else if (inReach.length > 1) problem = 'several_references';
      else if (target!.order.status === 'cancelled') problem = 'order_cancelled';
      else if (target!.owed <= 0) problem = 'order_paid';
      else if (line.postedOn > today || line.postedOn < target!.made) problem = 'date';
      else if (line.amount > target!.owed) problem = 'over_owed';
      const decision: Decision = { lineId: lineId!, status: problem || !target ? 'unmatched' : 'matched', problem, orderId, paymentId: null };
      decisions.push(decision);
      if (decision.status === 'matched') {
        target!.owed -= line.amount;
        matches.push({ decision, centerId: target!.centerId, studentId: target!.order.userId, payment: { orderId: orderId!, amount: line.amount, paidOn: line.postedOn, note: T.lineFrom(bankName, line.row) } });
      }
    }
    const receipts = await recordMatches(tx, actor, matches, audit);
    await writeDecisions(tx, decisions);
    // each family gets its receipt, as for a payment taken at the desk
    receiptsQueued = await enqueueReceipts(tx, ctx.outbox.channelNames, receipts);

    const matched = matches.length;
    const result: StatementImportResult = {
      statement_id: statement.statementId,
      lines_read: lines.length + skippedDebits,
      new_lines: fresh.length,
      already_imported: lines.length - fresh.length,
      matched,
      unmatched: fresh.length - matched,
      skipped_debits: skippedDebits,
      skipped_invalid: invalidRows.length,
      invalid_rows: invalidRows.slice(0, 20),
      message: T.imported(matched, fresh.length - matched),
    };
    await writeAudit(tx, audit, {
      action: 'import',
      resource: 'BankStatement',
      resourceId: statement.statementId,
      after: { ...statement, mapping, ...result },
    });
    return result;
  });
  if (receiptsQueued) ctx.outbox.nudge();
  return outcome;
}

// ---------------------------------------------------------------- the lines

const deciders = alias(users, 'decider');
const students = alias(users, 'student');

async function lineRows(db: Queryable, where: SQL | undefined, limit: number, offset: number): Promise<StatementLine[]> {
  const rows = await db
    .select({
      line: bankStatementLines,
      bankKey: bankStatements.bankKey,
      centerId: bankStatements.centerId,
      order: orders,
      studentName: students.name,
      className: classes.className,
      receiptNo: payments.receiptNo,
      voidedAt: payments.voidedAt,
      deciderName: deciders.name,
    })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.statementId, bankStatementLines.statementId))
    .leftJoin(orders, eq(orders.orderId, bankStatementLines.orderId))
    .leftJoin(students, eq(students.id, orders.userId))
    .leftJoin(classes, eq(classes.classId, orders.classId))
    .leftJoin(payments, eq(payments.paymentId, bankStatementLines.paymentId))
    .leftJoin(deciders, eq(deciders.id, bankStatementLines.decidedBy))
    .where(where)
    .orderBy(desc(bankStatementLines.statementId), asc(bankStatementLines.rowNo), asc(bankStatementLines.lineId))
    .limit(limit)
    .offset(offset);
  return rows.map(({ line, bankKey, centerId, order, studentName, className, receiptNo, voidedAt, deciderName }) => ({
    line_id: line.lineId,
    statement_id: line.statementId,
    bank_key: bankKey,
    center_id: centerId,
    row_no: line.rowNo,
    posted_on: line.postedOn,
    amount: line.amount,
    description: line.description,
    status: line.status as StatementLineStatus,
    problem: line.problem as StatementLineProblem | null,
    references: findReferences(line.description),
    order: order
      ? { order_id: order.orderId, reference: paymentReference(order.orderId), student_name: studentName ?? '', class_name: className ?? '', owed: owedOn(order) }
      : null,
    payment: line.paymentId !== null && receiptNo !== null ? { payment_id: line.paymentId, receipt_no: receiptNo, voided: voidedAt !== null } : null,
    decided_by: line.decidedBy !== null ? { id: line.decidedBy, name: deciderName ?? '' } : null,
    ignore_reason: line.ignoreReason,
    created_at: line.createdAt.toISOString(),
  }));
}

async function lineCount(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.statementId, bankStatementLines.statementId))
    .where(where);
  return Number(row.count);
}

/** GET /learning/bank-statement/lines: the lines in reach, by status and statement, the newest statement first. */
export async function listStatementLines(ctx: AppContext, actor: Actor, query: Static<typeof StatementLineQuery>): Promise<StatementLineList> {
  assertStaff(actor);
  const { db } = ctx.database;
  const where = and(
    lineScope(actor),
    query.status ? eq(bankStatementLines.status, query.status) : undefined,
    query.statement_id ? eq(bankStatementLines.statementId, query.statement_id) : undefined,
  );
  const p = paging(query);
  const [rows, total] = await Promise.all([lineRows(db, where, p.limit, p.offset), lineCount(db, where)]);
  return listResult(rows, total, p);
}

/** A line and its statement: 404 when there is none, 403 when it is out of the actor's reach. */
async function lineInReach(db: Queryable, actor: Actor, lineId: number) {
  const [row] = await db
    .select({ line: bankStatementLines, bankKey: bankStatements.bankKey })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.statementId, bankStatementLines.statementId))
    .where(eq(bankStatementLines.lineId, lineId));
  if (!row) throw notFound();
  const scope = lineScope(actor);
  if (scope) {
    const [inReach] = await db
      .select({ id: bankStatementLines.lineId })
      .from(bankStatementLines)
      .innerJoin(bankStatements, eq(bankStatements.statementId, bankStatementLines.statementId))
      .where(and(eq(bankStatementLines.lineId, lineId), scope));
    if (!inReach) throw forbidden();
  }
  return row;
}

async function lineById(db: Queryable, lineId: number): Promise<StatementLine> {
  const [line] = await lineRows(db, eq(bankStatementLines.lineId, lineId), 1, 0);
  return line;
}

const DECIDED: readonly string[] = ['matched', 'assigned'];

/** The order an assignment names, by its id or its transfer reference (exactly one of them). */
function assignedOrderId(body: Static<typeof StatementLineAssignBody>): number {
  if (body.order_id !== undefined && body.reference !== undefined) throw invalid({ order_id: T.lineOrder });
  if (body.order_id !== undefined) return body.order_id;
  if (body.reference === undefined) throw invalid({ order_id: T.lineOrder });
  const orderId = orderIdOfReference(body.reference);
  if (orderId === null) throw invalid({ reference: T.lineReference });
  return orderId;
}

/**
 * POST /learning/bank-statement/line/assign: the line's amount recorded as a payment of the order staff
 * chose, with a payment's checks (in reach, not cancelled, owing at least the amount, made by the line's
 * date), the line and the order locked.
 */
export async function assignStatementLine(ctx: AppContext, actor: Actor, body: Static<typeof StatementLineAssignBody>, audit: AuditContext): Promise<StatementLine> {
  assertStaff(actor);
  const { db } = ctx.database;
  const orderId = assignedOrderId(body);
  const { line, bankKey } = await lineInReach(db, actor, body.line_id);
  if (DECIDED.includes(line.status)) throw conflict(T.lineDecided);
  const [target] = await db
    .select({ order: orders, centerId: classes.centerId })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .where(eq(orders.orderId, orderId));
  if (!target) throw notFound();
  const orderScope = policy(actor).where('Order');
  if (orderScope) {
    const [inReach] = await db.select({ id: orders.orderId }).from(orders).where(and(eq(orders.orderId, orderId), orderScope));
    if (!inReach) throw forbidden();
  }
  if (target.order.status === 'cancelled') throw conflict(PAYMENT_TEXT.orderCancelled);
  if (line.postedOn > operatorToday()) throw invalid({ line_id: PAYMENT_TEXT.paidOnAfterToday });
  if (line.postedOn < madeOn(target.order)) throw invalid({ order_id: PAYMENT_TEXT.paidOnBeforeOrder });
  const bankName = bankKey === OTHER_BANK_KEY ? 'khác' : (bankByBin(bankKey)?.shortName ?? bankKey);

  const messaged = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.lineId, line.lineId)).for('update');
    if (DECIDED.includes(locked.status)) throw conflict(T.lineDecided);
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).for('update');
    const owed = owedOn(order);
    if (order.status === 'cancelled') throw conflict(PAYMENT_TEXT.orderCancelled);
    if (owed <= 0) throw conflict(PAYMENT_TEXT.orderPaid);
    if (locked.amount > owed) throw invalid({ order_id: PAYMENT_TEXT.overpaid(owed) });
    const payment = await insertPayment(tx, {
      orderId,
      amount: locked.amount,
      method: 'transfer',
      paidOn: locked.postedOn,
      centerId: target.centerId ?? 0,
      note: T.lineFrom(bankName, locked.rowNo),
      receivedBy: actor.id,
      statementLineId: locked.lineId,
    });
    await recountOrders(tx, [orderId]);
    const [after] = await tx
      .update(bankStatementLines)
      .set({ status: 'assigned', orderId, paymentId: payment.paymentId, decidedBy: actor.id, ignoreReason: null })
      .where(eq(bankStatementLines.lineId, locked.lineId))
      .returning();
    await writeAudit(tx, audit, { action: 'create', resource: 'Payment', resourceId: payment.paymentId, after: payment });
    await writeAudit(tx, audit, { action: 'update', resource: 'BankStatement', resourceId: locked.statementId, before: locked, after });
    // the family gets the receipt, as for a payment taken at the desk
    return enqueueReceipt(tx, ctx.outbox.channelNames, { paymentId: payment.paymentId, studentId: order.userId, amount: payment.amount, receiptNo: payment.receiptNo, paidOn: payment.paidOn });
  });
  if (messaged) ctx.outbox.nudge();
  return lineById(db, line.lineId);
}

/** POST /learning/bank-statement/line/ignore: a line that is no order's payment, with why (shown in the list). */
export async function ignoreStatementLine(ctx: AppContext, actor: Actor, body: Static<typeof StatementLineIgnoreBody>, audit: AuditContext): Promise<StatementLine> {
  assertStaff(actor);
  const { db } = ctx.database;
  const { line } = await lineInReach(db, actor, body.line_id);
  if (DECIDED.includes(line.status)) throw conflict(T.lineDecided);
  const reason = body.reason.trim();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.lineId, line.lineId)).for('update');
    if (DECIDED.includes(locked.status)) throw conflict(T.lineDecided);
    const [after] = await tx.update(bankStatementLines).set({ status: 'ignored', decidedBy: actor.id, ignoreReason: reason }).where(eq(bankStatementLines.lineId, line.lineId)).returning();
    await writeAudit(tx, audit, { action: 'update', resource: 'BankStatement', resourceId: locked.statementId, before: locked, after: { ...after, reason } });
  });
  return lineById(db, line.lineId);
}
