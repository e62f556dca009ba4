/**
 * A table built from column definitions: each column gives its header and cell; rows are keyed by the
 * resource's id. The loading, empty and failed states are one full-width row. A table wider than its
 * frame scrolls inside it, sideways and down, under a header row that stays in view, and the last column
 * (the row actions) stays pinned to the right edge. On a phone each row is a card instead: its title
 * (the first column, unless a column says it is `card: 'title'`), up to three lines under it (the columns
 * that follow, or those that say `card: 'line'`), each with its header, and its actions at the top right;
 * the other columns are left out. The sortable headers stay above the cards as buttons. It is the same
 * table restyled by dataTable.css's media query: no script measures the screen. Restyled as blocks and
 * grids, a table's elements would lose their table semantics for a screen reader: the explicit roles
 * (table, rowgroup, row, columnheader, cell) keep them whatever the display, and each cell and header
 * says its column (aria-colindex), so a card that leaves columns out still reads each cell under its own
 * header.
 *
 * The table, its rows and cells are plain elements styled by dataTable.css (the kit's table, size sm, line
 * variant): a page of 50 rows drawn with the kit's styled table parts spent most of its script work on
 * their styles. Cells build with cells.tsx and the kit's Tag for the same reason.
 */
import { showsListState, StateNotice } from '@trungtam/shared/ui/list';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import type { ListSort } from './listState';
import type { RowSelection } from './selection';
import { selectionColumn } from './SelectionColumn';
import './dataTable.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line (a date, an amount). */
  nowrap?: boolean;
  /** Align the cell's content to the end (the right). */
  alignEnd?: boolean;
  /** The API's sort_column for this column: its header then sorts the list (ascending, then descending). */
  sortKey?: string;
  /**
   * What the column is in a row's card on a phone: its title, one of the lines under it, or left out.
   * By default the first column is the title and the three after it are the lines.
   */
  card?: CardPart;
  /** What the header shows instead of its text (the text still names the column). */
  headerContent?: ReactNode;
}

/** 'select': the row's checkbox (a card's left edge). */
export type CardPart = 'title' | 'line' | 'hidden' | 'select';

/** The lines a card has under its title when no column says which. */
export const CARD_DEFAULT_LINES = 3;

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
  /** Rows chosen for bulk actions: a checkbox column first (selection.ts). */
  selection?: RowSelection;
  /** A row's name for its checkbox ('Chọn Phòng 101'; default its id). */
  rowLabel?: (row: T) => string;
}

export const DATA_TABLE_TEXTS = { sortBy: (header: string) => `Sắp xếp theo ${header}` } as const;

const SORT_MARKS = { ASC: '▲', DESC: '▼' } as const;
const ARIA_SORT = { ASC: 'ascending', DESC: 'descending' } as const;

/**
 * The class names of a column's cells, or of its header (`header`): a pinned column (the row's actions, or a
 * button such as the audit log's "Xem thay đổi") keeps to the right edge, under its header; a header stays
 * on one line anyway.
 */
function cellClass<T>(column: Column<T>, pinned: boolean, header = false, card?: CardPart): string | undefined {
  const names = [
    !header && column.nowrap && 'data-table__nowrap',
    (column.alignEnd || pinned) && 'data-table__end',
    pinned && 'data-table__pinned',
    !pinned && card && `data-table__card-${card}`,
  ].filter(Boolean);
  return names.length ? names.join(' ') : undefined;
}

/**
 * Each column's part of a row's card (the pinned actions column has its own place): the declared parts,
 * else the first column as the title and the next CARD_DEFAULT_LINES columns as its lines.
 */
export function cardParts<T>(columns: readonly Column<T>[], pinnedIndex: number): CardPart[] {
  const declaresTitle = columns.some((column) => column.card === 'title');
  const declaresLines = columns.some((column) => column.card === 'line');
  const title = declaresTitle
    ? columns.findIndex((column) => column.card === 'title')
    : columns.findIndex((column, index) => index !== pinnedIndex && column.card !== 'hidden' && column.card !== 'select');
  let lines = 0;
  return columns.map((column, index) => {
    if (column.card === 'select') return 'select';
    if (index === title) return 'title';
    if (index === pinnedIndex || column.card === 'hidden' || column.card === 'title') return 'hidden';
    if (declaresLines) return column.card === 'line' ? 'line' : 'hidden';
    if (index < title || lines >= CARD_DEFAULT_LINES) return 'hidden';
    lines += 1;
    return 'line';
  });
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns: ownColumns, rowId, pinLastColumn = true, sort, onSort, emptyText, onRetry, selection, rowLabel } = props;
  const columns: Column<T>[] = selection ? [selectionColumn(selection, rowId, rowLabel), ...ownColumns] : ownColumns;
  const last = pinLastColumn ? columns.length - 1 : -1;
  const parts = cardParts(columns, last);
  // A page of rows arrives as an update React renders in one piece, blocking the page for as long as
  // 50 rows take to draw (on a phone, several hundred milliseconds). Deferred, they are drawn by a
  // render React interrupts every few milliseconds to let the page answer; until it is done the table
  // shows what it showed before (its loading row, or the previous page).
  const { rows, loading, failed } = useDeferredValue(
    useMemo(() => ({ rows: props.rows, loading: props.loading, failed: props.failed ?? false }), [props.rows, props.loading, props.failed]),
  );
  // (a failure with the previous page still there shows that page)
  const state = { loading, rowCount: rows.length, failed: failed && rows.length === 0 };
  return (
    <div className="data-table__scroll">
      <table role="table" className="data-table" aria-label={label} aria-busy={loading} aria-colcount={columns.length}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column, index) => {
              const sorted = column.sortKey && sort?.column === column.sortKey ? sort.direction : undefined;
              return (
                <th
                  key={column.header}
                  role="columnheader"
                  aria-colindex={index + 1}
                  className={cellClass(column, index === last, true)}
                  aria-sort={column.sortKey && onSort ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                >
                  {column.sortKey && onSort ? (
                    <button type="button" className="data-table__sort" title={DATA_TABLE_TEXTS.sortBy(column.header)} onClick={() => onSort(column.sortKey!)}>
                      {column.header}
                      <span aria-hidden className={sorted ? 'data-table__sort-mark data-table__sort-mark--active' : 'data-table__sort-mark'}>
                        {sorted ? SORT_MARKS[sorted] : '↕'}
                      </span>
                    </button>
                  ) : (
                    (column.headerContent ?? column.header)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {!loading &&
            rows.map((row) => (
              <tr key={rowId(row)} role="row" aria-selected={selection ? selection.isSelected(rowId(row) as number) : undefined}>
                {columns.map((column, index) => (
                  // (a card's line shows its header above it: the header row is not shown on a phone)
                  <td
                    key={column.header}
                    role="cell"
                    aria-colindex={index + 1}
                    className={cellClass(column, index === last, false, parts[index])}
                    data-label={parts[index] === 'line' ? column.header : undefined}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          {showsListState(state) && (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className="data-table__state">
                <StateNotice {...state} onRetry={onRetry} emptyText={emptyText} />
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
