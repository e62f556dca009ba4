/** The account lists' bulk actions: the rows chosen, what each action sends, its confirmation, its outcome. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { TeachersPage } from '../src/features/teachers/TeachersPage';
import { StudentsPage } from '../src/features/students/StudentsPage';
import { fakeAccountsApi, renderWithProviders, signInAs, signOut, spyToasts, teacher } from './helpers';

beforeEach(() => signInAs('administrator', 'Administrator', []));
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const bar = () => screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
const TEACHERS = [teacher({ id: 3, name: 'Đỗ Thu Hà' }), teacher({ id: 2, name: 'Lê Văn Nam' }), teacher({ id: 1, name: 'Phạm An' })];

describe('account bulk actions', () => {
  it('locks the accounts chosen after a question naming the count, and lists the one refused with its reason', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi(TEACHERS, {
      'POST /user/bulk-lock': () => ({ succeeded: [3], refused: [{ id: 2, reason: 'Bạn không có quyền thực hiện thao tác này' }] }),
    });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Đỗ Thu Hà');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Đỗ Thu Hà' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Lê Văn Nam' }));
    expect(within(bar()).getByText('Đã chọn 2 tài khoản')).toBeInTheDocument();
    fireEvent.click(within(bar()).getByRole('button', { name: 'Khoá' }));
    // irreversible (the sessions end): it asks first, and nothing is sent before the answer
    expect(await screen.findByText('Khoá 2 tài khoản? Các phiên đăng nhập của họ sẽ kết thúc ngay.')).toBeInTheDocument();
    expect(http.to('POST /user/bulk-lock')).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Khoá' }));
    await waitFor(() => expect(http.to('POST /user/bulk-lock').map((call) => call.body)).toEqual([{ ids: [3, 2] }]));
    const outcome = await screen.findByRole('dialog');
    expect(within(outcome).getByRole('listitem')).toHaveTextContent('Lê Văn Nam: Bạn không có quyền thực hiện thao tác này');
    expect(toasts.titles()).toContain('Đã khoá 1 tài khoản · 1 dòng bị từ chối');
  });

  it('unlocks at once and offers "Hoàn tác", which locks them again', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi(TEACHERS, {
      'POST /user/bulk-unlock': () => ({ succeeded: [3, 2, 1], refused: [] }),
      'POST /user/bulk-lock': () => ({ succeeded: [3, 2, 1], refused: [] }),
    });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Đỗ Thu Hà');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Mở khoá' }));
    await waitFor(() => expect(toasts.titles()).toContain('Đã mở khoá 3 tài khoản'));
    expect(http.to('POST /user/bulk-unlock').map((call) => call.body)).toEqual([{ ids: [3, 2, 1] }]);
    toasts.last()!.action!.onClick!();
    await waitFor(() => expect(http.to('POST /user/bulk-lock').map((call) => call.body)).toEqual([{ ids: [3, 2, 1] }]));
  });

  it("sends the list's filter, numbers as numbers, for every account matching it", async () => {
    spyToasts();
    const page = Array.from({ length: 50 }, (_, i) => teacher({ id: 100 - i, name: `Giáo viên ${i}`, status: 4 }));
    const http = fakeAccountsApi(page, {
      'GET /user/list': () => ({ rows: page, total_rows: 60, total_pages: 2 }),
      'POST /user/bulk-unlock': () => ({ succeeded: [], refused: [] }),
    });
    renderWithProviders(<TeachersPage formDelayMs={0} />, { route: '/assets/teachers?status=4' });
    await screen.findByText('Giáo viên 0');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Chọn tất cả 60 kết quả' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Mở khoá' }));
    await waitFor(() => expect(http.to('POST /user/bulk-unlock')).toHaveLength(1));
    expect(http.to('POST /user/bulk-unlock')[0].body).toEqual({
      filter: { type: 'teacher', status: 4, created_at: ['1970-01-01 00:00:00', `${operatorToday()} 23:59:59`] },
    });
  });

  it('sends a message to the accounts chosen: its title and text are required', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi(TEACHERS, { 'POST /user/bulk-message': () => ({ succeeded: [3], refused: [] }) });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Đỗ Thu Hà');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Đỗ Thu Hà' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Gửi thông báo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gửi thông báo cho 1 tài khoản' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gửi' }));
    expect(await within(dialog).findByText('Tiêu đề thông báo không được để trống')).toBeInTheDocument();
    expect(http.to('POST /user/bulk-message')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Tiêu đề/ }), { target: { value: 'Họp phụ huynh' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nội dung/ }), { target: { value: 'Thứ bảy 9 giờ.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(http.to('POST /user/bulk-message').map((call) => call.body)).toEqual([{ ids: [3], name: 'Họp phụ huynh', message: 'Thứ bảy 9 giờ.' }]));
    await waitFor(() => expect(toasts.titles()).toContain('Đã gửi thông báo tới 1 tài khoản'));
  });

  it('exports only the accounts chosen, with the list’s own export', async () => {
    spyToasts();
    const http = fakeAccountsApi(TEACHERS, { 'GET /user/export': () => new Blob(['x']) });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Đỗ Thu Hà');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Đỗ Thu Hà' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Phạm An' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(http.to('GET /user/export')).toHaveLength(1));
    const sent = http.to('GET /user/export')[0].search;
    expect([sent.get('type'), sent.getAll('ids')]).toEqual(['teacher', ['3', '1']]);
  });

  it('offers "Xếp lớp" on the students list only', async () => {
    fakeAccountsApi([teacher({ id: 9, name: 'Học viên Chín', type: 'student' })]);
    renderWithProviders(<StudentsPage formDelayMs={0} />);
    await screen.findByText('Học viên Chín');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Học viên Chín' }));
    expect(within(bar()).getByRole('button', { name: 'Xếp lớp' })).toBeInTheDocument();
  });
});
