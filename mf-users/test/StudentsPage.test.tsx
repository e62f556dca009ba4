import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@trungtam/shared/contracts';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { MESSAGES } from '@trungtam/shared/validation';
import { setLanguage } from '@trungtam/shared/i18n';
import { MemoryRouter, useLocation } from '@trungtam/shared/router';
import { StudentFormModal } from '../src/features/students/StudentFormModal';
import { StudentsPage } from '../src/features/students/StudentsPage';
import { defaultStudentFilters } from '../src/features/students/filters';
import { fakeAccountsApi, renderWithProviders, signInAs, signOut, spyToasts, teacher } from './helpers';

afterEach(() => jest.restoreAllMocks());

const student = (over: Partial<User> = {}): User =>
  teacher({
    id: 76, name: 'Đỗ Hải Nam', email: 'hv.do.hai.nam@trungtam.vn', type: 'student', source: 'tiktok',
    reference_name: 'Đỗ Thu Yến', reference_phone: '0970647404', roles: [{ id: 4, name: 'Học viên', guard_name: 'student', permissions: [] }],
    ...over,
  });

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(url: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <StudentsPage formDelayMs={0} />
      <Location />
    </MemoryRouter>,
    { router: false },
  );
}

const lastListParams = (http: ReturnType<typeof fakeAccountsApi>) => http.to('GET /user/list').at(-1)!.search;

describe('StudentsPage', () => {
  it('reads filters and page from the URL and sends the students list call', async () => {
    const http = fakeAccountsApi([student({ status: 4 })]);
    renderPage('/assets/students?search=nam&status=4&user_id=7a&page=2&source=facebook&from=2026-01-01');
    expect(await screen.findByText('hv.do.hai.nam@trungtam.vn')).toBeInTheDocument();
    // the first call, for the URL's page (its one page of answer then moves the view to page 1)
    const params = http.to('GET /user/list')[0].search;
    expect(Object.fromEntries([...params.keys()].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)]))).toEqual({
      limit: '10', page: '2', sort_column: 'id', sort_type: 'DESC', relationships: 'roles', type: 'student', search: 'nam', status: '4',
      user_id: '0', source: 'facebook', created_at: ['2026-01-01 00:00:00', `${operatorToday()} 23:59:59`],
    });
  });

  it('defaults the created range to 1970-01-01 00:00:00 – today 23:59:59 and puts applied filters in the URL', async () => {
    const http = fakeAccountsApi([student()]);
    renderPage('/assets/students');
    await screen.findByText('hv.do.hai.nam@trungtam.vn');
    expect(lastListParams(http).getAll('created_at')).toEqual(['1970-01-01 00:00:00', `${operatorToday()} 23:59:59`]);
    expect(lastListParams(http).get('user_id')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.change(await screen.findByLabelText('ID học viên'), { target: { value: '76' } });
    fireEvent.change(screen.getByLabelText('Nguồn'), { target: { value: 'tiktok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?user_id=76&source=tiktok'));
    await waitFor(() => expect(lastListParams(http).get('user_id')).toBe('76'));
  });

  it('sorts by a header: the sort goes in the URL, back to page 1, and into the list call; a reload keeps it', async () => {
    const http = fakeAccountsApi([student()]);
    renderPage('/assets/students?source=tiktok&page=3');
    await screen.findByText('hv.do.hai.nam@trungtam.vn');
    fireEvent.click(screen.getByRole('button', { name: /^Đăng nhập lần cuối/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\?source=tiktok&sort=last_time_login&order=ASC$/));
    await waitFor(() => expect(lastListParams(http).get('sort_column')).toBe('last_time_login'));
    expect(lastListParams(http).get('sort_type')).toBe('ASC');
    expect(lastListParams(http).get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: /^Đăng nhập lần cuối/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('sort=last_time_login&order=DESC'));
    await waitFor(() => expect(lastListParams(http).get('sort_type')).toBe('DESC'));
  });

  it('opens sorted as its address says (a reload, a shared link, a saved view)', async () => {
    const http = fakeAccountsApi([student()]);
    renderPage('/assets/students?sort=name&order=ASC');
    await screen.findByText('hv.do.hai.nam@trungtam.vn');
    expect(http.to('GET /user/list')[0].search.get('sort_column')).toBe('name');
    expect(http.to('GET /user/list')[0].search.get('sort_type')).toBe('ASC');
    expect(screen.getByRole('columnheader', { name: /^ID \/ Học viên/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows the account columns and the row menu', async () => {
    fakeAccountsApi([student()]);
    renderPage('/assets/students');
    const row = (await screen.findByText('hv.do.hai.nam@trungtam.vn')).closest('tr')!;
    for (const text of ['#76', 'Đỗ Hải Nam', 'Hoạt động', 'TikTok', 'Học viên', 'Đỗ Thu Yến', '0970647404']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText(/Ngày tạo:/)).toBeInTheDocument();
  });

  it('reads in Vietnamese with Tiếng Việt chosen: the export button says Xuất Excel', async () => {
    await setLanguage('vi');
    try {
      signInAs('administrator', 'Quản trị viên');
      fakeAccountsApi([student()]);
      renderPage('/assets/students');
      await screen.findByText('hv.do.hai.nam@trungtam.vn');
      expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
      expect(screen.queryByText(/Export/)).not.toBeInTheDocument();
    } finally {
      signOut();
      await setLanguage('en');
    }
  });
});

describe('StudentFormModal', () => {
  it('refuses 31/02 and sends birth values as numbers without a 0 centre', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi([], { 'POST /auth/register': ({ body }) => ({ data: { ...student(), ...(body as object), id: 99 } }) });
    renderWithProviders(<StudentFormModal open student={null} filters={defaultStudentFilters()} onClose={jest.fn()} delayMs={0} />);
    await screen.findByRole('option', { name: 'Học viên' });
    expect(screen.queryByRole('option', { name: 'Giáo viên chính' })).not.toBeInTheDocument();
    const change = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    // the day is refused even while the rest of the form is still empty
    change('Năm sinh', '2015');
    change('Ngày sinh', '31');
    change('Tháng sinh', '2');
    // the day choices follow the month (and the year, for February)
    const days = () => within(screen.getByLabelText('Ngày sinh')).getAllByRole('option').map((o) => o.textContent);
    expect(days().slice(0, 2)).toEqual(['Chọn ngày', '28']);
    fireEvent.blur(screen.getByLabelText('Ngày sinh'));
    expect(await screen.findByText(MESSAGES.birthDateInvalid)).toBeInTheDocument();
    change(/Tên tài khoản/, 'Vũ Minh Khang');
    change(/^Email\b(?! người)/, 'khang.vu@trungtam.vn');
    change(/^Mật khẩu/, 'matkhau123');
    change(/^Số điện thoại\b(?! người)/, '0912000111');
    change(/Quyền tài khoản/, '4');
    const submit = screen.getByRole('button', { name: 'Khởi tạo học viên' });
    expect(submit).toBeDisabled();
    change('Ngày sinh', '28');
    change('Nguồn', 'youtube');
    change('Email người đại diện', 'sai-email');
    fireEvent.blur(screen.getByLabelText('Email người đại diện'));
    expect(await screen.findByText(MESSAGES.referenceEmailFormat)).toBeInTheDocument();
    change('Email người đại diện', 'hai.vu@gmail.com');
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(http.calls.filter((call) => call.method === 'POST')).not.toHaveLength(0));
    const body = http.to('POST /auth/register')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'student', birth_year: 2015, birth_month: 2, birth_day: 28, source: 'youtube', reference_email: 'hai.vu@gmail.com', roles: [{ id: 4 }] });
    expect(body).not.toHaveProperty('center_id');
    await waitFor(() => expect(toasts.titles()).toContain(MESSAGES.studentCreated));
  });

  it('edits and locks a self-registered student, who has neither phone nor representative', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi([], { 'PUT /user/update': () => ({}) });
    const selfRegistered = student({ phone_number: null, reference_name: null, reference_phone: null, reference_email: null, source: null, center_id: null });
    const onClose = jest.fn();
    renderWithProviders(<StudentFormModal open student={selfRegistered} filters={defaultStudentFilters()} onClose={onClose} delayMs={0} />);
    const submit = await screen.findByRole('button', { name: 'Cập nhật học viên' });
    fireEvent.change(screen.getByLabelText(/Trạng thái/), { target: { value: '4' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(http.to('PUT /user/update')[0].body).toMatchObject({ id: 76, status: 4, phone_number: '', reference_phone: '' });
    expect(toasts.titles()).toContain(MESSAGES.studentUpdated);
  });

  it("checks the representative's phone when one is typed", async () => {
    fakeAccountsApi([]);
    renderWithProviders(<StudentFormModal open student={student()} filters={defaultStudentFilters()} onClose={jest.fn()} delayMs={0} />);
    const submit = await screen.findByRole('button', { name: 'Cập nhật học viên' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.change(screen.getByLabelText('Số điện thoại người đại diện'), { target: { value: 'gọi mẹ' } });
    fireEvent.blur(screen.getByLabelText('Số điện thoại người đại diện'));
    expect(await screen.findByText(MESSAGES.referencePhoneFormat)).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('offers birth years from this year down to 1900, months 12..1 and days 31..1', async () => {
    fakeAccountsApi([]);
    renderWithProviders(<StudentFormModal open student={null} filters={defaultStudentFilters()} onClose={jest.fn()} delayMs={0} />);
    const years = [...(screen.getByLabelText('Năm sinh') as HTMLSelectElement).options].map((o) => o.value).slice(1);
    expect(years[0]).toBe(String(new Date().getFullYear()));
    expect(years.at(-1)).toBe('1900');
    expect([...(screen.getByLabelText('Tháng sinh') as HTMLSelectElement).options].map((o) => o.value).slice(1)).toEqual(Array.from({ length: 12 }, (_, i) => String(12 - i)));
    const days = [...(screen.getByLabelText('Ngày sinh') as HTMLSelectElement).options].map((o) => o.value).slice(1);
    expect([days[0], days.at(-1), days.length]).toEqual(['31', '1', 31]);
    // the form checks its empty values on mount; let that finish
    await waitFor(() => expect(screen.getByRole('button', { name: 'Khởi tạo học viên' })).toBeDisabled());
  });
});
