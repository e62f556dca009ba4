/**
 * The reports: the teachers' payroll timesheet (one line per taught session with attendance taken, and
 * the totals per teacher) and the orders the enrolments made. Query and answer schemas: the API validates
 * and serialises with them, the front ends take their types from them.
 */
import { Type } from 'typebox';
import { ORDER_STATUSES } from '../contracts/rules/learning';
import { REPORT_TEXT } from '../contracts/rules/reports';
import { IdFilter, Nullable, Text, listQueryProps, msgs } from './builders';

/**
 * The range, as `/user/list` takes it: `created_at` given twice, the start ('YYYY-MM-DD 00:00:00') and
 * the end ('YYYY-MM-DD 23:59:59'), on the operator's clock; both ends are included.
 */
export const ReportRange = Type.Array(Text(19, { messages: { default: REPORT_TEXT.range } }), {
  minItems: 2,
  maxItems: 2,
  ...msgs({ required: REPORT_TEXT.range, minItems: REPORT_TEXT.range, maxItems: REPORT_TEXT.range, default: REPORT_TEXT.range }),
});

const paging = { limit: listQueryProps.limit, page: listQueryProps.page };

// ---------------------------------------------------------------- payroll timesheet

/** GET /payroll-timesheet/list and /export: the range selects sessions by their date (schedule_date). */
export const PayrollQuery = Type.Object({
  ...paging,
  created_at: ReportRange,
  teacher_id: Type.Optional(IdFilter('teacher_id phải là số')),
  center_id: Type.Optional(IdFilter('center_id phải là số')),
});

/** One taught session with attendance taken: what the teacher is paid for it. */
export const PayrollLineRecord = Type.Object({
  schedule_id: Type.Integer(),
  /** YYYY-MM-DD. */
  schedule_date: Type.String(),
  schedule_hour: Type.Integer(),
  schedule_minute: Type.Integer(),
  class_id: Type.Integer(),
  class_name: Type.String(),
  teacher_id: Type.Integer(),
  teacher_name: Type.String(),
  /** A substitute taught it (teacher_id, paid): the teacher they replaced, or null. */
  original_teacher_id: Nullable(Type.Integer()),
  original_teacher_name: Nullable(Type.String()),
  center_id: Nullable(Type.Integer()),
  center_name: Nullable(Type.String()),
  /** Minutes. */
  duration: Type.Integer(),
  /** The duration in hours (two decimals). */
  hours: Type.Number(),
  /** The class's pay per taught lesson, VND. */
  teacher_salary: Type.Integer(),
  /** VND: the pay of this session (one lesson's pay). */
  amount: Type.Integer(),
});

export const PayrollTeacherTotalRecord = Type.Object({
  teacher_id: Type.Integer(),
  teacher_name: Type.String(),
  sessions: Type.Integer(),
  hours: Type.Number(),
  amount: Type.Integer(),
});

export const PayrollGrandTotalRecord = Type.Object({
  sessions: Type.Integer(),
  hours: Type.Number(),
  amount: Type.Integer(),
});

/** The page of lines, and the totals of the whole range (every page), per teacher and overall. */
export const PayrollListRecord = Type.Object({
  rows: Type.Array(PayrollLineRecord),
  total_rows: Type.Integer(),
  total_pages: Type.Integer(),
  totals: Type.Array(PayrollTeacherTotalRecord),
  grand_total: PayrollGrandTotalRecord,
});

// ---------------------------------------------------------------- orders

/** GET /order/list and /export: the range is the order's created_at; search looks in the student's and the class's names. */
export const OrderQuery = Type.Object({
  ...paging,
  created_at: ReportRange,
  status: Type.Optional(Type.Enum([...ORDER_STATUSES], msgs({ default: `status: ${ORDER_STATUSES.join(' | ')}` }))),
  search: Type.Optional(Text(100)),
});

export const OrderReportRecord = Type.Object({
  order_id: Type.Integer(),
  enrollment_id: Type.Integer(),
  user_id: Type.Integer(),
  class_id: Type.Integer(),
  product_item_id: Nullable(Type.Integer()),
  /** VND. */
  list_price: Type.Integer(),
  discount_percent: Type.Integer(),
  /** VND: the list price less the discount. */
  amount: Type.Integer(),
  status: Type.Enum([...ORDER_STATUSES]),
  created_at: Type.String(),
  student_name: Type.String(),
  class_name: Type.String(),
  product_item_name: Nullable(Type.String()),
});

/** The orders that count: every order of the filters but the cancelled ones. */
export const OrderTotalsRecord = Type.Object({
  count: Type.Integer(),
  /** VND. */
  amount: Type.Integer(),
});

export const OrderListRecord = Type.Object({
  rows: Type.Array(OrderReportRecord),
  total_rows: Type.Integer(),
  total_pages: Type.Integer(),
  totals: OrderTotalsRecord,
});
