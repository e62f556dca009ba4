/**
 * A student's family on the students screen: its guardians (add with the API's rules and words, the API's
 * refusal on its field, unlink after a question, link a sibling's guardian found by search), the messages
 * sent to them with the resend of a failed one, what a user without the write permissions is offered, the
 * edit form's representative following a guardian changed from it, and the list's "no guardian" filter.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@trungtam/shared/contracts';
import {
  GUARDIAN_TEXT,
  type FamilyMessage,
  type Guardian,
  type GuardianCreateRequest,
  type GuardianLinkRequest,
} from '@trungtam/shared/contracts/familyMessages';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { MemoryRouter, useLocation } from '@trungtam/shared/router';
import { FakeApiError, listOf, signInWith, type FakeRoute } from '@trungtam/shared/testing';
import { TABLE_TEXTS } from '@trungtam/shared/ui';
import { defaultStudentFilters } from '../src/features/students/filters';
import { StudentFamilyModal } from '../src/features/students/StudentFamilyModal';
import { StudentFormModal } from '../src/features/students/StudentFormModal';
import { StudentsPage } from '../src/features/students/StudentsPage';
import { fakeAccountsApi, renderWithProviders, signOut, spyToasts, teacher } from './helpers';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const NAM = { id: 76, name: 'Đỗ Hải Nam' };
const QUAN = { id: 81, name: 'Đỗ Minh Quân' };

const guardian = (over: Partial<Guardian> = {}): Guardian => ({
  id: 1,
  name: 'Đỗ Thu Yến',
  phone: '0970647404',
  email: null,
  preferred_channel: 'zalo',
  address_as: 'chị',
  opted_out: [],
  relationship: 'Mẹ',
  position: 1,
  students: [NAM],
  ...over,
});

/** The father of Nam's brother Quân, not yet Nam's. */
const HUNG = guardian({ id: 2, name: 'Nguyễn Văn Hùng', phone: '0912000333', email: 'hung.nv@gmail.com', relationship: 'Bố', students: [QUAN] });

const message = (over: Partial<FamilyMessage> = {}): FamilyMessage => ({
  id: 4,
  kind: 'absence',
  channel: 'zalo',
  recipient: '0970647404',
  guardian: { id: 1, name: 'Đỗ Thu Yến' },
  student: NAM,
  students: [NAM],
  subject: 'Thông báo vắng học: Đỗ Hải Nam',
  text: 'Kính gửi chị Yến,\n\nTrung tâm xin thông báo: học viên Đỗ Hải Nam vắng mặt buổi học.',
  status: 'sent',
  urgent: true,
  attempts: 1,
  next_attempt_at: null,
  last_error: null,
  sent_at: '2026-03-05T01:31:00.000Z',
  created_at: '2026-03-05T01:30:00.000Z',
  ...over,
});

const FAILED = message({
  id: 5,
  kind: 'payment_overdue',
  channel: 'email',
  recipient: 'yen.do@gmail.com',
  subject: 'Học phí quá hạn: Đỗ Hải Nam',
  text: 'Kính gửi chị Yến,\n\nHọc phí còn 1.200.000 đ đã quá hạn.',
  status: 'failed',
  attempts: 5,
  last_error: '550 Mailbox unavailable',
  sent_at: null,
  created_at: '2026-03-06T12:05:00.000Z',
});

/**
 * The student Nam, whose representative fields are those of his first guardian (as the API keeps them),
 * with the guardians and messages API in memory; `routes` replace its routes.
 */
function fakeFamilyApi({ guardians = [] as Guardian[], messages = [] as FamilyMessage[], routes = {} as Record<string, FakeRoute> } = {}) {
  let rows = guardians;
  let log = messages;
  const nam = (): User => {
    const first = rows[0];
    return teacher({
      ...NAM, email: 'hv.do.hai.nam@trungtam.vn', type: 'student', source: 'tiktok',
      reference_name: first?.name ?? null, reference_phone: first?.phone ?? null, reference_email: first?.email ?? null,
      roles: [{ id: 4, name: 'Học viên', guard_name: 'student', permissions: [] }],
    });
  };
  const renumber = () => (rows = rows.map((row, index) => ({ ...row, position: index + 1 })));
  const http = fakeAccountsApi(() => [nam()], {
    'GET /learning/guardian/list': () => rows,
    'POST /learning/guardian/create': ({ body }) => {
      const { student_id: _student, ...fields } = body as GuardianCreateRequest;
      rows = [...rows, { ...fields, id: 10 + rows.length, relationship: fields.relationship ?? null, position: rows.length + 1, students: [NAM] }];
      return rows;
    },
    'POST /learning/guardian/update': ({ body }) => {
      const { student_id: _student, id, ...fields } = body as GuardianCreateRequest & { id: number };
      rows = rows.map((row) => (row.id === id ? { ...row, ...fields, relationship: fields.relationship ?? null } : row));
      return rows;
    },
    'POST /learning/guardian/unlink': ({ body }) => {
      rows = rows.filter((row) => row.id !== (body as { guardian_id: number }).guardian_id);
      renumber();
      return rows;
    },
    'GET /learning/guardian/search': ({ params }) => [HUNG].filter((g) => `${g.name} ${g.phone} ${g.email}`.toLowerCase().includes(String(params.search).toLowerCase())),
    'POST /learning/guardian/link': ({ body }) => {
      const { guardian_id, relationship } = body as GuardianLinkRequest;
      const found = [HUNG].find((g) => g.id === guardian_id)!;
      rows = [...rows, { ...found, relationship: relationship ?? null, position: rows.length + 1, students: [NAM, ...found.students] }];
      return rows;
    },
    'GET /learning/messages': () => ({ rows: log, total_rows: log.length, total_pages: log.length ? 1 : 0 }),
    'POST /learning/messages/resend': ({ body }) => {
      const id = (body as { message_id: number }).message_id;
      log = log.map((row) => (row.id === id ? { ...row, status: 'queued', attempts: 0, last_error: null } : row));
      return log.find((row) => row.id === id);
    },
    ...routes,
  });
  return { ...http, nam };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(url = '/assets/students') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <StudentsPage formDelayMs={0} />
      <Location />
    </MemoryRouter>,
    { router: false },
  );
}

const signInAsAdmin = () => signInWith('administrator', 'Administrator', []);

/** Renders Nam's family dialog alone. */
function renderFamily(tab?: 'guardians' | 'messages') {
  return renderWithProviders(<StudentFamilyModal student={NAM} tab={tab} onClose={jest.fn()} delayMs={0} />);
}

/** The texts of the items in the menu of Nam's row on the students list. */
async function namMenu(user: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('hv.do.hai.nam@trungtam.vn')).closest('tr')!;
  await act(async () => user.click(within(row).getByRole('button', { name: `Thao tác với ${NAM.name}` })));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

const guardiansTable = () => screen.findByRole('table', { name: 'Phụ huynh của học viên' });
const rowOf = async (name: string) => (await within(await guardiansTable()).findByText(name)).closest('tr')!;
const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("a student's guardians", () => {
  it("is offered in the row's menu to those who may read students or the messages sent", async () => {
    const user = userEvent.setup();
    signInAsAdmin();
    fakeFamilyApi();
    const { unmount } = renderPage();
    const menuOf = () => namMenu(user);
    expect(await menuOf()).toContain('Phụ huynh');
    unmount();
    signInWith('academic_affair', 'Giáo vụ', [{ resource: 'User', action: 'GetAll' }, { resource: 'User', action: 'Update' }]);
    renderPage();
    expect(await menuOf()).not.toContain('Phụ huynh');
  });

  it("adds one with the API's rules and words, and the students list then shows the new representative", async () => {
    signInAsAdmin();
    const toasts = spyToasts();
    const http = fakeFamilyApi();
    // the list and the student's family dialog over it, as the row's menu opens it
    renderWithProviders(
      <MemoryRouter initialEntries={['/assets/students']}>
        <StudentsPage formDelayMs={0} />
        <StudentFamilyModal student={NAM} onClose={jest.fn()} delayMs={0} />
      </MemoryRouter>,
      { router: false },
    );
    const listRow = (await screen.findByText('hv.do.hai.nam@trungtam.vn')).closest('tr')!;
    const dialog = await screen.findByRole('dialog', { name: 'Phụ huynh của học viên Đỗ Hải Nam' });
    expect(await within(dialog).findByText('Học viên chưa có phụ huynh nào')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Thêm phụ huynh' }));
    const form = await within(dialog).findByRole('form', { name: 'Thêm phụ huynh' });
    change(/Họ tên phụ huynh/, 'Đỗ Thu Yến');
    change(/Quan hệ với học viên/, 'Mẹ');
    change(/^Số điện thoại/, '12345');
    fireEvent.blur(screen.getByLabelText(/^Số điện thoại/));
    expect(await within(form).findByText(GUARDIAN_TEXT.phoneFormat)).toBeInTheDocument();

    // Zalo with an e-mail but no phone: the channel cannot reach them
    change(/^Số điện thoại/, '');
    change(/^Email/, 'yen.do@gmail.com');
    change(/Nhận tin qua/, 'zalo');
    fireEvent.blur(screen.getByLabelText(/Nhận tin qua/));
    expect(await within(form).findByText(GUARDIAN_TEXT.channelNeedsPhone)).toBeInTheDocument();
    const submit = within(form).getByRole('button', { name: 'Thêm phụ huynh' });
    await waitFor(() => expect(submit).toBeDisabled());

    change(/^Số điện thoại/, '0970647404');
    change(/Xưng hô trong tin/, 'chị');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Nhắc lịch học' }));
    await waitFor(() => expect(submit).toBeEnabled());
    const listCalls = http.to('GET /user/list').length;
    fireEvent.click(submit);

    await waitFor(() => expect(http.to('POST /learning/guardian/create')).toHaveLength(1));
    expect(http.to('POST /learning/guardian/create')[0].body).toEqual({
      student_id: 76, name: 'Đỗ Thu Yến', relationship: 'Mẹ', phone: '0970647404', email: 'yen.do@gmail.com',
      preferred_channel: 'zalo', address_as: 'chị', opted_out: ['reminder'],
    });
    const row = await rowOf('Đỗ Thu Yến');
    for (const text of ['Người đại diện', 'Mẹ', '0970647404', 'yen.do@gmail.com', 'Zalo', 'Xưng hô: chị', 'Nhắc lịch học']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(toasts.titles()).toContain('Bạn đã thêm phụ huynh thành công');
    // the list is asked again, and shows the guardian as the student's representative
    await waitFor(() => expect(http.to('GET /user/list').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(within(listRow).getByText('Đỗ Thu Yến')).toBeInTheDocument());
  });

  it("shows the API's refusal of a field on that field", async () => {
    signInAsAdmin();
    const http = fakeFamilyApi({
      routes: {
        'POST /learning/guardian/create': () => {
          throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { phone: 'Số điện thoại này không nhận được tin Zalo' });
        },
      },
    });
    renderFamily();
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm phụ huynh' }));
    const form = await screen.findByRole('form', { name: 'Thêm phụ huynh' });
    change(/Họ tên phụ huynh/, 'Đỗ Thu Yến');
    change(/^Số điện thoại/, '0970647404');
    change(/Nhận tin qua/, 'zalo');
    const submit = within(form).getByRole('button', { name: 'Thêm phụ huynh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(form).findByText('Số điện thoại này không nhận được tin Zalo')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Số điện thoại/)).toHaveAttribute('aria-invalid', 'true');
    // the field says it all: no generic failure over the form
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(http.to('POST /learning/guardian/create')).toHaveLength(1);
  });

  it('asks before unlinking a guardian, naming them, then unlinks', async () => {
    signInAsAdmin();
    const http = fakeFamilyApi({ guardians: [guardian(), guardian({ id: 2, name: 'Đỗ Văn Long', relationship: 'Bố', position: 2, phone: '0912111222' })] });
    renderFamily();
    const row = await rowOf('Đỗ Văn Long');
    expect(within(await rowOf('Đỗ Thu Yến')).getByText('Người đại diện')).toBeInTheDocument();
    expect(within(row).queryByText('Người đại diện')).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Bỏ liên kết phụ huynh' }));
    expect(await screen.findByText('Bỏ liên kết phụ huynh Đỗ Văn Long khỏi học viên Đỗ Hải Nam?')).toBeInTheDocument();
    // the guardian of nobody else goes with the link
    expect(screen.getByText('Phụ huynh không còn gắn với học viên nào khác nên sẽ bị xoá.')).toBeInTheDocument();
    expect(http.to('POST /learning/guardian/unlink')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ liên kết' }));
    await waitFor(() => expect(http.to('POST /learning/guardian/unlink')).toHaveLength(1));
    expect(http.to('POST /learning/guardian/unlink')[0].body).toEqual({ student_id: 76, guardian_id: 2 });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Phụ huynh của học viên' })).queryByText('Đỗ Văn Long')).not.toBeInTheDocument());
  });

  it("links a sibling's guardian found by search, each result showing its students", async () => {
    signInAsAdmin();
    const http = fakeFamilyApi({ guardians: [guardian()] });
    renderFamily();
    await rowOf('Đỗ Thu Yến');
    fireEvent.click(screen.getByRole('button', { name: 'Gắn phụ huynh có sẵn' }));
    const search = await screen.findByLabelText('Tìm phụ huynh');
    fireEvent.change(search, { target: { value: 'h' } });
    expect(screen.getByText('Nhập ít nhất 2 ký tự để tìm')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'hùng' } });
    const result = await screen.findByRole('listitem', { name: 'Nguyễn Văn Hùng' });
    expect(within(result).getByText('Phụ huynh của: Đỗ Minh Quân')).toBeInTheDocument();
    expect(within(result).getByText('0912000333 · hung.nv@gmail.com')).toBeInTheDocument();
    // one character is not searched for
    expect(http.to('GET /learning/guardian/search').map((call) => call.params.search)).toEqual(['hùng']);
    change('Quan hệ với học viên (không bắt buộc)', 'Bố');
    fireEvent.click(within(result).getByRole('button', { name: 'Gắn phụ huynh Nguyễn Văn Hùng với học viên' }));
    await waitFor(() => expect(http.to('POST /learning/guardian/link')).toHaveLength(1));
    expect(http.to('POST /learning/guardian/link')[0].body).toEqual({ student_id: 76, guardian_id: 2, relationship: 'Bố' });
    const row = await rowOf('Nguyễn Văn Hùng');
    expect(within(row).getByText('Đỗ Minh Quân')).toBeInTheDocument();
  });

  it('offers no write to a user who may read students but not edit them', async () => {
    const readOnly: PermissionKey[] = [
      { resource: 'User', action: 'GetAll' },
      { resource: 'User', action: 'GetOne' },
    ];
    signInWith('academic_affair', 'Giáo vụ', readOnly);
    fakeFamilyApi({ guardians: [guardian()] });
    renderFamily();
    const row = await rowOf('Đỗ Thu Yến');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thêm phụ huynh' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gắn phụ huynh có sẵn' })).not.toBeInTheDocument();
    // nor the messages, which need the notification settings' permission
    expect(screen.queryByRole('tab', { name: 'Tin đã gửi' })).not.toBeInTheDocument();
  });

  it("makes the edit form's representative follow the first guardian changed from it", async () => {
    signInAsAdmin();
    const http = fakeFamilyApi({ guardians: [guardian()], routes: { 'PUT /user/update': () => ({}) } });
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithProviders(<StudentFormModal open student={http.nam()} filters={defaultStudentFilters()} onClose={onClose} delayMs={0} />);
    expect(await screen.findByLabelText('Số điện thoại người đại diện')).toHaveValue('0970647404');
    await act(async () => user.click(screen.getByRole('button', { name: 'Phụ huynh của học viên' })));
    const dialog = await screen.findByRole('dialog', { name: 'Phụ huynh của học viên Đỗ Hải Nam' });
    fireEvent.click(within(await rowOf('Đỗ Thu Yến')).getByRole('button', { name: 'Sửa phụ huynh' }));
    const form = await within(dialog).findByRole('form', { name: 'Sửa thông tin phụ huynh Đỗ Thu Yến' });
    fireEvent.change(within(form).getByLabelText(/^Số điện thoại/), { target: { value: '0988777666' } });
    const save = within(form).getByRole('button', { name: 'Lưu phụ huynh' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(http.to('POST /learning/guardian/update')).toHaveLength(1));
    await act(async () => user.click(within(dialog).getByRole('button', { name: 'Đóng' })));
    await waitFor(() => expect(screen.getByLabelText('Số điện thoại người đại diện')).toHaveValue('0988777666'));
    // saved, the form sends the guardian's new phone, not the one it opened with
    const submit = screen.getByRole('button', { name: 'Cập nhật học viên' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(http.to('PUT /user/update')).toHaveLength(1));
    expect(http.to('PUT /user/update')[0].body).toMatchObject({ reference_name: 'Đỗ Thu Yến', reference_phone: '0988777666' });
  });
});

describe('Tin đã gửi', () => {
  it('lists the messages about the student, newest first, and sends a failed one again', async () => {
    signInAsAdmin();
    const toasts = spyToasts();
    const http = fakeFamilyApi({ guardians: [guardian()], messages: [FAILED, message()] });
    const user = userEvent.setup();
    renderFamily();
    await act(async () => user.click(await screen.findByRole('tab', { name: 'Tin đã gửi' })));
    const table = await screen.findByRole('table', { name: 'Tin đã gửi cho phụ huynh' });
    const failed = (await within(table).findByText('Quá hạn đóng học phí')).closest('tr')!;
    expect(http.to('GET /learning/messages')[0].params).toEqual({ student_id: 76, page: 1, limit: 10 });
    // on the operator's clock (UTC+7)
    for (const text of ['06/03/2026 19:05', 'E-mail', 'yen.do@gmail.com', 'Gửi thất bại', '550 Mailbox unavailable']) {
      expect(within(failed).getByText(text)).toBeInTheDocument();
    }
    const sent = within(table).getByText('Vắng học').closest('tr')!;
    for (const text of ['05/03/2026 08:30', 'Zalo', 'Đã gửi', 'Đỗ Thu Yến']) expect(within(sent).getByText(text)).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Gửi lại/ })).not.toBeInTheDocument();
    // the text, on demand
    expect(within(sent).getByText('Thông báo vắng học: Đỗ Hải Nam').closest('details')).not.toHaveAttribute('open');
    fireEvent.click(within(sent).getByText('Thông báo vắng học: Đỗ Hải Nam'));
    expect(within(sent).getByText(/vắng mặt buổi học/)).toBeVisible();

    fireEvent.click(within(failed).getByRole('button', { name: 'Gửi lại tin "Học phí quá hạn: Đỗ Hải Nam"' }));
    await waitFor(() => expect(http.to('POST /learning/messages/resend')).toHaveLength(1));
    expect(http.to('POST /learning/messages/resend')[0].body).toEqual({ message_id: 5 });
    await waitFor(() => expect(within(failed).getByText('Chờ gửi')).toBeInTheDocument());
    expect(http.to('GET /learning/messages')).toHaveLength(2);
    expect(within(failed).queryByRole('button', { name: /Gửi lại/ })).not.toBeInTheDocument();
    expect(toasts.titles()).toContain('Tin đã được đưa vào hàng chờ gửi lại');
  });

  it('says when nothing was sent', async () => {
    signInAsAdmin();
    fakeFamilyApi();
    renderFamily('messages');
    expect(await screen.findByText('Chưa có tin nào gửi cho phụ huynh của học viên này')).toBeInTheDocument();
  });

  it('tells a list that could not be loaded from an empty one, and tries again', async () => {
    signInAsAdmin();
    const http = fakeFamilyApi({
      messages: [message()],
      routes: {
        'GET /learning/messages': () => {
          throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
        },
      },
    });
    renderFamily('messages');
    expect(await screen.findByText(TABLE_TEXTS.failed)).toBeInTheDocument();
    expect(screen.queryByText('Chưa có tin nào gửi cho phụ huynh của học viên này')).not.toBeInTheDocument();
    http.route('GET /learning/messages', () => listOf([message()]));
    fireEvent.click(screen.getByRole('button', { name: TABLE_TEXTS.retry }));
    expect(await screen.findByText('Vắng học')).toBeInTheDocument();
  });

  it('offers no resend without the permission to change notification settings', async () => {
    signInWith('academic_affair', 'Giáo vụ', [
      { resource: 'NotificationSetting', action: 'GetAll' },
      { resource: 'User', action: 'GetOne' },
    ]);
    fakeFamilyApi({ messages: [FAILED] });
    renderFamily('messages');
    const row = (await screen.findByText('Quá hạn đóng học phí')).closest('tr')!;
    expect(within(row).getByText('Gửi thất bại')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Gửi lại/ })).not.toBeInTheDocument();
  });
});

describe('the students filter', () => {
  // jsdom has no PointerEvent: the filter's popover makes one when focus moves back to its button after a
  // click, in an animation frame that may run after the test
  const hadPointerEvent = 'PointerEvent' in window;
  beforeAll(() => {
    if (!hadPointerEvent) Object.defineProperty(window, 'PointerEvent', { configurable: true, value: class PointerEvent extends MouseEvent {} });
  });
  afterAll(() => {
    if (!hadPointerEvent) delete (window as { PointerEvent?: unknown }).PointerEvent;
  });

  it('keeps "Chưa có liên hệ phụ huynh" in the URL and sends no_guardian=1', async () => {
    signInAsAdmin();
    const http = fakeFamilyApi();
    renderPage();
    await screen.findByText('hv.do.hai.nam@trungtam.vn');
    expect(http.to('GET /user/list').at(-1)!.search.has('no_guardian')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    const user = userEvent.setup();
    await act(async () => user.click(await screen.findByRole('checkbox', { name: 'Chưa có liên hệ phụ huynh' })));
    expect(screen.getByRole('checkbox', { name: 'Chưa có liên hệ phụ huynh' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?no_guardian=1'));
    await waitFor(() => expect(http.to('GET /user/list').at(-1)!.search.get('no_guardian')).toBe('1'));
  });

  it('reads it from the URL', async () => {
    signInAsAdmin();
    const http = fakeFamilyApi();
    renderPage('/assets/students?no_guardian=1');
    await screen.findByText('hv.do.hai.nam@trungtam.vn');
    expect(http.to('GET /user/list')[0].search.get('no_guardian')).toBe('1');
  });
});

describe("a student's calendar feed", () => {
  // (jsdom does not run a menu item's select: the dialog itself is the kit's, tested on the rooms screen)
  it("is offered in the row's menu to staff who may read the account, not to the others", async () => {
    const user = userEvent.setup();
    signInAsAdmin();
    fakeFamilyApi();
    const { unmount } = renderPage();
    const menuOf = () => namMenu(user);
    expect(await menuOf()).toContain('Lịch đăng ký (iCal)');
    unmount();
    signInWith('academic_affair', 'Giáo vụ', [{ resource: 'User', action: 'GetAll' }, { resource: 'User', action: 'Update' }]);
    renderPage();
    expect(await menuOf()).not.toContain('Lịch đăng ký (iCal)');
  });
});
