/**
 * "Đối soát ngân hàng": the statement lines as the API lists them with the URL's status filter; a
 * statement uploaded in its steps (bank and file, the columns over the first rows, the summary); an
 * unmatched line assigned to an order or ignored, the API's refusal shown in the dialog.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StatementImportResult, StatementLine, StatementPreview } from '@trungtam/shared/contracts/bankStatements';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInAsDemo, signInWith } from '@trungtam/shared/testing';
import Area from '../src/Area';

afterEach(() => jest.restoreAllMocks());

const line = (id: number, overrides: Partial<StatementLine> = {}): StatementLine => ({
  line_id: id,
  statement_id: 7,
  bank_key: '970436',
  center_id: 1,
  row_no: 4 + id,
  posted_on: '2026-11-27',
  amount: 1_500_000,
  description: `CK hoc phi dong ${id}`,
  status: 'unmatched',
  problem: 'no_reference',
  references: [],
  order: null,
  payment: null,
  decided_by: null,
  ignore_reason: null,
  created_at: '2026-11-28T03:00:00.000Z',
  ...overrides,
});
const MATCHED = line(1, {
  status: 'matched',
  problem: null,
  description: 'NGUYEN VAN AN HOC PHI TT0000100ABC',
  order: { order_id: 100, reference: 'TT0000100ABC', student_name: 'Nguyễn Văn An', class_name: 'IELTS-HN-02', owed: 3_300_000 },
  payment: { payment_id: 55, receipt_no: 'PT-1-2026-00012', voided: false },
});
const WAITING = line(2, { amount: 900_000 });

const open = (route = '/learning/bank-statements?status=unmatched') => renderWithProviders(<Area path="/learning/bank-statements" />, { route });

describe('BankStatementsPage', () => {
  it("lists the lines with the URL's status, each with its order and payment, and offers the unmatched ones' decisions", async () => {
    signInAsDemo('administrator');
    const http = fakeApi({ 'GET /learning/bank-statement/lines': () => listOf([MATCHED, WAITING]) });
    open();
    const table = await screen.findByRole('table', { name: 'Các dòng sao kê' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, matched, waiting] = within(table).getAllByRole('row');
    expect(within(matched).getByText('Đã khớp')).toBeInTheDocument();
    expect(within(matched).getByText('#100 · Nguyễn Văn An')).toBeInTheDocument();
    expect(within(matched).getByText('Phiếu thu PT-1-2026-00012')).toBeInTheDocument();
    expect(within(matched).getByText('1.500.000 đ')).toBeInTheDocument();
    expect(within(matched).queryByRole('button', { name: 'Gán đơn hàng' })).toBeNull();
    expect(within(waiting).getByText('Chưa khớp')).toBeInTheDocument();
    expect(within(waiting).getByText('Nội dung không có mã thanh toán')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Gán đơn hàng' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Bỏ qua' })).toBeInTheDocument();
    const calls = http.to('GET /learning/bank-statement/lines').map((call) => Object.fromEntries(call.search));
    expect(calls).toContainEqual(expect.objectContaining({ status: 'unmatched', page: '1', limit: '20' }));
  });

  it('uploads a statement: bank and file, then the columns prefilled over the first rows, then the summary and that statement\'s lines', async () => {
    signInAsDemo('administrator');
    const preview: StatementPreview = {
      columns: ['STT', 'Ngày giao dịch', 'Số tiền ghi có', 'Nội dung'],
      header_row: 4,
      rows: [['1', '27/11/2026', '1.500.000', 'NGUYEN VAN AN HOC PHI TT0000100ABC']],
      mapping: { date_column: 'Ngày giao dịch', amount_column: 'Số tiền ghi có', description_column: 'Nội dung' },
      mapping_saved: false,
    };
    const result: StatementImportResult = {
      statement_id: 7, lines_read: 3, new_lines: 2, already_imported: 0, matched: 1, unmatched: 1, skipped_debits: 1, skipped_invalid: 0, invalid_rows: [],
      message: 'Đã nhập sao kê: 1 dòng khớp đơn hàng, 1 dòng cần xử lý',
    };
    const http = fakeApi({
      'GET /learning/bank-statement/lines': () => listOf([MATCHED, WAITING]),
      'GET /learning/center/list': () => listOf([{ center_id: 1, name: 'Trung tâm Hà Nội' }]),
      'POST /learning/bank-statement/preview': () => preview,
      'POST /learning/bank-statement/import': () => result,
    });
    open('/learning/bank-statements');
    fireEvent.click(await screen.findByRole('button', { name: 'Tải sao kê' }));
    const dialog = await screen.findByRole('dialog');
    // nothing sent without a bank and a file
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước' }));
    expect(await within(dialog).findByText('Cần chọn tệp sao kê (.xlsx hoặc .csv)')).toBeInTheDocument();
    expect(http.to('POST /learning/bank-statement/preview')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Ngân hàng/), { target: { value: '970436' } });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Trung tâm Hà Nội' })).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText(/^Trung tâm/), { target: { value: '1' } });
    const file = new File(['Ngày giao dịch;Số tiền ghi có;Nội dung\n'], 'sao-ke.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText(/Tệp sao kê/), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước' }));

    const firstRows = await within(dialog).findByRole('table', { name: 'Các dòng đầu của tệp' });
    expect(within(firstRows).getByText('NGUYEN VAN AN HOC PHI TT0000100ABC')).toBeInTheDocument();
    const sentPreview = http.to('POST /learning/bank-statement/preview')[0].body as FormData;
    expect([sentPreview.get('bank_key'), (sentPreview.get('file') as File).name]).toEqual(['970436', 'sao-ke.csv']);
    expect(within(dialog).getByLabelText(/Cột số tiền ghi có/)).toHaveValue('Số tiền ghi có');
    fireEvent.change(within(dialog).getByLabelText(/Cột nội dung/), { target: { value: 'STT' } });
    fireEvent.change(within(dialog).getByLabelText(/Cột nội dung/), { target: { value: 'Nội dung' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nhập sao kê' }));

    expect(await within(dialog).findByText(result.message)).toBeInTheDocument();
    const sent = http.to('POST /learning/bank-statement/import')[0].body as FormData;
    expect(Object.fromEntries(['bank_key', 'center_id', 'date_column', 'amount_column', 'description_column'].map((name) => [name, sent.get(name)]))).toEqual({
      bank_key: '970436', center_id: '1', date_column: 'Ngày giao dịch', amount_column: 'Số tiền ghi có', description_column: 'Nội dung',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem các dòng của sao kê này' }));
    await waitFor(() => expect(http.to('GET /learning/bank-statement/lines').map((call) => call.search.get('statement_id'))).toContain('7'));
  });

  it("assigns an unmatched line by the payer's reference, shows the API's refusal, and ignores another with its reason", async () => {
    signInWith('academic_affair', 'Giáo vụ', [{ resource: 'BankStatement', action: 'GetAll' }, { resource: 'BankStatement', action: 'Update' }], { center_id: 1 });
    let refuse = true;
    const http = fakeApi({
      'GET /learning/bank-statement/lines': () => listOf([WAITING, line(3)]),
      'POST /learning/bank-statement/line/assign': () => {
        if (refuse) {
          refuse = false;
          throw new FakeApiError(400, 'Dữ liệu gửi lên không hợp lệ', { order_id: 'Số tiền vượt quá số còn phải thu (500.000 đ)' });
        }
        return { ...WAITING, status: 'assigned', order: { order_id: 100, reference: 'TT0000100ABC', student_name: 'Nguyễn Văn An', class_name: 'IELTS', owed: 0 } };
      },
      'POST /learning/bank-statement/line/ignore': () => ({ ...line(3), status: 'ignored' }),
    });
    open('/learning/bank-statements');
    const table = await screen.findByRole('table', { name: 'Các dòng sao kê' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    // no upload for a role without BankStatement Create
    expect(screen.queryByRole('button', { name: 'Tải sao kê' })).toBeNull();
    const [, first, second] = within(table).getAllByRole('row');

    fireEvent.click(within(first).getByRole('button', { name: 'Gán đơn hàng' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Mã đơn hàng hoặc mã thanh toán/), { target: { value: ' tt0000100abc ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ghi nhận thanh toán' }));
    expect(await within(dialog).findByText('Số tiền vượt quá số còn phải thu (500.000 đ)')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ghi nhận thanh toán' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.to('POST /learning/bank-statement/line/assign').map((call) => call.body)).toEqual([
      { line_id: 2, reference: 'tt0000100abc' },
      { line_id: 2, reference: 'tt0000100abc' },
    ]);

    fireEvent.click(within(second).getByRole('button', { name: 'Bỏ qua' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bỏ qua dòng này' }));
    expect(await within(dialog).findByText('Lý do bỏ qua là bắt buộc')).toBeInTheDocument();
    expect(http.to('POST /learning/bank-statement/line/ignore')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Lý do/), { target: { value: 'Tiền lãi tài khoản' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bỏ qua dòng này' }));
    await waitFor(() => expect(http.to('POST /learning/bank-statement/line/ignore').map((call) => call.body)).toEqual([{ line_id: 3, reason: 'Tiền lãi tài khoản' }]));
  });
});
