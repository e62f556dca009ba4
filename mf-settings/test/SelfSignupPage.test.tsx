/** "Tự đăng ký tài khoản": the mode read, chosen and saved. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeApiError, fakeApi, renderWithProviders, signInAsDemo, signOut, spyToasts } from '@trungtam/shared/testing';
import { SelfSignupPage } from '../src/features/self-signup/SelfSignupPage';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

it('shows the mode in force (needs approval), and saves another with the API', async () => {
  signInAsDemo('administrator');
  const toasts = spyToasts();
  let mode = 'approval';
  const api = fakeApi({
    'GET /auth/registration-mode': () => ({ mode }),
    'PUT /system/self-signup': ({ body }) => {
      mode = (body as { mode: string }).mode;
      return { mode };
    },
  });
  renderWithProviders(<SelfSignupPage formDelayMs={0} />);
  const approval = await screen.findByRole('radio', { name: /Cần duyệt/ });
  expect(approval).toBeChecked();
  fireEvent.click(screen.getByRole('radio', { name: /Đóng: không nhận đăng ký/ }));
  await waitFor(() => expect(screen.getByRole('radio', { name: /Đóng/ })).toBeChecked());
  fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
  await waitFor(() => expect(api.to('PUT /system/self-signup')).toHaveLength(1));
  expect(api.to('PUT /system/self-signup')[0].body).toEqual({ mode: 'closed' });
  await waitFor(() => expect(toasts.titles()).toContain('Đã lưu chế độ đăng ký'));
});

it('says when the setting cannot be read', async () => {
  signInAsDemo('administrator');
  fakeApi({
    'GET /auth/registration-mode': () => {
      throw new FakeApiError(500, 'Lỗi hệ thống');
    },
  });
  renderWithProviders(<SelfSignupPage formDelayMs={0} />);
  expect(await screen.findByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
});
