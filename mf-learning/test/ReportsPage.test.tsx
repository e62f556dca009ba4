/** The reports: the range sent as the API takes it, the totals shown, the exports and their failure, an order's payments, per role. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail, Payment } from '@trungtam/shared/contracts/payments';
import type { OrderList, PayrollList } from '@trungtam/shared/contracts/reports';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { FakeApiError, fakeApi, listOf, orderDetailRecord, paymentRecord, renderWithProviders, signInWith, spyToasts } from '@trungtam/shared/testing';
import { useLocation } from '@trungtam/shared/router';
import Area from '../src/Area';

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

const PAYROLL: PayrollList = {
  rows: [
    { schedule_id: 41, schedule_date: '2026-03-02', schedule_hour: 18, schedule_minute: 0, class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản', teacher_id: 5, teacher_name: 'Lê Văn Giáo', original_teacher_id: null, original_teacher_name: null, center_id: 1, center_name: 'Trung tâm Hà Nội', duration: 90, hours: 1.5, teacher_salary: 250_000, amount: 250_000 },
    { schedule_id: 44, schedule_date: '2026-03-07', schedule_hour: 9, schedule_minute: 30, class_id: 2, class_name: 'IELTS-HN-02 Luyện thi 6.5', teacher_id: 5, teacher_name: 'Lê Văn Giáo', original_teacher_id: null, original_teacher_name: null, center_id: 1, center_name: 'Trung tâm Hà Nội', duration: 120, hours: 2, teacher_salary: 250_000, amount: 250_000 },
  ],
  total_rows: 3,
  total_pages: 1,
  totals: [
    { teacher_id: 5, teacher_name: 'Lê Văn Giáo', sessions: 2, hours: 3.5, amount: 500_000 },
    { teacher_id: 9, teacher_name: 'Phạm Thị Hoa', sessions: 1, hours: 1.5, amount: 300_000 },
  ],
  grand_total: { sessions: 3, hours: 5, amount: 800_000 },
};
const ORDERS: OrderList = {
  rows: [
    { order_id: 12, enrollment_id: 3, user_id: 30, class_id: 1, product_item_id: 70, list_price: 4_800_000, discount_percent: 5, amount: 4_560_000, status: 'pending', created_at: '2026-03-05T03:00:00.000Z', student_name: 'Nguyễn Minh Anh', class_name: 'GT-HN-01 Giao tiếp cơ bản', product_item_name: 'Tiếng Anh giao tiếp – 24 buổi' },
  ],
  total_rows: 1,
  total_pages: 1,
  totals: { count: 1, amount: 4_560_000 },
};

/** Order 12 as the payments' dialog reads it, nothing paid yet. */
const ORDER_DETAIL: OrderDetail = orderDetailRecord();
const PAID_IN_FULL: Payment = paymentRecord({ amount: 4_560_000, receipt_no: 'PT-HN-000001', received_by: { id: 1, name: 'Trần Thu Hà' } });

const MARCH = `/learning/reports?from=2026-03-01&to=2026-03-31`;
const grant = (resource: PermissionKey['resource'], actions: PermissionKey['action'][]): PermissionKey[] => actions.map((action) => ({ resource, action }));
const AFFAIR = [...grant('PayrollTimesheet', ['GetAll', 'Export']), ...grant('Order', ['GetAll', 'Export'])];

function open(route: string) {
  return renderWithProviders(
    <>
      <Area path="/learning/reports" />
      <Location />
    </>,
    { route },
  );
}

/** The browser's download: the object URL and the file name of the link clicked. */
function spyDownloads() {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:report'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the payroll timesheet', () => {
  it('sends the range as created_at twice (00:00:00, 23:59:59) and shows the totals per teacher, overall, and the lines', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL });
    open(MARCH);
    const totals = await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    await within(totals).findByText('Phạm Thị Hoa');
    expect(api.to('GET /payroll-timesheet/list')[0].params).toEqual({ limit: '20', page: '1', created_at: ['2026-03-01 00:00:00', '2026-03-31 23:59:59'] });
    const rows = within(totals).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Lê Văn Giáo', '2', '3,5', '500.000 ₫'],
      ['Phạm Thị Hoa', '1', '1,5', '300.000 ₫'],
      ['Tổng cộng', '3', '5', '800.000 ₫'],
    ]);
    const lines = screen.getByRole('table', { name: 'Bảng chấm công' });
    expect(cells(within(lines).getAllByRole('row')[2])).toEqual([
      '44', '07/03/2026', '09:30', 'IELTS-HN-02 Luyện thi 6.5', 'Lê Văn Giáo', 'Trung tâm Hà Nội', '120 phút', '250.000 ₫', '250.000 ₫',
    ]);
    expect(screen.getByText('3 buổi dạy')).toBeInTheDocument();
  });

  it("defaults to the operator's current month, whatever the machine's clock zone says", async () => {
    // 31/03 18:30 UTC is already 01/04 01:30 in Việt Nam
    jest.useFakeTimers({ now: new Date('2026-03-31T18:30:00Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'hrtime', 'performance'] });
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL });
    open('/learning/reports');
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    expect(api.to('GET /payroll-timesheet/list')[0].params.created_at).toEqual(['2026-04-01 00:00:00', '2026-04-30 23:59:59']);
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('01/04/2026');
    expect(screen.getByLabelText('Đến ngày')).toHaveValue('30/04/2026');
  });

  it('a date typed DD/MM/YYYY goes to the URL and to the call; a start after the end asks nothing and says why', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL });
    open(MARCH);
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    fireEvent.change(screen.getByLabelText('Từ ngày'), { target: { value: '15/03/2026' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('from=2026-03-15'));
    await waitFor(() => expect(api.to('GET /payroll-timesheet/list').at(-1)!.params.created_at).toEqual(['2026-03-15 00:00:00', '2026-03-31 23:59:59']));

    const calls = api.to('GET /payroll-timesheet/list').length;
    fireEvent.change(screen.getByLabelText('Đến ngày'), { target: { value: '01/03/2026' } });
    expect(await screen.findByText('Ngày bắt đầu phải trước ngày kết thúc')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Tổng theo giáo viên' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeDisabled();
    expect(api.to('GET /payroll-timesheet/list')).toHaveLength(calls);
  });

  it('"Xuất Excel" downloads the file of the range (limit 100, page 1) named with the range', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const names = spyDownloads();
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL, 'GET /payroll-timesheet/export': () => 'xlsx' });
    open(MARCH);
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(names).toEqual(['2026-03-01_2026-03-31_payroll-timesheet.xlsx']));
    expect(api.to('GET /payroll-timesheet/export')[0].params).toEqual({ limit: '100', page: '1', created_at: ['2026-03-01 00:00:00', '2026-03-31 23:59:59'] });
  });

  it('an export that fails shows an error toast and leaves the page as it was', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const toasts = spyToasts();
    const names = spyDownloads();
    fakeApi({
      'GET /payroll-timesheet/list': () => PAYROLL,
      'GET /payroll-timesheet/export': () => {
        throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
      },
    });
    open(MARCH);
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(toasts.titles()).toEqual(['Có lỗi với hệ thống, mời bạn thử lại sau']));
    expect(toasts.last()).toMatchObject({ type: 'error' });
    expect(names).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeEnabled());
    expect(screen.getByRole('table', { name: 'Tổng theo giáo viên' })).toBeInTheDocument();
    expect(screen.getByText('3 buổi dạy')).toBeInTheDocument();
  });

  it('shows the empty and the failed list as such', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    let fail = false;
    fakeApi({
      'GET /payroll-timesheet/list': () => {
        if (fail) throw new FakeApiError(500, 'Có lỗi');
        return { rows: [], total_rows: 0, total_pages: 0, totals: [], grand_total: { sessions: 0, hours: 0, amount: 0 } };
      },
    });
    const view = open(MARCH);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Bảng chấm công' })).getByText('Không có dữ liệu')).toBeInTheDocument());
    view.unmount();
    fail = true;
    open(`${MARCH}&teacher_id=5`);
    expect(await within(await screen.findByRole('table', { name: 'Bảng chấm công' })).findByText(/Không tải được dữ liệu/)).toBeInTheDocument();
  });

  it('a teacher: no teacher or centre filter, no orders tab, their export', async () => {
    signInWith('teacher', 'Giáo viên', grant('PayrollTimesheet', ['GetAll', 'Export']), { id: 5 });
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => ({ ...PAYROLL, totals: PAYROLL.totals.slice(0, 1) }) });
    open(MARCH);
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    expect(screen.queryByLabelText('Giáo viên')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Trung tâm')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Đơn hàng' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual(['/payroll-timesheet/list']);
  });

  it('a teacher or a giáo vụ without the lists: a teacher or centre filter of the URL that they are not offered is not sent', async () => {
    for (const [type, role, permissions] of [
      ['teacher', 'Giáo viên', grant('PayrollTimesheet', ['GetAll', 'Export'])],
      ['academic_affair', 'Giáo vụ', AFFAIR],
    ] as const) {
      signInWith(type, role, [...permissions], { id: 5 });
      const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL });
      const view = open(`${MARCH}&teacher_id=9&center_id=2`);
      await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
      expect(api.to('GET /payroll-timesheet/list')[0].params).not.toHaveProperty('teacher_id');
      expect(api.to('GET /payroll-timesheet/list')[0].params).not.toHaveProperty('center_id');
      expect(api.calls.map((call) => call.url)).toEqual(['/payroll-timesheet/list']);
      view.unmount();
      jest.restoreAllMocks();
    }
  });

  it('filters by teacher from the list of teachers (an administrator)', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /payroll-timesheet/list': () => PAYROLL,
      'GET /user/list': () => listOf([{ id: 9, name: 'Phạm Thị Hoa' }]),
      'GET /learning/center/list': () => listOf([{ center_id: 2, name: 'Trung tâm TP.HCM' }]),
    });
    open(MARCH);
    await screen.findByRole('option', { name: 'Phạm Thị Hoa' });
    fireEvent.change(screen.getByLabelText('Giáo viên'), { target: { value: '9' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('teacher_id=9'));
    await waitFor(() => expect(api.to('GET /payroll-timesheet/list').at(-1)!.params).toMatchObject({ teacher_id: '9' }));
    expect(api.to('GET /user/list')[0].params).toMatchObject({ type: 'teacher' });
  });
});

describe('the orders tab', () => {
  it('only with Order GetAll; lists the range by status, shows the totals, keeps the tab in the URL', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL, 'GET /order/list': () => ORDERS });
    open(MARCH);
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    fireEvent.click(screen.getByRole('tab', { name: 'Đơn hàng' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('tab=orders'));
    const table = await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    expect(await within(table).findByText('Nguyễn Minh Anh')).toBeInTheDocument();
    expect(api.to('GET /order/list')[0].params).toEqual({ limit: '20', page: '1', created_at: ['2026-03-01 00:00:00', '2026-03-31 23:59:59'] });
    expect(screen.getByText(/1 đơn hàng không huỷ · Tổng tiền 4\.560\.000/)).toBeInTheDocument();
    expect(within(table).getByText('Chờ thanh toán')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: 'cancelled' } });
    await waitFor(() => expect(api.to('GET /order/list').at(-1)!.params).toMatchObject({ status: 'cancelled', page: '1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('status=cancelled');
  });

  it('the orders export goes to /order/export with the same filters; no tab without the permission', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    const names = spyDownloads();
    const api = fakeApi({ 'GET /order/list': () => ORDERS, 'GET /order/export': () => 'xlsx' });
    open(`${MARCH}&tab=orders&status=paid`);
    await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(names).toEqual(['2026-03-01_2026-03-31_orders.xlsx']));
    expect(api.to('GET /order/export')[0].params).toEqual({ limit: '100', page: '1', status: 'paid', created_at: ['2026-03-01 00:00:00', '2026-03-31 23:59:59'] });
  });

  it('"Thu tiền" on an order (with Payment GetAll) opens its payments; a payment taken asks for the list again', async () => {
    signInWith('academic_affair', 'Giáo vụ', [...AFFAIR, ...grant('Payment', ['GetAll', 'Create', 'Delete'])]);
    const toasts = spyToasts();
    const owedThenPaid = [4_560_000, 0];
    const detail = () => {
      const owed = owedThenPaid[0];
      return {
        ...ORDER_DETAIL,
        paid_amount: ORDER_DETAIL.amount - owed,
        owed,
        status: owed ? 'pending' : 'paid',
        payments: owed ? [] : [PAID_IN_FULL],
      };
    };
    const api = fakeApi({
      'GET /order/list': () => ORDERS,
      'GET /learning/order/show/12': detail,
      'POST /learning/order/payment/create': () => {
        owedThenPaid.shift();
        return detail();
      },
    });
    open(`${MARCH}&tab=orders`);
    const table = await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Thu tiền đơn 12' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nguyễn Minh Anh · GT-HN-01 Giao tiếp cơ bản')).toBeInTheDocument();
    expect(within(dialog).getByTestId('payments-Còn nợ')).toHaveTextContent('4.560.000 đ');
    const listCalls = api.to('GET /order/list').length;
    const form = within(dialog).getByRole('form', { name: 'Thu tiền' });
    const submit = within(form).getByRole('button', { name: 'Thu tiền' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByText('PT-HN-000001')).toBeInTheDocument();
    expect(api.to('POST /learning/order/payment/create').map((call) => call.body)).toEqual([{ order_id: 12, amount: 4_560_000, method: 'cash' }]);
    await waitFor(() => expect(api.to('GET /order/list').length).toBeGreaterThan(listCalls));
    expect(toasts.titles()).toContain('Đã thu tiền');
    // paid in full: nothing left to take, but each receipt can be voided
    expect(within(dialog).getByText('Đơn hàng đã thu đủ')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Huỷ phiếu PT-HN-000001' })).toBeInTheDocument();
  });

  it('without Payment GetAll an order has no "Thu tiền"; with it alone, the dialog only reads', async () => {
    signInWith('academic_affair', 'Giáo vụ', AFFAIR);
    fakeApi({ 'GET /order/list': () => ORDERS, 'GET /learning/order/show/12': () => ORDER_DETAIL });
    const first = open(`${MARCH}&tab=orders`);
    const table = await screen.findByRole('table', { name: 'Danh sách đơn hàng' });
    await within(table).findByText('Nguyễn Minh Anh');
    expect(within(table).queryByRole('button', { name: /Thu tiền/ })).not.toBeInTheDocument();
    first.unmount();

    signInWith('academic_affair', 'Giáo vụ', [...AFFAIR, ...grant('Payment', ['GetAll'])]);
    open(`${MARCH}&tab=orders`);
    fireEvent.click(await screen.findByRole('button', { name: 'Thu tiền đơn 12' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('payments-Số tiền')).toHaveTextContent('4.560.000 đ');
    expect(within(dialog).queryByRole('form', { name: 'Thu tiền' })).not.toBeInTheDocument();
  });

  it('a user without Order GetAll opening the orders tab from a link gets the payroll', async () => {
    signInWith('academic_affair', 'Giáo vụ', grant('PayrollTimesheet', ['GetAll']));
    const api = fakeApi({ 'GET /payroll-timesheet/list': () => PAYROLL });
    open(`${MARCH}&tab=orders`);
    await screen.findByRole('table', { name: 'Tổng theo giáo viên' });
    expect(screen.queryByRole('tab', { name: 'Đơn hàng' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xuất Excel' })).not.toBeInTheDocument();
    expect(api.to('GET /order/list')).toHaveLength(0);
  });
});
