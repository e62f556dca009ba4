/**
 * The request and answer schemas of bank statement reconciliation (/learning/bank-statement/*), shared by
 * the API and the forms. The preview and the import are multipart forms: their text fields are checked
 * against the *Fields schemas once read.
 */
import { Type } from 'typebox';
import { BANK_STATEMENT_LIMITS as L, BANK_STATEMENT_TEXT as T, STATEMENT_LINE_PROBLEMS, STATEMENT_LINE_STATUSES } from '../contracts/rules/bankStatements';
import { Id, IdFilter, Nullable, Text, listQueryProps, msgs } from './builders';

/** A bank's NAPAS BIN (6 digits), or 'other'. */
const BankKey = Text(8, { pattern: '^([0-9]{6}|other)$', messages: { default: T.bankKey, required: T.bankKey } });
const Column = Text(L.columnMax, { minLength: 1, pattern: '\\S', messages: { default: T.column, required: T.column } });

/** POST /learning/bank-statement/preview (multipart): the bank and the file. */
export const StatementPreviewFields = Type.Object({ bank_key: BankKey });

/** POST /learning/bank-statement/import (multipart): the bank, the centre whose account it is, the three columns, and the file. */
export const StatementImportFields = Type.Object({
  bank_key: BankKey,
  /** 0 or absent: every centre (an administrator's); a giáo vụ's statement is always their centre's. */
  center_id: Type.Optional(IdFilter(T.centre)),
  date_column: Column,
  amount_column: Column,
  description_column: Column,
});

export const ColumnMappingSchema = Type.Object({
  date_column: Type.String(),
  amount_column: Type.String(),
  description_column: Type.String(),
});

export const StatementPreviewSchema = Type.Object({
  /** The header row's column names (an empty header is named by its position, a repeated one numbered). */
  columns: Type.Array(Type.String()),
  /** The header's row in the file (1-based). */
  header_row: Type.Integer(),
  /** The first rows under the header, as text, one cell per column. */
  rows: Type.Array(Type.Array(Type.String())),
  /** The columns to read: the bank's saved mapping when its columns are in the file, else a guess (a column may be unguessed: ''). */
  mapping: ColumnMappingSchema,
  mapping_saved: Type.Boolean(),
});

export const StatementImportSchema = Type.Object({
  statement_id: Type.Integer(),
  /** Transaction lines read (credits and debits). */
  lines_read: Type.Integer(),
  /** Credit lines not seen before, and those already imported (the same statement, or an overlapping one). */
  new_lines: Type.Integer(),
  already_imported: Type.Integer(),
  /** Of the new lines: recorded as payments by their reference, and waiting for staff. */
  matched: Type.Integer(),
  unmatched: Type.Integer(),
  /** Lines without a credit (debits, a zero or empty amount). */
  skipped_debits: Type.Integer(),
  /** Rows whose date or amount could not be read, and the first of their row numbers in the file. */
  skipped_invalid: Type.Integer(),
  invalid_rows: Type.Array(Type.Integer()),
  message: Type.String(),
});

/** GET /learning/bank-statement/lines: the lines, newest statement first, each in its file's order. */
export const StatementLineQuery = Type.Object({
  limit: listQueryProps.limit,
  page: listQueryProps.page,
  status: Type.Optional(Type.Enum([...STATEMENT_LINE_STATUSES], msgs({ default: `status: ${STATEMENT_LINE_STATUSES.join(' | ')}` }))),
  statement_id: Type.Optional(IdFilter('statement_id phải là số')),
});

export const StatementLineSchema = Type.Object({
  line_id: Type.Integer(),
  statement_id: Type.Integer(),
  bank_key: Type.String(),
  center_id: Nullable(Type.Integer()),
  row_no: Type.Integer(),
  posted_on: Type.String(),
  amount: Type.Integer(),
  description: Type.String(),
  status: Type.Enum([...STATEMENT_LINE_STATUSES]),
  problem: Nullable(Type.Enum([...STATEMENT_LINE_PROBLEMS])),
  /** The valid payment references found in the description. */
  references: Type.Array(Type.String()),
  order: Nullable(
    Type.Object({
      order_id: Type.Integer(),
      reference: Type.String(),
      student_name: Type.String(),
      class_name: Type.String(),
      owed: Type.Integer(),
    }),
  ),
  payment: Nullable(Type.Object({ payment_id: Type.Integer(), receipt_no: Type.String(), voided: Type.Boolean() })),
  decided_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Why staff ignored it (an ignored line). */
  ignore_reason: Nullable(Type.String()),
  created_at: Type.String(),
});

export const StatementLineListSchema = Type.Object({
  rows: Type.Array(StatementLineSchema),
  total_rows: Type.Integer(),
  total_pages: Type.Integer(),
});

/** POST /learning/bank-statement/line/assign: the order a line paid, by its id or its transfer reference. */
export const StatementLineAssignBody = Type.Object({
  line_id: Id(),
  order_id: Type.Optional(Id(T.lineOrder)),
  reference: Type.Optional(Text(40, { minLength: 1, messages: { default: T.lineReference } })),
});

/** POST /learning/bank-statement/line/ignore: a line that is no order's payment, with why. */
export const StatementLineIgnoreBody = Type.Object({
  line_id: Id(),
  reason: Text(L.reasonMax, { minLength: 1, pattern: '\\S', messages: { default: T.reason, maxLength: T.reasonLength } }),
});
