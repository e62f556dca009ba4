import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@trungtam/shared/contracts';
import { MESSAGES } from '@trungtam/shared/validation';
import { StaffAccountsPage } from '../src/features/staff-accounts/StaffAccountsPage';
import { fakeAccountsApi, renderWithProviders, signInAs, signOut, spyToasts, teacher } from './helpers';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const affair = (over: Partial<User> = {}) =>
  teacher({ id: 5, name: 'Trần Thu Hà', email: 'giaovu@trungtam.vn', type: 'academic_affair', roles: [{ id: 2, name: 'Giáo vụ', guard_name: 'academic_affair', permissions: [] }], ...over });

describe('StaffAccountsPage', () => {
  it('asks for academic-affairs accounts and sets their passwords with the staff message', async () => {
    signInAs('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const http = fakeAccountsApi([affair()], { 'PUT /user/update-password': () => ({ result: true }) });
    renderWithProviders(<StaffAccountsPage formDelayMs={0} />);
    expect(await screen.findByText('giaovu@trungtam.vn')).toBeInTheDocument();
    expect(http.listCalls()[0]).toMatchObject({ type: 'academic_affair', limit: '50', page: '1', sort_column: 'id', sort_type: 'DESC', status: '0' });
    fireEvent.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    fireEvent.change(await screen.findByLabelText(/Mật khẩu/), { target: { value: 'matkhaumoi1' } });
    const submit = screen.getByRole('button', { name: MESSAGES.changePasswordSubmit });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(toasts.titles()).toContain(MESSAGES.staffPasswordUpdated));
    expect(http.to('PUT /user/update-password').map((call) => call.body)).toContainEqual({ id: 5, password: 'matkhaumoi1' });
  });

  it('offers a giáo vụ no action on another giáo vụ’s account, and edit (not delete, not sign-out everywhere) on their own', async () => {
    signInAs('academic_affair', 'Giáo vụ', undefined, { id: 1 });
    fakeAccountsApi([affair(), affair({ id: 1, name: 'Chính tôi', email: 'toi@trungtam.vn' })]);
    renderWithProviders(<StaffAccountsPage formDelayMs={0} />);
    const other = (await screen.findByText('giaovu@trungtam.vn')).closest('tr')!;
    expect(within(other).queryAllByRole('button')).toHaveLength(0);
    const own = screen.getByText('toi@trungtam.vn').closest('tr')!;
    expect(within(own).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Đăng xuất mọi thiết bị' })).toBeNull();
  });

  it('offers the administrator type only to an administrator', async () => {
    signInAs('academic_affair', 'Giáo vụ');
    fakeAccountsApi([affair()]);
    const { unmount } = renderWithProviders(<StaffAccountsPage formDelayMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm tài khoản' }));
    await screen.findByLabelText(/Tên tài khoản/);
    expect(screen.queryByLabelText(/Loại tài khoản/)).not.toBeInTheDocument();
    unmount();

    signInAs('administrator', 'Administrator', []);
    fakeAccountsApi([affair()]);
    renderWithProviders(<StaffAccountsPage formDelayMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm tài khoản' }));
    expect(await screen.findByLabelText(/Loại tài khoản/)).toBeInTheDocument();
  });

  it('shows a notice, and calls nothing, for an account without User permissions', async () => {
    signInAs('teacher', 'Giáo viên', []);
    const http = fakeAccountsApi([affair()]);
    renderWithProviders(<StaffAccountsPage />);
    expect(screen.getByText('Tài khoản của bạn không có quyền xem danh sách tài khoản giáo vụ.')).toBeInTheDocument();
    expect(http.listCalls()).toEqual([]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
