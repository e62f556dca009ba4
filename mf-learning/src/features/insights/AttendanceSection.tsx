/**
 * Attendance: the rate of each week (students marked present ÷ students marked, over the sessions whose
 * roll was taken) as a line chart with its table; the same per class and per teacher with their sessions
 * ("Số buổi"), each row opening those sessions in the schedules screen's list; the students most often
 * absent, each opening the sessions they missed; "Xuất Excel". A row's link carries the period, the
 * screen's centre, course and teacher and the roll taken, so the list's total is the row's figure.
 */
import type { AbsentStudent, AttendanceClass, AttendanceInsight, AttendanceTeacher } from '@trungtam/shared/contracts/insights';
import { formatDate } from '@trungtam/shared/format';
import { dayjs } from '@trungtam/shared/operatorDate';
import { DataTable, type Column } from '@trungtam/shared/resource';
import { ExportButton, Heading, HStack, SimpleGrid, Stack, Text, type ChartLine } from '@trungtam/shared/ui';
import { ReportFigure, ReportProblems, ReportSection } from '../../common/reportParts';
import { ChartWithTable, count, formatRate, ListLink, percent, rateColumns, SessionsLink, sessionsUrl, SomeListed, useInsight, type FigureColumn, type InsightParams } from './insightParts';
import { INSIGHTS_TEXTS as T } from './insightTexts';

type Week = AttendanceInsight['weeks'][number];
const WEEK_COLUMNS: FigureColumn<Week>[] = [
  { header: T.week, cell: (week) => formatDate(week.week_start) },
  { header: T.rate, cell: (week) => formatRate(week.rate), alignEnd: true },
  { header: T.present, cell: (week) => count.format(week.present), alignEnd: true },
  { header: T.marked, cell: (week) => count.format(week.marked), alignEnd: true },
];
const RATE_LINES: ChartLine[] = [{ key: 'rate', label: T.rate, palette: 'blue' }];

/**
 * The schedules list's filters behind every row: the period, the centre, course and teacher the figures
 * were read with, and the roll taken (the figures count only those sessions).
 */
export function sessionsScope(params: InsightParams): Record<string, number | string | undefined> {
  return { from: params.from, to: params.to, center_id: params.center_id, product_id: params.product_id, teacher_id: params.teacher_id, attendance_taken: 1 };
}

/** "Số buổi": the row's sessions whose roll was taken, the list's total behind its link. */
function sessionsColumn<R extends { sessions: number }>(): Column<R> {
  return { header: T.sessions, cell: (row) => count.format(row.sessions), nowrap: true, alignEnd: true, card: 'line' };
}

/** The days of the week starting `monday` within the period (its first and last week in part). */
function weekWithin(monday: string, period: { from: string; to: string }) {
  const sunday = dayjs(monday, 'YYYY-MM-DD', true).add(6, 'day').format('YYYY-MM-DD');
  return { from: monday < period.from ? period.from : monday, to: sunday > period.to ? period.to : sunday };
}

export function AttendanceSection({ params }: { params: InsightParams }) {
  const report = useInsight<AttendanceInsight>('attendance', params);
  const data = report.data;
  const loading = report.isPending;
  const failed = report.isError && !report.isFetching;
  const empty = !!data && data.totals.marked === 0;
  // the sessions behind a row: the screen's period and filters, the roll taken (a row adds its own id)
  const scope = sessionsScope(params);

  return (
    <ReportSection
      title={T.attendance}
      aside={
        <HStack gap="3" wrap="wrap">
          <Text color="fg.muted">{T.rangeText(params.from, params.to)}</Text>
          <ExportButton path="/learning/insights/attendance/export" params={params} label={T.exportAttendance} />
        </HStack>
      }
    >
      <Stack gap="5" pb="5">
        <ReportProblems inset problem={null} failed={failed} error={report.error} fallback={T.failed} />
        {/* (drawn empty while the figures load, so that nothing below moves when they come) */}
        {(loading || (data && !empty)) && (
          <>
            <SimpleGrid columns={{ base: 3 }} gap="3" px="5">
              <ReportFigure label={T.rate} value={data && formatRate(data.totals.rate)} />
              <ReportFigure label={T.present} value={data && count.format(data.totals.present)} />
              <ReportFigure label={T.marked} value={data && count.format(data.totals.marked)} />
            </SimpleGrid>
            <ChartWithTable<Week>
              label={T.weeklyChart}
              tableLabel={T.weeklyTable}
              chartRows={(data?.weeks ?? []).map((week) => ({ at: week.week_start, rate: week.rate }))}
              lines={RATE_LINES}
              formatValue={(value) => percent.format(value)}
              formatTick={(at) => `${at.slice(8, 10)}/${at.slice(5, 7)}`}
              formatTime={T.weekOf}
              axisAtLeast={1}
              columns={WEEK_COLUMNS}
              rows={data?.weeks ?? []}
              rowKey={(week) => week.week_start}
              hrefOf={(monday) => sessionsUrl({ ...scope, ...weekWithin(monday, params) })}
              openLabel={T.sessionsOfWeek}
            />
          </>
        )}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <Stack gap="2">
            <Heading as="h3" size="sm" px="5">
              {T.byClass}
            </Heading>
            <SomeListed listed={data?.classes.length} total={data?.classes_total} text={T.someClasses} />
            <DataTable<AttendanceClass>
              label={T.byClassTable}
              pinLastColumn={false}
              columns={[{ header: T.className, cell: (row) => <SessionsLink query={{ ...scope, class_id: row.class_id }} name={row.class_name} />, card: 'title' }, sessionsColumn<AttendanceClass>(), ...rateColumns<AttendanceClass>()]}
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
            <SomeListed listed={data?.teachers.length} total={data?.teachers_total} text={T.someTeachers} />
            <DataTable<AttendanceTeacher>
              label={T.byTeacherTable}
              pinLastColumn={false}
              columns={[{ header: T.teacher, cell: (row) => <SessionsLink query={{ ...scope, teacher_id: row.teacher_id }} name={row.name} />, card: 'title' }, sessionsColumn<AttendanceTeacher>(), ...rateColumns<AttendanceTeacher>()]}
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
              { header: T.student, cell: (row) => <ListLink to={sessionsUrl({ ...scope, absent_student_id: row.student_id })} name={row.name} label={T.absencesOf(row.name)} />, card: 'title' },
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
    </ReportSection>
  );
}
