/**
 * "Tổng quan vận hành" at /learning/insights: the operator's figures across the centres, over a period
 * (the last 8 weeks by default) and for a centre, a course and a teacher, all kept in the URL.
 *
 * Attendance: the rate of each week (students marked present ÷ students marked, over the sessions whose
 * roll was taken) as a line chart, with its figures as a table ("Xem dạng bảng"); the same per class and
 * per teacher, each row opening the sessions behind it in the schedules screen; the students most often
 * absent; "Xuất Excel" of the same. The API keeps a giáo vụ to their centre. Loading, failed and empty
 * states are the tables'; on a phone each table row is a card.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api, refusalOf, statusOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import {
  defaultInsightFrom,
  insightPeriodProblem,
  type AbsentStudent,
  type AttendanceClass,
  type AttendanceInsight,
  type AttendanceTeacher,
  type MoneyCourse,
  type MoneyInsight,
  type MoneyMonth,
} from '@trungtam/shared/contracts/insights';
import { formatVnd } from '@trungtam/shared/contracts/payments';
import { formatDate } from '@trungtam/shared/format';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { can } from '@trungtam/shared/permissions';
import { DataTable, FilterSelect, dateParam, intParam, useUrlListView, type Column, type FilterCodecs } from '@trungtam/shared/resource';
import { Link as RouterLink } from '@trungtam/shared/router';
import { useCurrentUser } from '@trungtam/shared/session';
import { Box, Button, Card, DateInput, ExportButton, Field, Flex, Heading, Link, SimpleGrid, Stack, Table, Text, TimeSeriesChart, type ChartLine, type ChartRow } from '@trungtam/shared/ui';
import { useId, useState, type ReactNode } from 'react';
import { useAccountChoices, useCenterChoices, useCourseChoices } from '../../common/lookups';

export const INSIGHTS_TEXTS = {
  title: 'Tổng quan vận hành',
  from: 'Từ ngày',
  to: 'Đến ngày',
  center: 'Trung tâm',
  allCenters: 'Tất cả trung tâm',
  course: 'Khoá học',
  allCourses: 'Tất cả khoá học',
  teacher: 'Giáo viên',
  allTeachers: 'Tất cả giáo viên',
  attendance: 'Chuyên cần',
  rangeText: (from: string, to: string) => `Từ ${formatDate(from)} đến ${formatDate(to)}`,
  rate: 'Tỉ lệ có mặt',
  marked: 'Lượt điểm danh',
  present: 'Có mặt',
  weekOf: (monday: string) => `Tuần từ ${formatDate(monday)}`,
  week: 'Tuần từ',
  weeklyChart: 'Tỉ lệ có mặt theo tuần',
  weeklyTable: 'Tỉ lệ có mặt theo tuần (bảng)',
  chartLoading: 'Đang tải biểu đồ…',
  showTable: 'Xem dạng bảng',
  hideTable: 'Ẩn bảng',
  byClass: 'Theo lớp',
  byClassTable: 'Chuyên cần theo lớp',
  byTeacher: 'Theo giáo viên',
  byTeacherTable: 'Chuyên cần theo giáo viên',
  className: 'Lớp',
  sessionsOf: (name: string) => `Xem các buổi học của ${name}`,
  absent: 'Vắng nhiều nhất',
  absentTable: 'Học viên vắng nhiều nhất',
  student: 'Học viên',
  absences: 'Số buổi vắng',
  absentHint: 'Vắng không phép; vắng có phép không tính.',
  noRate: '–',
  empty: 'Chưa có buổi học nào được điểm danh trong khoảng này',
  noAbsences: 'Không có học viên nào vắng trong khoảng này',
  failed: 'Không tải được số liệu chuyên cần',
  money: 'Tài chính',
  moneyNote: 'Theo khoảng thời gian và trung tâm (khoá học và giáo viên không áp dụng cho tài chính).',
  collected: 'Đã thu',
  owed: 'Còn phải thu',
  overdue: 'Quá hạn',
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  card: 'Thẻ',
  month: 'Tháng',
  monthOf: (month: string) => `Tháng ${month.slice(5, 7)}/${month.slice(0, 4)}`,
  monthlyChart: 'Tiền đã thu theo tháng và hình thức',
  monthlyTable: 'Tiền đã thu theo tháng (bảng)',
  byCourse: 'Đã thu theo khoá học',
  byCourseTable: 'Tiền đã thu theo khoá học',
  classesOf: (name: string) => `Xem các lớp của ${name}`,
  noMoney: 'Không có khoản thu nào trong khoảng này',
  moneyFailed: 'Không tải được số liệu tài chính',
  exportAttendance: 'Xuất Excel chuyên cần',
  exportMoney: 'Xuất Excel tài chính',
  openList: (label: string, value: string) => `${label}: ${value}, xem danh sách`,
} as const;
const T = INSIGHTS_TEXTS;

const PATH = '/learning/insights/attendance';
const MONEY_PATH = '/learning/insights/money';

// ---------------------------------------------------------------- the URL's state

interface InsightScreenFilters {
  from: string;
  to: string;
  center_id: number;
  product_id: number;
  teacher_id: number;
}
const FILTERS: FilterCodecs<InsightScreenFilters> = {
  from: dateParam('from', () => defaultInsightFrom(operatorToday()), 'range'),
  to: dateParam('to', operatorToday, 'range'),
  center_id: intParam('center_id'),
  product_id: intParam('product_id'),
  teacher_id: intParam('teacher_id'),
};

// ---------------------------------------------------------------- parts

const percent = new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 1 });
const formatRate = (rate: number | null) => (rate === null ? T.noRate : percent.format(rate));
const count = new Intl.NumberFormat('vi-VN');

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header pb="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {aside}
        </Flex>
      </Card.Header>
      <Card.Body pt="0" px="0">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The rate, marks and present columns of the class and teacher tables. */
function rateColumns<R extends { marked: number; present: number; rate: number | null }>(): Column<R>[] {
  return [
    { header: T.rate, cell: (row) => formatRate(row.rate), nowrap: true, alignEnd: true, card: 'line' },
    { header: T.present, cell: (row) => count.format(row.present), nowrap: true, alignEnd: true, card: 'line' },
    { header: T.marked, cell: (row) => count.format(row.marked), nowrap: true, alignEnd: true, card: 'line' },
  ];
}

/** A link to the sessions behind a figure, in the schedules screen's list. */
function SessionsLink({ query, name }: { query: Record<string, number | undefined>; name: string }) {
  const search = new URLSearchParams({ view: 'list' });
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, String(value));
  return (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <RouterLink to={`/learning/schedules?${search}`} aria-label={T.sessionsOf(name)}>
        {name}
      </RouterLink>
    </Link>
  );
}

const RATE_LINES: ChartLine[] = [{ key: 'rate', label: T.rate, palette: 'blue' }];
const MONEY_LINES: ChartLine[] = [
  { key: 'cash', label: T.cash, palette: 'green' },
  { key: 'transfer', label: T.transfer, palette: 'blue', dashed: true },
  { key: 'card', label: T.card, palette: 'orange' },
];

interface FigureColumn<R> {
  header: string;
  cell: (row: R) => string;
  alignEnd?: boolean;
}

/** A chart of figures over time, and the same figures as a table on demand ("Xem dạng bảng"). */
function ChartWithTable<R>(props: {
  label: string;
  tableLabel: string;
  chartRows: ChartRow[];
  lines: ChartLine[];
  formatValue: (value: number) => string;
  formatTick: (at: string) => string;
  formatTime: (at: string) => string;
  axisAtLeast?: number;
  columns: FigureColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
}) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  return (
    <Stack gap="2" px="5">
      <Text fontSize="sm" fontWeight="medium">
        {props.label}
      </Text>
      <TimeSeriesChart
        label={props.label}
        rows={props.chartRows}
        lines={props.lines}
        formatValue={props.formatValue}
        formatTick={props.formatTick}
        formatTime={props.formatTime}
        axisAtLeast={props.axisAtLeast}
        placeholder={T.chartLoading}
      />
      <Box>
        <Button size="xs" variant="ghost" aria-expanded={table} aria-controls={tableId} onClick={() => setTable(!table)}>
          {table ? T.hideTable : T.showTable}
        </Button>
      </Box>
      <Box id={tableId} hidden={!table} overflowX="auto">
        {table && (
          <Table.Root size="sm" aria-label={props.tableLabel}>
            <Table.Header>
              <Table.Row>
                {props.columns.map((column) => (
                  <Table.ColumnHeader key={column.header} textAlign={column.alignEnd ? 'end' : undefined}>
                    {column.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {props.rows.map((row) => (
                <Table.Row key={props.rowKey(row)}>
                  {props.columns.map((column) => (
                    <Table.Cell key={column.header} textAlign={column.alignEnd ? 'end' : undefined} whiteSpace="nowrap">
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}

type Week = AttendanceInsight['weeks'][number];
const WEEK_COLUMNS: FigureColumn<Week>[] = [
  { header: T.week, cell: (week) => formatDate(week.week_start) },
  { header: T.rate, cell: (week) => formatRate(week.rate), alignEnd: true },
  { header: T.present, cell: (week) => count.format(week.present), alignEnd: true },
  { header: T.marked, cell: (week) => count.format(week.marked), alignEnd: true },
];
const MONTH_COLUMNS: FigureColumn<MoneyMonth>[] = [
  { header: T.month, cell: (row) => monthLabel(row.month) },
  { header: T.cash, cell: (row) => formatVnd(row.cash), alignEnd: true },
  { header: T.transfer, cell: (row) => formatVnd(row.transfer), alignEnd: true },
  { header: T.card, cell: (row) => formatVnd(row.card), alignEnd: true },
  { header: T.collected, cell: (row) => formatVnd(row.collected), alignEnd: true },
];
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
const compactVnd = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure at the head of a section, a link to the list behind it when it has one. */
function Figure({ label, value, to, tone }: { label: string; value: string; to?: string; tone?: 'danger' }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold" color={tone === 'danger' ? 'fg.error' : undefined}>
        {to ? (
          <Link asChild colorPalette="blue">
            <RouterLink to={to} aria-label={T.openList(label, value)}>
              {value}
            </RouterLink>
          </Link>
        ) : (
          value
        )}
      </Text>
    </Box>
  );
}

// ---------------------------------------------------------------- the page

export function InsightsPage() {
  const me = useCurrentUser();
  const view = useUrlListView(FILTERS);
  const { filters } = view;
  const mayListCentres = can(me, 'LearningCenter', 'GetAll');
  const mayListCourses = can(me, 'Product', 'GetAll');
  const mayListTeachers = can(me, 'User', 'GetAll');
  const centres = useCenterChoices({ enabled: mayListCentres });
  const courses = useCourseChoices({ enabled: mayListCourses });
  const teachers = useAccountChoices('teacher', { enabled: mayListTeachers });
  // a filter of the URL this user is not offered is not sent: nothing on screen would say why figures are missing
  const params = {
    from: filters.from,
    to: filters.to,
    ...(mayListCentres && filters.center_id ? { center_id: filters.center_id } : {}),
    ...(mayListCourses && filters.product_id ? { product_id: filters.product_id } : {}),
    ...(mayListTeachers && filters.teacher_id ? { teacher_id: filters.teacher_id } : {}),
  };
  const problem = insightPeriodProblem(filters.from, filters.to);
  const report = useQuery({
    queryKey: ['insights', 'attendance', params],
    queryFn: async () => (await api.get<ApiData<AttendanceInsight>>(PATH, { params })).data.data,
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const moneyParams = { from: params.from, to: params.to, ...(params.center_id ? { center_id: params.center_id } : {}) };
  const moneyReport = useQuery({
    queryKey: ['insights', 'money', moneyParams],
    queryFn: async () => (await api.get<ApiData<MoneyInsight>>(MONEY_PATH, { params: moneyParams })).data.data,
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const data = problem === null ? report.data : undefined;
  const loading = problem === null && report.isPending;
  const failed = report.isError && !report.isFetching;
  const empty = !!data && data.totals.marked === 0;
  const set = (next: Partial<InsightScreenFilters>) => view.setView({ ...filters, ...next }, 1);
  // the sessions behind a row keep the screen's centre (a class or teacher row adds its own id)
  const scope = params.center_id ? { center_id: params.center_id } : {};

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {T.title}
      </Heading>

      <Flex gap="3" wrap="wrap" align="flex-end" role="search">
        <Field.Root w="auto">
          <Field.Label>{T.from}</Field.Label>
          <DateInput value={filters.from} onChange={(from) => from && set({ from })} w="36" />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{T.to}</Field.Label>
          <DateInput value={filters.to} onChange={(to) => to && set({ to })} w="36" />
        </Field.Root>
        {mayListCentres && (
          <Box minW={{ base: 'full', sm: '48' }}>
            <FilterSelect label={T.center} value={filters.center_id} options={[{ value: 0, label: T.allCenters }, ...centres.options]} onChange={(id) => set({ center_id: Number(id) })} />
          </Box>
        )}
        {mayListCourses && (
          <Box minW={{ base: 'full', sm: '48' }}>
            <FilterSelect label={T.course} value={filters.product_id} options={[{ value: 0, label: T.allCourses }, ...courses.options]} onChange={(id) => set({ product_id: Number(id) })} />
          </Box>
        )}
        {mayListTeachers && (
          <Box minW={{ base: 'full', sm: '48' }}>
            <FilterSelect label={T.teacher} value={filters.teacher_id} options={[{ value: 0, label: T.allTeachers }, ...teachers.options]} onChange={(id) => set({ teacher_id: Number(id) })} />
          </Box>
        )}
        <ExportButton path={`${PATH}/export`} params={params} disabled={problem !== null} title={problem ?? undefined} label={T.exportAttendance} />
      </Flex>

      {problem && (
        <Text color="fg.error" role="alert">
          {problem}
        </Text>
      )}
      {/* a refusal the API explains (a 4xx) is said as it wrote it; the tables offer a retry for the rest */}
      {failed && statusOf(report.error) >= 400 && statusOf(report.error) < 500 && (
        <Text color="fg.error" role="alert">
          {refusalOf(report.error, T.failed)}
        </Text>
      )}

      {problem === null && (
        <Section title={T.attendance} aside={<Text color="fg.muted">{T.rangeText(filters.from, filters.to)}</Text>}>
          <Stack gap="5">
            {data && !empty && (
              <>
                <SimpleGrid columns={{ base: 3 }} gap="3" px="5">
                  {(
                    [
                      [T.rate, formatRate(data.totals.rate)],
                      [T.present, count.format(data.totals.present)],
                      [T.marked, count.format(data.totals.marked)],
                    ] as const
                  ).map(([label, value]) => (
                    <Figure key={label} label={label} value={value} />
                  ))}
                </SimpleGrid>
                <ChartWithTable<Week>
                  label={T.weeklyChart}
                  tableLabel={T.weeklyTable}
                  chartRows={data.weeks.map((week) => ({ at: week.week_start, rate: week.rate }))}
                  lines={RATE_LINES}
                  formatValue={(value) => percent.format(value)}
                  formatTick={(at) => `${at.slice(8, 10)}/${at.slice(5, 7)}`}
                  formatTime={T.weekOf}
                  axisAtLeast={1}
                  columns={WEEK_COLUMNS}
                  rows={data.weeks}
                  rowKey={(week) => week.week_start}
                />
              </>
            )}
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
              <Stack gap="2">
                <Heading as="h3" size="sm" px="5">
                  {T.byClass}
                </Heading>
                <DataTable<AttendanceClass>
                  label={T.byClassTable}
                  pinLastColumn={false}
                  columns={[{ header: T.className, cell: (row) => <SessionsLink query={{ ...scope, class_id: row.class_id }} name={row.class_name} />, card: 'title' }, ...rateColumns<AttendanceClass>()]}
                  rowId={(row) => row.class_id}
                  rows={data?.classes ?? []}
                  loading={loading}
                  failed={failed}
                  onRetry={() => void report.refetch()}
                  emptyText={T.empty}
                />
              </Stack>
              <Stack gap="2">
                <Heading as="h3" size="sm" px="5">
                  {T.byTeacher}
                </Heading>
                <DataTable<AttendanceTeacher>
                  label={T.byTeacherTable}
                  pinLastColumn={false}
                  columns={[{ header: T.teacher, cell: (row) => <SessionsLink query={{ ...scope, teacher_id: row.teacher_id }} name={row.name} />, card: 'title' }, ...rateColumns<AttendanceTeacher>()]}
                  rowId={(row) => row.teacher_id}
                  rows={data?.teachers ?? []}
                  loading={loading}
                  failed={failed}
                  onRetry={() => void report.refetch()}
                  emptyText={T.empty}
                />
              </Stack>
            </SimpleGrid>
            <Stack gap="2">
              <Heading as="h3" size="sm" px="5">
                {T.absent}
              </Heading>
              <Text fontSize="sm" color="fg.muted" px="5">
                {T.absentHint}
              </Text>
              <DataTable<AbsentStudent>
                label={T.absentTable}
                pinLastColumn={false}
                columns={[
                  { header: T.student, cell: (row) => row.name, card: 'title' },
                  { header: T.absences, cell: (row) => count.format(row.absences), nowrap: true, alignEnd: true, card: 'line' },
                ]}
                rowId={(row) => row.student_id}
                rows={data?.absent_students ?? []}
                loading={loading}
                failed={failed}
                onRetry={() => void report.refetch()}
                emptyText={T.noAbsences}
              />
            </Stack>
          </Stack>
        </Section>
      )}

      {problem === null && <MoneySection report={moneyReport} params={moneyParams} />}
    </Stack>
  );
}

/** Money: collected per month and method, owed and overdue now, collected per course; each figure opens its list. */
function MoneySection({ report, params }: { report: UseQueryResult<MoneyInsight>; params: { from: string; to: string; center_id?: number } }) {
  const data = report.data;
  const failed = report.isError && !report.isFetching;
  const centre = params.center_id ? `center_id=${params.center_id}` : '';
  const join = (...parts: string[]) => parts.filter(Boolean).join('&');
  return (
    <Section title={T.money} aside={<ExportButton path={`${MONEY_PATH}/export`} params={params} label={T.exportMoney} />}>
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted" px="5">
          {T.moneyNote}
        </Text>
        {failed && (
          <Text color="fg.error" role="alert" px="5">
            {refusalOf(report.error, T.moneyFailed)}
          </Text>
        )}
        {data && (
          <>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" px="5">
              <Figure label={T.collected} value={formatVnd(data.collected)} to={`/learning/revenue?${join(`from=${data.from}`, `to=${data.to}`, 'group=month', centre)}`} />
              <Figure label={T.owed} value={formatVnd(data.owed)} to={`/learning/debts${centre ? `?${centre}` : ''}`} />
              <Figure label={T.overdue} value={formatVnd(data.overdue)} to={`/learning/debts?${join(centre, 'overdue=1')}`} tone="danger" />
            </SimpleGrid>
            {data.collected > 0 && (
              <ChartWithTable<MoneyMonth>
                label={T.monthlyChart}
                tableLabel={T.monthlyTable}
                chartRows={data.months.map((row) => ({ at: row.month, cash: row.cash, transfer: row.transfer, card: row.card }))}
                lines={MONEY_LINES}
                formatValue={(value) => compactVnd.format(value)}
                formatTick={monthLabel}
                formatTime={T.monthOf}
                columns={MONTH_COLUMNS}
                rows={data.months}
                rowKey={(row) => row.month}
              />
            )}
          </>
        )}
        <Stack gap="2">
          <Heading as="h3" size="sm" px="5">
            {T.byCourse}
          </Heading>
          <DataTable<MoneyCourse>
            label={T.byCourseTable}
            pinLastColumn={false}
            columns={[
              {
                header: T.course,
                cell: (row) =>
                  row.product_id === null ? (
                    row.name
                  ) : (
                    <Link asChild colorPalette="blue" fontWeight="medium">
                      <RouterLink to={`/learning/classes?${join(centre, `product_id=${row.product_id}`)}`} aria-label={T.classesOf(row.name)}>
                        {row.name}
                      </RouterLink>
                    </Link>
                  ),
                card: 'title',
              },
              { header: T.collected, cell: (row) => formatVnd(row.collected), nowrap: true, alignEnd: true, card: 'line' },
            ]}
            rowId={(row) => row.product_id ?? 0}
            rows={data?.courses ?? []}
            loading={report.isPending}
            failed={failed}
            onRetry={() => void report.refetch()}
            emptyText={T.noMoney}
          />
        </Stack>
      </Stack>
    </Section>
  );
}
