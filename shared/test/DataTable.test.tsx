/** The list table and its row actions, as a user meets them: states, rows, sorting, actions. */
import { fireEvent, screen, within } from '@testing-library/react';
import { DataTable, DATA_TABLE_TEXTS, type Column } from '../src/resource/DataTable';
import { RowButtons, type RowAction } from '../src/resource/RowActions';
import { CellLines, CellNote, CellStrong } from '../src/resource/cells';
import { TABLE_TEXTS } from '../src/ui/TableState';
import { renderUi } from './render';

interface Room {
  id: number;
  name: string;
  seats: number;
}

const ROOMS: Room[] = [
  { id: 1, name: 'Phòng 101', seats: 20 },
  { id: 2, name: 'Phòng 102', seats: 30 },
];

const removed: Room[] = [];
const ACTIONS: RowAction<Room>[] = [
  { key: 'delete', label: 'Xoá', icon: null, danger: true, onSelect: (room) => removed.push(room), hidden: (room) => room.id === 2 },
];

const COLUMNS: Column<Room>[] = [
  {
    header: 'Phòng',
    sortKey: 'name',
    cell: (room) => (
      <CellLines>
        <CellStrong>{room.name}</CellStrong>
        <CellNote>ID: {room.id}</CellNote>
      </CellLines>
    ),
  },
  { header: 'Số chỗ', cell: (room) => room.seats, nowrap: true },
  { header: 'Thao tác', cell: (room) => <RowButtons row={room} actions={ACTIONS} /> },
];

const table = (props: Partial<Parameters<typeof DataTable<Room>>[0]>) => (
  <DataTable label="Danh sách phòng" columns={COLUMNS} rowId={(room) => room.id} rows={[]} loading={false} {...props} />
);

describe('DataTable', () => {
  it('shows its loading row, then one row per record under the headers', async () => {
    const { rerender } = renderUi(table({ loading: true }));
    const list = screen.getByRole('table', { name: 'Danh sách phòng' });
    expect(within(list).getByRole('status')).toHaveTextContent(TABLE_TEXTS.loading);
    rerender(table({ rows: ROOMS }));
    expect(await within(list).findByText('Phòng 102')).toBeInTheDocument();
    expect(within(list).queryByRole('status')).not.toBeInTheDocument();
    const [header, first] = within(list).getAllByRole('row');
    expect(within(header).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Phòng', 'Số chỗ', 'Thao tác']);
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Phòng 101ID: 1', '20', '']);
  });

  it('says when there is nothing, and offers a retry when the list could not be loaded', async () => {
    const retry = jest.fn();
    const { rerender } = renderUi(table({ emptyText: 'Chưa có phòng nào' }));
    expect(screen.getByText('Chưa có phòng nào')).toBeInTheDocument();
    rerender(table({ failed: true, onRetry: retry }));
    fireEvent.click(await screen.findByRole('button', { name: TABLE_TEXTS.retry }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('sorts by a header that allows it and says how the list is sorted', () => {
    const onSort = jest.fn();
    renderUi(table({ rows: ROOMS, sort: { column: 'name', direction: 'DESC' }, onSort }));
    const header = screen.getByRole('columnheader', { name: /Phòng/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Số chỗ' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(header).getByRole('button', { name: /Phòng/ }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(within(header).getByRole('button')).toHaveAttribute('title', DATA_TABLE_TEXTS.sortBy('Phòng'));
  });

  it('offers a row only the actions that apply to it, each named', () => {
    renderUi(table({ rows: ROOMS }));
    const [, first, second] = screen.getAllByRole('row');
    fireEvent.click(within(first).getByRole('button', { name: 'Xoá' }));
    expect(removed).toEqual([ROOMS[0]]);
    expect(within(second).queryByRole('button', { name: 'Xoá' })).not.toBeInTheDocument();
  });
});
