/**
 * Money, for the period and the centre only (what a payment or a debt belongs to is its centre): collected
 * per month and method, owed and overdue now, collected per course; each figure opens its list.
 */
import type { MoneyCourse, MoneyInsight, MoneyMonth } from '@trungtam/shared/contracts/insights';
import { formatVnd } from '@trungtam/shared/contracts/payments';
import { dayjs } from '@trungtam/shared/operatorDate';
import { DataTable } from '@trungtam/shared/resource';
import { ExportButton, Heading, SimpleGrid, Stack, Text, type ChartLine } from '@trungtam/shared/ui';
import { ReportFigure, ReportProblems, ReportSection } from '../../common/reportParts';
import { ChartWithTable, compactVnd, joinQuery, ListLink, monthLabel, useInsight, type FigureColumn, type InsightParams } from './insightParts';
import { INSIGHTS_TEXTS as T } from './insightTexts';

const MONEY_LINES: ChartLine[] = [
  { key: 'cash', label: T.cash, palette: 'green' },
  { key: 'transfer', label: T.transfer, palette: 'blue', dashed: true },
  { key: 'card', label: T.card, palette: 'orange' },
];
const MONTH_COLUMNS: FigureColumn<MoneyMonth>[] = [
  { header: T.month, cell: (row) => monthLabel(row.month) },
  { header: T.cash, cell: (row) => formatVnd(row.cash), alignEnd: true },
  { header: T.transfer, cell: (row) => formatVnd(row.transfer), alignEnd: true },
  { header: T.card, cell: (row) => formatVnd(row.card), alignEnd: true },
  { header: T.collected, cell: (row) => formatVnd(row.collected), alignEnd: true },
];

/** The revenue screen's days of `month` within the period read (its first and last month in part), in the centre: their total is the month's. */
function revenueOfMonth(month: string, period: { from: string; to: string }, centre: string) {
  const first = `${month}-01`;
  const last = dayjs(first, 'YYYY-MM-DD', true).endOf('month').format('YYYY-MM-DD');
  const from = first < period.from ? period.from : first;
  const to = last > period.to ? period.to : last;
  return `/learning/revenue?${joinQuery(`from=${from}`, `to=${to}`, 'group=day', centre)}`;
}

export function MoneySection({ params: screen }: { params: InsightParams }) {
  // the course and teacher filters do not narrow money
  const params = { from: screen.from, to: screen.to, ...(screen.center_id ? { center_id: screen.center_id } : {}) };
  const report = useInsight<MoneyInsight>('money', params);
  const data = report.data;
  const failed = report.isError && !report.isFetching;
  const centre = params.center_id ? `center_id=${params.center_id}` : '';
  return (
    <ReportSection title={T.money} aside={<ExportButton path="/learning/insights/money/export" params={params} label={T.exportMoney} />}>
      <Stack gap="5" pb="5">
        <Text fontSize="sm" color="fg.muted" px="5">
          {T.moneyNote}
        </Text>
        <ReportProblems inset problem={null} failed={failed} error={report.error} fallback={T.moneyFailed} />
        {/* (the figures and the chart are drawn empty while they load, so that nothing below moves when they come) */}
        {(data || !failed) && (
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" px="5">
            <ReportFigure label={T.collected} value={data && formatVnd(data.collected)} to={`/learning/revenue?${joinQuery(`from=${params.from}`, `to=${params.to}`, 'group=month', centre)}`} openLabel={T.openList} />
            <ReportFigure label={T.owed} value={data && formatVnd(data.owed)} to={`/learning/debts${centre ? `?${centre}` : ''}`} openLabel={T.openList} />
            <ReportFigure label={T.overdue} value={data && formatVnd(data.overdue)} to={`/learning/debts?${joinQuery(centre, 'overdue=1')}`} openLabel={T.openList} tone="danger" />
          </SimpleGrid>
        )}
        {(report.isPending || (data && data.collected > 0)) && (
          <ChartWithTable<MoneyMonth>
            label={T.monthlyChart}
            tableLabel={T.monthlyTable}
            chartRows={(data?.months ?? []).map((row) => ({ at: row.month, cash: row.cash, transfer: row.transfer, card: row.card }))}
            lines={MONEY_LINES}
            formatValue={(value) => compactVnd.format(value)}
            formatTick={monthLabel}
            formatTime={T.monthOf}
            columns={MONTH_COLUMNS}
            rows={data?.months ?? []}
            rowKey={(row) => row.month}
            hrefOf={(month) => revenueOfMonth(month, params, centre)}
            openLabel={T.revenueOf}
          />
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
                  row.product_id === null ? row.name : <ListLink to={`/learning/classes?${joinQuery(centre, `product_id=${row.product_id}`)}`} name={row.name} label={T.classesOf(row.name)} />,
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
    </ReportSection>
  );
}
