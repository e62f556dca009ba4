/**
 * Reports at /learning/reports: two tabs over one date range (DD/MM/YYYY, the operator's current month
 * by default), everything kept in the URL.
 * - "Bảng chấm công" (PayrollTimesheet): the totals per teacher and overall of the whole range, then the
 *   lines (one per taught session with attendance taken), by pages; filters by teacher and centre where
 *   the role may list them. The API keeps a teacher to their own lines and a giáo vụ to their centre's.
 * - "Đơn hàng" (only with Order GetAll): the orders of the range, newest first, by status or by the
 *   student's or the class's name, with the count and sum of those not cancelled. With Payment GetAll each
 *   order has "Thu tiền" (the kit's OrderPaymentsDialog: what is paid and owed, the receipts; taking a
 *   payment with Payment Create, voiding one with Payment Delete), after which the list is asked again.
 * Each tab has "Xuất Excel" with the Export permission. Loading, empty and failed states are the tables';
 * on a phone the tables scroll sideways.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult } from '@trungtam/shared/contracts';
import type { OrderStatus } from '@trungtam/shared/contracts/learning';
import type { OrderList, OrderReportRow, PayrollLine, PayrollList, PayrollTeacherTotal } from '@trungtam/shared/contracts/reports';
import { formatDate, formatDateTime, formatNumber, formatTime, formatVnd } from '@trungtam/shared/format';
import { ORDER_STATUS_LABELS } from '@trungtam/shared/labels';
import { can } from '@trungtam/shared/permissions';
import { DataTable, FilterSelect, useListPage, useUrlListView, type ListView } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import {
  Box,
  Button,
  chakra,
  createPayment,
  DateInput,
  ExportButton,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  OrderPaymentsDialog,
  PaginationBar,
  Stack,
  Tabs,
  Tag,
  Text,
  voidPayment,
  type TagPalette,
} from '@trungtam/shared/ui';
import { useState, type ReactNode } from 'react';
import { useAccountChoices, useCenterChoices } from '../../common/lookups';
import { ReportSection } from '../../common/reportParts';
import { orderParams, ordersFileName, payrollFileName, payrollParams, rangeIsValid, REPORT_FILTERS, REPORT_PAGE_SIZE, type ReportFilters, type ReportTab } from './params';

export const REPORTS_TEXTS = {
  title: 'Báo cáo',
  payrollTab: 'Bảng chấm công',
  ordersTab: 'Đơn hàng',
  from: 'Từ ngày',
  to: 'Đến ngày',
  rangeOrder: 'Ngày bắt đầu phải trước ngày kết thúc',
  teacher: 'Giáo viên',
  substituteFor: (name: string) => `Dạy thay ${name}`,
  allTeachers: 'Tất cả giáo viên',
  center: 'Trung tâm',
  allCenters: 'Tất cả trung tâm',
  totalsTitle: 'Tổng theo giáo viên',
  totalsTable: 'Tổng theo giáo viên',
  linesTitle: 'Các buổi dạy đã điểm danh',
  linesTable: 'Bảng chấm công',
  grandTotal: 'Tổng cộng',
  sessions: 'Số buổi',
  hours: 'Số giờ',
  amount: 'Thành tiền',
  scheduleId: 'Mã buổi',
  date: 'Ngày',
  time: 'Giờ',
  className: 'Lớp học',
  duration: 'Thời lượng',
  minutes: (n: number) => `${n} phút`,
  salary: 'Lương mỗi buổi',
  lineCount: (n: number) => `${n} buổi dạy`,
  status: 'Trạng thái',
  allStatuses: 'Tất cả trạng thái',
  search: 'Tìm theo học viên, lớp học',
  searchButton: 'Tìm',
  ordersTable: 'Danh sách đơn hàng',
  orderId: 'Mã đơn',
  createdAt: 'Ngày tạo',
  student: 'Học viên',
  item: 'Gói khoá học',
  listPrice: 'Giá niêm yết',
  discount: 'Khuyến mại',
  orderCount: (n: number) => `${n} đơn hàng`,
  ordersTotals: (count: number, amount: string) => `${count} đơn hàng không huỷ · Tổng tiền ${amount}`,
  actions: 'Thao tác',
  payments: 'Thu tiền',
  paymentsOf: (orderId: number) => `Thu tiền đơn ${orderId}`,
  loading: 'Đang tải...',
} as const;
const T = REPORTS_TEXTS;

const ORDER_STATUS_COLORS: Record<OrderStatus, TagPalette> = { pending: 'orange', paid: 'green', cancelled: 'gray' };

/** The cache key of a report's pages: all of them, or one of its params. */
const reportKey = (path: string, params?: URLSearchParams) => (params ? ['reports', path, [...params.entries()]] : ['reports', path]);

/** A GET answering `{ data }`, one page of it, the previous page staying on screen while the next loads. */
function useReport<D extends ListResult<unknown>>(path: string, params: URLSearchParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKey(path, params),
    queryFn: async () => (await api.get<ApiData<D>>(path, { params })).data.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The teacher filter: its choices are asked for only when it is shown (a role that may list accounts). */
function TeacherFilter({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const teachers = useAccountChoices('teacher');
  return <FilterSelect label={T.teacher} value={value} options={[{ value: 0, label: T.allTeachers }, ...teachers.options]} onChange={(id) => onChange(Number(id))} />;
}

/** The centre filter, likewise for a role that may list centres. */
function CenterFilter({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const centers = useCenterChoices();
  return <FilterSelect label={T.center} value={value} options={[{ value: 0, label: T.allCenters }, ...centers.options]} onChange={(id) => onChange(Number(id))} />;
}

function Pager({ pagination }: { pagination: { page: number; totalRows: number; totalPages: number; onPageChange: (page: number) => void; fetching: boolean } }) {
  const { fetching, ...rest } = pagination;
  return <PaginationBar pageSize={REPORT_PAGE_SIZE} {...rest} disabled={fetching} />;
}

// ---------------------------------------------------------------- payroll

type TotalRow = PayrollTeacherTotal & { grand?: boolean };

function PayrollPanel({ view, valid }: { view: ListView<ReportFilters>; valid: boolean }) {
  const me = useCurrentUser();
  // a teacher's lines are their own: no filter to offer; staff get those whose choices they may list
  const staff = me?.type !== 'teacher';
  const offered = { teacher: staff && can(me, 'User', 'GetAll'), center: staff && can(me, 'LearningCenter', 'GetAll') };
  // (a filter of the URL that this user is not offered is not sent: nothing on screen would say why rows are missing)
  const filters = { ...view.filters, teacher_id: offered.teacher ? view.filters.teacher_id : 0, center_id: offered.center ? view.filters.center_id : 0 };
  const list = useReport<PayrollList>('/payroll-timesheet/list', payrollParams(filters, view.page), valid);
  const page = useListPage(view, list);
  const data = list.data;
  const totals: TotalRow[] = data
    ? [...data.totals, ...(data.totals.length ? [{ teacher_id: 0, teacher_name: T.grandTotal, ...data.grand_total, grand: true }] : [])]
    : [];
  const strong = (row: TotalRow, text: ReactNode) => (row.grand ? <chakra.span fontWeight="semibold">{text}</chakra.span> : text);

  return (
    <Stack gap="5">
      <Flex gap="3" wrap="wrap" align="flex-end">
        {offered.teacher && (
          <Box minW="56">
            <TeacherFilter value={filters.teacher_id} onChange={(teacher_id) => page.applyFilters({ ...filters, teacher_id })} />
          </Box>
        )}
        {offered.center && (
          <Box minW="56">
            <CenterFilter value={filters.center_id} onChange={(center_id) => page.applyFilters({ ...filters, center_id })} />
          </Box>
        )}
        {can(me, 'PayrollTimesheet', 'Export') && (
          <ExportButton path="/payroll-timesheet/export" params={payrollParams(filters, null)} fileName={payrollFileName(filters)} disabled={!valid} />
        )}
      </Flex>
      {valid && (
        <>
          <ReportSection title={T.totalsTitle}>
            <DataTable<TotalRow>
              label={T.totalsTable}
              pinLastColumn={false}
              columns={[
                { header: T.teacher, cell: (row) => strong(row, row.teacher_name) },
                { header: T.sessions, cell: (row) => strong(row, row.sessions) },
                { header: T.hours, cell: (row) => strong(row, formatNumber(row.hours)) },
                { header: T.amount, cell: (row) => strong(row, formatVnd(row.amount)), nowrap: true },
              ]}
              rowId={(row) => row.teacher_id}
              rows={totals}
              loading={page.rowsState.loading}
              failed={page.rowsState.failed}
              onRetry={page.rowsState.onRetry}
            />
          </ReportSection>
          <ReportSection title={T.linesTitle} aside={data && <Text color="fg.muted">{T.lineCount(data.total_rows)}</Text>}>
            <DataTable<PayrollLine>
              label={T.linesTable}
              pinLastColumn={false}
              columns={[
                { header: T.scheduleId, cell: (line) => line.schedule_id },
                { header: T.date, cell: (line) => formatDate(line.schedule_date), nowrap: true },
                { header: T.time, cell: (line) => formatTime(line.schedule_hour, line.schedule_minute) },
                { header: T.className, cell: (line) => line.class_name },
                {
                  header: T.teacher,
                  cell: (line) => (
                    <>
                      {line.teacher_name}
                      {line.original_teacher_name && (
                        <Text as="span" display="block" fontSize="xs" color="fg.muted">
                          {T.substituteFor(line.original_teacher_name)}
                        </Text>
                      )}
                    </>
                  ),
                },
                { header: T.center, cell: (line) => line.center_name ?? '-' },
                { header: T.duration, cell: (line) => T.minutes(line.duration), nowrap: true },
                { header: T.salary, cell: (line) => formatVnd(line.teacher_salary), nowrap: true },
                { header: T.amount, cell: (line) => formatVnd(line.amount), nowrap: true },
              ]}
              rowId={(line) => line.schedule_id}
              {...page.rowsState}
            />
            {data && (
              <Box px="5" borderTopWidth="1px">
                <Pager pagination={page.pagination} />
              </Box>
            )}
          </ReportSection>
        </>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------- orders

function OrdersPanel({ view, valid }: { view: ListView<ReportFilters>; valid: boolean }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const { filters } = view;
  const list = useReport<OrderList>('/order/list', orderParams(filters, view.page), valid);
  const page = useListPage(view, list);
  const [search, setSearch] = useState(filters.search);
  const [paymentsOf, setPaymentsOf] = useState<number | null>(null);
  const mayPayments = can(me, 'Payment', 'GetAll');
  const data = list.data;

  return (
    <Stack gap="5">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box minW="48">
          <FilterSelect
            label={T.status}
            value={filters.status}
            options={[{ value: '', label: T.allStatuses }, ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
            onChange={(status) => page.applyFilters({ ...filters, status: status as ReportFilters['status'] })}
          />
        </Box>
        <chakra.form
          display="flex"
          gap="2"
          alignItems="flex-end"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            page.applyFilters({ ...filters, search });
          }}
        >
          <Field.Root>
            <Field.Label>{T.search}</Field.Label>
            <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} maxLength={100} />
          </Field.Root>
          <Button type="submit" size="md" variant="outline">
            {T.searchButton}
          </Button>
        </chakra.form>
        {can(me, 'Order', 'Export') && <ExportButton path="/order/export" params={orderParams(filters, null)} fileName={ordersFileName(filters)} disabled={!valid} />}
      </Flex>
      {valid && (
        <ReportSection title={T.ordersTab} aside={data && <Text color="fg.muted">{T.ordersTotals(data.totals.count, formatVnd(data.totals.amount))}</Text>}>
          <DataTable<OrderReportRow>
            label={T.ordersTable}
            // ("Thu tiền" stays in reach on a narrow screen)
            pinLastColumn={mayPayments}
            columns={[
              { header: T.orderId, cell: (order) => order.order_id },
              { header: T.createdAt, cell: (order) => formatDateTime(order.created_at), nowrap: true },
              { header: T.student, cell: (order) => order.student_name },
              { header: T.className, cell: (order) => order.class_name },
              { header: T.item, cell: (order) => order.product_item_name ?? '-' },
              { header: T.listPrice, cell: (order) => formatVnd(order.list_price), nowrap: true },
              { header: T.discount, cell: (order) => `${order.discount_percent}%` },
              { header: T.amount, cell: (order) => formatVnd(order.amount), nowrap: true },
              { header: T.status, cell: (order) => <Tag palette={ORDER_STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Tag> },
              ...(mayPayments
                ? [
                    {
                      header: T.actions,
                      cell: (order: OrderReportRow) => (
                        <Button size="xs" variant="outline" onClick={() => setPaymentsOf(order.order_id)} aria-label={T.paymentsOf(order.order_id)}>
                          {T.payments}
                        </Button>
                      ),
                      nowrap: true,
                    },
                  ]
                : []),
            ]}
            rowId={(order) => order.order_id}
            {...page.rowsState}
          />
          {data && (
            <Box px="5" borderTopWidth="1px">
              <Pager pagination={page.pagination} />
            </Box>
          )}
        </ReportSection>
      )}
      {mayPayments && (
        <OrderPaymentsDialog
          orderId={paymentsOf}
          onClose={() => setPaymentsOf(null)}
          onPay={can(me, 'Payment', 'Create') ? createPayment : undefined}
          onVoid={can(me, 'Payment', 'Delete') ? voidPayment : undefined}
          // a payment changes the order's status and the range's totals
          onChanged={() => void queryClient.invalidateQueries({ queryKey: reportKey('/order/list') })}
        />
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------- the page

export function ReportsPage() {
  const me = useCurrentUser();
  const view = useUrlListView(REPORT_FILTERS);
  const { filters } = view;
  const mayOrders = can(me, 'Order', 'GetAll');
  const tab: ReportTab = filters.tab === 'orders' && mayOrders ? 'orders' : 'payroll';
  const valid = rangeIsValid(filters);

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {T.title}
      </Heading>
      {/* both ends are needed: a box emptied keeps the range it had until a new date is typed */}
      <HStack gap="3" wrap="wrap" align="flex-end">
        <Field.Root w="auto">
          <Field.Label>{T.from}</Field.Label>
          <DateInput value={filters.from} onChange={(from) => from && view.setView({ ...filters, from }, 1)} w="36" />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{T.to}</Field.Label>
          <DateInput value={filters.to} onChange={(to) => to && view.setView({ ...filters, to }, 1)} w="36" />
        </Field.Root>
      </HStack>
      {!valid && (
        <Text color="fg.error" role="alert">
          {T.rangeOrder}
        </Text>
      )}
      <Tabs.Root value={tab} onValueChange={({ value }) => view.setView({ ...filters, tab: value as ReportTab }, 1)} lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="payroll">{T.payrollTab}</Tabs.Trigger>
          {mayOrders && <Tabs.Trigger value="orders">{T.ordersTab}</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="payroll">
          <PayrollPanel view={view} valid={valid} />
        </Tabs.Content>
        {mayOrders && (
          <Tabs.Content value="orders">
            <OrdersPanel view={view} valid={valid} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Stack>
  );
}
