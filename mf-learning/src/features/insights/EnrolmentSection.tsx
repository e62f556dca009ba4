/**
 * Enrolment, through each enrolment's class (its centre, course and teacher): the students and enrolments
 * active at the period's end, those started and ended in it, and "Sắp hết buổi" (now, for the centre: the
 * low-balance list's total, opening it); per month the active enrolments and students as a chart, with the
 * started and ended in its table; the running classes' fill (enrolled ÷ capacity, the fullest first), each
 * opening its sessions; "Xuất Excel".
 */
import type { EnrolmentClass, EnrolmentInsight, EnrolmentMonth } from '@trungtam/shared/contracts/insights';
import { DataTable } from '@trungtam/shared/resource';
import { ExportButton, Heading, SimpleGrid, Stack, Text, type ChartLine } from '@trungtam/shared/ui';
import { ReportFigure, ReportProblems, ReportSection } from '../../common/reportParts';
import { ChartWithTable, count, monthLabel, percent, SessionsLink, SomeListed, useInsight, type FigureColumn, type InsightParams } from './insightParts';
import { INSIGHTS_TEXTS as T } from './insightTexts';

const ENROLMENT_LINES: ChartLine[] = [
  { key: 'active', label: T.activeEnrolments, palette: 'blue' },
  { key: 'students', label: T.activeStudents, palette: 'green', dashed: true },
];
const MONTH_COLUMNS: FigureColumn<EnrolmentMonth>[] = [
  { header: T.month, cell: (row) => monthLabel(row.month) },
  { header: T.started, cell: (row) => count.format(row.started), alignEnd: true },
  { header: T.ended, cell: (row) => count.format(row.ended), alignEnd: true },
  { header: T.monthEnd, cell: (row) => count.format(row.active), alignEnd: true },
  { header: T.studentsEnd, cell: (row) => count.format(row.students), alignEnd: true },
];

const enrolledText = (row: EnrolmentClass) =>
  `${T.enrolledOf(count.format(row.enrolled), row.capacity === null ? null : count.format(row.capacity))}${row.capacity_from === 'room' ? ` ${T.roomCapacity}` : ''}`;

export function EnrolmentSection({ params }: { params: InsightParams }) {
  const report = useInsight<EnrolmentInsight>('enrolment', params);
  const data = report.data;
  const failed = report.isError && !report.isFetching;
  const moved = !!data && data.months.some((row) => row.active > 0 || row.started > 0 || row.ended > 0);
  // "Sắp hết buổi" is the low-balance list's total for the same centre: the link opens that very list
  const lowBalanceTo = `/learning/low-balance${params.center_id ? `?center_id=${params.center_id}` : ''}`;
  const scope = params.center_id ? { center_id: params.center_id } : {};

  return (
    <ReportSection title={T.enrolment} aside={<ExportButton path="/learning/insights/enrolment/export" params={params} label={T.exportEnrolment} />}>
      <Stack gap="5" pb="5">
        <Text fontSize="sm" color="fg.muted" px="5">
          {T.enrolmentNote}
        </Text>
        <ReportProblems inset problem={null} failed={failed} error={report.error} fallback={T.enrolmentFailed} />
        {(data || !failed) && (
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="3" px="5">
            <ReportFigure label={T.activeStudents} value={data && count.format(data.totals.students)} tone="accent" />
            <ReportFigure label={T.activeEnrolments} value={data && count.format(data.totals.active)} />
            <ReportFigure label={T.started} value={data && count.format(data.totals.started)} />
            <ReportFigure label={T.ended} value={data && count.format(data.totals.ended)} hint={T.endedHint} />
            <ReportFigure label={T.lowBalance} value={data && count.format(data.low_balance)} hint={T.lowBalanceHint} to={lowBalanceTo} openLabel={T.openList} tone="danger" />
          </SimpleGrid>
        )}
        {data && !moved && (
          <Text color="fg.muted" px="5">
            {T.noEnrolments}
          </Text>
        )}
        {/* (drawn empty while the figures load, so that nothing below moves when they come) */}
        {(report.isPending || (data && moved)) && (
          <ChartWithTable<EnrolmentMonth>
            label={T.enrolmentChart}
            tableLabel={T.enrolmentTable}
            chartRows={(data?.months ?? []).map((row) => ({ at: row.month, active: row.active, students: row.students }))}
            lines={ENROLMENT_LINES}
            formatValue={(value) => count.format(value)}
            formatTick={monthLabel}
            formatTime={T.monthOf}
            columns={MONTH_COLUMNS}
            rows={data?.months ?? []}
            rowKey={(row) => row.month}
          />
        )}
        <Stack gap="2">
          <Heading as="h3" size="sm" px="5">
            {T.fill}
          </Heading>
          <Text fontSize="sm" color="fg.muted" px="5">
            {T.fillHint}
          </Text>
          <SomeListed listed={data?.classes.length} total={data?.classes_total} text={T.someFullClasses} />
          <DataTable<EnrolmentClass>
            label={T.fillTable}
            pinLastColumn={false}
            columns={[
              { header: T.className, cell: (row) => <SessionsLink query={{ ...scope, class_id: row.class_id }} name={row.class_name} />, card: 'title' },
              { header: T.enrolled, cell: enrolledText, nowrap: true, alignEnd: true, card: 'line' },
              { header: T.fillRate, cell: (row) => (row.fill === null ? T.noCapacity : percent.format(row.fill)), nowrap: true, alignEnd: true, card: 'line' },
            ]}
            rowId={(row) => row.class_id}
            rows={data?.classes ?? []}
            loading={report.isPending}
            failed={failed}
            onRetry={() => void report.refetch()}
            emptyText={T.noClasses}
          />
        </Stack>
      </Stack>
    </ReportSection>
  );
}
