/** "Doanh thu": the range's periods × methods with the totals as the API sums them, what is owed at the top, the URL's range, grouping and centre, the export, and its empty, failed and invalid states. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RevenueAmounts, RevenueReport } from '@trungtam/shared/contracts/revenue';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { FakeApiError, fakeApi, renderWithProviders, signInAsDemo, signInWith } from '@trungtam/shared/testing';
import Area from '../src/Area';

afterEach(() => jest.restoreAllMocks());

const amounts = (partial: Partial<RevenueAmounts>): RevenueAmounts => {
  const base = { cash: 0, transfer: 0, card: 0, credit_used: 0, refunds: 0, ...partial };
  const collected = base.cash + base.transfer + base.card;
  return { ...base, collected, net: collected - base.refunds };
};
const REPORT: RevenueReport = {
  from: '2026-10-01',
  to: '2026-11-30',
  group: 'month',
  center_id: null,
  rows: [
    { period: '2026-10', ...amounts({ cash: 1_000_000, transfer: 2_500_000 }) },
    { period: '2026-11', ...amounts({ card: 3_000_000, refunds: 400_000, credit_used: 700_000 }) },
  ],
  centers: [
    { center: { center_id: 1, name: 'Trung tâm Hà Nội' }, ...amounts({ cash: 1_000_000, transfer: 2_500_000, refunds: 400_000 }), owed: 9_600_000 },
    { center: { center_id: 2, name: 'Trung tâm Hồ Chí Minh' }, ...amounts({ card: 3_000_000, credit_used: 700_000 }), owed: 2_400_000 },
  ],
  totals: amounts({ cash: 1_000_000, transfer: 2_500_000, card: 3_000_000, refunds: 400_000, credit_used: 700_000 }),
  owed: 12_000_000,
};
const EMPTY: RevenueReport = { ...REPORT, group: 'day', rows: [{ period: '2026-11-01', ...amounts({}) }], centers: [], totals: amounts({}), owed: 0 };
const CENTRES = { rows: [{ center_id: 1, name: 'Trung tâm Hà Nội' }, { center_id: 2, name: 'Trung tâm Hồ Chí Minh' }], total_rows: 2, total_pages: 1 };

const open = (route: string) => renderWithProviders(<Area path="/learning/revenue" />, { route });
const asked = (http: ReturnType<typeof fakeApi>) => http.to('GET /learning/order/revenue').map((call) => Object.fromEntries(call.search));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('RevenuePage', () => {
  it("shows what is owed at the top and each period's methods, refunds and net with the totals, asked with the URL's range, grouping and centre", async () => {
    signInAsDemo('administrator');
    const http = fakeApi({ 'GET /learning/order/revenue': () => REPORT, 'GET /learning/center/list': () => CENTRES });
    open('/learning/revenue?from=2026-10-01&to=2026-11-30&group=month&center_id=2');

    const table = await screen.findByRole('table', { name: 'Doanh thu theo kỳ' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 2 + 1));
    const [, october, november, total] = within(table).getAllByRole('row');
    expect(cells(october)).toEqual(['Tháng 10/2026', '1.000.000 đ', '2.500.000 đ', '0 đ', '3.500.000 đ', '0 đ', '3.500.000 đ', '0 đ']);
    expect(cells(november)).toEqual(['Tháng 11/2026', '0 đ', '0 đ', '3.000.000 đ', '3.000.000 đ', '−400.000 đ', '2.600.000 đ', '700.000 đ']);
    expect(cells(total)).toEqual(['Tổng', '1.000.000 đ', '2.500.000 đ', '3.000.000 đ', '6.500.000 đ', '−400.000 đ', '6.100.000 đ', '700.000 đ']);
    expect(asked(http)).toContainEqual({ from: '2026-10-01', to: '2026-11-30', group: 'month', center_id: '2' });

    // what is owed now, at the top, and the range's figures beside it
    expect(screen.getByText('Còn phải thu hiện tại').parentElement).toHaveTextContent('12.000.000 đ');
    expect(screen.getByText('Thực thu', { selector: 'p' }).parentElement).toHaveTextContent('6.100.000 đ');
    expect(screen.getByText(/700\.000 đ được trừ vào số dư/)).toBeInTheDocument();
    // the report spans two centres: their totals and what each owes
    const centres = screen.getByRole('table', { name: 'Doanh thu theo trung tâm' });
    expect(within(centres).getAllByRole('row')).toHaveLength(1 + 2 + 1);
    expect(cells(within(centres).getAllByRole('row')[3]).at(-1)).toBe('12.000.000 đ');
    expect(screen.getByRole('button', { name: /Xuất Excel/ })).toBeInTheDocument();
  });

  it("asks for this month day by day by default, and again with the grouping and centre chosen", async () => {
    signInAsDemo('administrator');
    const http = fakeApi({ 'GET /learning/order/revenue': () => REPORT, 'GET /learning/center/list': () => CENTRES });
    open('/learning/revenue');
    await screen.findByRole('table', { name: 'Doanh thu theo kỳ' });
    const month = operatorToday().slice(0, 7);
    await waitFor(() => expect(asked(http)[0]).toMatchObject({ from: `${month}-01`, group: 'day' }));
    expect(asked(http)[0].to.slice(0, 7)).toBe(month);
    expect(screen.getByRole('button', { name: 'Theo ngày' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Theo tháng' }));
    await waitFor(() => expect(asked(http).at(-1)).toMatchObject({ group: 'month' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Trung tâm Hồ Chí Minh' })).toBeInTheDocument());
    fireEvent.change(screen.getByRole('combobox', { name: 'Trung tâm' }), { target: { value: '2' } });
    await waitFor(() => expect(asked(http).at(-1)).toMatchObject({ group: 'month', center_id: '2' }));
  });

  it('says so when the range holds no money, and when the report cannot be loaded offers a retry', async () => {
    signInAsDemo('administrator');
    const http = fakeApi({ 'GET /learning/order/revenue': () => EMPTY, 'GET /learning/center/list': () => CENTRES });
    open('/learning/revenue?from=2026-11-01&to=2026-11-01');
    expect(await screen.findByText('Không có khoản thu hay hoàn tiền nào trong khoảng này')).toBeInTheDocument();
    expect(screen.getByText('Còn phải thu hiện tại').parentElement).toHaveTextContent('0 đ');

    http.route('GET /learning/order/revenue', () => {
      throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
    });
    open('/learning/revenue?from=2026-10-01&to=2026-10-31');
    const retry = await screen.findByRole('button', { name: 'Thử lại' });
    http.route('GET /learning/order/revenue', () => REPORT);
    fireEvent.click(retry);
    expect(await screen.findByText('Tháng 10/2026')).toBeInTheDocument();
  });

  it('does not ask for a range the API refuses, and says why', async () => {
    signInAsDemo('administrator');
    const http = fakeApi({ 'GET /learning/order/revenue': () => REPORT, 'GET /learning/center/list': () => CENTRES });
    open('/learning/revenue?from=2026-11-30&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ngày kết thúc không được trước ngày bắt đầu');
    open('/learning/revenue?from=2025-01-01&to=2026-06-30&group=day');
    expect(await screen.findByText(/Xem theo ngày được tối đa 366 ngày/)).toBeInTheDocument();
    expect(asked(http)).toEqual([]);
    expect(screen.getAllByRole('button', { name: /Xuất Excel/ }).every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  });

  it('on a phone, shows each period with money as a card (its methods on one line) and counts the periods without', async () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === '(max-width: 47.99em)', media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList,
    );
    signInAsDemo('administrator');
    const quiet = { period: '2026-09', ...amounts({}) };
    fakeApi({ 'GET /learning/order/revenue': () => ({ ...REPORT, rows: [quiet, ...REPORT.rows] }), 'GET /learning/center/list': () => CENTRES });
    open('/learning/revenue?from=2026-09-01&to=2026-11-30&group=month');
    const table = await screen.findByRole('table', { name: 'Doanh thu theo kỳ' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 2 + 1));
    const [, october, november] = within(table).getAllByRole('row');
    expect(cells(october)).toEqual(['Tháng 10/2026', 'Tiền mặt 1.000.000 đ · Chuyển khoản 2.500.000 đ', '0 đ', '3.500.000 đ']);
    expect(cells(november)).toEqual(['Tháng 11/2026', 'Thẻ 3.000.000 đ', '−400.000 đ', '2.600.000 đ']);
    expect(screen.getByText('1 tháng không có khoản thu hay hoàn tiền nào không được liệt kê.')).toBeInTheDocument();
  });

  it('offers a giáo vụ without those permissions neither the centre filter nor the export', async () => {
    signInWith('academic_affair', 'Thu ngân', [{ resource: 'Payment', action: 'GetAll' }], { center_id: 1 });
    const http = fakeApi({ 'GET /learning/order/revenue': () => ({ ...REPORT, centers: [REPORT.centers[0]] }) });
    open('/learning/revenue?center_id=2');
    await screen.findByRole('table', { name: 'Doanh thu theo kỳ' });
    expect(screen.queryByRole('combobox', { name: 'Trung tâm' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Xuất Excel/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Doanh thu theo trung tâm' })).toBeNull();
    // (a centre of the URL the user is not offered is not sent)
    expect(asked(http).every((query) => !('center_id' in query))).toBe(true);
  });
});
