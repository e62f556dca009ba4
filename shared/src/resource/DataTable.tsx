/**
 * A table built from column definitions: each column gives its header and cell; rows are keyed by the
 * resource's id. The loading, empty and failed states are one full-width row. On a narrow screen the
 * table scrolls sideways under headers that keep to one line, and the last column (the row actions)
 * stays pinned to the right edge, so every action is reachable on a phone.
 */
import { Box, Table, TableStateRow } from '@trungtam/shared/ui';
import type { ComponentProps, ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  cellProps?: ComponentProps<typeof Table.Cell>;
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
}

const pinnedEnd = { position: 'sticky', insetEnd: 0, bg: 'bg', zIndex: 1, boxShadow: '-6px 0 6px -6px rgba(0,0,0,0.15)' } as const;

export function DataTable<T>({ label, columns, rows, rowId, loading, failed = false, onRetry, pinLastColumn = true }: DataTableProps<T>) {
  const last = pinLastColumn ? columns.length - 1 : -1;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label={label} aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={column.header} whiteSpace="nowrap" {...(index === last ? { textAlign: 'end', ...pinnedEnd } : {})}>
                {column.header}
              </Table.ColumnHeader>
            ))}
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
          <TableStateRow colSpan={columns.length} loading={loading} rowCount={rows.length} failed={failed && rows.length === 0} onRetry={onRetry} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
