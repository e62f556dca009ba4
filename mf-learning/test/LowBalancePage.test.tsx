/** "Sắp hết buổi": the enrolments about to run out as the API lists them, filtered by centre and class in the URL, each with its ledger. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrollmentLedger, LowBalanceRow } from '@trungtam/shared/contracts/learning';
import { useLocation } from '@trungtam/shared/router';
import { fakeApi, listOf, orderDetailRecord, renderWithProviders, signInAsDemo } from '@trungtam/shared/testing';
import Area from '../src/Area';

afterEach(() => jest.restoreAllMocks());

const row = (id: number, name: string, className: string, total: number, learned: number, centre = { center_id: 1, name: 'Trung tâm Hà Nội' }): LowBalanceRow => ({
  enrollment_id: id,
  user: { id: 100 + id, name, phone_number: `090000000${id}`, email: `hv${id}@trungtam.vn` },
  class: { class_id: id * 10, class_name: className },
  center: centre,
  total_lesson: total,
  total_lesson_learned: learned,
  remaining: total - learned,
  threshold: 2,
});
const ROWS = [row(3, 'Phạm Gia Bảo', 'IELTS-HN-02', 24, 24), row(5, 'Nguyễn Minh Anh', 'KID-HN-03', 24, 22)];

const LEDGER: EnrollmentLedger = {
  enrollment_id: 5,
  class: { class_id: 50, class_name: 'KID-HN-03' },
  user: { id: 105, name: 'Nguyễn Minh Anh' },
  total_lesson: 24,
  total_lesson_learned: 22,
  remaining: 2,
  lines: [
    { line_id: 1, kind: 'purchased', lessons: 24, balance_after: 24, occurred_on: '2026-09-01', schedule_id: null, order_id: 5, reason: null, actor: null, created_at: '' },
    { line_id: 2, kind: 'opening', lessons: -22, balance_after: 2, occurred_on: '2026-09-01', schedule_id: null, order_id: null, reason: 'Đã học trước khi chuyển sang phần mềm', actor: null, created_at: '' },
  ],
};

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}
const open = (route = '/learning/low-balance') =>
  renderWithProviders(
    <>
      <Area path="/learning/low-balance" />
      <Location />
    </>,
    { route },
  );

describe('LowBalancePage', () => {
  it('lists who is running out, fewest left first, with the phone to call; the centre and class filters go to the API and the URL', async () => {
    signInAsDemo('administrator');
    const http = fakeApi({
      'GET /learning/class-enrollment/low-balance': () => listOf(ROWS),
      'GET /learning/center/list': () => listOf([{ center_id: 1, name: 'Trung tâm Hà Nội' }, { center_id: 2, name: 'Trung tâm TP.HCM' }]),
      'GET /learning/class/list': () => listOf([{ class_id: 30, class_name: 'IELTS-HN-02' }, { class_id: 50, class_name: 'KID-HN-03' }]),
      'GET /learning/class-enrollment/ledger/5': () => LEDGER,
    });
    open('/learning/low-balance?center_id=1');
    const table = await screen.findByRole('table', { name: 'Học viên sắp hết buổi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('Phạm Gia Bảo')).toBeInTheDocument();
    expect(within(first).getByText('0900000003')).toBeInTheDocument();
    expect(within(first).getByText('0 buổi (ngưỡng 2)')).toBeInTheDocument();
    expect(within(second).getByText('2 buổi (ngưỡng 2)')).toBeInTheDocument();
    expect(screen.getByText('2 học viên sắp hết buổi')).toBeInTheDocument();
    expect(Object.fromEntries(http.to('GET /learning/class-enrollment/low-balance')[0].search)).toMatchObject({ center_id: '1', page: '1', limit: '20' });

    // the ledger of a row, from its actions
    fireEvent.click(within(second).getByRole('button', { name: 'Lịch sử buổi học' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Đã học trước khi chuyển sang phần mềm', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toContain('center_id=1');
  });

  it('renews a row with one click and opens the new order to take its payment', async () => {
    signInAsDemo('administrator');
    const renewal = orderDetailRecord({ order_id: 40, enrollment_id: 3, kind: 'renewal', lessons: 24, lessons_credited: false, student: { id: 103, name: 'Phạm Gia Bảo' } });
    const http = fakeApi({
      'GET /learning/class-enrollment/low-balance': () => listOf(ROWS),
      'GET /learning/center/list': () => listOf([]),
      'GET /learning/class/list': () => listOf([]),
      'POST /learning/class-enrollment/renew': () => renewal,
      'GET /learning/order/show/40': () => renewal,
    });
    open();
    const table = await screen.findByRole('table', { name: 'Học viên sắp hết buổi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first] = within(table).getAllByRole('row');
    fireEvent.click(within(first).getByRole('button', { name: 'Gia hạn' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Đơn gia hạn: 24 buổi được cộng khi thu đủ tiền')).toBeInTheDocument();
    expect(http.to('POST /learning/class-enrollment/renew').map((call) => call.body)).toEqual([{ enrollment_id: 3 }]);
  });
});
