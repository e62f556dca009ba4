/** "Lớp của tôi": a student's classes as the API lists them, the lessons left, and each one's lesson ledger, read only. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Enrollment, EnrollmentLedger } from '@trungtam/shared/contracts/learning';
import { fakeApi, FakeApiError, listOf, renderWithProviders, signInAsDemo } from '@trungtam/shared/testing';
import Area from '../src/Area';

afterEach(() => jest.restoreAllMocks());

const enrollment = (id: number, className: string, status: number, total: number, learned: number, threshold = 2): Enrollment => ({
  enrollment_id: id, class_id: id, user_id: 30, status, total_lesson: total, total_lesson_learned: learned, total_lesson_promote: 0,
  total_discount_percent: 0, discount_id: null, start_date: '2026-09-01', created_at: '', updated_at: '', class: { class_id: id, class_name: className, low_balance_threshold: threshold },
});

const CLASSES = [
  enrollment(12, 'IELTS-HN-02 Luyện thi 6.5', 1, 36, 34),
  enrollment(9, 'GT-HN-01 Giao tiếp cơ bản', 2, 24, 24),
  enrollment(7, 'KID-HN-03 Tiếng Anh thiếu nhi', 1, 24, 10),
  // a centre whose threshold is 15 lessons
  enrollment(4, 'TOAN-HCM-01 Toán tư duy', 1, 24, 10, 15),
];

const LEDGER: EnrollmentLedger = {
  enrollment_id: 12,
  class: { class_id: 12, class_name: 'IELTS-HN-02 Luyện thi 6.5' },
  user: { id: 30, name: 'Nguyễn Minh Anh' },
  total_lesson: 36,
  total_lesson_learned: 34,
  remaining: 2,
  lines: [
    { line_id: 1, kind: 'purchased', lessons: 36, balance_after: 36, occurred_on: '2026-09-01', schedule_id: null, order_id: 5, reason: null, actor: { id: 2, name: 'Trần Thu Hà' }, created_at: '' },
    { line_id: 2, kind: 'opening', lessons: -33, balance_after: 3, occurred_on: '2026-09-01', schedule_id: null, order_id: null, reason: null, actor: null, created_at: '' },
    { line_id: 3, kind: 'attended', lessons: -1, balance_after: 2, occurred_on: '2026-11-24', schedule_id: 88, order_id: null, reason: null, actor: { id: 5, name: 'Lê Văn Giáo' }, created_at: '' },
  ],
};

const open = () => renderWithProviders(<Area path="/learning/my-classes" />, { route: '/learning/my-classes' });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('MyClassesPage', () => {
  it("lists the student's classes with their status, learned of total and lessons left, marking those about to run out", async () => {
    signInAsDemo('student');
    const http = fakeApi({ 'GET /learning/class-enrollment/getListClassForStudent': () => listOf(CLASSES) });
    open();
    expect(await screen.findByRole('heading', { name: 'Lớp của tôi' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Các lớp của tôi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => cells(row).slice(0, 4))).toEqual([
      ['IELTS-HN-02 Luyện thi 6.5', 'Đang học', '34 / 36', '2 · sắp hết buổi'],
      ['GT-HN-01 Giao tiếp cơ bản', 'Đã kết thúc', '24 / 24', '0 · sắp hết buổi'],
      ['KID-HN-03 Tiếng Anh thiếu nhi', 'Đang học', '10 / 24', '14'],
      ['TOAN-HCM-01 Toán tư duy', 'Đang học', '10 / 24', '14 · sắp hết buổi'],
    ]);
    expect(screen.getByText('4 lớp')).toBeInTheDocument();
    const [call] = http.to('GET /learning/class-enrollment/getListClassForStudent');
    expect(Object.fromEntries(call.search)).toMatchObject({ relationships: 'class', page: '1', limit: '20' });
  });

  it('says so when the student is in no class', async () => {
    signInAsDemo('student');
    fakeApi({ 'GET /learning/class-enrollment/getListClassForStudent': () => listOf([]) });
    open();
    expect(await screen.findByText('Bạn chưa được xếp vào lớp nào')).toBeInTheDocument();
  });

  it('offers a retry when the classes could not be loaded', async () => {
    signInAsDemo('student');
    let fail = true;
    fakeApi({
      'GET /learning/class-enrollment/getListClassForStudent': () => {
        if (fail) throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
        return listOf(CLASSES);
      },
    });
    open();
    const retry = await screen.findByRole('button', { name: 'Thử lại' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('KID-HN-03 Tiếng Anh thiếu nhi')).toBeInTheDocument();
  });

  it("opens a class's lesson ledger, with no adjustment form", async () => {
    signInAsDemo('student');
    const http = fakeApi({
      'GET /learning/class-enrollment/getListClassForStudent': () => listOf(CLASSES),
      'GET /learning/class-enrollment/ledger/12': () => LEDGER,
    });
    open();
    const row = (await screen.findByText('IELTS-HN-02 Luyện thi 6.5')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Lịch sử buổi học' }));
    const lines = await screen.findByRole('table', { name: 'Các dòng sổ buổi học' });
    await waitFor(() => expect(within(lines).getAllByRole('row')).toHaveLength(4));
    expect(within(lines).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['01/09/2026', 'Mua khoá học', '+36', '36', 'Trần Thu Hà'],
      ['01/09/2026', 'Đã học trước khi có sổ buổi học', '−33', '3', 'Hệ thống'],
      ['24/11/2026', 'Có mặt', '−1', '2', 'Lê Văn Giáo'],
    ]);
    expect(screen.getByText('Nguyễn Minh Anh · IELTS-HN-02 Luyện thi 6.5')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Điều chỉnh số buổi' })).not.toBeInTheDocument();
    expect(http.to('POST /learning/class-enrollment/adjust-lessons')).toHaveLength(0);
  });
});
