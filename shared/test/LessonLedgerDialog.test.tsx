/** The lesson ledger's dialog: its lines as the API gives them, and a staff adjustment checked as the API checks it. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrollmentLedger, LedgerLine } from '../src/contracts/learning';
import { LEDGER_TEXT } from '../src/contracts/learning';
import { fakeApi, FakeApiError, renderWithProviders, spyToasts } from '../src/testing';
import { adjustLessons, LessonLedgerDialog } from '../src/ui';

afterEach(() => jest.restoreAllMocks());

const line = (over: Partial<LedgerLine> & Pick<LedgerLine, 'line_id' | 'kind' | 'lessons' | 'balance_after'>): LedgerLine => ({
  occurred_on: '2026-09-01',
  schedule_id: null,
  order_id: null,
  reason: null,
  actor: null,
  created_at: '2026-09-01T03:00:00.000Z',
  ...over,
});

const LEDGER: EnrollmentLedger = {
  enrollment_id: 9,
  class: { class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản' },
  user: { id: 76, name: 'Nguyễn Minh Anh' },
  total_lesson: 26,
  total_lesson_learned: 1,
  remaining: 25,
  lines: [
    line({ line_id: 1, kind: 'purchased', lessons: 24, balance_after: 24, actor: { id: 2, name: 'Trần Thu Hà' } }),
    line({ line_id: 2, kind: 'bonus', lessons: 2, balance_after: 26, actor: { id: 2, name: 'Trần Thu Hà' } }),
    line({ line_id: 3, kind: 'attended', lessons: -1, balance_after: 25, occurred_on: '2026-09-03', schedule_id: 41 }),
  ],
};

/** The ledger after a staff adjustment of `lessons` for `reason`, as the API answers it. */
const adjusted = (lessons: number, reason: string): EnrollmentLedger => ({
  ...LEDGER,
  total_lesson: LEDGER.total_lesson + lessons,
  remaining: LEDGER.remaining + lessons,
  lines: [
    ...LEDGER.lines,
    line({ line_id: 4, kind: 'adjustment', lessons, balance_after: LEDGER.remaining + lessons, reason, occurred_on: '2026-09-05', actor: { id: 1, name: 'Quản trị viên' } }),
  ],
});

const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

function open(onAdjust?: typeof adjustLessons) {
  const onClose = jest.fn();
  renderWithProviders(<LessonLedgerDialog enrollmentId={9} onClose={onClose} onAdjust={onAdjust} delayMs={0} />);
  return { onClose };
}

describe('LessonLedgerDialog', () => {
  it('shows the student and class, the totals and each line with its date, content, signed change, balance and author', async () => {
    const http = fakeApi({ 'GET /learning/class-enrollment/ledger/9': () => LEDGER });
    open();
    expect(await screen.findByText('Nguyễn Minh Anh · GT-HN-01 Giao tiếp cơ bản')).toBeInTheDocument();
    expect(screen.getByText('Lịch sử buổi học')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Các dòng sổ buổi học' });
    expect(screen.getByTestId('ledger-Tổng số buổi')).toHaveTextContent('26');
    expect(screen.getByTestId('ledger-Đã học')).toHaveTextContent('1');
    expect(screen.getByTestId('ledger-Còn lại')).toHaveTextContent('25');
    expect(rowTexts(table)).toEqual([
      ['01/09/2026', 'Mua khoá học', '+24', '24', 'Trần Thu Hà'],
      ['01/09/2026', 'Tặng buổi', '+2', '26', 'Trần Thu Hà'],
      ['03/09/2026', 'Có mặt', '−1', '25', 'Hệ thống'],
    ]);
    expect(http.to('GET /learning/class-enrollment/ledger/9')).toHaveLength(1);
    // without the capability the dialog only reads
    expect(screen.queryByRole('form', { name: 'Điều chỉnh số buổi' })).not.toBeInTheDocument();
  });

  it('stacks the lines on a phone, each with its date, change, content, balance and author', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      fakeApi({ 'GET /learning/class-enrollment/ledger/9': () => LEDGER });
      open();
      const list = await screen.findByRole('list', { name: 'Các dòng sổ buổi học' });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '01/09/2026+24Mua khoá họcCòn lại sau: 24 · Trần Thu Hà',
        '01/09/2026+2Tặng buổiCòn lại sau: 26 · Trần Thu Hà',
        '03/09/2026−1Có mặtCòn lại sau: 25 · Hệ thống',
      ]);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it('says when there are no lines yet', async () => {
    fakeApi({ 'GET /learning/class-enrollment/ledger/9': () => ({ ...LEDGER, total_lesson: 0, total_lesson_learned: 0, remaining: 0, lines: [] }) });
    open();
    expect(await screen.findByText('Chưa có dòng nào')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /learning/class-enrollment/ledger/9': () => {
        if (fail) throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
        return LEDGER;
      },
    });
    open();
    expect(await screen.findByText('Không tải được dữ liệu. Vui lòng kiểm tra kết nối và thử lại.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Mua khoá học')).toBeInTheDocument();
  });

  it('refuses an adjustment of 0, one without a reason, and one that takes the total below the lessons learned, with the API\'s messages', async () => {
    const http = fakeApi({ 'GET /learning/class-enrollment/ledger/9': () => LEDGER });
    open(adjustLessons);
    const form = await screen.findByRole('form', { name: 'Điều chỉnh số buổi' });
    const lessons = within(form).getByLabelText(/Số buổi/);
    const submit = within(form).getByRole('button', { name: 'Lưu điều chỉnh' });
    fireEvent.change(lessons, { target: { value: '0' } });
    fireEvent.blur(lessons);
    expect(await within(form).findByText(LEDGER_TEXT.adjustmentLessons)).toBeInTheDocument();
    fireEvent.change(lessons, { target: { value: '1001' } });
    expect(await within(form).findByText(LEDGER_TEXT.adjustmentLessons)).toBeInTheDocument();
    fireEvent.change(lessons, { target: { value: '-26' } });
    expect(await within(form).findByText(LEDGER_TEXT.adjustmentBelowLearned)).toBeInTheDocument();
    fireEvent.change(lessons, { target: { value: '-25' } });
    await waitFor(() => expect(within(form).queryByText(LEDGER_TEXT.adjustmentBelowLearned)).not.toBeInTheDocument());
    const reason = within(form).getByLabelText(/Lý do/);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.blur(reason);
    expect(await within(form).findByText(LEDGER_TEXT.adjustmentReason)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(http.to('POST /learning/class-enrollment/adjust-lessons')).toHaveLength(0);
  });

  it('sends an adjustment, shows its line and totals at once and toasts it', async () => {
    const toasts = spyToasts();
    const http = fakeApi({
      'GET /learning/class-enrollment/ledger/9': () => LEDGER,
      'POST /learning/class-enrollment/adjust-lessons': ({ body }) => {
        const { lessons, reason } = body as { lessons: number; reason: string };
        return adjusted(lessons, reason);
      },
    });
    open(adjustLessons);
    const form = await screen.findByRole('form', { name: 'Điều chỉnh số buổi' });
    fireEvent.change(within(form).getByLabelText(/Số buổi/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/Lý do/), { target: { value: '  Bù buổi nghỉ lễ  ' } });
    const submit = within(form).getByRole('button', { name: 'Lưu điều chỉnh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('Điều chỉnh: Bù buổi nghỉ lễ')).toBeInTheDocument();
    expect(http.to('POST /learning/class-enrollment/adjust-lessons').map((call) => call.body)).toEqual([{ enrollment_id: 9, lessons: 3, reason: 'Bù buổi nghỉ lễ' }]);
    expect(rowTexts(screen.getByRole('table', { name: 'Các dòng sổ buổi học' })).at(-1)).toEqual(['05/09/2026', 'Điều chỉnh: Bù buổi nghỉ lễ', '+3', '28', 'Quản trị viên']);
    expect(screen.getByTestId('ledger-Còn lại')).toHaveTextContent('28');
    expect(toasts.titles()).toContain('Đã điều chỉnh số buổi học');
    // the form starts again empty
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Điều chỉnh số buổi' })).getByLabelText(/Lý do/)).toHaveValue(''));
  });

  it("puts the API's refusal on its field", async () => {
    fakeApi({
      'GET /learning/class-enrollment/ledger/9': () => LEDGER,
      'POST /learning/class-enrollment/adjust-lessons': () => {
        throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { lessons: LEDGER_TEXT.adjustmentBelowLearned });
      },
    });
    open(adjustLessons);
    const form = await screen.findByRole('form', { name: 'Điều chỉnh số buổi' });
    fireEvent.change(within(form).getByLabelText(/Số buổi/), { target: { value: '-2' } });
    fireEvent.change(within(form).getByLabelText(/Lý do/), { target: { value: 'Học viên chuyển lịch' } });
    const submit = within(form).getByRole('button', { name: 'Lưu điều chỉnh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(form).findByText(LEDGER_TEXT.adjustmentBelowLearned)).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});
