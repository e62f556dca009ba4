/** The payments' dialog: an order's figures and payments as the API gives them, a payment and a void checked and sent as the API takes them, the receipt. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_TEXT, type OrderDetail, type Payment } from '../src/contracts/payments';
import { fakeApi, FakeApiError, FakeFile, orderDetailRecord, paymentRecord, renderWithProviders, signInWith, signOut, spyToasts } from '../src/testing';
import { createPayment, OrderPaymentsDialog, voidPayment, type OrderPaymentsDialogProps } from '../src/ui';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const payment = (over: Partial<Payment> & Pick<Payment, 'payment_id' | 'receipt_no' | 'amount'>): Payment => paymentRecord(over);

/** An order of 4.560.000 đ with 1.000.000 đ paid in cash and a voided transfer. */
const ORDER: OrderDetail = orderDetailRecord({
  paid_amount: 1_000_000,
  owed: 3_560_000,
  due_date: '2026-03-12',
  overdue: true,
  vietqr: '00020101021238570010A000000727012700069704180113012345678901020208QRIBFTTA530370454073560000',
  payments: [
    payment({ payment_id: 1, receipt_no: 'PT-HN-000001', amount: 1_000_000 }),
    payment({
      payment_id: 2,
      receipt_no: 'PT-HN-000002',
      amount: 500_000,
      method: 'transfer',
      paid_on: '2026-03-07',
      voided_at: '2026-03-08T02:00:00.000Z',
      voided_by: { id: 2, name: 'Trần Thu Hà' },
      void_reason: 'Nhập trùng',
    }),
  ],
});

const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

function open(props: Partial<OrderPaymentsDialogProps> = {}) {
  const onClose = jest.fn();
  renderWithProviders(<OrderPaymentsDialog orderId={12} onClose={onClose} delayMs={0} {...props} />);
  return { onClose };
}

/** The browser's download: the file name of the link clicked. */
function spyDownloads() {
  const names: string[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:receipt'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

describe('OrderPaymentsDialog', () => {
  it('shows the student, class and course, the figures, the overdue due date, the transfer reference with its QR code and each payment', async () => {
    const http = fakeApi({ 'GET /learning/order/show/12': () => ORDER });
    open();
    expect(await screen.findByText('Nguyễn Minh Anh · GT-HN-01 Giao tiếp cơ bản')).toBeInTheDocument();
    expect(screen.getByText('Tiếng Anh giao tiếp – 24 buổi')).toBeInTheDocument();
    expect(screen.getByTestId('payments-Số tiền')).toHaveTextContent('4.560.000 đ');
    expect(screen.getByTestId('payments-Đã thu')).toHaveTextContent('1.000.000 đ');
    expect(screen.getByTestId('payments-Còn nợ')).toHaveTextContent('3.560.000 đ');
    expect(screen.getByTestId('payments-due')).toHaveTextContent('Hạn thanh toán: 12/03/2026Quá hạn');
    expect(screen.getByText('Nội dung chuyển khoản: TT12K7')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'Mã VietQR chuyển khoản 3.560.000 đ, nội dung TT12K7' });
    // drawn as SVG (the pages' policy allows no data: image): a square of modules with its quiet zone
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const [, , width, height] = (qr.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(21 + 4);
    expect((qr.querySelector('path')?.getAttribute('d') ?? '').match(/M/g)?.length).toBeGreaterThan(100);
    const table = screen.getByRole('table', { name: 'Các phiếu thu' });
    expect(rowTexts(table)).toEqual([
      ['PT-HN-000001', '06/03/2026', 'Tiền mặt', '1.000.000 đ', 'Trần Thu Hà', 'Phiếu thu'],
      ['PT-HN-000002Đã huỷ: Nhập trùng', '07/03/2026', 'Chuyển khoản', '500.000 đ', 'Trần Thu Hà', 'Phiếu thu'],
    ]);
    // the voided payment is struck through
    expect(within(table).getByText('PT-HN-000002')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(table).getByText('PT-HN-000001')).not.toHaveStyle({ textDecoration: 'line-through' });
    expect(http.to('GET /learning/order/show/12')).toHaveLength(1);
    // without the capabilities the dialog only reads
    expect(screen.queryByRole('form', { name: 'Thu tiền' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Huỷ phiếu/ })).not.toBeInTheDocument();
  });

  it('draws no QR code when the API gives no payload, and no due tag when not overdue', async () => {
    fakeApi({ 'GET /learning/order/show/12': () => ({ ...ORDER, vietqr: null, overdue: false }) });
    open();
    expect(await screen.findByText('Nội dung chuyển khoản: TT12K7')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('payments-due')).toHaveTextContent(/^Hạn thanh toán: 12\/03\/2026$/);
  });

  it('stacks the payments on a phone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      fakeApi({ 'GET /learning/order/show/12': () => ORDER });
      open();
      const list = await screen.findByRole('list', { name: 'Các phiếu thu' });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'PT-HN-0000011.000.000 đ06/03/2026 · Tiền mặt · Trần Thu HàPhiếu thu',
        'PT-HN-000002500.000 đ07/03/2026 · Chuyển khoản · Trần Thu HàĐã huỷ: Nhập trùngPhiếu thu',
      ]);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /learning/order/show/12': () => {
        if (fail) throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
        return ORDER;
      },
    });
    open();
    expect(await screen.findByText('Không tải được dữ liệu. Vui lòng kiểm tra kết nối và thử lại.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('PT-HN-000001')).toBeInTheDocument();
  });

  it("refuses a payment of 0, one not in whole đồng and one over what is owed, with the API's messages", async () => {
    const http = fakeApi({ 'GET /learning/order/show/12': () => ORDER });
    open({ onPay: createPayment });
    const form = await screen.findByRole('form', { name: 'Thu tiền' });
    const amount = within(form).getByLabelText(/Số tiền/);
    // what is owed by default
    expect(amount).toHaveValue(3_560_000);
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    expect(await within(form).findByText(PAYMENT_TEXT.amount)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '1500.5' } });
    expect(await within(form).findByText(PAYMENT_TEXT.amount)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '3560001' } });
    expect(await within(form).findByText(PAYMENT_TEXT.overpaid(3_560_000))).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Thu tiền' })).toBeDisabled();
    fireEvent.change(amount, { target: { value: '3560000' } });
    await waitFor(() => expect(within(form).queryByText(PAYMENT_TEXT.overpaid(3_560_000))).not.toBeInTheDocument());
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Thu tiền' })).toBeEnabled());
    expect(http.to('POST /learning/order/payment/create')).toHaveLength(0);
  });

  it('sends a payment with numbers, shows the order it answers, toasts it and tells the caller', async () => {
    const toasts = spyToasts();
    const onChanged = jest.fn();
    const paid: OrderDetail = {
      ...ORDER,
      paid_amount: 2_000_000,
      owed: 2_560_000,
      payments: [...ORDER.payments, payment({ payment_id: 3, receipt_no: 'PT-HN-000003', amount: 1_000_000, method: 'card', paid_on: '2026-03-10', note: 'Đợt 2' })],
    };
    const http = fakeApi({ 'GET /learning/order/show/12': () => ORDER, 'POST /learning/order/payment/create': () => paid });
    open({ onPay: createPayment, onChanged });
    const form = await screen.findByRole('form', { name: 'Thu tiền' });
    fireEvent.change(within(form).getByLabelText(/Số tiền/), { target: { value: '1000000' } });
    fireEvent.change(within(form).getByLabelText(/Hình thức/), { target: { value: 'card' } });
    fireEvent.change(within(form).getByLabelText(/Ngày thu/), { target: { value: '10/03/2026' } });
    fireEvent.change(within(form).getByLabelText(/Ghi chú/), { target: { value: '  Đợt 2  ' } });
    const submit = within(form).getByRole('button', { name: 'Thu tiền' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('PT-HN-000003')).toBeInTheDocument();
    expect(http.to('POST /learning/order/payment/create').map((call) => call.body)).toEqual([{ order_id: 12, amount: 1_000_000, method: 'card', paid_on: '2026-03-10', note: 'Đợt 2' }]);
    expect(screen.getByTestId('payments-Còn nợ')).toHaveTextContent('2.560.000 đ');
    expect(toasts.titles()).toContain('Đã thu tiền');
    expect(onChanged).toHaveBeenCalledWith(paid);
    // the form starts again with what is now owed
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Thu tiền' })).getByLabelText(/Số tiền/)).toHaveValue(2_560_000));
  });

  it('takes more than is owed only with the excess kept as credit, and offers the credit as a method while the student has some', async () => {
    const http = fakeApi({ 'GET /learning/order/show/12': () => ({ ...ORDER, student_credit: 200_000 }), 'POST /learning/order/payment/create': () => ORDER });
    open({ onPay: createPayment });
    const form = await screen.findByRole('form', { name: 'Thu tiền' });
    expect(screen.getByTestId('payments-credit')).toHaveTextContent('200.000 đ');
    const amount = within(form).getByLabelText(/Số tiền/);
    const submit = within(form).getByRole('button', { name: 'Thu tiền' });
    fireEvent.change(amount, { target: { value: '4000000' } });
    fireEvent.blur(amount);
    expect(await within(form).findByText(PAYMENT_TEXT.overpaid(3_560_000))).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('checkbox', { name: /tiền dư/ }));
    await waitFor(() => expect(within(form).queryByText(PAYMENT_TEXT.overpaid(3_560_000))).not.toBeInTheDocument());
    // paying from the credit: never more than the credit
    fireEvent.change(within(form).getByLabelText(/Hình thức/), { target: { value: 'credit' } });
    expect(await within(form).findByText(PAYMENT_TEXT.creditExcess)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '300000' } });
    expect(await within(form).findByText(PAYMENT_TEXT.creditNotEnough(200_000))).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '200000' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(http.to('POST /learning/order/payment/create')).toHaveLength(1));
    expect(http.to('POST /learning/order/payment/create')[0].body).toEqual({ order_id: 12, amount: 200_000, method: 'credit' });
  });

  it('offers no credit method to a student without credit', async () => {
    fakeApi({ 'GET /learning/order/show/12': () => ORDER });
    open({ onPay: createPayment });
    const form = await screen.findByRole('form', { name: 'Thu tiền' });
    const options = within(within(form).getByLabelText(/Hình thức/)).getAllByRole('option').map((option) => option.textContent);
    expect(options.some((label) => /tiền dư/.test(label ?? ''))).toBe(false);
  });

  it("puts the API's refusal on its field", async () => {
    fakeApi({
      'GET /learning/order/show/12': () => ORDER,
      'POST /learning/order/payment/create': () => {
        throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { paid_on: PAYMENT_TEXT.paidOnBeforeOrder });
      },
    });
    open({ onPay: createPayment });
    const form = await screen.findByRole('form', { name: 'Thu tiền' });
    fireEvent.change(within(form).getByLabelText(/Ngày thu/), { target: { value: '01/03/2026' } });
    const submit = within(form).getByRole('button', { name: 'Thu tiền' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(form).findByText(PAYMENT_TEXT.paidOnBeforeOrder)).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes no payment of an order paid in full', async () => {
    fakeApi({ 'GET /learning/order/show/12': () => ({ ...ORDER, status: 'paid', paid_amount: ORDER.amount, owed: 0, overdue: false, vietqr: null }) });
    open({ onPay: createPayment });
    expect(await screen.findByText('Đơn hàng đã thu đủ')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Thu tiền' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Nội dung chuyển khoản/)).not.toBeInTheDocument();
  });

  it('voids a payment only with its reason, then shows it struck through', async () => {
    const toasts = spyToasts();
    const onChanged = jest.fn();
    const voided: OrderDetail = {
      ...ORDER,
      paid_amount: 0,
      owed: ORDER.amount,
      payments: ORDER.payments.map((p) => (p.payment_id === 1 ? { ...p, voided_at: '2026-03-09T02:00:00.000Z', voided_by: { id: 2, name: 'Trần Thu Hà' }, void_reason: 'Sai số tiền' } : p)),
    };
    const http = fakeApi({ 'GET /learning/order/show/12': () => ORDER, 'POST /learning/order/payment/void': () => voided });
    open({ onVoid: voidPayment, onChanged });
    // the voided payment has no "Huỷ phiếu"
    expect(await screen.findByRole('button', { name: 'Huỷ phiếu PT-HN-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Huỷ phiếu PT-HN-000002' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Huỷ phiếu PT-HN-000001' }));
    const form = await screen.findByRole('form', { name: 'Huỷ phiếu PT-HN-000001' });
    const reason = within(form).getByLabelText(/Lý do huỷ/);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.blur(reason);
    expect(await within(form).findByText(PAYMENT_TEXT.voidReason)).toBeInTheDocument();
    const confirm = within(form).getByRole('button', { name: 'Xác nhận huỷ phiếu' });
    expect(confirm).toBeDisabled();
    fireEvent.change(reason, { target: { value: ' Sai số tiền ' } });
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await screen.findByText('Đã huỷ: Sai số tiền')).toBeInTheDocument();
    expect(http.to('POST /learning/order/payment/void').map((call) => call.body)).toEqual([{ payment_id: 1, reason: 'Sai số tiền' }]);
    expect(within(screen.getByRole('table', { name: 'Các phiếu thu' })).getByText('PT-HN-000001')).toHaveStyle({ textDecoration: 'line-through' });
    expect(screen.queryByRole('form', { name: 'Huỷ phiếu PT-HN-000001' })).not.toBeInTheDocument();
    expect(toasts.titles()).toContain('Đã huỷ phiếu thu');
    expect(onChanged).toHaveBeenCalledWith(voided);
  });

  it('"Không huỷ" closes the confirmation without a call', async () => {
    const http = fakeApi({ 'GET /learning/order/show/12': () => ORDER });
    open({ onVoid: voidPayment });
    fireEvent.click(await screen.findByRole('button', { name: 'Huỷ phiếu PT-HN-000001' }));
    expect(await screen.findByRole('form', { name: 'Huỷ phiếu PT-HN-000001' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Không huỷ' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Huỷ phiếu PT-HN-000001' })).not.toBeInTheDocument());
    expect(http.to('POST /learning/order/payment/void')).toHaveLength(0);
  });

  it('"Phiếu thu" asks for the receipt as a file with the session and saves it; a failure says so', async () => {
    signInWith('academic_affair', 'Giáo vụ', [{ resource: 'Payment', action: 'GetAll' }]);
    const toasts = spyToasts();
    const names = spyDownloads();
    const http = fakeApi({
      'GET /learning/order/show/12': () => ORDER,
      'GET /learning/order/payment/receipt/1': () => new FakeFile('%PDF-1.7', 'phieu-thu-PT-HN-000001.pdf'),
      'GET /learning/order/payment/receipt/2': () => {
        throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Phiếu thu PT-HN-000001' }));
    await waitFor(() => expect(names).toEqual(['phieu-thu-PT-HN-000001.pdf']));
    expect(http.to('GET /learning/order/payment/receipt/1').map((call) => [call.responseType, call.headers.Authorization])).toEqual([['blob', 'Bearer t']]);
    fireEvent.click(screen.getByRole('button', { name: 'Phiếu thu PT-HN-000002' }));
    await waitFor(() => expect(toasts.titles()).toContain('Không tải được phiếu thu, mời bạn thử lại'));
    expect(names).toHaveLength(1);
  });
});
