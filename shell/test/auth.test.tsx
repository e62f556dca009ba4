jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@trungtam/shared/validation';
import { setLanguage } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { fakeApi, ok, reply, type FakeReply } from '@trungtam/shared/testing';
import { adminUser, renderApp, resetSession, signedInRoutes } from './utils';

const where = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  resetSession();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

/** Fills the sign-up form (overrides: label → value, '' to leave a field empty). */
async function fill(user: ReturnType<typeof setup>, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Nguyễn',
    'Last name': 'Văn An',
    Email: 'an@trungtam.vn',
    Password: 'matkhau123',
    'Confirm Password': 'matkhau123',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.tab();
}

describe('the signed-out frame', () => {
  it("names its footer links in the chosen language (English by default)", async () => {
    fakeApi({});
    renderApp('/auth/login');
    expect(await screen.findByRole('navigation', { name: 'Site links' })).toBeInTheDocument();
    await act(() => setLanguage('vi'));
    try {
      expect(await screen.findByRole('navigation', { name: 'Liên kết khác' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('login', () => {
  it('shows the Vietnamese validation messages', async () => {
    const user = setup();
    fakeApi({});
    renderApp('/auth/login');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.loginEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginPasswordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'ab');
    await user.tab();
    expect(await screen.findByText(MESSAGES.loginEmailFormat)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginMin)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'x'.repeat(60));
    await user.tab();
    expect(await screen.findByText(MESSAGES.loginMax)).toBeInTheDocument();
  });

  it('waits 1 second with an indicator before sending, then stores the token and fetches the user', async () => {
    const user = setup();
    const { calls } = fakeApi({
      ...signedInRoutes(),
      'POST /auth/login': ok({ auth: { accessToken: 'token-1', expiresIn: 3600 }, user: adminUser }),
    });
    renderApp('/auth/login');
    await user.type(screen.getByLabelText('Email'), 'admin@trungtam.vn');
    await user.type(screen.getByLabelText('Password'), 'matkhau123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Please wait…')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(calls.filter((c) => c.url === '/auth/login')).toHaveLength(0);

    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/auth/login')?.body).toEqual({ email: 'admin@trungtam.vn', password: 'matkhau123' });
    expect(calls.find((c) => c.url === '/user/get-by-token')?.headers.Authorization).toBe('Bearer token-1');
    expect(useSession.getState()).toMatchObject({ accessToken: 'token-1', user: adminUser });
  });

  it('shows the Vietnamese failure message when sign-in fails', async () => {
    const user = setup();
    fakeApi({ 'POST /auth/login': reply(401, { error: { code: 'UNAUTHENTICATED', message: 'no' } }) });
    renderApp('/auth/login');
    await user.type(screen.getByLabelText('Email'), 'admin@trungtam.vn');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(MESSAGES.loginFailed)).toBeInTheDocument();
  });

  it('says when to try again after too many failed sign-ins (the API’s own message)', async () => {
    const user = setup();
    const tooMany = 'Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau 12 phút';
    fakeApi({ 'POST /auth/login': reply(429, { error: { code: 'RATE_LIMITED', message: tooMany } }) });
    renderApp('/auth/login');
    await user.type(screen.getByLabelText('Email'), 'admin@trungtam.vn');
    await user.type(screen.getByLabelText('Password'), 'matkhau123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(tooMany)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loginFailed)).toBeNull();
    expect(where()).toBe('/auth/login');
    expect(useSession.getState().accessToken).toBeNull();
  });
});

describe('registration', () => {


  it('shows the required messages', async () => {
    const user = setup();
    fakeApi({});
    renderApp('/auth/registration');
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm Password']) {
      await user.click(screen.getByLabelText(label));
    }
    await user.tab();
    expect(await screen.findByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordConfirmationRequired)).toBeInTheDocument();
  });

  it('checks lengths, the email format and the password confirmation', async () => {
    const user = setup();
    fakeApi({});
    renderApp('/auth/registration');
    await fill(user, { 'First name': 'An', Email: 'sai-dinh-dang', 'Confirm Password': 'khac-mat-khau' });
    expect(await screen.findByText(MESSAGES.minSymbols)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.wrongEmailFormat)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('keeps submit disabled until the form is valid and the terms are accepted', async () => {
    const user = setup();
    fakeApi({});
    renderApp('/auth/registration');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await fill(user);
    await waitFor(() => expect(submit).toBeDisabled());
    const terms = screen.getByRole('checkbox', { name: 'I accept the' });
    await user.click(terms);
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(terms);
    expect(await screen.findByText(MESSAGES.acceptTerms)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/auth/terms');
  });

  it('signs the new account in, or says the registration broke', async () => {
    const user = setup();
    let fail = true;
    const { calls } = fakeApi({
      ...signedInRoutes(),
      'POST /auth/register': () =>
        fail
          ? reply(409, { error: { code: 'CONFLICT', message: MESSAGES.registrationFailed, fields: { email: MESSAGES.accountCreateFailed } } })
          : reply(201, { data: { auth: { accessToken: 'token-2', expiresIn: 3600 }, user: adminUser } }),
    });
    renderApp('/auth/registration');
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the' }));
    // (as a user sees it: the button is enabled once the form is valid)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(MESSAGES.registrationFailed)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/auth/register')?.body).toEqual({
      email: 'an@trungtam.vn',
      firstname: 'Nguyễn',
      lastname: 'Văn An',
      password: 'matkhau123',
    });

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(useSession.getState().accessToken).toBe('token-2');
  });
});

const COMMON = 'Mật khẩu này quá phổ biến, dễ bị đoán ra; vui lòng chọn mật khẩu khác';
const refusedPassword = reply(400, { error: { code: 'VALIDATION_FAILED', message: COMMON, fields: { password: COMMON } } });
const tooMany = (message: string) => reply(429, { error: { code: 'RATE_LIMITED', message } });

describe('the API’s own reasons on the sign-up, forgot and reset forms', () => {
  it('sign-up: a password too common is said on the password field', async () => {
    const user = setup();
    fakeApi({ 'POST /auth/register': refusedPassword });
    renderApp('/auth/registration');
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the' }));
    // (as a user sees it: the button is enabled once the form is valid)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(COMMON)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.registrationFailed)).not.toBeInTheDocument();
    expect(password).toHaveValue('matkhau123');
  });

  it('forgot password: too many requests says when to come back, not that the account is unknown', async () => {
    const user = setup();
    const message = 'Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau 42 phút';
    fakeApi({ 'POST /auth/forgot-password': tooMany(message) });
    renderApp('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'giaovien@trungtam.vn');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.forgotPasswordStatusFailed)).not.toBeInTheDocument();
  });

  it('reset password: a password too common is said on its field; a bad link says so', async () => {
    const user = setup();
    let answer: FakeReply = refusedPassword;
    fakeApi({ 'POST /auth/reset-password': () => answer });
    renderApp('/auth/reset-password?token=abc1234567');
    await user.type(screen.getByLabelText('Password'), 'iloveyou');
    await user.type(screen.getByLabelText('Confirm Password'), 'iloveyou');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(COMMON)).toBeInTheDocument();
    expect(screen.queryByText(/Liên kết đặt lại mật khẩu không hợp lệ/)).not.toBeInTheDocument();

    answer = reply(400, { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { token: 'x' } } });
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'matkhaumoi');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'matkhaumoi');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(/Liên kết đặt lại mật khẩu không hợp lệ/)).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('validates the email in Vietnamese', async () => {
    const user = setup();
    fakeApi({});
    renderApp('/auth/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.loginEmailRequired)).toBeInTheDocument();
  });

  it('shows the info box on success', async () => {
    const user = setup();
    const { calls } = fakeApi({ 'POST /auth/forgot-password': ok({ result: true, delivery: 'outbox' }) });
    renderApp('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'giaovien@trungtam.vn');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(calls).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    // a link to set a new password was sent, not the password itself
    expect((await screen.findByText('Đường dẫn đặt mật khẩu mới đã được gửi, vui lòng kiểm tra email của bạn')).closest('[role="status"]')).toHaveClass('plain-alert--info');
  });

  it('shows the error box with the status on failure', async () => {
    const user = setup();
    fakeApi({ 'POST /auth/forgot-password': reply(404, { error: { code: 'NOT_FOUND', message: 'unknown' } }) });
    renderApp('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'khongco@trungtam.vn');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(MESSAGES.forgotPasswordStatusFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.forgotPasswordFailed)).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('sends the token from the link with the new password', async () => {
    const user = setup();
    const { calls } = fakeApi({ 'POST /auth/reset-password': ok({ result: true }) });
    renderApp('/auth/reset-password?token=abc123');
    await user.type(screen.getByLabelText('Password'), 'matkhaumoi');
    await user.type(screen.getByLabelText('Confirm Password'), 'matkhaumoi');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByText(/Mật khẩu đã được cập nhật/)).toBeInTheDocument();
    expect(calls[0].body).toEqual({ token: 'abc123', password: 'matkhaumoi' });
  });
});

describe('auth frame', () => {
  it('shows the logo and the About / Contact / News links', () => {
    fakeApi({});
    renderApp('/auth/login');
    expect(screen.getAllByRole('img', { name: 'Trung tâm' }).length).toBeGreaterThan(0);
    for (const name of ['About', 'Contact', 'News']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });
});

describe('self sign-up modes and the waiting page', () => {
  it('closed: the page says so instead of the form', async () => {
    fakeApi({ 'GET /auth/registration-mode': ok({ mode: 'closed' }) });
    renderApp('/auth/registration');
    expect(await screen.findByText("Sign-up is closed: the centre creates accounts itself. Please contact the centre.")).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('needs approval: the form says so; the new account sees only the waiting page until it is approved', async () => {
    const user = setup();
    const pending = { ...adminUser, type: 'student', status: 2 };
    let me = pending;
    fakeApi({
      ...signedInRoutes(),
      'GET /auth/registration-mode': ok({ mode: 'approval' }),
      'GET /user/get-by-token': () => ok(me),
      'POST /auth/register': reply(200, { data: { auth: { accessToken: 'token-3', expiresIn: 3600 }, user: pending } }),
    });
    renderApp('/auth/registration');
    expect(await screen.findByText("A new account waits for the centre's approval before it can be used.")).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Still waiting for approval.')).toBeInTheDocument();
    me = { ...pending, status: 1 };
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Waiting for approval' })).not.toBeInTheDocument());
    expect(where()).toBe('/dashboard');
  });
});
