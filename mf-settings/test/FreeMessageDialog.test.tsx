/** "Gửi phụ huynh" on the notification settings screen: the body sent for each kind of recipient, the centre's confirmation with its count, the result, the shared rules of the texts. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEMPLATE_LIMITS, TEMPLATE_TEXT } from '@trungtam/shared/contracts/familyMessages';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { fakeApi, listOf, renderWithProviders, signInAsDemo, signInWith, signOut, type FakeRoute } from '@trungtam/shared/testing';
import { NotificationSettingsPage } from '../src/features/notifications/NotificationSettingsPage';

const CENTERS = [
  { center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 },
  { center_id: 2, name: 'Trung tâm TP.HCM', address: null, phone_number: null, status: 1 },
];
const CLASSES = [{ class_id: 4, class_name: 'GT-HN-01 Giao tiếp cơ bản', room: { room_id: 1, name: 'P.101', room_number: '101', center: { center_id: 1, name: 'Trung tâm Hà Nội' } } }];
const STUDENTS = [
  { id: 30, name: 'Trần Minh An', email: 'an@trungtam.vn', type: 'student' },
  { id: 31, name: 'Lê Gia Huy', email: 'huy@trungtam.vn', type: 'student' },
];

const RESULT = { queued: 5, students: 6, without_contact: 1 };

function setUp({ routes = {} as Record<string, FakeRoute>, as = 'administrator' as 'administrator' | 'academic_affair' | PermissionKey[] } = {}) {
  if (as === 'administrator') signInWith('administrator', 'Administrator', []);
  else if (as === 'academic_affair') signInAsDemo('academic_affair', { center_id: 1 });
  else signInWith('administrator', 'Thông báo', as);
  const api = fakeApi({
    'GET /notifications': () => listOf([]),
    'GET /learning/center/list': () => listOf(CENTERS),
    'GET /learning/class/list': ({ search }) => listOf(search.get('search') === 'GT' ? CLASSES : []),
    'GET /user/list': ({ search }) => {
      // a centre's students are counted; a search finds them by name
      if (search.get('center_id')) return { rows: [STUDENTS[0]], total_rows: search.get('center_id') === '2' ? 120 : 45, total_pages: 120 };
      return listOf(search.get('search') ? STUDENTS.filter((student) => student.name.includes(search.get('search')!)) : []);
    },
    'POST /learning/messages/send': () => RESULT,
    ...routes,
  });
  renderWithProviders(<NotificationSettingsPage formDelayMs={0} />, { route: '/settings/notifications' });
  return api;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Gửi phụ huynh' }));
  return screen.findByRole('form', { name: 'Gửi tin cho phụ huynh' });
}

function write(form: HTMLElement, subject = 'Nghỉ Tết Nguyên đán', text = 'Trung tâm nghỉ từ 14/02 đến 20/02.') {
  fireEvent.change(within(form).getByRole('textbox', { name: /^Tiêu đề/ }), { target: { value: ` ${subject} ` } });
  fireEvent.change(within(form).getByRole('textbox', { name: /^Nội dung/ }), { target: { value: text } });
}

async function send(form: HTMLElement) {
  const submit = within(form).getByRole('button', { name: 'Gửi tin' });
  await waitFor(() => expect(submit).toBeEnabled());
  fireEvent.click(submit);
}

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('FreeMessageDialog', () => {
  it("sends to a class's families: the class picked from a search, then says what was queued and who has no contact", async () => {
    const api = setUp();
    const form = await openDialog();
    fireEvent.change(within(form).getByLabelText(/^Gửi tới phụ huynh của/), { target: { value: 'class' } });
    fireEvent.change(within(form).getByLabelText('Tìm lớp theo tên'), { target: { value: 'GT' } });
    const classField = within(form).getByLabelText(/^Lớp/);
    await within(classField).findByRole('option', { name: 'GT-HN-01 Giao tiếp cơ bản – Trung tâm Hà Nội' });
    expect(api.to('GET /learning/class/list').at(-1)!.params).toMatchObject({ search: 'GT' });
    fireEvent.change(classField, { target: { value: '4' } });
    write(form);
    await send(form);
    await waitFor(() => expect(api.to('POST /learning/messages/send')).toHaveLength(1));
    expect(api.to('POST /learning/messages/send')[0].body).toEqual({ target: 'class', class_id: 4, subject: 'Nghỉ Tết Nguyên đán', text: 'Trung tâm nghỉ từ 14/02 đến 20/02.' });
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Đã xếp 5 tin cho phụ huynh của 6 học viên; 1 học viên chưa có liên hệ.')).toBeInTheDocument();
    // no confirmation for a class
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before sending to a whole centre, naming how many students it reaches, and sends only once agreed', async () => {
    const api = setUp();
    const form = await openDialog();
    fireEvent.change(within(form).getByLabelText(/^Gửi tới phụ huynh của/), { target: { value: 'center' } });
    const centre = await within(form).findByLabelText(/^Trung tâm/);
    await within(centre).findByRole('option', { name: 'Trung tâm TP.HCM' });
    fireEvent.change(centre, { target: { value: '2' } });
    write(form);
    await send(form);
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Gửi tin tới phụ huynh của 120 học viên của Trung tâm TP.HCM?')).toBeInTheDocument();
    expect(api.to('GET /user/list').at(-1)!.params).toMatchObject({ type: 'student', center_id: 2 });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('POST /learning/messages/send')).toHaveLength(0);

    await send(form);
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Gửi tin' }));
    await waitFor(() => expect(api.to('POST /learning/messages/send')).toHaveLength(1));
    expect(api.to('POST /learning/messages/send')[0].body).toEqual({ target: 'center', center_id: 2, subject: 'Nghỉ Tết Nguyên đán', text: 'Trung tâm nghỉ từ 14/02 đến 20/02.' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(screen.getByRole('dialog')).findByText('Đã xếp 5 tin cho phụ huynh của 6 học viên; 1 học viên chưa có liên hệ.')).toBeInTheDocument();
  });

  it('sends to students chosen one by one, by their ids', async () => {
    const api = setUp({ routes: { 'POST /learning/messages/send': () => ({ queued: 1, students: 2, without_contact: 0 }) } });
    const form = await openDialog();
    fireEvent.change(within(form).getByLabelText(/^Gửi tới phụ huynh của/), { target: { value: 'students' } });
    const search = within(form).getByLabelText('Tìm học viên theo tên, email, số điện thoại');
    const pick = within(form).getByLabelText('Học viên nhận tin');
    for (const name of ['Trần Minh An', 'Lê Gia Huy']) {
      fireEvent.change(search, { target: { value: name } });
      const option = await within(pick).findByRole('option', { name: new RegExp(name) });
      fireEvent.change(pick, { target: { value: (option as HTMLOptionElement).value } });
      fireEvent.click(within(form).getByRole('button', { name: 'Thêm' }));
    }
    write(form);
    await send(form);
    await waitFor(() => expect(api.to('POST /learning/messages/send')).toHaveLength(1));
    expect(api.to('POST /learning/messages/send')[0].body).toEqual({ target: 'students', student_ids: [30, 31], subject: 'Nghỉ Tết Nguyên đán', text: 'Trung tâm nghỉ từ 14/02 đến 20/02.' });
    expect(api.to('GET /user/list').every((call) => call.params.type === 'student')).toBe(true);
    expect(await screen.findByText('Đã xếp 1 tin cho phụ huynh của 2 học viên.')).toBeInTheDocument();
  });

  it('checks the subject and the text with the shared limits and messages, and needs a recipient', async () => {
    const api = setUp();
    const form = await openDialog();
    fireEvent.change(within(form).getByLabelText(/^Gửi tới phụ huynh của/), { target: { value: 'class' } });
    const subject = within(form).getByRole('textbox', { name: /^Tiêu đề/ });
    fireEvent.change(subject, { target: { value: 'x'.repeat(TEMPLATE_LIMITS.subject + 1) } });
    fireEvent.blur(subject);
    expect(await within(form).findByText(TEMPLATE_TEXT.subjectMax)).toBeInTheDocument();
    const text = within(form).getByRole('textbox', { name: /^Nội dung/ });
    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.blur(text);
    expect(await within(form).findByText(TEMPLATE_TEXT.bodyRequired)).toBeInTheDocument();
    write(form);
    // no class chosen yet
    expect(within(form).getByRole('button', { name: 'Gửi tin' })).toBeDisabled();
    fireEvent.submit(form);
    expect(await within(form).findByText('Chọn lớp nhận tin')).toBeInTheDocument();
    expect(api.to('POST /learning/messages/send')).toHaveLength(0);
  });

  it("starts a giáo vụ on their own centre and offers no other", async () => {
    setUp({ as: 'academic_affair' });
    const form = await openDialog();
    fireEvent.change(within(form).getByLabelText(/^Gửi tới phụ huynh của/), { target: { value: 'center' } });
    const centre = await within(form).findByLabelText(/^Trung tâm/);
    await within(centre).findByRole('option', { name: 'Trung tâm Hà Nội' });
    expect(centre).toHaveValue('1');
    expect(within(centre).queryByRole('option', { name: 'Trung tâm TP.HCM' })).toBeNull();
  });

  it('is offered only to a role that may create messages', async () => {
    setUp({ as: [{ resource: 'NotificationSetting', action: 'GetAll' }] });
    await screen.findByText('0 thông báo');
    expect(screen.queryByRole('button', { name: 'Gửi phụ huynh' })).toBeNull();
  });
});
