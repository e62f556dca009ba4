/**
 * A table built from column definitions: each column gives its header and cell; rows are keyed by the
 * resource's id. The loading, empty and failed states are one full-width row. On a narrow screen the
 * table scrolls sideways under headers that keep to one line, and the last column (the row actions)
 * stays pinned to the right edge, so every action is reachable on a phone.
 */
import { Box, Button, Table, TableStateRow } from '@trungtam/shared/ui/core';
import type { ComponentProps, ReactNode } from 'react';
import type { ListSort } from './listState';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  cellProps?: ComponentProps<typeof Table.Cell>;
  /** The API's sort_column for this column: its header then sorts the list (ascending, then descending). */
  sortKey?: string;
}

/** What a list gives its table: the rows and the state of their loading. */
export interface RowsState<T> {
  rows: T[];
  loading: boolean;
  /** The list could not be loaded: a notice with a retry instead of the empty row. */
  failed?: boolean;
  onRetry?: () => void;
}

export interface DataTableProps<T> extends RowsState<T> {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rowId: (row: T) => number | string;
  /** Pin the last column (the actions) to the right edge; on by default. */
  pinLastColumn?: boolean;
  /** The list's sort (from the URL) and what a sortable header does when clicked. */
  sort?: ListSort | null;
  onSort?: (sortKey: string) => void;
  /** What the table says when there is no row (default: 'Không có dữ liệu'). */
  emptyText?: string;
}

export const DATA_TABLE_TEXTS = { sortBy: (header: string) => `Sắp xếp theo ${header}` } as const;

const SORT_MARKS = { ASC: '▲', DESC: '▼' } as const;
const ARIA_SORT = { ASC: 'ascending', DESC: 'descending' } as const;

const pinnedEnd = { position: 'sticky', insetEnd: 0, bg: 'bg', zIndex: 1, boxShadow: '-6px 0 6px -6px rgba(0,0,0,0.15)' } as const;

export function DataTable<T>({ label, columns, rows, rowId, loading, failed = false, onRetry, pinLastColumn = true, sort, onSort, emptyText }: DataTableProps<T>) {
  const last = pinLastColumn ? columns.length - 1 : -1;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label={label} aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => {
              const sorted = column.sortKey && sort?.column === column.sortKey ? sort.direction : undefined;
              return (
                <Table.ColumnHeader
                  key={column.header}
                  whiteSpace="nowrap"
                  aria-sort={column.sortKey && onSort ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                  {...(index === last ? { textAlign: 'end', ...pinnedEnd } : {})}
                >
                  {column.sortKey && onSort ? (
                    <Button
                      variant="plain"
                      size="xs"
                      px="0"
                      h="auto"
                      fontSize="inherit"
                      fontWeight="inherit"
                      title={DATA_TABLE_TEXTS.sortBy(column.header)}
                      onClick={() => onSort(column.sortKey!)}
                    >
                      {column.header}
                      <Box as="span" aria-hidden color={sorted ? 'fg' : 'fg.subtle'} fontSize="2xs">
                        {sorted ? SORT_MARKS[sorted] : '↕'}
                      </Box>
                    </Button>
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!loading &&
            rows.map((row) => (
              <Table.Row key={rowId(row)}>
                {columns.map((column, index) => (
                  <Table.Cell key={column.header} {...column.cellProps} {...(index === last ? pinnedEnd : {})}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          <TableStateRow colSpan={columns.length} loading={loading} rowCount={rows.length} failed={failed && rows.length === 0} onRetry={onRetry} emptyText={emptyText} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
