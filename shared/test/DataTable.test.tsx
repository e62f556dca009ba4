/** The list table and its row actions, as a user meets them: states, rows, sorting, actions. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { cardParts, DataTable, DATA_TABLE_TEXTS, type Column } from '../src/resource/DataTable';
import { useRowSelection } from '../src/resource/selection';
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

describe('DataTable on a phone: a card per row', () => {
  interface Student {
    id: number;
    name: string;
  }
  const text = (header: string, card?: Column<Student>['card']): Column<Student> => ({ header, cell: (row) => `${header} ${row.id}`, ...(card ? { card } : {}) });
  const WIDE = ['Học viên', 'Email', 'Nguồn', 'Người đại diện', 'Đăng nhập lần cuối'].map((header) => text(header));
  const withActions = [...WIDE, { header: 'Thao tác', cell: () => <button type="button">Sửa</button> }];
  const cardOf = (columns: Column<Student>[]) => {
    renderUi(<DataTable label="Học viên" columns={columns} rowId={(row) => row.id} rows={[{ id: 1, name: 'Lan' }]} loading={false} />);
    const [, row] = screen.getAllByRole('row');
    return within(row)
      .getAllByRole('cell')
      .map((cell) => ({ text: cell.textContent, className: cell.className, label: cell.getAttribute('data-label') }));
  };

  it('by default: the first column its title, the three after it its lines under their headers, the actions apart', () => {
    expect(cardOf(withActions)).toEqual([
      { text: 'Học viên 1', className: 'data-table__card-title', label: null },
      { text: 'Email 1', className: 'data-table__card-line', label: 'Email' },
      { text: 'Nguồn 1', className: 'data-table__card-line', label: 'Nguồn' },
      { text: 'Người đại diện 1', className: 'data-table__card-line', label: 'Người đại diện' },
      { text: 'Đăng nhập lần cuối 1', className: 'data-table__card-hidden', label: null },
      { text: 'Sửa', className: 'data-table__end data-table__pinned', label: null },
    ]);
  });

  it('as the columns declare it', () => {
    const declared = [text('ID', 'hidden'), text('Học viên', 'title'), text('Email'), text('Số điện thoại', 'line'), text('Đăng nhập lần cuối', 'line')];
    expect(cardParts(declared, -1)).toEqual(['hidden', 'title', 'hidden', 'line', 'line']);
    // a title declared alone: the lines are the columns after it, three at most
    expect(cardParts([text('Email'), text('Học viên', 'title'), text('A'), text('B'), text('C'), text('D')], -1)).toEqual(['hidden', 'title', 'line', 'line', 'line', 'hidden']);
  });

  it('keeps its table semantics as cards: explicit roles on every element, each cell naming its column, each line its header', () => {
    const { container } = renderUi(<DataTable label="Học viên" columns={withActions} rowId={(row) => row.id} rows={[{ id: 1, name: 'Lan' }]} loading={false} />);
    // (a role set on the element itself stays when the stylesheet makes it a block or a grid; a table's own does not)
    const roleOf = (selector: string) => Array.from(container.querySelectorAll(selector), (element) => element.getAttribute('role'));
    expect(roleOf('table')).toEqual(['table']);
    expect(roleOf('thead, tbody')).toEqual(['rowgroup', 'rowgroup']);
    expect(roleOf('tr')).toEqual(['row', 'row']);
    expect(roleOf('th')).toEqual(Array(withActions.length).fill('columnheader'));
    expect(roleOf('td')).toEqual(Array(withActions.length).fill('cell'));

    const list = screen.getByRole('table', { name: 'Học viên' });
    expect(list).toHaveAttribute('aria-colcount', String(withActions.length));
    const [header, row] = within(list).getAllByRole('row');
    const headers = within(header).getAllByRole('columnheader');
    const cells = within(row).getAllByRole('cell');
    // a card leaves columns out: each cell still says which column it is, the same as its header
    cells.forEach((cell, index) => {
      expect(cell).toHaveAttribute('aria-colindex', String(index + 1));
      expect(headers[index]).toHaveAttribute('aria-colindex', String(index + 1));
    });
    // the card's lines carry their headers as visible labels (dataTable.css shows data-label above each)
    const lines = cells.filter((cell) => cell.classList.contains('data-table__card-line'));
    expect(lines.map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Email', 'Email 1'],
      ['Nguồn', 'Nguồn 1'],
      ['Người đại diện', 'Người đại diện 1'],
    ]);
  });

  it('is the stylesheet’s: under 48em a row is a card and the columns left out are not shown; wider, the header row stays at the top of the frame', () => {
    const css = readFileSync(path.join(__dirname, '../src/resource/dataTable.css'), 'utf8');
    const phone = css.slice(css.indexOf('@media (max-width: 47.99em)'));
    expect(phone).toMatch(/\.data-table tbody tr \{[^}]*display: grid/);
    expect(phone).toMatch(/\.data-table tbody td\.data-table__card-hidden \{\s*display: none;/);
    expect(phone).toMatch(/\.data-table tbody td\.data-table__card-line::before \{\s*content: attr\(data-label\)/);
    // the headers without a sort button are not shown, yet stay for a screen reader (not display: none)
    expect(phone).toMatch(/\.data-table thead th:not\(\[aria-sort\]\) \{[^}]*clip-path: inset\(50%\)/);
    expect(phone).not.toMatch(/\.data-table thead th:not\(\[aria-sort\]\) \{\s*display: none/);
    expect(css).toMatch(/\.data-table thead th \{\s*position: sticky;\s*top: 0;/);
    expect(css).toMatch(/\.data-table__scroll \{\s*overflow: auto;\s*max-height:/);
  });
});

describe('DataTable with rows to choose (bulk actions)', () => {
  function Chooser({ totalRows = 2 }: { totalRows?: number }) {
    const selection = useRowSelection({ pageIds: ROOMS.map((room) => room.id), totalRows, filter: { search: 'Phòng' }, resetKey: 'page-1' });
    return (
      <>
        <DataTable label="Phòng" columns={COLUMNS} rowId={(room) => room.id} rowLabel={(room) => room.name} rows={ROOMS} loading={false} selection={selection} />
        <output data-testid="sent">{JSON.stringify(selection.selection())}</output>
        <button type="button" onClick={selection.selectAllMatching} disabled={!selection.canSelectAllMatching}>
          all
        </button>
      </>
    );
  }
  const sent = () => JSON.parse(screen.getByTestId('sent').textContent ?? '');

  it('has a checkbox per row, named by the row, and one for the page: checked, mixed or not', () => {
    renderUi(<Chooser />);
    const page = screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Phòng 102' }));
    expect(sent()).toEqual({ ids: [2] });
    expect(page).toHaveProperty('indeterminate', true);
    expect(screen.getByRole('row', { name: /Phòng 102/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(page);
    expect(page).toBeChecked();
    expect(sent()).toEqual({ ids: [1, 2] });
    fireEvent.click(page);
    expect(sent()).toEqual({ ids: [] });
  });

  it('sends the filter once every row matching it is chosen, and only when more rows match than the page holds', () => {
    const { unmount } = renderUi(<Chooser totalRows={2} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    expect(screen.getByRole('button', { name: 'all' })).toBeDisabled();
    unmount();
    renderUi(<Chooser totalRows={45} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    fireEvent.click(screen.getByRole('button', { name: 'all' }));
    expect(sent()).toEqual({ filter: { search: 'Phòng' } });
  });

  it("puts the checkbox at a card's left edge on a phone, outside the card's title and lines", () => {
    renderUi(<Chooser />);
    const box = screen.getByRole('checkbox', { name: 'Chọn Phòng 101' });
    expect(box.closest('td')).toHaveClass('data-table__card-select');
    expect(screen.getAllByRole('cell').find((cell) => cell.textContent?.startsWith('Phòng 101'))).toHaveClass('data-table__card-title');
    const css = readFileSync(path.join(__dirname, '../src/resource/dataTable.css'), 'utf8');
    // (more specific than the rule that moves a card's other cells to its second column)
    expect(css).toMatch(/tr:has\(> td\.data-table__card-select\) > td\.data-table__card-select \{\s*grid-column: 1;/);
  });
});
