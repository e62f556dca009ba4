/** A student's enrolments in the class-enrolment modal: the lessons left, and each one's lesson ledger with its adjustment. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@trungtam/shared/contracts';
import type { Enrollment, EnrollmentLedger, LedgerLine } from '@trungtam/shared/contracts/learning';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { fakeApi, listOf, orderDetailRecord, signInWith } from '@trungtam/shared/testing';
import { EnrollmentModal } from '../src/features/students/EnrollmentModal';
import { renderWithProviders, signOut, spyToasts } from './helpers';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const STUDENT: User = {
  id: 76, name: 'Nguyễn Minh Anh', email: 'minhanh@gmail.com', phone_number: '0987654321', status: 1, type: 'student', center_id: 1,
  roles: [], last_time_login: null, created_at: '2026-01-02T03:00:00.000Z', updated_at: '2026-01-02T03:00:00.000Z',
};

const ENROLLMENT: Enrollment = {
  enrollment_id: 9, class_id: 1, user_id: 76, status: 1, total_lesson: 26, total_lesson_learned: 5, total_lesson_promote: 2,
  total_discount_percent: 0, discount_id: 1, start_date: '2026-09-01', created_at: '', updated_at: '', class: { class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản' },
};

const line = (line_id: number, kind: LedgerLine['kind'], lessons: number, balance_after: number, over: Partial<LedgerLine> = {}): LedgerLine => ({
  line_id, kind, lessons, balance_after, occurred_on: '2026-09-01', schedule_id: null, order_id: null, reason: null, actor: null, created_at: '', ...over,
});

const LEDGER: EnrollmentLedger = {
  enrollment_id: 9,
  class: { class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản' },
  user: { id: 76, name: 'Nguyễn Minh Anh' },
  total_lesson: 26,
  total_lesson_learned: 5,
  remaining: 21,
  lines: [
    line(1, 'purchased', 24, 24, { actor: { id: 2, name: 'Trần Thu Hà' } }),
    line(2, 'bonus', 2, 26, { actor: { id: 2, name: 'Trần Thu Hà' } }),
    line(3, 'opening', -5, 21),
  ],
};

const ENROLMENT_PERMISSIONS: PermissionKey[] = (['GetAll', 'Create', 'Update', 'Delete'] as const).map((action) => ({ resource: 'LearningClassEnrollments', action }));

/** The enrolment API in memory: one enrolment, its ledger, and the adjustment the API makes of it. */
function fakeEnrollmentApi() {
  let enrollment = ENROLLMENT;
  let ledger = LEDGER;
  return fakeApi({
    'GET /learning/class-enrollment/list': () => listOf([enrollment]),
    'GET /learning/class/list': () => listOf([]),
    'GET /discounts': () => listOf([]),
    'GET /learning/class-enrollment/ledger/9': () => ledger,
    'POST /learning/class-enrollment/adjust-lessons': ({ body }) => {
      const { lessons, reason } = body as { lessons: number; reason: string };
      const remaining = ledger.remaining + lessons;
      ledger = {
        ...ledger,
        total_lesson: ledger.total_lesson + lessons,
        remaining,
        lines: [...ledger.lines, line(4, 'adjustment', lessons, remaining, { reason, occurred_on: '2026-09-05', actor: { id: 1, name: 'Trần Thu Hà' } })],
      };
      enrollment = { ...enrollment, total_lesson: ledger.total_lesson };
      return ledger;
    },
  });
}

const enrolmentsTable = () => screen.findByRole('table', { name: 'Các lớp của học viên' });

async function openLedger() {
  const table = await enrolmentsTable();
  fireEvent.click(await within(table).findByRole('button', { name: 'Lịch sử buổi học' }));
  return screen.findByRole('table', { name: 'Các dòng sổ buổi học' });
}

describe('EnrollmentModal', () => {
  it('shows the lessons left beside learned / total / bonus', async () => {
    signInWith('academic_affair', 'Giáo vụ', ENROLMENT_PERMISSIONS);
    fakeEnrollmentApi();
    renderWithProviders(<EnrollmentModal student={STUDENT} onClose={() => {}} delayMs={0} />);
    const table = await enrolmentsTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Lớp học', 'Trạng thái', 'Đã học / Tổng / Tặng', 'Còn lại', 'Thao tác']);
    const row = (await within(table).findByText('GT-HN-01 Giao tiếp cơ bản')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(2, 4)).toEqual(['5 / 26 / 2', '21']);
  });

  it("opens an enrolment's lesson ledger, read only without the adjustment permission", async () => {
    signInWith('academic_affair', 'Giáo vụ', ENROLMENT_PERMISSIONS);
    const http = fakeEnrollmentApi();
    renderWithProviders(<EnrollmentModal student={STUDENT} onClose={() => {}} delayMs={0} />);
    const lines = await openLedger();
    await waitFor(() => expect(within(lines).getAllByRole('row')).toHaveLength(4));
    expect(within(lines).getAllByRole('row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)).slice(1)).toEqual([
      ['01/09/2026', 'Mua khoá học', '+24', '24', 'Trần Thu Hà'],
      ['01/09/2026', 'Tặng buổi', '+2', '26', 'Trần Thu Hà'],
      ['01/09/2026', 'Đã học trước khi có sổ buổi học', '−5', '21', 'Hệ thống'],
    ]);
    expect(http.to('GET /learning/class-enrollment/ledger/9')).toHaveLength(1);
    expect(screen.queryByRole('form', { name: 'Điều chỉnh số buổi' })).not.toBeInTheDocument();
  });

  it('adjusts the lessons with a reason: the line shows in the ledger, a toast says so, and the enrolment shows its new total', async () => {
    const toasts = spyToasts();
    signInWith('academic_affair', 'Giáo vụ', [...ENROLMENT_PERMISSIONS, { resource: 'LessonAdjustment', action: 'Create' }]);
    const http = fakeEnrollmentApi();
    renderWithProviders(<EnrollmentModal student={STUDENT} onClose={() => {}} delayMs={0} />);
    await openLedger();
    const form = await screen.findByRole('form', { name: 'Điều chỉnh số buổi' });
    fireEvent.change(within(form).getByLabelText(/Số buổi/), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/Lý do/), { target: { value: 'Bù 2 buổi nghỉ lễ' } });
    const submit = within(form).getByRole('button', { name: 'Lưu điều chỉnh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText('Điều chỉnh: Bù 2 buổi nghỉ lễ')).toBeInTheDocument();
    expect(http.to('POST /learning/class-enrollment/adjust-lessons').map((call) => call.body)).toEqual([{ enrollment_id: 9, lessons: 2, reason: 'Bù 2 buổi nghỉ lễ' }]);
    expect(toasts.titles()).toContain('Đã điều chỉnh số buổi học');
    // closed, the enrolments show the API's new total
    fireEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    const row = within(await enrolmentsTable()).getByText('GT-HN-01 Giao tiếp cơ bản').closest('tr')!;
    await waitFor(() => expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(2, 4)).toEqual(['5 / 28 / 2', '23']));
  });

  it('removes an enrolment with money paid only with what is given back: the proposal, or another amount with a reason', async () => {
    signInWith('academic_affair', 'Giáo vụ', ENROLMENT_PERMISSIONS);
    const http = fakeApi({
      'GET /learning/class-enrollment/list': () => listOf([ENROLLMENT]),
      'GET /learning/class/list': () => listOf([]),
      'GET /discounts': () => listOf([]),
      'GET /learning/class-enrollment/cancel-preview/9': () => ({
        enrollment_id: 9, student: { id: 76, name: STUDENT.name }, class: { class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản' }, total_lesson: 26, lessons_left: 21, paid: 2_600_000, proposed_amount: 2_100_000,
      }),
      'POST /learning/class-enrollment/cancel': () => ({ enrollment_id: 9, status: 3, refund: null }),
    });
    renderWithProviders(<EnrollmentModal student={STUDENT} onClose={() => {}} delayMs={0} />);
    fireEvent.click(await within(await enrolmentsTable()).findByRole('button', { name: 'Xoá khỏi lớp' }));
    const form = await screen.findByRole('form', { name: 'Xoá khỏi lớp' });
    expect(screen.getByTestId('cancel-Đề xuất hoàn')).toHaveTextContent('2.100.000 đ');
    const amount = within(form).getByLabelText(/Số tiền/);
    expect(amount).toHaveValue(2_100_000);
    // the proposal needs no reason
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Xoá khỏi lớp' })).toBeEnabled());
    fireEvent.change(amount, { target: { value: '2600001' } });
    fireEvent.blur(amount);
    expect(await within(form).findByText('Số tiền là số nguyên từ 0 đến số đã thu (2.600.000 đ)')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '1500000' } });
    fireEvent.change(within(form).getByLabelText(/Xử lý số tiền/), { target: { value: 'credit' } });
    const submit = within(form).getByRole('button', { name: 'Xoá khỏi lớp' });
    fireEvent.change(within(form).getByLabelText(/Lý do/), { target: { value: 'Phụ huynh đồng ý' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(http.to('POST /learning/class-enrollment/cancel')).toHaveLength(1));
    expect(http.to('POST /learning/class-enrollment/cancel')[0].body).toEqual({ enrollment_id: 9, settlement: 'credit', amount: 1_500_000, reason: 'Phụ huynh đồng ý' });
    expect(http.to('DELETE /learning/class-enrollment/9')).toHaveLength(0);
  });

  it('moves an enrolment to another class after showing what moves', async () => {
    signInWith('academic_affair', 'Giáo vụ', [...ENROLMENT_PERMISSIONS, { resource: 'EnrollmentTransfer', action: 'Create' }]);
    const other = { class_id: 4, class_name: 'GT-HN-02 Giao tiếp nâng cao', product_item: { product_item_id: 8 } };
    const http = fakeApi({
      'GET /learning/class-enrollment/list': () => listOf([ENROLLMENT]),
      'GET /learning/class/list': () => listOf([other]),
      'GET /discounts': () => listOf([]),
      'GET /learning/class-enrollment/transfer-preview': () => ({
        enrollment_id: 9, student: { id: 76, name: STUDENT.name }, from: { class_id: 1, class_name: 'GT-HN-01', item: null }, to: { class_id: 4, class_name: other.class_name, item: null },
        same_item: false, lessons_left: 21, lessons_in: 14, value_left: 4_200_000, value_in: 4_200_000, discount_percent: 0, owed: 500_000,
      }),
      'POST /learning/class-enrollment/transfer': () => ({ from_enrollment_id: 9, enrollment_id: 10, class_id: 4, lessons_in: 14 }),
    });
    renderWithProviders(<EnrollmentModal student={STUDENT} onClose={() => {}} delayMs={0} />);
    fireEvent.click(await within(await enrolmentsTable()).findByRole('button', { name: 'Chuyển lớp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chuyển lớp' });
    const confirm = within(dialog).getByRole('button', { name: 'Xác nhận chuyển lớp' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Chuyển sang lớp'), { target: { value: '4' } });
    const preview = await within(dialog).findByTestId('transfer-preview');
    expect(preview).toHaveTextContent('Lớp mới nhận 14 buổi (trị giá 4.200.000 đ)');
    expect(preview).toHaveTextContent('Còn nợ 500.000 đ');
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    await waitFor(() => expect(http.to('POST /learning/class-enrollment/transfer')).toHaveLength(1));
    expect(http.to('POST /learning/class-enrollment/transfer')[0].body).toEqual({ enrollment_id: 9, class_id: 4 });
    expect(http.to('GET /learning/class-enrollment/transfer-preview')[0].params).toMatchObject({ enrollment_id: 9, class_id: 4 });
  });

  it("shows what an enrolment owes and opens its order's Thu tiền, for staff who see payments", async () => {
    signInWith('academic_affair', 'Giáo vụ', [...ENROLMENT_PERMISSIONS, { resource: 'Payment', action: 'GetAll' }]);
    const http = fakeApi({
      'GET /learning/class-enrollment/list': () => listOf([{ ...ENROLLMENT, order: { order_id: 12, owed: 500_000 } }]),
      'GET /learning/class/list': () => listOf([]),
      'GET /discounts': () => listOf([]),
      'GET /learning/order/show/12': () => orderDetailRecord({ paid_amount: 4_060_000, owed: 500_000 }),
    });
    renderWithProviders(<EnrollmentModal student={STUDENT} onClose={() => {}} delayMs={0} />);
    const table = await enrolmentsTable();
    expect(await within(table).findByText('Còn nợ 500.000 đ')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Thu tiền' }));
    expect(await screen.findByTestId('payments-Còn nợ')).toHaveTextContent('500.000 đ');
    expect(http.to('GET /learning/order/show/12')).toHaveLength(1);
  });
});
