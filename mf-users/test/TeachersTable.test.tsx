import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TeachersTable } from '../src/features/teachers/TeachersTable';
import { renderWithProviders, teacher } from './helpers';

const noop = () => {};

function renderTable(rows = [teacher()], loading = false, handlers = {}) {
  return renderWithProviders(
    <TeachersTable rows={rows} loading={loading} onChangePassword={noop} onEdit={noop} onDelete={noop} {...handlers} />,
  );
}

describe('TeachersTable', () => {
  it('shows the teacher account columns', () => {
    renderTable();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.map((h) => h?.replace(/[↕↑↓]$/, ''))).toEqual(['Tài khoản', 'Email', 'Số điện thoại', 'Ngân hàng', 'Loại tài khoản', 'Ngày tạo', 'Đăng nhập lần cuối', 'Thao tác']);
  });

  it('makes a phone card of a row: the account, then email, phone and bank under their headers, and the actions', () => {
    renderTable();
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((cell) => [cell.className, cell.getAttribute('data-label')])).toEqual([
      ['data-table__card-title', null],
      ['data-table__card-line', 'Email'],
      ['data-table__card-line', 'Số điện thoại'],
      ['data-table__card-line', 'Ngân hàng'],
      ['data-table__card-hidden', null],
      ['data-table__nowrap data-table__card-hidden', null],
      ['data-table__nowrap data-table__card-hidden', null],
      ['data-table__end data-table__pinned', null],
    ]);
  });

  it('renders a teacher row: name and id, email, phone, bank, type and last login as DD/MM/YYYY kk:mm:ss', () => {
    renderTable();
    const row = screen.getAllByRole('row')[1];
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Trần Thị Bình');
    expect(cells[0]).toHaveTextContent('ID: 7');
    expect(cells[1]).toHaveTextContent('binh.tran@trungtam.vn');
    expect(cells[2]).toHaveTextContent('0912345678');
    expect(cells[3]).toHaveTextContent('Vietcombank');
    expect(cells[3]).toHaveTextContent('0011001234567');
    expect(cells[4]).toHaveTextContent('Giáo viên');
    expect(cells[6]).toHaveTextContent('20/11/2026 08:05:09');
  });

  it('uses kk hours (midnight is 24) and "-" when the account never signed in', () => {
    renderTable([teacher({ id: 1, last_time_login: '2026-03-03T17:15:00.000Z' }), teacher({ id: 2, last_time_login: null })]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell')[6]).toHaveTextContent('04/03/2026 24:15:00');
    expect(within(rows[1]).getAllByRole('cell')[6]).toHaveTextContent(/^-$/);
  });

  it('sorts by name, created and last login from their headers, and marks the current sort', async () => {
    const user = userEvent.setup();
    const onSort = jest.fn();
    renderTable([teacher()], false, { onSort, sort: { column: 'created_at', direction: 'DESC' } });
    await user.click(screen.getByRole('button', { name: /^Tài khoản/ }));
    await user.click(screen.getByRole('button', { name: /^Ngày tạo/ }));
    await user.click(screen.getByRole('button', { name: /^Đăng nhập lần cuối/ }));
    expect(onSort.mock.calls).toEqual([['name'], ['created_at'], ['last_time_login']]);
    expect(screen.getByRole('columnheader', { name: /^Ngày tạo/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /^Tài khoản/ })).toHaveAttribute('aria-sort', 'none');
    // the columns the API has no index for stay plain
    expect(screen.queryByRole('button', { name: /^Ngân hàng/ })).not.toBeInTheDocument();
  });

  it('shows status badges: 1 active (green), 4 locked (red)', () => {
    renderTable([teacher({ id: 1, status: 1 }), teacher({ id: 2, status: 4 })]);
    const active = screen.getByText('Hoạt động');
    const locked = screen.getByText('Đã khoá');
    expect(active).toHaveAttribute('data-status', '1');
    expect(locked).toHaveAttribute('data-status', '4');
    expect(active.className).not.toEqual(locked.className);
  });

  it('shows the empty state', () => {
    renderTable([]);
    expect(screen.getByText('Không có dữ liệu')).toBeInTheDocument();
  });

  it('shows the loading state instead of rows', () => {
    renderTable([teacher()], true);
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải...');
    expect(screen.queryByText('Trần Thị Bình')).not.toBeInTheDocument();
  });

  it('has named action buttons that report the row', async () => {
    const user = userEvent.setup();
    const onChangePassword = jest.fn();
    const onEdit = jest.fn();
    const onDelete = jest.fn();
    const row = teacher();
    renderTable([row], false, { onChangePassword, onEdit, onDelete });
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    await user.click(screen.getByRole('button', { name: 'Sửa' }));
    await user.click(screen.getByRole('button', { name: 'Xoá' }));
    expect(onChangePassword).toHaveBeenCalledWith(row);
    expect(onEdit).toHaveBeenCalledWith(row);
    expect(onDelete).toHaveBeenCalledWith(row);
  });
});
