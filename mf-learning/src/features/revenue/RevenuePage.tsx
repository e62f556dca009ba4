/**
 * "Doanh thu" at /learning/revenue: what the centres collected over a range of days (this month by
 * default), by day or by month, per payment method (cash, transfer, card), what was refunded and the net,
 * with the totals; per centre when the report spans several; what orders still owe now at the top; and
 * "Xuất Excel" of the same (Payment Export). The range, the grouping and the centre are kept in the URL.
 * The API keeps a giáo vụ to their centre's money. A payment taken from a student's credit is money the
 * centre already held: it is not collected, and is shown apart when there is any.
 * Loading, failed and empty states are the tables'; on a phone each period is a card (the methods that
 * took money on one line, the refunds, the net), and the periods without money are left out and counted.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { REVENUE_LIMITS, REVENUE_TEXT, type RevenueAmounts, type RevenueCenter, type RevenueGroup, type RevenueReport, type RevenueRow } from '@trungtam/shared/contracts/revenue';
import { formatVnd } from '@trungtam/shared/contracts/payments';
import { formatDate } from '@trungtam/shared/format';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { can } from '@trungtam/shared/permissions';
import { DataTable, FilterSelect, dateParam, intParam, oneOfParam, useUrlListView, type Column, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Box, Button, chakra, DateInput, ExportButton, Field, Flex, Heading, HStack, SimpleGrid, Stack, Text, useMediaQuery } from '@trungtam/shared/ui';
import { useCenterChoices } from '../../common/lookups';
import { ReportFigure, ReportProblems, ReportSection } from '../../common/reportParts';

export const REVENUE_TEXTS = {
  title: 'Doanh thu',
  from: 'Từ ngày',
  to: 'Đến ngày',
  groupBy: 'Xem theo',
  byDay: 'Theo ngày',
  byMonth: 'Theo tháng',
  center: 'Trung tâm',
  allCenters: 'Tất cả trung tâm',
  noCenter: 'Không thuộc trung tâm',
  owed: 'Còn phải thu hiện tại',
  owedColumn: 'Còn phải thu',
  owedHint: 'Các đơn chưa huỷ còn nợ, tính đến hôm nay',
  collected: 'Tổng thu',
  refunds: 'Hoàn tiền',
  net: 'Thực thu',
  cash: 'Tiền mặt',
  transfer: 'Chuyển khoản',
  card: 'Thẻ',
  creditUsed: 'Trừ vào số dư',
  creditNote: (amount: string) => `Ngoài ra ${amount} được trừ vào số dư của học viên (tiền đã thu trước đó, không tính vào tổng thu).`,
  day: 'Ngày',
  month: 'Tháng',
  monthLabel: (period: string) => `Tháng ${period.slice(5, 7)}/${period.slice(0, 4)}`,
  total: 'Tổng',
  periodsTable: 'Doanh thu theo kỳ',
  centersTitle: 'Theo trung tâm',
  centersTable: 'Doanh thu theo trung tâm',
  rangeText: (from: string, to: string) => `Từ ${formatDate(from)} đến ${formatDate(to)}`,
  empty: 'Không có khoản thu hay hoàn tiền nào trong khoảng này',
  byMethod: 'Theo hình thức',
  hiddenPeriods: (n: number, group: RevenueGroup) => `${n} ${group === 'month' ? 'tháng' : 'ngày'} không có khoản thu hay hoàn tiền nào không được liệt kê.`,
  failed: 'Không tải được báo cáo doanh thu',
} as const;
const T = REVENUE_TEXTS;

const PATH = '/learning/order/revenue';

// ---------------------------------------------------------------- the URL's state

interface RevenueFilters {
  from: string;
  to: string;
  group: RevenueGroup;
  center_id: number;
}
const monthStart = () => `${operatorToday().slice(0, 7)}-01`;
const monthEnd = () => dayjs(monthStart(), 'YYYY-MM-DD').endOf('month').format('YYYY-MM-DD');
const FILTERS: FilterCodecs<RevenueFilters> = {
  from: dateParam('from', monthStart, 'range'),
  to: dateParam('to', monthEnd, 'range'),
  group: oneOfParam<RevenueGroup>('group', ['day', 'month'], 'day'),
  center_id: intParam('center_id'),
};

const dayCount = (from: string, to: string) => dayjs(to, 'YYYY-MM-DD').diff(dayjs(from, 'YYYY-MM-DD'), 'day') + 1;
const monthCount = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

/** Why the range cannot be asked for (the API's own rules, checked before asking), or null. */
export function rangeProblem({ from, to, group }: Pick<RevenueFilters, 'from' | 'to' | 'group'>): string | null {
  if (to < from) return REVENUE_TEXT.order;
  if (group === 'day' && dayCount(from, to) > REVENUE_LIMITS.maxDays) return REVENUE_TEXT.tooManyDays;
  if (group === 'month' && monthCount(from, to) > REVENUE_LIMITS.maxMonths) return REVENUE_TEXT.tooManyMonths;
  return null;
}

// ---------------------------------------------------------------- parts

const money = (value: number, strong = false) => (strong ? <chakra.span fontWeight="semibold">{formatVnd(value)}</chakra.span> : formatVnd(value));

/** The money columns of both tables, a column per method. */
function amountColumns<R extends RevenueAmounts & { total?: boolean }>(withCredit: boolean): Column<R>[] {
  return [
    { header: T.cash, cell: (row) => money(row.cash, row.total), nowrap: true, alignEnd: true },
    { header: T.transfer, cell: (row) => money(row.transfer, row.total), nowrap: true, alignEnd: true },
    { header: T.card, cell: (row) => money(row.card, row.total), nowrap: true, alignEnd: true },
    { header: T.collected, cell: (row) => money(row.collected, true), nowrap: true, alignEnd: true },
    { header: T.refunds, cell: (row) => refunded(row.refunds), nowrap: true, alignEnd: true },
    { header: T.net, cell: (row) => money(row.net, true), nowrap: true, alignEnd: true },
    ...(withCredit ? [{ header: T.creditUsed, cell: (row: R) => money(row.credit_used, row.total), nowrap: true, alignEnd: true }] : []),
  ];
}

/**
 * The same on a phone, where each row is a card: the methods that took money on one line, then the
 * refunds and the net (a card of seven lines a day would make a month a very long page).
 */
function phoneColumns<R extends RevenueAmounts & { total?: boolean }>(): Column<R>[] {
  const methods = (row: R) =>
    (['cash', 'transfer', 'card'] as const)
      .filter((method) => row[method] > 0)
      .map((method) => `${T[method]} ${formatVnd(row[method])}`)
      .join(' · ') || '-';
  return [
    { header: T.byMethod, cell: methods, card: 'line' },
    { header: T.refunds, cell: (row) => refunded(row.refunds), card: 'line' },
    { header: T.net, cell: (row) => money(row.net, true), card: 'line' },
  ];
}

const refunded = (amount: number) => (amount ? `−${formatVnd(amount)}` : formatVnd(0));

type PeriodRow = RevenueRow & { total?: boolean };
type CenterRow = RevenueCenter & { total?: boolean; key: string };

const periodLabel = (period: string) => (period.length === 7 ? T.monthLabel(period) : formatDate(period));
const hasMoney = (row: RevenueAmounts) => row.collected !== 0 || row.refunds !== 0 || row.credit_used !== 0;
const isEmpty = (report: RevenueReport) => !hasMoney(report.totals);

/** The width under which the kit's tables show each row as a card (dataTable.css). */
const PHONE_SCREEN = '(max-width: 47.99em)';

// ---------------------------------------------------------------- the page

export function RevenuePage() {
  const me = useCurrentUser();
  const view = useUrlListView(FILTERS);
  const { filters } = view;
  const mayListCentres = can(me, 'LearningCenter', 'GetAll');
  const centres = useCenterChoices({ enabled: mayListCentres });
  // a centre of the URL this user is not offered is not sent: nothing on screen would say why money is missing
  const centerId = mayListCentres ? filters.center_id : 0;
  const problem = rangeProblem(filters);
  const params = { from: filters.from, to: filters.to, group: filters.group, ...(centerId ? { center_id: centerId } : {}) };
  const report = useQuery({
    queryKey: ['revenue', params],
    queryFn: async () => (await api.get<ApiData<RevenueReport>>(PATH, { params })).data.data,
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const data = problem === null ? report.data : undefined;
  const loading = problem === null && report.isPending;
  const failed = report.isError && !report.isFetching;
  const empty = !!data && isEmpty(data);
  const withCredit = !!data && data.totals.credit_used > 0;
  const [phone] = useMediaQuery([PHONE_SCREEN], { ssr: false });

  // on a phone, the periods without money are left out (and counted): a month is then a few cards, not thirty
  const periods = data && !empty ? (phone ? data.rows.filter(hasMoney) : data.rows) : [];
  const hiddenPeriods = data && !empty ? data.rows.length - periods.length : 0;
  const periodRows: PeriodRow[] = data && !empty ? [...periods, { period: 'total', ...data.totals, total: true }] : [];
  const centreRows: CenterRow[] = data
    ? [
        ...data.centers.map((row) => ({ ...row, key: String(row.center?.center_id ?? 0) })),
        { key: 'total', center: null, ...data.totals, owed: data.owed, total: true },
      ]
    : [];
  const set = (next: Partial<RevenueFilters>) => view.setView({ ...filters, ...next }, 1);

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {T.title}
      </Heading>

      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <ReportFigure label={T.owed} value={data && formatVnd(data.owed)} hint={T.owedHint} tone="danger" />
        <ReportFigure label={T.collected} value={data && formatVnd(data.totals.collected)} />
        <ReportFigure label={T.refunds} value={data && formatVnd(data.totals.refunds)} />
        <ReportFigure label={T.net} value={data && formatVnd(data.totals.net)} tone="accent" />
      </SimpleGrid>

      {/* both ends are needed: a box emptied keeps the range it had until a new date is typed */}
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root w="auto">
          <Field.Label>{T.from}</Field.Label>
          <DateInput value={filters.from} onChange={(from) => from && set({ from })} w="36" />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{T.to}</Field.Label>
          <DateInput value={filters.to} onChange={(to) => to && set({ to })} w="36" />
        </Field.Root>
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="1.5" id="revenue-group">
            {T.groupBy}
          </Text>
          <HStack gap="0" role="group" aria-labelledby="revenue-group">
            {(['day', 'month'] as const).map((group, index) => (
              <Button
                key={group}
                size="md"
                variant={filters.group === group ? 'solid' : 'outline'}
                aria-pressed={filters.group === group}
                borderStartRadius={index === 0 ? undefined : '0'}
                borderEndRadius={index === 0 ? '0' : undefined}
                onClick={() => set({ group })}
              >
                {group === 'day' ? T.byDay : T.byMonth}
              </Button>
            ))}
          </HStack>
        </Box>
        {mayListCentres && (
          <Box minW="56">
            <FilterSelect label={T.center} value={centerId} options={[{ value: 0, label: T.allCenters }, ...centres.options]} onChange={(id) => set({ center_id: Number(id) })} />
          </Box>
        )}
        {can(me, 'Payment', 'Export') && <ExportButton path={`${PATH}/export`} params={params} disabled={problem !== null} title={problem ?? undefined} />}
      </Flex>

      <ReportProblems problem={problem} failed={failed} error={report.error} fallback={T.failed} />

      {problem === null && (
        <>
          <ReportSection title={filters.group === 'month' ? T.byMonth : T.byDay} aside={<Text color="fg.muted">{T.rangeText(filters.from, filters.to)}</Text>}>
            <DataTable<PeriodRow>
              label={T.periodsTable}
              pinLastColumn={false}
              columns={[
                { header: filters.group === 'month' ? T.month : T.day, cell: (row) => (row.total ? <chakra.span fontWeight="bold">{T.total}</chakra.span> : periodLabel(row.period)), nowrap: true, card: 'title' },
                ...(phone ? phoneColumns<PeriodRow>() : amountColumns<PeriodRow>(withCredit)),
              ]}
              rowId={(row) => row.period}
              rows={periodRows}
              loading={loading}
              failed={failed}
              onRetry={() => void report.refetch()}
              emptyText={T.empty}
            />
            {hiddenPeriods > 0 && (
              <Text px="5" py="3" fontSize="sm" color="fg.muted" borderTopWidth="1px">
                {T.hiddenPeriods(hiddenPeriods, filters.group)}
              </Text>
            )}
          </ReportSection>
          {withCredit && data && <Text color="fg.muted">{T.creditNote(formatVnd(data.totals.credit_used))}</Text>}
          {data && data.centers.length > 1 && (
            <ReportSection title={T.centersTitle}>
              <DataTable<CenterRow>
                label={T.centersTable}
                pinLastColumn={false}
                columns={[
                  { header: T.center, cell: (row) => (row.total ? <chakra.span fontWeight="bold">{T.total}</chakra.span> : (row.center?.name ?? T.noCenter)), card: 'title' },
                  ...(phone ? phoneColumns<CenterRow>() : amountColumns<CenterRow>(withCredit)),
                  { header: T.owedColumn, cell: (row) => money(row.owed, row.total), nowrap: true, alignEnd: !phone, card: 'line' },
                ]}
                rowId={(row) => row.key}
                rows={centreRows}
                loading={false}
              />
            </ReportSection>
          )}
        </>
      )}
    </Stack>
  );
}
