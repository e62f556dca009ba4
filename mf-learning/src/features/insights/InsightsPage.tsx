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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, refusalOf, statusOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { defaultInsightFrom, insightPeriodProblem, type AttendanceClass, type AttendanceInsight, type AttendanceTeacher, type AbsentStudent } from '@trungtam/shared/contracts/insights';
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
} as const;
const T = INSIGHTS_TEXTS;

const PATH = '/learning/insights/attendance';

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

const LINES: ChartLine[] = [{ key: 'rate', label: T.rate, palette: 'blue' }];

/** The weekly rate as a line, and the same figures as a table on demand. */
function WeeklyRate({ weeks }: { weeks: AttendanceInsight['weeks'] }) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  const rows: ChartRow[] = weeks.map((week) => ({ at: week.week_start, rate: week.rate }));
  return (
    <Stack gap="2" px="5">
      <Text fontSize="sm" fontWeight="medium">
        {T.weeklyChart}
      </Text>
      <TimeSeriesChart
        label={T.weeklyChart}
        rows={rows}
        lines={LINES}
        formatValue={(value) => percent.format(value)}
        formatTick={(at) => `${at.slice(8, 10)}/${at.slice(5, 7)}`}
        formatTime={T.weekOf}
        axisAtLeast={1}
        placeholder={T.chartLoading}
      />
      <Box>
        <Button size="xs" variant="ghost" aria-expanded={table} aria-controls={tableId} onClick={() => setTable(!table)}>
          {table ? T.hideTable : T.showTable}
        </Button>
      </Box>
      <Box id={tableId} hidden={!table} overflowX="auto">
        {table && (
          <Table.Root size="sm" aria-label={T.weeklyTable}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{T.week}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{T.rate}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{T.present}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{T.marked}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {weeks.map((week) => (
                <Table.Row key={week.week_start}>
                  <Table.Cell whiteSpace="nowrap">{formatDate(week.week_start)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatRate(week.rate)}</Table.Cell>
                  <Table.Cell textAlign="end">{count.format(week.present)}</Table.Cell>
                  <Table.Cell textAlign="end">{count.format(week.marked)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
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
        <ExportButton path={`${PATH}/export`} params={params} disabled={problem !== null} title={problem ?? undefined} />
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
                    <Box key={label}>
                      <Text fontSize="sm" color="fg.muted">
                        {label}
                      </Text>
                      <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold">
                        {value}
                      </Text>
                    </Box>
                  ))}
                </SimpleGrid>
                <WeeklyRate weeks={data.weeks} />
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
    </Stack>
  );
}
