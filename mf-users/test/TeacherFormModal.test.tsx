import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@trungtam/shared/contracts';
import { FakeApiError } from '@trungtam/shared/testing';
import { MESSAGES, TOAST_DURATION_MS } from '@trungtam/shared/validation';
import { TeacherFormModal } from '../src/features/teachers/TeacherFormModal';
import { DEFAULT_TEACHER_FILTERS } from '../src/features/teachers/types';
import { fakeAccountsApi, refusal, renderWithProviders, spyToasts, teacher } from './helpers';

afterEach(() => jest.restoreAllMocks());

function renderModal(current: User | null, onClose = jest.fn(), onSaved = jest.fn()) {
  renderWithProviders(
    <TeacherFormModal
      open
      teacher={current}
      filters={DEFAULT_TEACHER_FILTERS}
      onClose={onClose}
      onSaved={onSaved}
      delayMs={0}
    />,
  );
  return { onClose, onSaved };
}

function change(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillCreateForm() {
  await screen.findByRole('option', { name: 'Giáo viên chính' });
  await screen.findByRole('option', { name: 'Cơ sở Cầu Giấy' });
  change(/Tên tài khoản/, 'Phạm Minh Đức');
  change(/^Email/, 'duc.pham@trungtam.vn');
  change(/^Mật khẩu/, 'matkhau123');
  change(/Số điện thoại/, '0933111222');
  change(/Quyền tài khoản/, '9');
  change(/Trung tâm/, '1');
  change('Tên ngân hàng', 'Techcombank');
  change('Số tài khoản ngân hàng', '19031234');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Khởi tạo giáo viên' })).toBeEnabled());
}

describe('TeacherFormModal — create', () => {
  it('shows every field, with the password, and a disabled submit while empty', async () => {
    fakeAccountsApi([]);
    renderModal(null);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Thêm giáo viên' })).toBeInTheDocument();
    for (const label of [/Tên tài khoản/, /^Email/, /^Mật khẩu/, /Số điện thoại/, /Trạng thái/, /Quyền tài khoản/, /Trung tâm/, 'Tên ngân hàng', 'Số tài khoản ngân hàng', 'Giới thiệu', 'Bằng cấp, chứng chỉ', 'Thông tin khác']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'Khởi tạo giáo viên' })).toBeDisabled());
  });

  it('lists the teacher roles and the centres', async () => {
    const http = fakeAccountsApi([]);
    renderModal(null);
    expect(await screen.findByRole('option', { name: 'Giáo viên chính' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Cơ sở Hà Đông' })).toBeInTheDocument();
    const [roleCall] = http.to('GET /system/role/list');
    expect(roleCall.params).toEqual({ limit: 500, page: 1, sort_column: 'id', sort_type: 'DESC', relationships: 'permissions', guard_name: 'teacher' });
  });

  it("shows the account form's validation messages", async () => {
    fakeAccountsApi([]);
    renderModal(null);
    await screen.findByRole('dialog');
    for (const label of [/Tên tài khoản/, /^Email/, /^Mật khẩu/, /Số điện thoại/, /Quyền tài khoản/]) {
      fireEvent.blur(screen.getByLabelText(label));
    }
    expect(await screen.findByText(MESSAGES.accountNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.accountEmailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.accountPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.roleRequired)).toBeInTheDocument();

    change(/^Email/, 'sai-dinh-dang');
    change(/^Mật khẩu/, 'abc');
    expect(await screen.findByText(MESSAGES.accountEmailFormat)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.accountPasswordMin)).toBeInTheDocument();
    change(/^Email/, 'a@b.vn');
    change(/^Mật khẩu/, 'x'.repeat(51));
    expect(await screen.findByText(MESSAGES.accountPasswordMax)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.accountEmailMin)).toBeInTheDocument();
  });

  it('sends a teacher with numeric role and centre, toasts and closes', async () => {
    const toasts = spyToasts();
    const created = teacher({ id: 99, name: 'Phạm Minh Đức' });
    const http = fakeAccountsApi([], { 'POST /auth/register': () => ({ data: created }) });
    const { onClose, onSaved } = renderModal(null);
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    await fillCreateForm();
    const submit = screen.getByRole('button', { name: 'Khởi tạo giáo viên' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(http.to('POST /auth/register').map((call) => call.body)).toContainEqual({
      email: 'duc.pham@trungtam.vn',
      name: 'Phạm Minh Đức',
      password: 'matkhau123',
      type: 'teacher',
      phone_number: '0933111222',
      status: 1,
      roles: [{ id: 9 }],
      center_id: 1,
      banking_name: 'Techcombank',
      banking_number: '19031234',
      about: '',
      certificate: '',
      information: '',
    });
    expect(toasts.last()).toMatchObject({ type: 'success', title: MESSAGES.teacherCreated, duration: TOAST_DURATION_MS });
    expect(onSaved).toHaveBeenCalledWith('create', created);
  });

  it('shows the "account exists" banner in the form when create fails', async () => {
    const toasts = spyToasts();
    fakeAccountsApi([], {
      'POST /auth/register': () => {
        throw refusal(409);
      },
    });
    const { onClose } = renderModal(null);
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    await fillCreateForm();
    await user.click(screen.getByRole('button', { name: 'Khởi tạo giáo viên' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.accountCreateFailed);
    expect(screen.getByRole('form', { name: 'Thêm giáo viên' })).toContainElement(alert);
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts.spy).not.toHaveBeenCalled();
  });

  it('refuses what the API refuses: a name over 255 characters, a phone that is not Vietnamese', async () => {
    const http = fakeAccountsApi([]);
    renderModal(null);
    await fillCreateForm();
    change(/Tên tài khoản/, 'A'.repeat(360));
    fireEvent.blur(screen.getByLabelText(/Tên tài khoản/));
    change(/Số điện thoại/, 'abcxyz');
    fireEvent.blur(screen.getByLabelText(/Số điện thoại/));
    expect(await screen.findByText('Tối đa 255 ký tự')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.phoneFormat)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Khởi tạo giáo viên' })).toBeDisabled();
    change(/Tên tài khoản/, 'A'.repeat(255));
    change(/Số điện thoại/, '+84933111222');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Khởi tạo giáo viên' })).toBeEnabled());
    expect(http.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the API’s message on the field it names, not the "account exists" banner', async () => {
    fakeAccountsApi([], {
      'POST /auth/register': () => {
        throw new FakeApiError(400, 'Dữ liệu gửi lên không hợp lệ', { phone_number: 'Số điện thoại đã được dùng' });
      },
    });
    const { onClose } = renderModal(null);
    const user = userEvent.setup();
    await fillCreateForm();
    await user.click(screen.getByRole('button', { name: 'Khởi tạo giáo viên' }));
    expect(await screen.findByText('Số điện thoại đã được dùng')).toBeInTheDocument();
    expect(screen.getByLabelText(/Số điện thoại/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(MESSAGES.accountCreateFailed)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a centre the API answers as gone or out of reach under "Trung tâm"', async () => {
    const outOfReach = 'Trung tâm không tồn tại hoặc ngoài phạm vi của bạn';
    fakeAccountsApi([], {
      'POST /auth/register': () => {
        throw new FakeApiError(400, 'Dữ liệu gửi lên không hợp lệ', { center_id: outOfReach });
      },
    });
    const { onClose } = renderModal(null);
    const user = userEvent.setup();
    await fillCreateForm();
    await user.click(screen.getByRole('button', { name: 'Khởi tạo giáo viên' }));
    expect(await screen.findByText(outOfReach)).toBeInTheDocument();
    expect(screen.getByLabelText(/Trung tâm/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a failed create is a system error, not an existing account, when the API gives no reason', async () => {
    fakeAccountsApi([], {
      'POST /auth/register': () => {
        throw refusal(500);
      },
    });
    renderModal(null);
    const user = userEvent.setup();
    await fillCreateForm();
    await user.click(screen.getByRole('button', { name: 'Khởi tạo giáo viên' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountUpdateFailed);
    expect(screen.queryByText(MESSAGES.accountCreateFailed)).toBeNull();
  });

  it('shows the waiting text while the request runs', async () => {
    const http = fakeAccountsApi([], { 'POST /auth/register': () => ({ data: teacher({ id: 100 }) }) });
    const release = http.hold('POST /auth/register');
    renderModal(null);
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    await fillCreateForm();
    await user.click(screen.getByRole('button', { name: 'Khởi tạo giáo viên' }));
    expect(await screen.findByRole('button', { name: MESSAGES.pleaseWait })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('button', { name: MESSAGES.pleaseWait })).not.toBeInTheDocument());
  });
});

describe('TeacherFormModal — edit', () => {
  it('hides the password, fills the account and validates neither password nor role', async () => {
    fakeAccountsApi([]);
    renderModal(teacher());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Cập nhật giáo viên' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Mật khẩu/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Tên tài khoản/)).toHaveValue('Trần Thị Bình');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('binh.tran@trungtam.vn');
    expect(screen.getByLabelText(/Trạng thái/)).toHaveValue('1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cập nhật giáo viên' })).toBeEnabled());
  });

  it('locks an account through the status, sends PUT /user/update without password, toasts and closes', async () => {
    const toasts = spyToasts();
    const http = fakeAccountsApi([], { 'PUT /user/update': () => ({}) });
    const { onClose } = renderModal(teacher({ center_id: null }));
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    await user.selectOptions(screen.getByLabelText(/Trạng thái/), '4');
    await user.click(screen.getByRole('button', { name: 'Cập nhật giáo viên' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [{ url, body }] = http.calls.filter((call) => call.method === 'PUT');
    expect(url).toBe('/user/update');
    expect(body).toMatchObject({ id: 7, status: 4, roles: [{ id: 3 }], name: 'Trần Thị Bình' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('center_id');
    expect(toasts.last()).toMatchObject({ type: 'success', title: MESSAGES.teacherUpdated });
  });

  it('edits and locks a teacher who has no phone without asking for one; a phone typed in is checked', async () => {
    const http = fakeAccountsApi([], { 'PUT /user/update': () => ({}) });
    const { onClose } = renderModal(teacher({ phone_number: null }));
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    const submit = screen.getByRole('button', { name: 'Cập nhật giáo viên' });
    await waitFor(() => expect(submit).toBeEnabled());
    change(/Số điện thoại/, '12345');
    fireEvent.blur(screen.getByLabelText(/Số điện thoại/));
    expect(await screen.findByText(MESSAGES.phoneFormat)).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeDisabled());
    change(/Số điện thoại/, '');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.selectOptions(screen.getByLabelText(/Trạng thái/), '4');
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(http.to('PUT /user/update')[0].body).toMatchObject({ id: 7, status: 4, phone_number: '' });
  });

  it('says at once which stored value keeps the form from being saved', async () => {
    fakeAccountsApi([]);
    // an address of 6 characters, as self sign-up allowed
    renderModal(teacher({ email: 'a@b.vn' }));
    expect(await screen.findByText(MESSAGES.accountEmailMin)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Cập nhật giáo viên' })).toBeDisabled();
    // nothing else is flagged
    expect(screen.queryByText(MESSAGES.phoneRequired)).toBeNull();
  });

  it('shows the system error in the form when the update fails', async () => {
    fakeAccountsApi([], {
      'PUT /user/update': () => {
        throw refusal(500);
      },
    });
    const { onClose } = renderModal(teacher());
    const user = userEvent.setup();
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Cập nhật giáo viên' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountUpdateFailed);
    expect(onClose).not.toHaveBeenCalled();
  });
});
