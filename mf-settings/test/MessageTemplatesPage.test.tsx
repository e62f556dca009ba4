/**
 * The templates of the messages to families: each kind on each channel, built in or written; the editor with
 * the API's rules (an unknown placeholder refused in the form, the API's refusal on its field), the
 * placeholders inserted at the cursor, the preview on a real student, the reset after a confirmation, the
 * quiet window, and a giáo vụ's read-only view.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_TEMPLATES,
  FAMILY_MESSAGE_KINDS,
  MESSAGE_CHANNELS,
  MESSAGE_PLACEHOLDERS,
  type MessageTemplate,
} from '@trungtam/shared/contracts/familyMessages';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInAsDemo, signInWith, signOut, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { MessageTemplatesPage } from '../src/features/message-templates/MessageTemplatesPage';

const ABSENCE_EMAIL: MessageTemplate = {
  kind: 'absence',
  channel: 'email',
  subject: 'Vắng học: {hoc_vien}',
  body: 'Kính gửi {kinh_gui}, học viên {hoc_vien} vắng buổi học lớp {lop}.',
  custom: true,
  updated_at: '2026-03-01T02:00:00.000Z',
};

const TEMPLATES: MessageTemplate[] = FAMILY_MESSAGE_KINDS.flatMap((kind) =>
  MESSAGE_CHANNELS.map((channel) => (kind === 'absence' && channel === 'email' ? ABSENCE_EMAIL : { kind, channel, ...DEFAULT_TEMPLATES[kind], custom: false, updated_at: null })),
);

const SETTINGS = { quiet_start: '21:00', quiet_end: '07:00', channels: ['email', 'zalo'] };

function setUp({ routes = {} as Record<string, FakeRoute>, as = 'administrator' as 'administrator' | 'academic_affair' } = {}) {
  if (as === 'administrator') signInWith('administrator', 'Administrator', []);
  else signInAsDemo('academic_affair', { center_id: 1 });
  const api = fakeApi({
    'GET /learning/message-template/list': () => ({ templates: TEMPLATES, placeholders: MESSAGE_PLACEHOLDERS }),
    'GET /learning/message-template/settings': () => SETTINGS,
    'GET /user/list': ({ search }) =>
      listOf(search.get('type') === 'student' && search.get('search') === 'an' ? [{ id: 30, name: 'Trần Minh An', email: 'an@trungtam.vn', type: 'student' }] : []),
    ...routes,
  });
  renderWithProviders(<MessageTemplatesPage formDelayMs={0} />, { route: '/settings/message-templates' });
  return api;
}

const panel = async (name: string) => screen.findByRole('group', { name });

async function openEditor(name = 'Sửa mẫu Vắng học · E-mail') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('MessageTemplatesPage', () => {
  it('shows every kind on every channel, built in or written, and the quiet window with the channels on', async () => {
    setUp();
    const written = await panel('Vắng học · E-mail');
    expect(within(written).getByText('Đã sửa')).toBeInTheDocument();
    expect(within(written).getByText('Vắng học: {hoc_vien}')).toBeInTheDocument();
    expect(within(written).getByText('Sửa lúc 01/03/2026 09:00')).toBeInTheDocument();
    const builtIn = await panel('Vắng học · Zalo');
    expect(within(builtIn).getByText('Mặc định')).toBeInTheDocument();
    expect(within(builtIn).getByText(DEFAULT_TEMPLATES.absence.subject)).toBeInTheDocument();
    expect(within(await panel('Vắng học · SMS')).getByText('Kênh chưa bật')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Giờ yên lặng', 'Vắng học', 'Đính chính vắng học', 'Sắp hết buổi', 'Thay đổi lịch học', 'Sắp đến hạn đóng học phí', 'Quá hạn đóng học phí', 'Phiếu thu', 'Nhắc lịch học', 'Tin của trung tâm']);
    expect(screen.getByText('9 loại tin · 1 mẫu đã sửa')).toBeInTheDocument();

    expect(await screen.findByText('Từ 21:00 đến 07:00 sáng hôm sau')).toBeInTheDocument();
    expect(screen.getByText('Kênh đang bật: E-mail, Zalo')).toBeInTheDocument();
    expect(screen.getByText(/“Sắp hết buổi”, “Sắp đến hạn đóng học phí”, “Quá hạn đóng học phí”, “Phiếu thu”, “Nhắc lịch học” viết trong giờ yên lặng/)).toBeInTheDocument();
    // only a written one can be put back
    expect(screen.getAllByRole('button', { name: /^Khôi phục mặc định/ })).toHaveLength(1);
  });

  it('refuses a placeholder the kind does not offer in the form, naming it, and saves once it is gone', async () => {
    const toasts = spyToasts();
    const api = setUp({ routes: { 'POST /learning/message-template/update': ({ body }) => ({ ...(body as object), custom: true, updated_at: '2026-03-02T02:00:00.000Z' }) } });
    const dialog = await openEditor();
    const body = within(dialog).getByLabelText(/^Nội dung/);
    fireEvent.change(body, { target: { value: 'Học viên {hoc_vien} còn nợ {so_tien}, hạn {han_nop}.' } });
    expect(await within(dialog).findByText('Biến không dùng được cho loại tin này: {so_tien}, {han_nop}')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Lưu mẫu tin' });
    expect(save).toBeDisabled();
    fireEvent.submit(within(dialog).getByRole('form'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.to('POST /learning/message-template/update')).toHaveLength(0);

    fireEvent.change(body, { target: { value: 'Học viên {hoc_vien} vắng buổi học lớp {lop} ngày {ngay}.\n\n' } });
    await waitFor(() => expect(save).toBeEnabled());
    expect(within(dialog).queryByText(/Biến không dùng được/)).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(api.to('POST /learning/message-template/update')).toHaveLength(1));
    expect(api.to('POST /learning/message-template/update')[0].body).toEqual({
      kind: 'absence',
      channel: 'email',
      subject: 'Vắng học: {hoc_vien}',
      body: 'Học viên {hoc_vien} vắng buổi học lớp {lop} ngày {ngay}.',
    });
    await waitFor(() => expect(toasts.titles()).toContain('Đã lưu mẫu tin'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await panel('Vắng học · E-mail')).getByText('Học viên {hoc_vien} vắng buổi học lớp {lop} ngày {ngay}.')).toBeInTheDocument();
  });

  it("shows the API's refusal of a text on its field", async () => {
    setUp({
      routes: {
        'POST /learning/message-template/update': () => {
          throw new FakeApiError(400, 'Dữ liệu gửi lên không hợp lệ', { subject: 'Tiêu đề tối đa 255 ký tự' });
        },
      },
    });
    const dialog = await openEditor('Sửa mẫu Phiếu thu · Zalo');
    fireEvent.change(within(dialog).getByLabelText(/^Tiêu đề/), { target: { value: 'Phiếu thu {so_phieu}' } });
    const save = within(dialog).getByRole('button', { name: 'Lưu mẫu tin' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await within(dialog).findByText('Tiêu đề tối đa 255 ký tự')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('lists the kind’s placeholders and puts the one clicked where the cursor was', async () => {
    setUp();
    const dialog = await openEditor('Sửa mẫu Nhắc lịch học · E-mail');
    expect(within(dialog).getByText('Phòng học')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Chèn {so_tien}' })).toBeNull();
    const subject = within(dialog).getByLabelText(/^Tiêu đề/) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'Nhắc lịch học ngày ' } });
    fireEvent.focus(subject);
    subject.setSelectionRange(19, 19);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chèn {ngay}' }));
    await waitFor(() => expect(subject.value).toBe('Nhắc lịch học ngày {ngay}'));
    // the body, once it is the field last in use
    const body = within(dialog).getByLabelText(/^Nội dung/) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Phòng ' } });
    fireEvent.focus(body);
    body.setSelectionRange(6, 6);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chèn {phong}' }));
    await waitFor(() => expect(body.value).toBe('Phòng {phong}'));
  });

  it('fills the unsaved text for a student picked from a search: the subject, the text and whom it reaches', async () => {
    const api = setUp({
      routes: {
        'POST /learning/message-template/preview': () => ({
          subject: 'Vắng hôm nay: Trần Minh An',
          text: 'Kính gửi chị Lan, học viên Trần Minh An vắng buổi học lớp Lớp mẫu.',
          recipient: 'lan.nguyen@example.com',
        }),
      },
    });
    const dialog = await openEditor();
    fireEvent.change(within(dialog).getByLabelText(/^Tiêu đề/), { target: { value: 'Vắng hôm nay: {hoc_vien}' } });
    const preview = within(dialog).getByRole('button', { name: 'Xem trước' });
    expect(preview).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Tìm học viên theo tên, email, số điện thoại'), { target: { value: 'an' } });
    const student = within(dialog).getByLabelText(/^Học viên/);
    await within(student).findByRole('option', { name: /Trần Minh An/ });
    expect(api.to('GET /user/list').at(-1)!.params).toMatchObject({ type: 'student', search: 'an' });
    fireEvent.change(student, { target: { value: '30' } });
    await waitFor(() => expect(preview).toBeEnabled());
    fireEvent.click(preview);
    const shown = await within(dialog).findByRole('region', { name: 'Bản xem trước' });
    expect(api.to('POST /learning/message-template/preview')[0].body).toEqual({ kind: 'absence', subject: 'Vắng hôm nay: {hoc_vien}', body: ABSENCE_EMAIL.body, student_id: 30 });
    expect(within(shown).getByText('Vắng hôm nay: Trần Minh An')).toBeInTheDocument();
    expect(within(shown).getByText('Kính gửi chị Lan, học viên Trần Minh An vắng buổi học lớp Lớp mẫu.')).toBeInTheDocument();
    expect(within(shown).getByText('lan.nguyen@example.com')).toBeInTheDocument();
    // nothing saved
    expect(api.to('POST /learning/message-template/update')).toHaveLength(0);
  });

  it('puts a written text back to the built-in one only once confirmed', async () => {
    const toasts = spyToasts();
    const api = setUp({ routes: { 'POST /learning/message-template/reset': () => ({ kind: 'absence', channel: 'email', ...DEFAULT_TEMPLATES.absence, custom: false, updated_at: null }) } });
    const reset = await screen.findByRole('button', { name: 'Khôi phục mặc định mẫu Vắng học · E-mail' });
    fireEvent.click(reset);
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Khôi phục mẫu “Vắng học · E-mail” về nội dung mặc định?')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('POST /learning/message-template/reset')).toHaveLength(0);

    fireEvent.click(reset);
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Khôi phục mặc định' }));
    await waitFor(() => expect(api.to('POST /learning/message-template/reset')).toHaveLength(1));
    expect(api.to('POST /learning/message-template/reset')[0].body).toEqual({ kind: 'absence', channel: 'email' });
    await waitFor(() => expect(toasts.titles()).toContain('Đã khôi phục mẫu tin mặc định'));
    const panelNow = await panel('Vắng học · E-mail');
    await waitFor(() => expect(within(panelNow).getByText('Mặc định')).toBeInTheDocument());
    expect(within(panelNow).getByText(DEFAULT_TEMPLATES.absence.subject)).toBeInTheDocument();
  });

  it('saves the quiet window with the API’s time rule', async () => {
    const api = setUp({ routes: { 'POST /learning/message-template/settings': ({ body }) => ({ ...(body as object), channels: ['email', 'zalo'] }) } });
    const form = await screen.findByRole('form', { name: 'Giờ yên lặng' });
    const start = within(form).getByLabelText(/^Bắt đầu/);
    fireEvent.change(start, { target: { value: '25:00' } });
    fireEvent.blur(start);
    expect(await within(form).findByText('Giờ theo dạng HH:mm (00:00–23:59)')).toBeInTheDocument();
    fireEvent.change(start, { target: { value: '22:30' } });
    const save = within(form).getByRole('button', { name: 'Lưu giờ yên lặng' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(api.to('POST /learning/message-template/settings')).toHaveLength(1));
    expect(api.to('POST /learning/message-template/settings')[0].body).toEqual({ quiet_start: '22:30', quiet_end: '07:00' });
    expect(await screen.findByText('Từ 22:30 đến 07:00 sáng hôm sau')).toBeInTheDocument();
  });

  it('shows a giáo vụ every text read-only, the preview kept, and the quiet window without its form', async () => {
    setUp({ as: 'academic_affair' });
    expect(await screen.findByText('Bạn chỉ được xem các mẫu tin; việc sửa mẫu do quản trị viên thực hiện.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sửa mẫu/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Khôi phục mặc định/ })).toBeNull();
    expect(await screen.findByText('Từ 21:00 đến 07:00 sáng hôm sau')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Giờ yên lặng' })).toBeNull();

    const dialog = await openEditor('Xem mẫu Vắng học · E-mail');
    expect(within(dialog).getByLabelText(/^Nội dung/)).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Lưu mẫu tin' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Chèn/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Xem trước' })).toBeInTheDocument();
  });
});
