/** The notification settings screen: the composed messages, composing (the body sent), sending with its confirmation, draft-only edit and delete. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@trungtam/shared/contracts/notifications';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { fakeApi, listOf, ok, renderWithProviders, reply, signInWith, signOut, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { NotificationSettingsPage } from '../src/features/notifications/NotificationSettingsPage';


const ALL: PermissionKey[] = (['GetAll', 'GetOne', 'Create', 'Update', 'Delete'] as const).map((action) => ({ resource: 'NotificationSetting', action }));

const message = (over: Partial<Notification>): Notification => ({
  notification_id: 1,
  user_id: null,
  name: 'Thông báo',
  message: 'Nội dung',
  is_read: 1,
  created_at: '2026-11-20T03:00:00.000Z',
  is_send: 0,
  sent_at: null,
  created_by: 1,
  target: { kind: 'all' },
  ...over,
});

const DRAFT = message({ notification_id: 5, name: 'Họp giáo viên', target: { kind: 'type', type: 'teacher' } });
const SENT = message({
  notification_id: 4,
  name: 'Lịch nghỉ Tết',
  is_send: 1,
  sent_at: '2026-11-19T02:30:00.000Z',
  target: { kind: 'center', center_id: 2, center_name: 'Trung tâm TP.HCM' },
  recipient_count: 23,
  read_count: 8,
});
const TO_ONE = message({ notification_id: 3, name: 'Nhắc học phí', target: { kind: 'user', user_id: 42, user_name: 'Nguyễn Văn A' } });
const TYPE_IN_CENTRE = message({ notification_id: 2, name: 'Họp chuyên môn', target: { kind: 'type', type: 'teacher', center_id: 1, center_name: 'Trung tâm Hà Nội' } });

const CENTERS = [
  { center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 },
  { center_id: 2, name: 'Trung tâm TP.HCM', address: null, phone_number: null, status: 1 },
];
const created = reply(201, { data: message({ notification_id: 9 }) });

function setup(routes: Record<string, FakeRoute> = {}, { permissions = ALL, route = '/settings/notifications', affairOfCentre = 0 } = {}) {
  if (affairOfCentre) signInWith('academic_affair', 'Giáo vụ', permissions, { center_id: affairOfCentre });
  else signInWith('administrator', 'Quản lý thông báo', permissions);
  const { calls } = fakeApi({
    'GET /notifications': ok(listOf([DRAFT, SENT, TO_ONE, TYPE_IN_CENTRE])),
    'GET /learning/center/list': ok(listOf(CENTERS)),
    ...routes,
  });
  renderWithProviders(<NotificationSettingsPage formDelayMs={0} />, { route });
  return calls;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const buttonsOf = (row: HTMLElement) => within(row).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('NotificationSettingsPage', () => {
  it('lists the composed messages: whom each goes to in words, draft or sent with its time, recipients and reads', async () => {
    const calls = setup();
    const sent = await rowOf('Lịch nghỉ Tết');
    expect(calls[0].params).toMatchObject({ kind: 'message', limit: 20, page: 1, sort_column: 'notification_id', sort_type: 'DESC' });
    expect(screen.getByText('4 thông báo')).toBeInTheDocument();
    expect(within(sent).getByText('Trung tâm TP.HCM')).toBeInTheDocument();
    expect(within(sent).getByText('Đã gửi')).toBeInTheDocument();
    // 02:30 UTC is 09:30 on the operator's clock
    expect(within(sent).getByText('lúc 19/11/2026 09:30:00')).toBeInTheDocument();
    expect(within(sent).getByText('23 người nhận · 8 đã đọc')).toBeInTheDocument();
    const draft = await rowOf('Họp giáo viên');
    expect(within(draft).getByText('Tất cả giáo viên')).toBeInTheDocument();
    expect(within(draft).getByText('Nháp')).toBeInTheDocument();
    expect(within(await rowOf('Nhắc học phí')).getByText('Nguyễn Văn A')).toBeInTheDocument();
    expect(within(await rowOf('Họp chuyên môn')).getByText('Tất cả giáo viên – Trung tâm Hà Nội')).toBeInTheDocument();
  });

  it('reads its filters from the address: the state and the words go to the API', async () => {
    const calls = setup({}, { route: '/settings/notifications?status=sent&search=T%E1%BA%BFt&page=2' });
    await rowOf('Lịch nghỉ Tết');
    expect(calls[0].params).toMatchObject({ kind: 'message', is_send: 1, search: 'Tết', page: 2 });
  });

  it('offers edit, send and delete on drafts only; a sent message opens read-only', async () => {
    setup();
    expect(buttonsOf(await rowOf('Họp giáo viên'))).toEqual(['Sửa', 'Gửi', 'Xoá']);
    const sent = await rowOf('Lịch nghỉ Tết');
    expect(buttonsOf(sent)).toEqual(['Xem']);
    fireEvent.click(within(sent).getByRole('button', { name: 'Xem' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Thông báo đã gửi: chỉ xem, không thể sửa hay xoá.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Tiêu đề/)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Lưu thay đổi' })).toBeNull();
  });

  it('offers nothing but the list to a role that may only list', async () => {
    setup({}, { permissions: [{ resource: 'NotificationSetting', action: 'GetAll' }] });
    expect(buttonsOf(await rowOf('Họp giáo viên'))).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Soạn thông báo' })).toBeNull();
  });

  it('composes a message for all teachers: the draft body names the target by kind and type only', async () => {
    const toasts = spyToasts();
    const calls = setup({ 'POST /notifications': created });
    fireEvent.click(await screen.findByRole('button', { name: 'Soạn thông báo' }));
    const form = await screen.findByRole('form', { name: 'Soạn thông báo' });
    fireEvent.change(within(form).getByLabelText(/Tiêu đề/), { target: { value: ' Họp toàn thể giáo viên ' } });
    fireEvent.change(within(form).getByLabelText(/Nội dung/), { target: { value: 'Họp lúc 17:30 thứ Sáu' } });
    const submit = within(form).getByRole('button', { name: 'Lưu nháp' });
    // no target yet: the draft cannot be saved
    expect(submit).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/Gửi tới/), { target: { value: 'type' } });
    fireEvent.change(await within(form).findByLabelText(/Loại tài khoản/), { target: { value: 'teacher' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Họp toàn thể giáo viên', message: 'Họp lúc 17:30 thứ Sáu', target: { kind: 'type', type: 'teacher' } });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã lưu thông báo nháp thành công'));
  });

  it('composes for a centre, and for one account picked from a search', async () => {
    const calls = setup({
      'POST /notifications': created,
      'GET /user/list': ({ search }) =>
        ok(listOf(search.get('search') === 'an' ? [{ id: 42, name: 'Nguyễn Văn An', email: 'an@trungtam.vn', type: 'student' }] : [])),
    });
    const open = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Soạn thông báo' }));
      const form = await screen.findByRole('form', { name: 'Soạn thông báo' });
      fireEvent.change(within(form).getByLabelText(/Tiêu đề/), { target: { value: 'Tiêu đề' } });
      fireEvent.change(within(form).getByLabelText(/Nội dung/), { target: { value: 'Nội dung' } });
      return form;
    };
    const posted = () => calls.filter((c) => c.method === 'POST').map((c) => (c.body as { target: unknown }).target);
    const save = async (form: HTMLElement) => {
      const submit = within(form).getByRole('button', { name: 'Lưu nháp' });
      await waitFor(() => expect(submit).toBeEnabled());
      fireEvent.click(submit);
    };

    let form = await open();
    fireEvent.change(within(form).getByLabelText(/Gửi tới/), { target: { value: 'center' } });
    const centre = await within(form).findByLabelText(/^Trung tâm/);
    await within(centre).findByRole('option', { name: 'Trung tâm TP.HCM' });
    fireEvent.change(centre, { target: { value: '2' } });
    await save(form);
    await waitFor(() => expect(posted()).toEqual([{ kind: 'center', center_id: 2 }]));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());

    form = await open();
    fireEvent.change(within(form).getByLabelText(/Gửi tới/), { target: { value: 'user' } });
    fireEvent.change(await within(form).findByLabelText(/Tìm tài khoản/), { target: { value: 'an' } });
    const picker = within(form).getByLabelText(/Tài khoản nhận/);
    await within(picker).findByRole('option', { name: 'Nguyễn Văn An (an@trungtam.vn) – Học viên' });
    expect(calls.filter((c) => c.url === '/user/list').at(-1)?.params).toMatchObject({ search: 'an', limit: 20 });
    fireEvent.change(picker, { target: { value: '42' } });
    await save(form);
    await waitFor(() => expect(posted()).toEqual([{ kind: 'center', center_id: 2 }, { kind: 'user', user_id: 42 }]));
  });

  it("offers a centre's giáo vụ only their centre, already chosen", async () => {
    const calls = setup({ 'POST /notifications': created }, { affairOfCentre: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Soạn thông báo' }));
    const form = await screen.findByRole('form', { name: 'Soạn thông báo' });
    fireEvent.change(within(form).getByLabelText(/Tiêu đề/), { target: { value: 'Nghỉ lễ' } });
    fireEvent.change(within(form).getByLabelText(/Nội dung/), { target: { value: 'Nghỉ ngày 2/9' } });
    fireEvent.change(within(form).getByLabelText(/Gửi tới/), { target: { value: 'all' } });
    const centre = await within(form).findByLabelText(/^Trung tâm/);
    await within(centre).findByRole('option', { name: 'Trung tâm Hà Nội' });
    expect(within(centre).getAllByRole('option').map((option) => option.textContent)).toEqual(['Trung tâm Hà Nội']);
    expect(centre).toHaveValue('1');
    const submit = within(form).getByRole('button', { name: 'Lưu nháp' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ target: { kind: 'all', center_id: 1 } }));
  });

  it('edits a draft with its values, and the update names the message', async () => {
    const calls = setup({ 'PUT /notifications': ok(TYPE_IN_CENTRE) });
    fireEvent.click(within(await rowOf('Họp chuyên môn')).getByRole('button', { name: 'Sửa' }));
    const form = await screen.findByRole('form', { name: 'Sửa thông báo nháp' });
    expect(within(form).getByLabelText(/Tiêu đề/)).toHaveValue('Họp chuyên môn');
    expect(within(form).getByLabelText(/Gửi tới/)).toHaveValue('type');
    expect(within(form).getByLabelText(/Loại tài khoản/)).toHaveValue('teacher');
    await waitFor(() => expect(within(form).getByLabelText(/^Trung tâm/)).toHaveValue('1'));
    fireEvent.change(within(form).getByLabelText(/Tiêu đề/), { target: { value: 'Họp chuyên môn tháng 12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      notification_id: 2,
      name: 'Họp chuyên môn tháng 12',
      message: 'Nội dung',
      target: { kind: 'type', type: 'teacher', center_id: 1 },
    });
  });

  it('sends a draft after a confirmation naming how many will receive it', async () => {
    const toasts = spyToasts();
    const calls = setup({
      'GET /notifications/5': ok({ ...DRAFT, recipient_count: 10, read_count: 0 }),
      'PUT /notifications': ok({ ...DRAFT, is_send: 1, recipient_count: 10, read_count: 0 }),
    });
    const row = await rowOf('Họp giáo viên');

    // cancelling sends nothing
    fireEvent.click(within(row).getByRole('button', { name: 'Gửi' }));
    let dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('Gửi thông báo "Họp giáo viên" tới 10 người? Sau khi gửi, thông báo không thể sửa hay xoá.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Gửi' }));
    dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(/tới 10 người/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã gửi thông báo thành công'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ notification_id: 5, is_send: 1 }]);
    // the list is asked again, so that the message shows as sent
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === '/notifications').length).toBeGreaterThan(1));
  });

  it("says the API's reason when a send is refused", async () => {
    const toasts = spyToasts();
    setup({
      'GET /notifications/5': ok({ ...DRAFT, recipient_count: 0, read_count: 0 }),
      'PUT /notifications': reply(409, { error: { code: 'CONFLICT', message: 'Không có người nhận nào phù hợp với đối tượng nhận' } }),
    });
    fireEvent.click(within(await rowOf('Họp giáo viên')).getByRole('button', { name: 'Gửi' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText('Thông báo "Họp giáo viên" hiện không có người nhận nào.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(toasts.titles()).toContain('Không có người nhận nào phù hợp với đối tượng nhận'));
  });
});
