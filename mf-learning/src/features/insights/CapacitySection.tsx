/**
 * Capacity. Rooms, for the period and the centre only (a room is no course's and no teacher's): one
 * centre's heat map at a time (a picker when the answer holds several, the first by default) as a table of
 * weekdays × hours whose cells say their occupancy as text and as a background of matching intensity (with
 * a legend), the same figures as a plain table on demand, and each room's use, each room opening its
 * sessions of the period. Teachers: each one's hours this month against their usual, each opening their
 * sessions of the month. "Xuất Excel" holds the same numbers.
 */
import type { CapacityCell, CapacityCentre, CapacityInsight, CapacityRoom, TeacherHours } from '@trungtam/shared/contracts/insights';
import { formatTime, VIETNAMESE_WEEKDAYS } from '@trungtam/shared/format';
import { DataTable, FilterSelect } from '@trungtam/shared/resource';
import { Box, ExportButton, Flex, Heading, HStack, Skeleton, Stack, Table, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { ReportProblems, ReportSection } from '../../common/reportParts';
import { count, ListLink, percent, sessionsUrl, TableView, useInsight, type FigureColumn, type InsightParams } from './insightParts';
import { INSIGHTS_TEXTS as T } from './insightTexts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const weekdayName = (weekday: number) => VIETNAMESE_WEEKDAYS[weekday % 7];
const hourLabel = (hour: number) => formatTime(hour, 0);
const hours = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });
const signedHours = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const signedPercent = new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const occupancyText = (occupancy: number | null) => (occupancy === null ? T.noRate : percent.format(occupancy));

/** The heat map's shades, lightest first: each its range said in the legend, the text dark or light to stay readable. */
const LEVELS = [
  { below: 0, label: '0%', bg: 'bg', color: 'fg' },
  { below: 0.2, label: 'dưới 20%', bg: 'blue.100', color: 'blue.950' },
  { below: 0.4, label: '20–40%', bg: 'blue.200', color: 'blue.950' },
  { below: 0.6, label: '40–60%', bg: 'blue.400', color: 'blue.950' },
  { below: 0.8, label: '60–80%', bg: 'blue.600', color: 'white' },
  { below: Infinity, label: 'từ 80%', bg: 'blue.800', color: 'white' },
] as const;
const levelOf = (occupancy: number) => (occupancy <= 0 ? LEVELS[0] : (LEVELS.slice(1).find((level) => occupancy < level.below) ?? LEVELS[LEVELS.length - 1]));
const NO_DATES = { bg: 'bg.muted', color: 'fg.muted' };

/** The heat map's cells as a table (its "Xem dạng bảng"). */
const CELL_COLUMNS: FigureColumn<CapacityCell>[] = [
  { header: T.heatMapWeekday, cell: (cell) => weekdayName(cell.weekday) },
  { header: T.hour, cell: (cell) => hourLabel(cell.hour) },
  { header: T.bookedHours, cell: (cell) => hours.format(cell.booked_minutes / 60), alignEnd: true },
  { header: T.availableHours, cell: (cell) => hours.format(cell.available_minutes / 60), alignEnd: true },
  { header: T.occupancy, cell: (cell) => occupancyText(cell.occupancy), alignEnd: true },
];

function HeatMap({ centre, hoursShown, from, to }: { centre: CapacityCentre; hoursShown: number[]; from: string; to: string }) {
  const cellAt = new Map(centre.cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  return (
    <Stack gap="2" px="5">
      {/* a phone scrolls the map sideways */}
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" w="auto" aria-label={T.heatMapCaption(centre.name, from, to)}>
          <Table.Caption captionSide="top" textAlign="start" fontWeight="medium" pb="2">
            {T.heatMapCaption(centre.name, from, to)}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{T.heatMapWeekday}</Table.ColumnHeader>
              {hoursShown.map((hour) => (
                <Table.ColumnHeader key={hour} scope="col" textAlign="center" px="1" fontSize="xs">
                  {hourLabel(hour)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {WEEKDAYS.map((weekday) => (
              <Table.Row key={weekday}>
                <Table.ColumnHeader scope="row" whiteSpace="nowrap">
                  {weekdayName(weekday)}
                </Table.ColumnHeader>
                {hoursShown.map((hour) => {
                  const cell = cellAt.get(`${weekday}:${hour}`);
                  const occupancy = cell?.occupancy ?? null;
                  const shade = occupancy === null ? NO_DATES : levelOf(occupancy);
                  const text = occupancyText(occupancy);
                  return (
                    <Table.Cell
                      key={hour}
                      tabIndex={0}
                      aria-label={T.heatMapCell(weekdayName(weekday), hourLabel(hour), occupancy === null ? T.noOccupancy : text)}
                      bg={shade.bg}
                      color={shade.color}
                      textAlign="center"
                      fontSize="xs"
                      px="1"
                      minW="12"
                      whiteSpace="nowrap"
                      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
                    >
                      {text}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack gap="3" wrap="wrap" fontSize="xs" aria-label={T.heatMapLegend} role="group">
        <Text fontWeight="medium">{T.heatMapLegend}:</Text>
        {LEVELS.map((level) => (
          <HStack key={level.label} gap="1">
            <Box w="4" h="4" bg={level.bg} borderWidth="1px" borderColor="border" aria-hidden />
            <Text>{level.label}</Text>
          </HStack>
        ))}
        <HStack gap="1">
          <Box w="4" h="4" bg={NO_DATES.bg} borderWidth="1px" borderColor="border" aria-hidden />
          <Text>
            {T.noRate} {T.noOccupancy.toLowerCase()}
          </Text>
        </HStack>
      </HStack>
      <TableView label={T.heatMapTable} columns={CELL_COLUMNS} rows={centre.cells} rowKey={(cell) => `${cell.weekday}:${cell.hour}`} />
    </Stack>
  );
}

export function CapacitySection({ params }: { params: InsightParams }) {
  const report = useInsight<CapacityInsight>('capacity', params);
  const data = report.data;
  const loading = report.isPending;
  const failed = report.isError && !report.isFetching;
  const [chosen, setChosen] = useState(0);
  const centre = data?.centres.find((row) => row.center_id === chosen) ?? data?.centres[0];

  return (
    <ReportSection
      title={T.capacity}
      aside={
        <HStack gap="3" wrap="wrap">
          <Text color="fg.muted">{T.rangeText(params.from, params.to)}</Text>
          <ExportButton path="/learning/insights/capacity/export" params={params} label={T.exportCapacity} />
        </HStack>
      }
    >
      <Stack gap="5" pb="5">
        <ReportProblems inset problem={null} failed={failed} error={report.error} fallback={T.capacityFailed} />
        <Stack gap="2">
          <Heading as="h3" size="sm" px="5">
            {T.heatMap}
          </Heading>
          <Text fontSize="sm" color="fg.muted" px="5">
            {T.roomsNote} {T.heatMapHint}
          </Text>
          {data && data.centres.length > 1 && (
            <Flex px="5">
              <Box minW={{ base: 'full', sm: '64' }}>
                <FilterSelect label={T.heatMapCentre} value={centre?.center_id ?? 0} options={data.centres.map((row) => ({ value: row.center_id, label: row.name }))} onChange={(id) => setChosen(Number(id))} />
              </Box>
            </Flex>
          )}
          {data && !centre && (
            <Text px="5" color="fg.muted">
              {T.noRooms}
            </Text>
          )}
          {data && centre && <HeatMap centre={centre} hoursShown={data.hours} from={data.from} to={data.to} />}
          {/* (the heat map's room while it loads, so that nothing below moves when it comes) */}
          {loading && <Skeleton h="18rem" mx="5" />}
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm" px="5">
            {T.byRoom}
            {centre && data && data.centres.length > 1 ? ` – ${centre.name}` : ''}
          </Heading>
          {data && (
            <Text fontSize="sm" color="fg.muted" px="5">
              {T.roomsHint(hourLabel(data.open_hour), hourLabel(data.close_hour))}
            </Text>
          )}
          <DataTable<CapacityRoom>
            label={T.byRoomTable}
            pinLastColumn={false}
            columns={[
              {
                header: T.room,
                cell: (row) => <ListLink to={sessionsUrl({ room_id: row.room_id, from: data?.from, to: data?.to })} name={row.name} label={T.roomSessions(row.name, count.format(row.sessions))} />,
                card: 'title',
              },
              { header: T.sessions, cell: (row) => count.format(row.sessions), nowrap: true, alignEnd: true, card: 'line' },
              { header: T.bookedHours, cell: (row) => hours.format(row.booked_minutes / 60), nowrap: true, alignEnd: true, card: 'line' },
              { header: T.occupancy, cell: (row) => occupancyText(row.occupancy), nowrap: true, alignEnd: true, card: 'line' },
            ]}
            rowId={(row) => row.room_id}
            rows={centre?.rooms ?? []}
            loading={loading}
            failed={failed}
            onRetry={() => void report.refetch()}
            emptyText={T.noRooms}
          />
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm" px="5">
            {T.teacherHours}
          </Heading>
          {data && (
            <Text fontSize="sm" color="fg.muted" px="5">
              {T.teacherHoursHint(data.month_from, data.month_to, data.usual_from, data.usual_to)}
            </Text>
          )}
          <DataTable<TeacherHours>
            label={T.teacherHoursTable}
            pinLastColumn={false}
            columns={[
              {
                header: T.teacher,
                cell: (row) =>
                  data ? (
                    <ListLink
                      to={sessionsUrl({ center_id: params.center_id, product_id: params.product_id, teacher_id: row.teacher_id, from: data.month_from, to: data.month_to, attendance_taken: 1 })}
                      name={row.name}
                      label={T.teacherSessionsOf(row.name)}
                    />
                  ) : (
                    row.name
                  ),
                card: 'title',
              },
              { header: T.hoursThisMonth, cell: (row) => hours.format(row.hours), nowrap: true, alignEnd: true, card: 'line' },
              { header: T.usualHours, cell: (row) => hours.format(row.usual_hours), nowrap: true, alignEnd: true, card: 'line' },
              { header: T.difference, cell: (row) => signedHours.format(row.difference), nowrap: true, alignEnd: true, card: 'line' },
              { header: T.differenceRate, cell: (row) => (row.difference_rate === null ? T.noUsual : signedPercent.format(row.difference_rate)), nowrap: true, alignEnd: true, card: 'line' },
              { header: T.sessions, cell: (row) => count.format(row.sessions), nowrap: true, alignEnd: true, card: 'line' },
            ]}
            rowId={(row) => row.teacher_id}
            rows={data?.teachers ?? []}
            loading={loading}
            failed={failed}
            onRetry={() => void report.refetch()}
            emptyText={T.noTeacherHours}
          />
        </Stack>
      </Stack>
    </ReportSection>
  );
}
