/**
 * HTTP contract of the reports: `GET /payroll-timesheet/list|export` (PayrollTimesheet GetAll / Export)
 * and `GET /order/list|export` (Order GetAll / Export). The answers are the API's own schemas
 * (schemas/reports), taken here as types. Both take the range as `created_at` given twice, start and end
 * on the operator's clock ('YYYY-MM-DD 00:00:00', 'YYYY-MM-DD 23:59:59'), both included.
 *
 * The API limits the lines to the caller whatever the filters say: a teacher gets their own sessions, a
 * giáo vụ of a centre that centre's sessions and the orders of its classes, an administrator everything.
 */
import type { Static } from 'typebox';
import type { OrderStatus } from './learning';
import type {
  OrderListRecord,
  OrderReportRecord,
  OrderTotalsRecord,
  PayrollGrandTotalRecord,
  PayrollLineRecord,
  PayrollListRecord,
  PayrollTeacherTotalRecord,
} from '../schemas/reports';

export * from './rules/reports';

/** The range's two ends: 'YYYY-MM-DD 00:00:00' and 'YYYY-MM-DD 23:59:59'. */
export type ReportRangeParam = [start: string, end: string];

/** GET /payroll-timesheet/list (limit, page) and /export (every line): 0 or absent means all. */
export interface PayrollQuery {
  limit?: number;
  page?: number;
  created_at: ReportRangeParam;
  teacher_id?: number;
  center_id?: number;
}

export type PayrollLine = Static<typeof PayrollLineRecord>;
export type PayrollTeacherTotal = Static<typeof PayrollTeacherTotalRecord>;
export type PayrollGrandTotal = Static<typeof PayrollGrandTotalRecord>;
/** The page of lines (teacher, then date), the totals per teacher and overall of the whole range. */
export type PayrollList = Static<typeof PayrollListRecord>;

/** GET /order/list (limit, page) and /export (every order), newest first. */
export interface OrderQuery {
  limit?: number;
  page?: number;
  created_at: ReportRangeParam;
  status?: OrderStatus;
  /** The student's or the class's name. */
  search?: string;
}

export type OrderReportRow = Static<typeof OrderReportRecord>;
/** Count and amount of the orders of the filters that are not cancelled. */
export type OrderTotals = Static<typeof OrderTotalsRecord>;
export type OrderList = Static<typeof OrderListRecord>;
