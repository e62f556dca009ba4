/**
 * "Tình trạng": an area's health over the last 24 hours (or 7 days), its stable build beside its
 * candidate (one above the other on a phone): page views, error rate, load failures, render and
 * unhandled errors, p75 LCP / INP / CLS; page views and error rate over time for both builds, each chart
 * with its figures as a table ("Xem dạng bảng"); each build's most frequent errors; and the rollout
 * guard: watching, paused or nothing to watch, its rule, its last decision, and its settings.
 */
import { COHORTS, type Cohort } from '@trungtam/shared/contracts/telemetry';
import { formatDateMinute, formatNumber } from '@trungtam/shared/format';
import { inOperatorZone } from '@trungtam/shared/operatorDate';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import type { AreaHealthRecord, CohortHealthRecord, GuardSettingsRecord } from '@trungtam/shared/schemas/telemetry';
import { Badge, Box, Button, Fact, Flex, Heading, HStack, SimpleGrid, Stack, StateNotice, Table, Text, TimeSeriesChart, type ChartLine, type ChartRow } from '@trungtam/shared/ui';
import { useId, useState } from 'react';
import { useAreaHealth, type HealthPeriod } from './api';
import { DECISION_FIGURE_LABELS, formatDecisionFigure, formatMs, formatPercent, HEALTH_TEXTS as T } from './healthTexts';


/** Stable and candidate told apart by their names and by a solid or dashed line, not by colour alone. */
const LINES: ChartLine[] = [
  { key: 'stable', label: T.cohorts.stable, palette: 'blue' },
  { key: 'candidate', label: T.cohorts.candidate, palette: 'orange', dashed: true },
];

/** Whether a build has anything measured in the period. */
const measured = (cohort: CohortHealthRecord) => cohort.totals.page_views > 0 || cohort.series.length > 0 || cohort.top_errors.length > 0;

/** One row per moment either build has a point at, oldest first, with each build's value of `figure` (null where it has none). */
export function seriesRows(health: AreaHealthRecord, figure: 'page_views' | 'error_rate'): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  for (const cohort of COHORTS) {
    for (const point of health[cohort].series) {
      const row = rows.get(point.at) ?? { at: point.at, stable: null, candidate: null };
      row[cohort] = point[figure];
      rows.set(point.at, row);
    }
  }
  return [...rows.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

const orNone = (value: number | null, format: (value: number) => string) => (value === null ? T.noValue : format(value));
const formatCls = (value: number) => formatNumber(Math.round(value * 100) / 100);

function Percentile({ value, samples, format }: { value: number | null; samples: number; format: (value: number) => string }) {
  return (
    <Text>
      {orNone(value, format)}{' '}
      <Text as="span" fontSize="xs" color="fg.muted">
        ({T.samples(samples)})
      </Text>
    </Text>
  );
}

function CohortFigures({ cohort, health }: { cohort: Cohort; health: CohortHealthRecord }) {
  const headingId = useId();
  const { totals } = health;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="3">
      <Heading as="h4" size="sm" id={headingId}>
        {T.cohorts[cohort]}
      </Heading>
      <Text fontSize="xs" color="fg.muted" mb="3">
        {T.versions(health.versions)}
      </Text>
      {measured(health) ? (
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" aria-label={T.figures(T.cohorts[cohort])} role="group">
          <Fact label={T.pageViews}>
            <Text fontWeight="semibold">{formatNumber(totals.page_views)}</Text>
          </Fact>
          <Fact label={T.errorRate}>
            <Text fontWeight="semibold">{orNone(totals.error_rate, formatPercent)}</Text>
          </Fact>
          <Fact label={T.loadFailures}>
            <Text>{formatNumber(totals.load_failures)}</Text>
          </Fact>
          <Fact label={T.renderErrors}>
            <Text>{formatNumber(totals.render_errors)}</Text>
          </Fact>
          <Fact label={T.unhandledErrors}>
            <Text>{formatNumber(totals.unhandled_errors)}</Text>
          </Fact>
          <Fact label={T.lcp}>
            <Percentile value={totals.lcp.p75} samples={totals.lcp.samples} format={formatMs} />
          </Fact>
          <Fact label={T.inp}>
            <Percentile value={totals.inp.p75} samples={totals.inp.samples} format={formatMs} />
          </Fact>
          <Fact label={T.cls}>
            <Percentile value={totals.cls.p75} samples={totals.cls.samples} format={formatCls} />
          </Fact>
        </SimpleGrid>
      ) : (
        <Text color="fg.muted">{T.cohortEmpty}</Text>
      )}
    </Box>
  );
}

/** The instant as the charts' axis reads it: the hour over a day, the date over a week (the operator's clock). */
const tickOf = (period: HealthPeriod) => (at: string) => inOperatorZone(at)?.format(period === 'day' ? 'HH:mm' : 'DD/MM') ?? '';

function SeriesTable({ health }: { health: AreaHealthRecord }) {
  const views = seriesRows(health, 'page_views');
  const rates = new Map(seriesRows(health, 'error_rate').map((row) => [row.at, row]));
  const cell = (value: ChartRow[string] | undefined, format: (value: number) => string) => (typeof value === 'number' ? format(value) : T.noValue);
  return (
    <Box overflow="auto" maxH="80" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={T.seriesTable} stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.time}</Table.ColumnHeader>
            {COHORTS.map((cohort) => (
              <Table.ColumnHeader key={`views-${cohort}`} textAlign="end">
                {T.seriesColumn(T.pageViews, T.cohorts[cohort])}
              </Table.ColumnHeader>
            ))}
            {COHORTS.map((cohort) => (
              <Table.ColumnHeader key={`rate-${cohort}`} textAlign="end">
                {T.seriesColumn(T.errorRate, T.cohorts[cohort])}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {views.map((row) => (
            <Table.Row key={row.at}>
              <Table.Cell whiteSpace="nowrap">{formatDateMinute(row.at)}</Table.Cell>
              {COHORTS.map((cohort) => (
                <Table.Cell key={`views-${cohort}`} textAlign="end">
                  {cell(row[cohort], formatNumber)}
                </Table.Cell>
              ))}
              {COHORTS.map((cohort) => (
                <Table.Cell key={`rate-${cohort}`} textAlign="end">
                  {cell(rates.get(row.at)?.[cohort], formatPercent)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Charts({ health, period }: { health: AreaHealthRecord; period: HealthPeriod }) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  const tick = tickOf(period);
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {(
          [
            ['page_views', T.pageViewsChart, formatNumber, undefined],
            // (an axis of at least 1 %: a build without errors reads 0–1 %, not 0–400 %)
            ['error_rate', T.errorRateChart, formatPercent, 0.01],
          ] as const
        ).map(([figure, label, format, axisAtLeast]) => (
          <Stack gap="1" key={figure}>
            <Text fontSize="sm" fontWeight="medium">
              {label}
            </Text>
            <TimeSeriesChart
              label={label}
              rows={seriesRows(health, figure)}
              lines={LINES}
              formatValue={format}
              formatTick={tick}
              formatTime={formatDateMinute}
              axisAtLeast={axisAtLeast}
              placeholder={T.chartLoading}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <Box>
        <Button size="xs" variant="ghost" aria-expanded={table} aria-controls={tableId} onClick={() => setTable(!table)}>
          {table ? T.hideTable : T.showTable}
        </Button>
      </Box>
      <Box id={tableId} hidden={!table}>
        {table && <SeriesTable health={health} />}
      </Box>
    </Stack>
  );
}

function TopErrors({ cohort, health }: { cohort: Cohort; health: CohortHealthRecord }) {
  const label = T.topErrorsOf(T.cohorts[cohort]);
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        {T.cohorts[cohort]}
      </Text>
      {health.top_errors.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {T.noErrors}
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={label}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{T.errorType}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.frame}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.version}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{T.count}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.firstSeen}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.lastSeen}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {health.top_errors.map((error) => (
                <Table.Row key={`${error.kind}|${error.type}|${error.frame}|${error.version}`}>
                  <Table.Cell>
                    <Text fontWeight="medium">{error.type}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {T.kinds[error.kind] ?? error.kind}
                    </Text>
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all" minW="48">
                    {error.frame}
                  </Table.Cell>
                  <Table.Cell>{error.version}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(error.count)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateMinute(error.first_seen)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateMinute(error.last_seen)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function Guard({ area, guard, onSettings }: { area: RemoteArea; guard: AreaHealthRecord['guard']; onSettings: () => void }) {
  const headingId = useId();
  const { settings, last_decision: decision } = guard;
  const state = !area.candidate ? { text: T.guardNoCandidate, palette: 'gray' } : settings.paused ? { text: T.guardPaused, palette: 'orange' } : { text: T.guardWatching, palette: 'green' };
  const figures = decision ? Object.entries(decision.figures) : [];
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="3">
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="3" wrap="wrap" mb="2">
        <HStack gap="2">
          <Heading as="h4" size="sm" id={headingId}>
            {T.guard}
          </Heading>
          <Badge colorPalette={state.palette}>{state.text}</Badge>
        </HStack>
        <Button size="xs" variant="outline" onClick={onSettings}>
          {T.guardSettings}
        </Button>
      </Flex>
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {settings.paused
            ? T.guardPausedRule
            : T.guardRule(settings.min_page_views, settings.error_rate_factor, settings.error_rate_floor, settings.inp_worse_by, settings.min_inp_samples)}
        </Text>
        <Box>
          <Text fontSize="xs" color="fg.muted">
            {T.lastDecision}
          </Text>
          {decision ? (
            <Stack gap="1">
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette={decision.action === 'rolled_back' ? 'red' : 'green'}>{decision.action === 'rolled_back' ? T.guardRolledBackTag : T.guardKeptTag}</Badge>
                <Text fontWeight="medium">
                  {decision.action === 'rolled_back' ? T.rolledBack(decision.version, formatDateMinute(decision.at)) : T.kept(decision.version, formatDateMinute(decision.at))}
                </Text>
              </HStack>
              <Text>
                {T.reason}: {decision.reason}
              </Text>
              {figures.length > 0 && (
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" role="group" aria-label={T.decisionFigures}>
                  {figures.map(([name, value]) => (
                    <Fact key={name} label={DECISION_FIGURE_LABELS[name] ?? name}>
                      <Text>{formatDecisionFigure(name, value)}</Text>
                    </Fact>
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          ) : (
            <Text color="fg.muted">{T.noDecision}</Text>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

export interface AreaHealthPanelProps {
  area: RemoteArea;
  /** Opens the guard's settings form with the settings shown. */
  onGuardSettings: (area: RemoteArea, settings: GuardSettingsRecord) => void;
}

export function AreaHealthPanel({ area, onGuardSettings }: AreaHealthPanelProps) {
  const [period, setPeriod] = useState<HealthPeriod>('day');
  const health = useAreaHealth(area.name, period);
  const headingId = useId();
  const data = health.data;
  const failed = health.isError && !data;
  const hasData = !!data && COHORTS.some((cohort) => measured(data[cohort]));
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="3" wrap="wrap" mb="3">
        <Heading as="h3" size="sm" id={headingId}>
          {T.title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <HStack gap="1" role="group" aria-label={T.period}>
            {(['day', 'week'] as const).map((choice) => (
              <Button key={choice} size="xs" variant={period === choice ? 'solid' : 'outline'} aria-pressed={period === choice} onClick={() => setPeriod(choice)}>
                {T.periods[choice]}
              </Button>
            ))}
          </HStack>
          <Button size="xs" variant="ghost" onClick={() => void health.refetch()} disabled={health.isFetching} aria-busy={health.isFetching}>
            {health.isFetching && !health.isPending ? T.refreshing : T.refresh}
          </Button>
        </HStack>
      </Flex>
      <StateNotice loading={health.isPending} failed={failed} rowCount={data ? 1 : 0} onRetry={() => void health.refetch()} />
      {data && (
        <Stack gap="4">
          {hasData ? (
            <>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {COHORTS.map((cohort) => (
                  <CohortFigures key={cohort} cohort={cohort} health={data[cohort]} />
                ))}
              </SimpleGrid>
              <Charts health={data} period={period} />
              <Stack gap="2">
                <Heading as="h4" size="sm">
                  {T.topErrors}
                </Heading>
                {(['candidate', 'stable'] as const).map((cohort) => (
                  <TopErrors key={cohort} cohort={cohort} health={data[cohort]} />
                ))}
              </Stack>
            </>
          ) : (
            <Text color="fg.muted">{T.empty}</Text>
          )}
          <Guard area={area} guard={data.guard} onSettings={() => onGuardSettings(area, data.guard.settings)} />
        </Stack>
      )}
    </Box>
  );
}
