/**
 * The reports' state in the URL (the tab, the range, the filters, the page) and the calls it makes.
 * The range is the operator's days: `created_at` is sent twice, the start at 00:00:00 and the end at
 * 23:59:59, as `/user/list` takes it; by default, the current month on the operator's calendar.
 */
import { ORDER_STATUSES, type OrderStatus } from '@trungtam/shared/contracts/learning';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { dateParam, intParam, oneOfParam, textParam, type FilterCodecs } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';

export const REPORT_TABS = ['payroll', 'orders'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export interface ReportFilters {
  tab: ReportTab;
  /** 'YYYY-MM-DD'. */
  from: string;
  to: string;
  teacher_id: number;
  center_id: number;
  /** '' for every status. */
  status: OrderStatus | '';
  search: string;
}

/** The first and the last day of the operator's current month. */
export const monthStart = () => `${operatorToday().slice(0, 7)}-01`;
export const monthEnd = () => dayjs(monthStart(), 'YYYY-MM-DD').endOf('month').format('YYYY-MM-DD');

export const REPORT_FILTERS: FilterCodecs<ReportFilters> = {
  tab: oneOfParam('tab', REPORT_TABS, 'payroll'),
  from: dateParam('from', monthStart, 'range'),
  to: dateParam('to', monthEnd, 'range'),
  teacher_id: intParam('teacher_id'),
  center_id: intParam('center_id'),
  status: oneOfParam<OrderStatus | ''>('status', ['', ...ORDER_STATUSES], ''),
  search: textParam('search'),
};

export const REPORT_PAGE_SIZE = 20;

/** Whether the range can be asked for: both ends given, the start not after the end. */
export const rangeIsValid = (filters: Pick<ReportFilters, 'from' | 'to'>) => !!filters.from && !!filters.to && filters.from <= filters.to;

function withRange(params: URLSearchParams, filters: ReportFilters): URLSearchParams {
  params.append('created_at', `${filters.from} 00:00:00`);
  params.append('created_at', `${filters.to} 23:59:59`);
  return params;
}

/** GET /payroll-timesheet/list (page 'page') or, with `page` null, /export (limit 100, page 1; the file holds every line). */
export function payrollParams(filters: ReportFilters, page: number | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(page === null ? PAGE_SIZES.export : REPORT_PAGE_SIZE), page: String(page ?? 1) });
  withRange(params, filters);
  if (filters.teacher_id) params.set('teacher_id', String(filters.teacher_id));
  if (filters.center_id) params.set('center_id', String(filters.center_id));
  return params;
}

/** GET /order/list (page 'page') or, with `page` null, /export. */
export function orderParams(filters: ReportFilters, page: number | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(page === null ? PAGE_SIZES.export : REPORT_PAGE_SIZE), page: String(page ?? 1) });
  withRange(params, filters);
  if (filters.status) params.set('status', filters.status);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return params;
}

/** The downloaded files are named with their range. */
export const payrollFileName = (filters: ReportFilters) => `${filters.from}_${filters.to}_payroll-timesheet.xlsx`;
export const ordersFileName = (filters: ReportFilters) => `${filters.from}_${filters.to}_orders.xlsx`;
