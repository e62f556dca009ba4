/** "Công nợ": the orders that owe as the API lists them, the total owed above, filters in the URL, and each order's payments. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DebtRow, OrderDetail } from '@trungtam/shared/contracts/payments';
import { fakeApi, orderDetailRecord, renderWithProviders, signInAsDemo, signInWith } from '@trungtam/shared/testing';
import Area from '../src/Area';

afterEach(() => jest.restoreAllMocks());

const debt = (id: number, name: string, owed: number, overdue: boolean): DebtRow => ({
  order_id: id,
  student: { id: 100 + id, name, phone_number: `090000000${id}` },
  class: { class_id: 10, class_name: 'IELTS-HN-02' },
  center: { center_id: 1, name: 'Trung tâm Hà Nội' },
  amount: 4_800_000,
  paid_amount: 4_800_000 - owed,
  owed,
  due_date: overdue ? '2026-10-01' : '2099-01-01',
  overdue,
  days_overdue: overdue ? 58 : 0,
});
const ROWS = [debt(3, 'Phạm Gia Bảo', 4_800_000, true), debt(5, 'Nguyễn Minh Anh', 2_400_000, false)];
const list = { rows: ROWS, total_rows: 2, total_pages: 1, total_owed: 7_200_000, total_overdue: 4_800_000 };
const ORDER: OrderDetail = orderDetailRecord({
  order_id: 3, enrollment_id: 9, list_price: 4_800_000, discount_percent: 0, amount: 4_800_000, owed: 4_800_000, due_date: '2026-10-01', overdue: true,
  created_at: '2026-09-24T03:00:00.000Z', student: { id: 103, name: 'Phạm Gia Bảo' }, class: { class_id: 10, class_name: 'IELTS-HN-02' }, course: null, reference: 'TT00003ABCD',
});

const open = (route = '/learning/debts?overdue=1&center_id=1') => renderWithProviders(<Area path="/learning/debts" />, { route });

describe('DebtsPage', () => {
  it('lists the orders that owe with the total owed above, asks with the URL\'s filters, and opens an order\'s payments', async () => {
    signInAsDemo('administrator');
    const http = fakeApi({
      'GET /learning/order/debts': () => list,
      'GET /learning/center/list': () => ({ rows: [{ center_id: 1, name: 'Trung tâm Hà Nội' }], total_rows: 1, total_pages: 1 }),
      'GET /learning/class/list': () => ({ rows: [{ class_id: 10, class_name: 'IELTS-HN-02' }], total_rows: 1, total_pages: 1 }),
      'GET /learning/order/show/3': () => ORDER,
    });
    open();
    const table = await screen.findByRole('table', { name: 'Các đơn hàng còn nợ' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first] = within(table).getAllByRole('row');
    expect(within(first).getByText('Phạm Gia Bảo')).toBeInTheDocument();
    expect(within(first).getByText('Quá hạn 58 ngày')).toBeInTheDocument();
    expect(within(first).getAllByText('4.800.000 đ').length).toBeGreaterThan(0);
    expect(await screen.findByText('Tổng còn nợ 7.200.000 đ · quá hạn 4.800.000 đ')).toBeInTheDocument();
    const calls = http.to('GET /learning/order/debts').map((call) => Object.fromEntries(call.search));
    expect(calls).toContainEqual(expect.objectContaining({ overdue: '1', center_id: '1', page: '1', limit: '20' }));
    expect(screen.getByRole('button', { name: /Xuất Excel/ })).toBeInTheDocument();

    fireEvent.click(within(first).getByRole('button', { name: 'Thu tiền' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/TT00003ABCD/)).toBeInTheDocument();
  });

  it('offers no export to a role without Payment Export', async () => {
    signInWith('academic_affair', 'Thu ngân', [{ resource: 'Payment', action: 'GetAll' }], { center_id: 1 });
    fakeApi({ 'GET /learning/order/debts': () => list, 'GET /learning/class/list': () => ({ rows: [], total_rows: 0, total_pages: 0 }) });
    open('/learning/debts');
    expect(await screen.findByText('Tổng còn nợ 7.200.000 đ · quá hạn 4.800.000 đ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Xuất Excel/ })).toBeNull();
  });
});
