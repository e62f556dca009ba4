import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@trungtam/shared/validation';
import { useSession } from '@trungtam/shared/session';
import { fakeApi, ok, reply, type FakeRoute } from '@trungtam/shared/testing';
import { adminUser, renderApp, resetSession, signIn, signedInRoutes } from './utils';

function feedUrl(token: string) {
  return `http://127.0.0.1:3000/api/v1/calendar/user/1/feed.ics?token=${token}`;
}

const base: Record<string, FakeRoute> = {
  ...signedInRoutes(),
  'GET /notifications': ok({ rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 }),
  'GET /user/profile': ok({ ...adminUser, center: null }),
  'GET /calendar/feed': ok({ kind: 'user', id: 1, name: adminUser.name, url: feedUrl('a'.repeat(32)) }),
};

beforeEach(() => {
  resetSession();
  signIn();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

async function fillPassword(user: ReturnType<typeof setup>, current: string, next: string, confirm: string) {
  await user.type(await screen.findByLabelText(/Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/Confirm new password/), confirm);
}

describe('account page', () => {
  it('shows the overview of the signed-in account', async () => {
    fakeApi(base);
    renderApp('/crafted/account');
    expect(await screen.findByRole('heading', { name: 'Account overview' })).toBeInTheDocument();
    // the page's two forms check their empty values on mount; let that finish
    await waitFor(() => expect(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit })).toBeDisabled());
    const overview = screen.getByLabelText('Account overview', { selector: 'dl' });
    expect(overview).toHaveTextContent('Quản trị viên');
    expect(overview).toHaveTextContent('admin@trungtam.vn');
    expect(overview).toHaveTextContent('Administrator');
  });

  it('password: 7–50 characters and a matching confirmation before the button enables', async () => {
    const user = setup();
    fakeApi(base);
    renderApp('/crafted/account');
    await fillPassword(user, 'matkhau123', 'abc', 'abd');
    await user.tab();
    expect(await screen.findByText(MESSAGES.accountPasswordMin)).toBeInTheDocument();
    expect(screen.getByText('Mật khẩu xác nhận không khớp với mật khẩu mới')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit })).toBeDisabled();
  });

  it('a wrong current password is refused with the API message, on the field the API names', async () => {
    const user = setup();
    const { calls } = fakeApi({
      ...base,
      'POST /user/change-password': reply(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Mật khẩu hiện tại không chính xác', fields: { password: 'Mật khẩu hiện tại không chính xác' } },
      }),
    });
    renderApp('/crafted/account');
    await fillPassword(user, 'saimatkhau', 'matkhaumoi9', 'matkhaumoi9');
    await user.click(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    // the API names the field: its message shows there, not in a banner above the form
    expect(await screen.findByText('Mật khẩu hiện tại không chính xác')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.find((c) => c.url === '/user/change-password')?.body).toEqual({
      email: 'admin@trungtam.vn',
      password: 'saimatkhau',
      new_password: 'matkhaumoi9',
      confirm_password: 'matkhaumoi9',
    });
    expect(useSession.getState().accessToken).toBe('token-1');
  });

  it('a change keeps this session going with the new token', async () => {
    const user = setup();
    fakeApi({
      ...base,
      'POST /user/change-password': ok({ result: true, auth: { accessToken: 'token-2', expiresIn: 3600 } }),
    });
    renderApp('/crafted/account');
    await fillPassword(user, 'matkhau123', 'matkhaumoi9', 'matkhaumoi9');
    await user.click(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(useSession.getState().accessToken).toBe('token-2'));
    expect(useSession.getState().user?.email).toBe('admin@trungtam.vn');
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
  });

  it('edits own name and phone and updates the signed-in user', async () => {
    const user = setup();
    const { calls } = fakeApi({
      ...base,
      'PUT /user/update-profile': ok({ ...adminUser, name: 'Quản trị viên Mới', phone_number: '0909000000' }),
    });
    renderApp('/crafted/account');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Quản trị viên Mới');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '0909000000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(useSession.getState().user?.name).toBe('Quản trị viên Mới'));
    expect(calls.find((c) => c.url === '/user/update-profile')?.body).toEqual({ name: 'Quản trị viên Mới', phone_number: '0909000000' });
    expect(await screen.findByText('Bạn đã cập nhật thông tin tài khoản thành công')).toBeInTheDocument();
  });

  it('takes a typed phone only as a Vietnamese number, as the accounts forms and the API do', async () => {
    const user = setup();
    const { calls } = fakeApi(base);
    renderApp('/crafted/account');
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.type(phone, 'gọi tôi nhé');
    await user.tab();
    expect(await screen.findByText(MESSAGES.phoneFormat)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '+84909000000');
    await waitFor(() => expect(screen.queryByText(MESSAGES.phoneFormat)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(calls.some((c) => c.url === '/user/update-profile')).toBe(false);
  });

  it('keeps a phone stored in an older format while it is not changed, and checks it once changed', async () => {
    const user = setup();
    signIn({ ...adminUser, phone_number: '028 3822 1234' });
    const { calls } = fakeApi({
      ...base,
      'PUT /user/update-profile': ok({ ...adminUser, name: 'Quản trị viên Mới', phone_number: '028 3822 1234' }),
    });
    renderApp('/crafted/account');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Quản trị viên Mới');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(useSession.getState().user?.name).toBe('Quản trị viên Mới'));
    expect(calls.find((c) => c.url === '/user/update-profile')?.body).toEqual({ name: 'Quản trị viên Mới', phone_number: '028 3822 1234' });

    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.type(phone, '5');
    await user.tab();
    expect(await screen.findByText(MESSAGES.phoneFormat)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});

describe("the account's calendar feed", () => {
  it('shows the private URL with its QR code and copies it', async () => {
    const user = setup();
    const { to } = fakeApi(base);
    renderApp('/crafted/account');
    const field = await screen.findByRole('textbox', { name: 'Đường dẫn lịch của bạn' });
    expect(field).toHaveValue(feedUrl('a'.repeat(32)));
    expect(field).toHaveAttribute('readonly');
    // one's own feed: no kind, no id
    expect(to('GET /calendar/feed')[0].params).toEqual({});
    const qr = await screen.findByRole('img', { name: 'Mã QR của đường dẫn lịch' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    for (const steps of ['Thêm lịch → Từ URL', 'Cài đặt → Lịch → Tài khoản → Thêm lịch đăng ký', 'Thêm lịch → Đăng ký từ web']) {
      expect(screen.getByText(steps, { exact: false })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Sao chép' }));
    expect(await navigator.clipboard.readText()).toBe(feedUrl('a'.repeat(32)));
    expect(await screen.findByText('Đã sao chép đường dẫn')).toBeInTheDocument();
  });

  it('makes a new URL only once confirmed, and shows it', async () => {
    const user = setup();
    const { to } = fakeApi({
      ...base,
      'POST /calendar/feed/rotate': ok({ kind: 'user', id: 1, name: adminUser.name, url: feedUrl('b'.repeat(32)) }),
    });
    renderApp('/crafted/account');
    const field = await screen.findByRole('textbox', { name: 'Đường dẫn lịch của bạn' });

    // asked, then declined: nothing changes
    await user.click(screen.getByRole('button', { name: 'Tạo đường dẫn mới' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Đường dẫn cũ sẽ ngừng hoạt động ngay');
    await user.click(within(dialog).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(to('POST /calendar/feed/rotate')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Tạo đường dẫn mới' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    await waitFor(() => expect(field).toHaveValue(feedUrl('b'.repeat(32))));
    expect(to('POST /calendar/feed/rotate')).toHaveLength(1);
    expect(to('POST /calendar/feed/rotate')[0].body).toEqual({});
    expect(await screen.findByText('Đã tạo đường dẫn mới')).toBeInTheDocument();
  });

  it('says when the URL could not be loaded, and loads it on retry', async () => {
    const user = setup();
    const api = fakeApi({ ...base, 'GET /calendar/feed': reply(500, { error: { code: 'INTERNAL', message: 'Lỗi máy chủ' } }) });
    renderApp('/crafted/account');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Không tải được dữ liệu');
    expect(screen.queryByRole('textbox', { name: 'Đường dẫn lịch của bạn' })).toBeNull();

    api.route('GET /calendar/feed', base['GET /calendar/feed']);
    await user.click(within(notice).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('textbox', { name: 'Đường dẫn lịch của bạn' })).toHaveValue(feedUrl('a'.repeat(32)));
  });
});
