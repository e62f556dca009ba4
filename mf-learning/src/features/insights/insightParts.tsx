/**
 * What the operations overview's sections share: the filters they are read with, their query, number
 * formats, a chart with its table view, and the links from a figure to the list behind it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { InsightFilters } from '@trungtam/shared/contracts/insights';
import type { Column } from '@trungtam/shared/resource';
import { Link as RouterLink, useNavigate } from '@trungtam/shared/router';
import { Box, Button, Link, Stack, Table, Text, TimeSeriesChart, type ChartLine, type ChartRow } from '@trungtam/shared/ui';
import { useId, useState } from 'react';
import { INSIGHTS_TEXTS as T } from './insightTexts';

/**
 * The filters a section is read with: the period always, a centre, course or teacher only when chosen and
 * offered to this user (a filter of the URL the user is not offered is not sent: nothing on screen would
 * say why figures are missing).
 */
export type InsightParams = { from: string; to: string } & Partial<Pick<InsightFilters, 'center_id' | 'product_id' | 'teacher_id'>>;

/** A section's figures from GET /learning/insights/<section>; the previous figures stay while new ones load. */
export function useInsight<T>(section: string, params: InsightParams) {
  return useQuery({
    queryKey: ['insights', section, params],
    queryFn: async () => (await api.get<ApiData<T>>(`/learning/insights/${section}`, { params })).data.data,
    placeholderData: keepPreviousData,
  });
}

/** `parts` joined as a query string, the empty ones left out. */
export const joinQuery = (...parts: string[]) => parts.filter(Boolean).join('&');

export const percent = new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 1 });
export const formatRate = (rate: number | null) => (rate === null ? T.noRate : percent.format(rate));
export const count = new Intl.NumberFormat('vi-VN');
export const compactVnd = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });
/** YYYY-MM as MM/YYYY. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The rate, marks and present columns of a table of rates. */
export function rateColumns<R extends { marked: number; present: number; rate: number | null }>(): Column<R>[] {
  return [
    { header: T.rate, cell: (row) => formatRate(row.rate), nowrap: true, alignEnd: true, card: 'line' },
    { header: T.present, cell: (row) => count.format(row.present), nowrap: true, alignEnd: true, card: 'line' },
    { header: T.marked, cell: (row) => count.format(row.marked), nowrap: true, alignEnd: true, card: 'line' },
  ];
}

/** A link named `name` to another screen's list (`to`), read out as `label`. */
export function ListLink({ to, name, label }: { to: string; name: string; label: string }) {
  return (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <RouterLink to={to} aria-label={label}>
        {name}
      </RouterLink>
    </Link>
  );
}

/** The schedules screen's list of the sessions `query` filters (its empty values left out). */
export function sessionsUrl(query: Record<string, number | string | undefined>): string {
  const search = new URLSearchParams({ view: 'list' });
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, String(value));
  return `/learning/schedules?${search}`;
}

/** A link to the sessions behind a figure, in the schedules screen's list. */
export function SessionsLink({ query, name }: { query: Record<string, number | string | undefined>; name: string }) {
  return <ListLink to={sessionsUrl(query)} name={name} label={T.sessionsOf(name)} />;
}

export interface FigureColumn<R> {
  header: string;
  cell: (row: R) => string;
  alignEnd?: boolean;
}

/** A chart of figures over time, and the same figures as a table on demand ("Xem dạng bảng"). */
export function ChartWithTable<R>(props: {
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
  /** A row's moment: its chart point's `at`. */
  rowKey: (row: R) => string;
  /** The list behind a moment's figures: its point opens it, and its table row's first cell links to it. */
  hrefOf?: (at: string) => string;
  /** The first cell's link, read out ("Xem các buổi học của tuần từ 05/10/2026"). */
  openLabel?: (at: string) => string;
}) {
  const navigate = useNavigate();
  const { hrefOf } = props;
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
        onOpen={hrefOf && ((at) => navigate(hrefOf(at)))}
      />
      <TableView label={props.tableLabel} columns={props.columns} rows={props.rows} rowKey={props.rowKey} hrefOf={hrefOf} openLabel={props.openLabel} />
    </Stack>
  );
}

/** Says that a table lists the first rows only (INSIGHT_LIMITS.rowsListed), and of how many, when it does. */
export function SomeListed({ listed = 0, total = 0, text }: { listed?: number; total?: number; text: (listed: string, total: string) => string }) {
  return listed < total ? (
    <Text fontSize="sm" color="fg.muted" px="5">
      {text(count.format(listed), count.format(total))}
    </Text>
  ) : null;
}

/**
 * A chart's figures as a table, shown on demand ("Xem dạng bảng"): the same numbers as text. With `hrefOf`
 * each row's first cell links to the list behind its figures.
 */
export function TableView<R>(props: {
  label: string;
  columns: FigureColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  hrefOf?: (key: string) => string;
  openLabel?: (key: string) => string;
}) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  const { hrefOf } = props;
  return (
    <>
      <Box>
        <Button size="xs" variant="ghost" aria-expanded={table} aria-controls={tableId} onClick={() => setTable(!table)}>
          {table ? T.hideTable : T.showTable}
        </Button>
      </Box>
      <Box id={tableId} hidden={!table} overflowX="auto">
        {table && (
          <Table.Root size="sm" aria-label={props.label}>
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
                  {props.columns.map((column, index) => (
                    <Table.Cell key={column.header} textAlign={column.alignEnd ? 'end' : undefined} whiteSpace="nowrap">
                      {index === 0 && hrefOf ? (
                        <ListLink to={hrefOf(props.rowKey(row))} name={column.cell(row)} label={props.openLabel?.(props.rowKey(row)) ?? column.cell(row)} />
                      ) : (
                        column.cell(row)
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </>
  );
}
