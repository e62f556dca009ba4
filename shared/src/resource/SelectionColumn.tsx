/**
 * The checkbox column of a list whose rows may be chosen for bulk actions (DataTable's `selection`): a
 * checkbox per row, and in the header one for the whole page (checked, mixed or not). Native checkboxes:
 * Space toggles them, each named by its row. On a phone it is the card's left edge.
 */
import type { ReactNode } from 'react';
import type { RowSelection } from './selection';

/** The column as DataTable takes it (a Column whose card part is 'select'). */
export interface SelectionColumn<T> {
  header: string;
  card: 'select';
  headerContent: ReactNode;
  cell: (row: T) => ReactNode;
}

export const SELECTION_TEXTS = {
  column: 'Chọn',
  page: 'Chọn mọi dòng của trang',
  row: (name: string) => `Chọn ${name}`,
} as const;

export function selectionColumn<T>(selection: RowSelection, rowId: (row: T) => number | string, rowLabel?: (row: T) => string): SelectionColumn<T> {
  return {
    header: SELECTION_TEXTS.column,
    card: 'select',
    headerContent: (
      <input
        type="checkbox"
        className="data-table__checkbox"
        aria-label={SELECTION_TEXTS.page}
        checked={selection.pageState === 'all'}
        ref={(input) => {
          if (input) input.indeterminate = selection.pageState === 'some';
        }}
        onChange={selection.togglePage}
      />
    ),
    cell: (row) => {
      const id = rowId(row) as number;
      return (
        <input
          type="checkbox"
          className="data-table__checkbox"
          aria-label={SELECTION_TEXTS.row(rowLabel?.(row) ?? `dòng ${id}`)}
          checked={selection.isSelected(id)}
          onChange={() => selection.toggle(id)}
        />
      );
    },
  };
}
