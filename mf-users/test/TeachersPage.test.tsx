import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@trungtam/shared/contracts';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { MESSAGES } from '@trungtam/shared/validation';
import Area from '../src/Area';
import { TeachersPage } from '../src/features/teachers/TeachersPage';
import { TABLE_TEXTS } from '@trungtam/shared/ui';
import { useLocation } from '@trungtam/shared/router';
import { API_REASONS, fakeAccountsApi, refusal, renderWithProviders, signInAs, signOut, spyToasts, teacher } from './helpers';

beforeEach(() => signInAs('administrator', 'Administrator', []));
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const rowsOf = () => screen.getAllByRole('row').slice(1);

describe('TeachersPage', () => {
  it('loads the first page of teachers: 50 a page, id DESC, with roles', async () => {
    const http = fakeAccountsApi([teacher({ id: 2, name: 'B' }), teacher({ id: 1, name: 'A' })]);
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    expect(screen.getByRole('heading', { name: 'Danh sách giáo viên' })).toBeInTheDocument();
    expect(await screen.findByText('B')).toBeInTheDocument();
    expect(http.listCalls()[0]).toEqual({
      limit: '50',
      page: '1',
      sort_column: 'id',
      sort_type: 'DESC',
      relationships: 'roles',
      type: 'teacher',
      status: '0',
      // created_at given twice, both ends, the end being the operator's today
      created_at: ['1970-01-01 00:00:00', `${operatorToday()} 23:59:59`],
    });
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('keeps its filter and page in the URL: a link opens the same list', async () => {
    const http = fakeAccountsApi([teacher({ id: 3, name: 'Đỗ Thu Hà', email: 'ha@trungtam.vn', status: 4 }), teacher({ id: 2, name: 'Trần Thị Bình', status: 1 })]);
    renderWithProviders(
      <>
        <TeachersPage formDelayMs={0} />
        <Location />
      </>,
      { route: '/assets/teachers?status=4&search=ha' },
    );
    expect(await screen.findByText('Đỗ Thu Hà')).toBeInTheDocument();
    expect(http.listCalls()[0]).toMatchObject({ status: '4', search: 'ha', page: '1' });
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Đặt lại' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/assets\/teachers$/));
  });

  it('says the list could not be loaded (no toast) and loads it again on retry', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi([teacher({ id: 2, name: 'B' })]);
    const listed = http.route('GET /user/list', () => {
      throw new Error('network');
    })!;
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    expect(await screen.findByText(TABLE_TEXTS.failed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Không có dữ liệu')).toBeNull();
    expect(screen.queryByText(/tài khoản giáo viên/)).toBeNull();
    expect(toasts.spy).not.toHaveBeenCalled();
    http.route('GET /user/list', listed);
    fireEvent.click(screen.getByRole('button', { name: TABLE_TEXTS.retry }));
    expect(await screen.findByText('B')).toBeInTheDocument();
    expect(screen.getByText('1 tài khoản giáo viên')).toBeInTheDocument();
  });

  it('says it is loading, not "0", until the first page arrives', async () => {
    const http = fakeAccountsApi([teacher({ id: 2, name: 'B' })]);
    const release = http.hold('GET /user/list');
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    expect(await screen.findAllByText('Đang tải...')).not.toHaveLength(0);
    expect(screen.queryByText('0 tài khoản giáo viên')).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
    release();
    expect(await screen.findByText('1 tài khoản giáo viên')).toBeInTheDocument();
  });

  it('offers no delete on the signed-in user’s own row, and shows the API’s specific refusal', async () => {
    const toasts = spyToasts();
    signInAs('academic_affair', 'Giáo vụ', ['GetAll', 'Delete'], { id: 7 });
    fakeAccountsApi([teacher({ id: 7, name: 'Tôi' }), teacher({ id: 8, name: 'Người khác' })], {
      'DELETE /user/delete/8': () => {
        throw refusal(403);
      },
    });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    const own = (await screen.findByText('Tôi')).closest('tr')!;
    expect(within(own).queryByRole('button', { name: 'Xoá' })).toBeNull();
    const other = screen.getByText('Người khác').closest('tr')!;
    fireEvent.click(within(other).getByRole('button', { name: 'Xoá' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(toasts.last()).toMatchObject({ type: 'error', title: API_REASONS[403] }));
  });

  it('filters by search text and status through the dropdown, and resets', async () => {
    const http = fakeAccountsApi([
      teacher({ id: 3, name: 'Đỗ Thu Hà', email: 'ha@trungtam.vn', status: 4 }),
      teacher({ id: 2, name: 'Trần Thị Bình', status: 1 }),
      teacher({ id: 1, name: 'Vũ Hoàng Long', email: 'long@trungtam.vn', status: 4 }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Trần Thị Bình');
    expect(rowsOf()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '4' } });
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(screen.queryByText('Trần Thị Bình')).not.toBeInTheDocument());
    expect(rowsOf()).toHaveLength(2);
    expect(http.listCalls().at(-1)).toMatchObject({ status: '4', page: '1', type: 'teacher' });

    await user.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    expect(screen.getByLabelText('Trạng thái')).toHaveValue('4');
    fireEvent.change(screen.getByLabelText('Tìm kiếm'), { target: { value: 'long' } });
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(screen.queryByText('Đỗ Thu Hà')).not.toBeInTheDocument());
    expect(screen.getByText('Vũ Hoàng Long')).toBeInTheDocument();
    expect(http.listCalls().at(-1)).toMatchObject({ status: '4', search: 'long' });

    await user.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    await user.click(screen.getByRole('button', { name: 'Đặt lại' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
  });

  it('deletes after confirmation, toasts and refreshes the list', async () => {
    let users: User[] = [teacher({ id: 7 }), teacher({ id: 8, name: 'Ngô Văn Hải' })];
    const toasts = spyToasts();
    const http = fakeAccountsApi(() => users, {
      'DELETE /user/delete/8': () => {
        users = users.filter((u) => u.id !== 8);
        return {};
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Ngô Văn Hải');
    await user.click(within(rowsOf()[1]).getByRole('button', { name: 'Xoá' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(screen.queryByText('Ngô Văn Hải')).not.toBeInTheDocument());
    expect(http.to('DELETE /user/delete/8')).not.toHaveLength(0);
    expect(toasts.last()).toMatchObject({ type: 'success', title: MESSAGES.deleted });
  });

  it('signs an account out of every device after confirmation, naming it, and toasts', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi([teacher({ id: 7 }), teacher({ id: 8, name: 'Ngô Văn Hải' })], { 'POST /user/end-sessions/8': () => ({ result: true, sessions: 2 }) });
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Ngô Văn Hải');
    await user.click(within(rowsOf()[1]).getByRole('button', { name: 'Đăng xuất mọi thiết bị' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Đăng xuất tài khoản Ngô Văn Hải khỏi mọi thiết bị? Người dùng sẽ phải đăng nhập lại.');
    await user.click(within(dialog).getByRole('button', { name: 'Huỷ' }));
    expect(http.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(rowsOf()[1]).getByRole('button', { name: 'Đăng xuất mọi thiết bị' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(toasts.last()).toMatchObject({ type: 'success', title: 'Đã đăng xuất tài khoản khỏi mọi thiết bị' }));
    expect(http.to('POST /user/end-sessions/8')).not.toHaveLength(0);
  });

  it('toasts the failure when a deletion fails', async () => {
    const toasts = spyToasts();
    fakeAccountsApi([teacher()], {
      'DELETE /user/delete/7': () => {
        throw refusal(500);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Trần Thị Bình');
    await user.click(screen.getByRole('button', { name: 'Xoá' }));
    await user.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(toasts.last()).toMatchObject({ type: 'error', title: MESSAGES.deleteFailed }));
    expect(screen.getByText('Trần Thị Bình')).toBeInTheDocument();
  });

  it('changes a password with PUT /user/update-password {id, password}', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi([teacher()], { 'PUT /user/update-password': () => ({}) });
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Trần Thị Bình');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.changePasswordTitle })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Mật khẩu mới/), { target: { value: 'matkhau-moi' } });
    const submit = screen.getByRole('button', { name: MESSAGES.changePasswordSubmit });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() =>
      expect(http.to('PUT /user/update-password').map((call) => call.body)).toContainEqual({ id: 7, password: 'matkhau-moi' }),
    );
    await waitFor(() => expect(toasts.last()).toMatchObject({ title: MESSAGES.passwordUpdated }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: MESSAGES.changePasswordTitle })).not.toBeInTheDocument());
  });

  it('puts a created teacher on top of the list', async () => {
    let users: User[] = [teacher({ id: 7 })];
    spyToasts();
    fakeAccountsApi(() => users, {
      'POST /auth/register': ({ body }) => {
        const created = teacher({ id: 8, name: (body as { name: string }).name, email: 'moi@trungtam.vn' });
        users = [created, ...users];
        return { data: created };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Trần Thị Bình');
    await user.click(screen.getByRole('button', { name: 'Thêm giáo viên' }));
    await screen.findByRole('option', { name: 'Giáo viên chính' });
    const set = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    set(/Tên tài khoản/, 'Giáo viên Mới');
    set(/^Email/, 'moi@trungtam.vn');
    set(/^Mật khẩu/, 'matkhau123');
    set(/Số điện thoại/, '0900000000');
    set(/Quyền tài khoản/, '3');
    const submit = screen.getByRole('button', { name: 'Khởi tạo giáo viên' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowsOf()[0]).getByText('Giáo viên Mới')).toBeInTheDocument());
  });
});

describe('Area', () => {
  it('renders the teachers screen for /assets/teachers', async () => {
    fakeAccountsApi([]);
    renderWithProviders(<Area path="/assets/teachers" />);
    // (the screen downloads when its route first opens)
    expect(await screen.findByRole('heading', { name: 'Danh sách giáo viên' })).toBeInTheDocument();
    await screen.findByText('Không có dữ liệu');
  });

  it('renders nothing for a path it does not know', () => {
    const { container } = renderWithProviders(<Area path="/assets/unknown" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers only the actions the role allows', async () => {
    signInAs('academic_affair', 'Chỉ xem và sửa', ['GetAll', 'Update']);
    fakeAccountsApi([teacher({ id: 2, name: 'B' })]);
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    const row = within(await screen.findByRole('row', { name: /B/ }));
    expect(row.getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Đổi mật khẩu' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Đăng xuất mọi thiết bị' })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Xoá' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thêm giáo viên' })).not.toBeInTheDocument();
  });
});

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}
