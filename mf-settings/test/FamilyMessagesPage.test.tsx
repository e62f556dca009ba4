/** The delivery log of the messages to families: what each row says, the filters in the URL and in the call, the resend of a failed one. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FamilyMessage } from '@trungtam/shared/contracts/familyMessages';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { useLocation } from '@trungtam/shared/router';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInWith, signOut, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { FamilyMessagesPage } from '../src/features/family-messages/FamilyMessagesPage';

const message = (over: Partial<FamilyMessage>): FamilyMessage => ({
  id: 1,
  kind: 'absence',
  channel: 'email',
  recipient: 'lan.nguyen@example.com',
  guardian: { id: 3, name: 'Nguyễn Thị Lan' },
  student: { id: 30, name: 'Trần Minh An' },
  students: [{ id: 30, name: 'Trần Minh An' }],
  subject: 'Thông báo vắng học: Trần Minh An',
  text: 'Kính gửi chị Lan,\n\nTrung tâm xin thông báo: học viên Trần Minh An vắng mặt buổi học lớp GT-01 lúc 18:00 ngày 01/03/2026.',
  status: 'sent',
  urgent: true,
  attempts: 1,
  next_attempt_at: null,
  last_error: null,
  sent_at: '2026-03-01T11:05:00.000Z',
  created_at: '2026-03-01T11:04:00.000Z',
  ...over,
});

const SENT = message({ id: 7 });
const FAILED = message({
  id: 6,
  kind: 'payment_due',
  channel: 'zalo',
  recipient: '0912345678',
  students: [
    { id: 31, name: 'Lê Gia Huy' },
    { id: 32, name: 'Lê Gia Hân' },
  ],
  guardian: { id: 4, name: 'Lê Văn Bình' },
  subject: 'Nhắc hạn đóng học phí: Lê Gia Huy, Lê Gia Hân',
  text: 'Học phí còn 1.500.000 ₫.',
  status: 'failed',
  attempts: 5,
  last_error: 'Số điện thoại chưa đăng ký Zalo',
  sent_at: null,
});
const HELD = message({ id: 5, students: [{ id: 33, name: 'Phạm Thu Trang' }], kind: 'reminder', channel: 'sms', recipient: '0987654321', status: 'held', next_attempt_at: '2026-03-02T00:00:00.000Z', sent_at: null, created_at: '2026-02-28T15:30:00.000Z' });

const ALL: PermissionKey[] = (['GetAll', 'Update'] as const).map((action) => ({ resource: 'NotificationSetting', action }));

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

function setUp({ route = '/settings/family-messages', permissions = ALL, routes = {} as Record<string, FakeRoute> } = {}) {
  signInWith('academic_affair', 'Giáo vụ', permissions, { center_id: 1 });
  const api = fakeApi({ 'GET /learning/messages': () => listOf([SENT, FAILED, HELD]), ...routes });
  renderWithProviders(
    <>
      <FamilyMessagesPage />
      <Location />
    </>,
    { route },
  );
  return api;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('FamilyMessagesPage', () => {
  it('says of each message when (operator time), about whom, to whom, what, by which channel and how it went', async () => {
    const api = setUp();
    const sent = await rowOf('Trần Minh An');
    expect(Object.fromEntries(api.to('GET /learning/messages')[0].search)).toEqual({ limit: '20', page: '1' });
    expect(screen.getByText('3 tin')).toBeInTheDocument();
    // 11:04 UTC is 18:04 on the operator's clock
    expect(cells(sent).slice(0, 4)).toEqual(['01/03/2026 18:04', 'Trần Minh An', 'Nguyễn Thị Lanlan.nguyen@example.com', 'Vắng họcqua E-mail']);
    expect(within(sent).getByText('Đã gửi')).toBeInTheDocument();
    expect(within(sent).getByText('lúc 01/03/2026 18:05')).toBeInTheDocument();

    // siblings share one message; a failure says the provider's reason
    const failed = await rowOf('Lê Gia Huy, Lê Gia Hân');
    expect(within(failed).getByText('Sắp đến hạn đóng học phí')).toBeInTheDocument();
    expect(within(failed).getByText('qua Zalo')).toBeInTheDocument();
    expect(within(failed).getByText('Gửi thất bại')).toBeInTheDocument();
    expect(within(failed).getByText('Số điện thoại chưa đăng ký Zalo')).toBeInTheDocument();

    // held by the quiet window: when it goes
    const held = (await screen.findByText('Chờ hết giờ yên lặng')).closest('tr')!;
    expect(within(held).getByText('gửi lúc 02/03/2026 07:00')).toBeInTheDocument();
    expect(within(held).getByText('qua SMS')).toBeInTheDocument();
    expect(cells(held)[0]).toBe('28/02/2026 22:30');
  });

  it('opens the whole text on demand', async () => {
    setUp();
    const sent = await rowOf('Trần Minh An');
    const open = within(sent).getByRole('button', { name: 'Xem toàn bộ' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(open);
    expect(within(sent).getByRole('button', { name: 'Thu gọn' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('reads its filters from the URL and sends them: status, kind, channel, student and the operator dates', async () => {
    const api = setUp({ route: '/settings/family-messages?status=failed&kind=payment_due&channel=zalo&student_id=31&from=2026-03-01&to=2026-03-05&page=2' });
    await rowOf('Trần Minh An');
    expect(Object.fromEntries(api.to('GET /learning/messages')[0].search)).toEqual({
      limit: '20',
      page: '2',
      status: 'failed',
      kind: 'payment_due',
      channel: 'zalo',
      student_id: '31',
      from: '2026-03-01',
      to: '2026-03-05',
    });
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    expect(await screen.findByLabelText('Trạng thái')).toHaveDisplayValue('Gửi thất bại');
    expect(screen.getByLabelText('Loại tin')).toHaveDisplayValue('Sắp đến hạn đóng học phí');
    expect(screen.getByLabelText('Kênh')).toHaveDisplayValue('Zalo');
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('01/03/2026');
  });

  it('keeps newly chosen filters in the URL and asks again from the first page', async () => {
    const api = setUp({ route: '/settings/family-messages?page=3' });
    await rowOf('Trần Minh An');
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.change(await screen.findByLabelText('Trạng thái'), { target: { value: 'held' } });
    fireEvent.change(screen.getByLabelText('Kênh'), { target: { value: 'sms' } });
    fireEvent.change(screen.getByLabelText('Từ ngày'), { target: { value: '01/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?status=held&channel=sms&from=2026-03-01'));
    await waitFor(() => expect(Object.fromEntries(api.to('GET /learning/messages').at(-1)!.search)).toEqual({ limit: '20', page: '1', status: 'held', channel: 'sms', from: '2026-03-01' }));
  });

  it('sends a failed message again ("Gửi lại", only on failed rows) and shows the log afresh', async () => {
    const toasts = spyToasts();
    const api = setUp({ routes: { 'POST /learning/messages/resend': ({ body }) => ({ ...FAILED, id: (body as { message_id: number }).message_id, status: 'queued', attempts: 0 }) } });
    expect(within(await rowOf('Trần Minh An')).queryByRole('button', { name: 'Gửi lại' })).toBeNull();
    expect(within((await screen.findByText('Chờ hết giờ yên lặng')).closest('tr')!).queryByRole('button', { name: 'Gửi lại' })).toBeNull();
    const lists = api.to('GET /learning/messages').length;
    fireEvent.click(within(await rowOf('Lê Gia Huy, Lê Gia Hân')).getByRole('button', { name: 'Gửi lại' }));
    await waitFor(() => expect(api.to('POST /learning/messages/resend')).toHaveLength(1));
    expect(api.to('POST /learning/messages/resend')[0].body).toEqual({ message_id: 6 });
    await waitFor(() => expect(toasts.titles()).toContain('Tin đã được xếp để gửi lại'));
    await waitFor(() => expect(api.to('GET /learning/messages').length).toBeGreaterThan(lists));
  });

  it("says the API's reason when the message can no longer be sent again", async () => {
    const toasts = spyToasts();
    const api = setUp({
      routes: {
        'POST /learning/messages/resend': () => {
          throw new FakeApiError(409, 'Chỉ gửi lại được tin gửi thất bại');
        },
      },
    });
    fireEvent.click(within(await rowOf('Lê Gia Huy, Lê Gia Hân')).getByRole('button', { name: 'Gửi lại' }));
    await waitFor(() => expect(toasts.titles()).toContain('Chỉ gửi lại được tin gửi thất bại'));
    expect(api.to('POST /learning/messages/resend')).toHaveLength(1);
  });

  it('offers no resend to a role that may only read the log', async () => {
    setUp({ permissions: [{ resource: 'NotificationSetting', action: 'GetAll' }] });
    expect(within(await rowOf('Lê Gia Huy, Lê Gia Hân')).queryByRole('button', { name: 'Gửi lại' })).toBeNull();
  });

  it('tells an empty log and a failed one apart', async () => {
    setUp({ routes: { 'GET /learning/messages': () => listOf([]) } });
    expect(await screen.findByText('Không có dữ liệu')).toBeInTheDocument();
    expect(screen.getByText('0 tin')).toBeInTheDocument();
  });

  it('offers a retry when the log could not be read', async () => {
    let failing = true;
    setUp({
      routes: {
        'GET /learning/messages': () => {
          if (failing) throw new FakeApiError(503, 'Hệ thống đang bận');
          return listOf([SENT]);
        },
      },
    });
    expect(await screen.findByText(/Không tải được dữ liệu/)).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await rowOf('Trần Minh An')).toBeTruthy();
  });
});
