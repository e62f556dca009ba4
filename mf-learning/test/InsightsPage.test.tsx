/** "Tổng quan vận hành": the attendance figures asked with the URL's filters, the weekly rate as a chart and a table, the rows opening the sessions behind them, and the empty, failed and invalid states. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceInsight, EnrolmentInsight, MoneyInsight } from '@trungtam/shared/contracts/insights';
import { defaultInsightFrom } from '@trungtam/shared/contracts/insights';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { FakeApiError, fakeApi, giveChartsASize, listOf, renderWithProviders, signInAsDemo, signInWith } from '@trungtam/shared/testing';
import Area from '../src/Area';

giveChartsASize();
afterEach(() => jest.restoreAllMocks());

const REPORT: AttendanceInsight = {
  from: '2026-10-05',
  to: '2026-10-18',
  center_id: 2,
  product_id: null,
  teacher_id: null,
  totals: { marked: 9, present: 5, rate: 0.5556 },
  weeks: [
    { week_start: '2026-10-05', marked: 6, present: 4, rate: 0.6667 },
    { week_start: '2026-10-12', marked: 3, present: 1, rate: 0.3333 },
  ],
  classes: [
    { class_id: 12, class_name: 'IELTS 6.5 tối 2-4-6', sessions: 1, marked: 2, present: 1, rate: 0.5 },
    { class_id: 7, class_name: 'Toán lớp 5', sessions: 3, marked: 7, present: 4, rate: 0.5714 },
  ],
  classes_total: 2,
  teachers: [{ teacher_id: 31, name: 'Trần Thu Hà', sessions: 4, marked: 9, present: 5, rate: 0.5556 }],
  teachers_total: 1,
  absent_students: [{ student_id: 88, name: 'Lê Minh An', absences: 3 }],
};
const EMPTY: AttendanceInsight = { ...REPORT, totals: { marked: 0, present: 0, rate: null }, weeks: REPORT.weeks.map((week) => ({ ...week, marked: 0, present: 0, rate: null })), classes: [], classes_total: 0, teachers: [], teachers_total: 0, absent_students: [] };
const MONEY: MoneyInsight = {
  from: '2026-10-05',
  to: '2026-11-18',
  center_id: 2,
  months: [
    { month: '2026-10', cash: 1_000_000, transfer: 2_500_000, card: 0, collected: 3_500_000 },
    { month: '2026-11', cash: 0, transfer: 0, card: 3_000_000, collected: 3_000_000 },
  ],
  collected: 6_500_000,
  owed: 12_000_000,
  overdue: 4_000_000,
  courses: [
    { product_id: 4, name: 'IELTS', collected: 5_000_000 },
    { product_id: null, name: 'Không thuộc khoá học', collected: 1_500_000 },
  ],
};
// the enrolment section has its own tests (InsightsEnrolment.test.tsx): here it only answers
const ENROLMENT: EnrolmentInsight = {
  from: '2026-10-05',
  to: '2026-10-18',
  center_id: null,
  product_id: null,
  teacher_id: null,
  totals: { active: 0, students: 0, started: 0, ended: 0 },
  months: [],
  classes: [],
  classes_total: 0,
  low_balance: 0,
};
const CENTRES = listOf([{ center_id: 1, name: 'Trung tâm Hà Nội' }, { center_id: 2, name: 'Trung tâm Hồ Chí Minh' }]);

const open = (route: string) => renderWithProviders(<Area path="/learning/insights" />, { route });
const asked = (http: ReturnType<typeof fakeApi>) => http.to('GET /learning/insights/attendance').map((call) => Object.fromEntries(call.search));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const routes = () => ({
  'GET /learning/insights/attendance': () => REPORT,
  'GET /learning/insights/money': () => MONEY,
  'GET /learning/insights/capacity': () => ({ from: MONEY.from, to: MONEY.to, center_id: 2, product_id: null, teacher_id: null, hours: [], open_hour: 6, close_hour: 22, centres: [], month_from: '2026-10-01', month_to: '2026-10-18', usual_from: '2026-07-01', usual_to: '2026-09-30', teachers: [] }),
  'GET /learning/insights/enrolment': () => ENROLMENT,
  'GET /learning/center/list': () => CENTRES,
  'GET /product/list': () => listOf([{ product_id: 4, name: 'IELTS', items: [] }]),
  'GET /user/list': () => listOf([{ id: 31, name: 'Trần Thu Hà' }]),
});

describe('InsightsPage', () => {
  it("asks with the URL's period and centre, and shows the rate per week (chart and table), per class and per teacher, and the most absent students", async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes());
    open('/learning/insights?from=2026-10-05&to=2026-10-18&center_id=2');

    const byClass = await screen.findByRole('table', { name: 'Chuyên cần theo lớp' });
    await waitFor(() => expect(within(byClass).getAllByRole('row')).toHaveLength(1 + 2));
    expect(asked(http)).toContainEqual({ from: '2026-10-05', to: '2026-10-18', center_id: '2' });
    const [, ielts, maths] = within(byClass).getAllByRole('row');
    expect(cells(ielts)).toEqual(['IELTS 6.5 tối 2-4-6', '1', '50%', '1', '2']);
    expect(cells(maths)).toEqual(['Toán lớp 5', '3', '57,1%', '4', '7']);
    expect(within(byClass).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Lớp', 'Số buổi', 'Tỉ lệ có mặt', 'Có mặt', 'Lượt điểm danh']);
    // each row opens the sessions behind it in the list: the period, the same centre, the roll taken
    expect(within(ielts).getByRole('link', { name: 'Xem các buổi học của IELTS 6.5 tối 2-4-6' })).toHaveAttribute(
      'href',
      '/learning/schedules?view=list&from=2026-10-05&to=2026-10-18&center_id=2&attendance_taken=1&class_id=12',
    );
    const byTeacher = screen.getByRole('table', { name: 'Chuyên cần theo giáo viên' });
    expect(cells(within(byTeacher).getAllByRole('row')[1])).toEqual(['Trần Thu Hà', '4', '55,6%', '5', '9']);
    expect(within(byTeacher).getByRole('link', { name: 'Xem các buổi học của Trần Thu Hà' })).toHaveAttribute(
      'href',
      '/learning/schedules?view=list&from=2026-10-05&to=2026-10-18&center_id=2&teacher_id=31&attendance_taken=1',
    );
    const absent = within(screen.getByRole('table', { name: 'Học viên vắng nhiều nhất' })).getAllByRole('row')[1];
    expect(cells(absent)).toEqual(['Lê Minh An', '3']);
    expect(within(absent).getByRole('link', { name: 'Xem các buổi vắng của Lê Minh An' })).toHaveAttribute(
      'href',
      '/learning/schedules?view=list&from=2026-10-05&to=2026-10-18&center_id=2&attendance_taken=1&absent_student_id=88',
    );

    // the weekly rate: a chart with its label, and the same figures as a table on demand
    expect(await screen.findByRole('group', { name: 'Tỉ lệ có mặt theo tuần' })).toBeInTheDocument();
    // (the first toggle is the attendance chart's; the money chart has its own)
    const [toggle] = screen.getAllByRole('button', { name: 'Xem dạng bảng' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const weekly = screen.getByRole('table', { name: 'Tỉ lệ có mặt theo tuần (bảng)' });
    expect(within(weekly).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['05/10/2026', '66,7%', '4', '6'],
      ['12/10/2026', '33,3%', '1', '3'],
    ]);
    // each week opens its sessions with the roll taken, within the period
    expect(within(weekly).getByRole('link', { name: 'Xem các buổi đã điểm danh của tuần từ 12/10/2026' })).toHaveAttribute(
      'href',
      '/learning/schedules?view=list&from=2026-10-12&to=2026-10-18&center_id=2&attendance_taken=1',
    );
    expect(screen.getByRole('button', { name: 'Xuất Excel chuyên cần' })).toBeInTheDocument();
  });

  it('shows the money of the period and centre, each figure opening the list behind it, the months as a chart and a table, and the courses', async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes());
    open('/learning/insights?from=2026-10-05&to=2026-11-18&center_id=2&teacher_id=31');
    const courses = await screen.findByRole('table', { name: 'Tiền đã thu theo khoá học' });
    await waitFor(() => expect(within(courses).getAllByRole('row')).toHaveLength(1 + 2));
    // money is by period and centre: the teacher filter is not sent
    expect(http.to('GET /learning/insights/money').map((call) => Object.fromEntries(call.search))).toContainEqual({ from: '2026-10-05', to: '2026-11-18', center_id: '2' });
    expect(screen.getByRole('link', { name: 'Đã thu: 6.500.000 đ, xem danh sách' })).toHaveAttribute('href', '/learning/revenue?from=2026-10-05&to=2026-11-18&group=month&center_id=2');
    expect(screen.getByRole('link', { name: 'Còn phải thu: 12.000.000 đ, xem danh sách' })).toHaveAttribute('href', '/learning/debts?center_id=2');
    expect(screen.getByRole('link', { name: 'Quá hạn: 4.000.000 đ, xem danh sách' })).toHaveAttribute('href', '/learning/debts?center_id=2&overdue=1');
    expect(within(courses).getByRole('link', { name: 'Xem các lớp của IELTS' })).toHaveAttribute('href', '/learning/classes?center_id=2&product_id=4');
    expect(cells(within(courses).getAllByRole('row')[2])).toEqual(['Không thuộc khoá học', '1.500.000 đ']);

    expect(await screen.findByRole('group', { name: 'Tiền đã thu theo tháng và hình thức' })).toBeInTheDocument();
    const toggles = screen.getAllByRole('button', { name: 'Xem dạng bảng' });
    fireEvent.click(toggles[toggles.length - 1]);
    const monthly = screen.getByRole('table', { name: 'Tiền đã thu theo tháng (bảng)' });
    expect(within(monthly).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['10/2026', '1.000.000 đ', '2.500.000 đ', '0 đ', '3.500.000 đ'],
      ['11/2026', '0 đ', '0 đ', '3.000.000 đ', '3.000.000 đ'],
    ]);
    // each month opens the revenue screen's days of that month within the period (the first and last in part)
    expect(within(monthly).getByRole('link', { name: 'Xem các khoản thu tháng 10/2026' })).toHaveAttribute('href', '/learning/revenue?from=2026-10-05&to=2026-10-31&group=day&center_id=2');
    expect(within(monthly).getByRole('link', { name: 'Xem các khoản thu tháng 11/2026' })).toHaveAttribute('href', '/learning/revenue?from=2026-11-01&to=2026-11-18&group=day&center_id=2');
    expect(screen.getByRole('button', { name: 'Xuất Excel tài chính' })).toBeInTheDocument();
  });

  it('says when a table lists the lowest rates only, and of how many', async () => {
    signInAsDemo('administrator');
    fakeApi({ ...routes(), 'GET /learning/insights/attendance': () => ({ ...REPORT, classes_total: 1234 }) });
    open('/learning/insights?from=2026-10-05&to=2026-10-18');
    expect(await screen.findByText('2 lớp có tỉ lệ thấp nhất trong 1.234 lớp (tệp Excel có đủ)')).toBeInTheDocument();
    // every teacher is listed: nothing said
    expect(screen.queryByText(/giáo viên có tỉ lệ thấp nhất/)).toBeNull();
  });

  it('asks for the last 8 weeks by default, and again with the course and teacher chosen', async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes());
    open('/learning/insights');
    await screen.findByRole('table', { name: 'Chuyên cần theo lớp' });
    await waitFor(() => expect(asked(http)[0]).toEqual({ from: defaultInsightFrom(operatorToday()), to: operatorToday() }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'IELTS' })).toBeInTheDocument());
    fireEvent.change(screen.getByRole('combobox', { name: 'Khoá học' }), { target: { value: '4' } });
    await waitFor(() => expect(asked(http).at(-1)).toMatchObject({ product_id: '4' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Trần Thu Hà' })).toBeInTheDocument());
    fireEvent.change(screen.getByRole('combobox', { name: 'Giáo viên' }), { target: { value: '31' } });
    await waitFor(() => expect(asked(http).at(-1)).toMatchObject({ product_id: '4', teacher_id: '31' }));
  });

  it('says so when no roll was taken, and when the figures cannot be loaded offers a retry', async () => {
    signInAsDemo('administrator');
    const http = fakeApi({ ...routes(), 'GET /learning/insights/attendance': () => EMPTY });
    open('/learning/insights?from=2026-10-05&to=2026-10-18');
    expect((await screen.findAllByText('Chưa có buổi học nào được điểm danh trong khoảng này')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('group', { name: 'Tỉ lệ có mặt theo tuần' })).toBeNull();

    http.route('GET /learning/insights/attendance', () => {
      throw new FakeApiError(500, 'Có lỗi của hệ thống, mời bạn thử lại');
    });
    open('/learning/insights?from=2026-09-01&to=2026-09-30');
    const [retry] = await screen.findAllByRole('button', { name: 'Thử lại' });
    http.route('GET /learning/insights/attendance', () => REPORT);
    fireEvent.click(retry);
    expect(await screen.findByText('Toán lớp 5')).toBeInTheDocument();
  });

  it('does not ask for a period the API refuses, and says why', async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes());
    open('/learning/insights?from=2026-10-18&to=2026-10-05');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ngày kết thúc không được trước ngày bắt đầu');
    open('/learning/insights?from=2025-01-01&to=2026-06-30');
    expect(await screen.findByText(/tối đa 366 ngày/)).toBeInTheDocument();
    expect(asked(http)).toEqual([]);
  });

  it('offers a giáo vụ without the lookups no centre, course or teacher filter, and reads their own centre whatever the URL says', async () => {
    signInWith('academic_affair', 'Giáo vụ xem số liệu', [{ resource: 'Insight', action: 'GetAll' }], { center_id: 1 });
    const http = fakeApi(routes());
    open('/learning/insights?center_id=2&teacher_id=31');
    await screen.findByRole('table', { name: 'Chuyên cần theo lớp' });
    for (const name of ['Trung tâm', 'Khoá học', 'Giáo viên']) expect(screen.queryByRole('combobox', { name })).toBeNull();
    expect(asked(http).length).toBeGreaterThan(0);
    expect(asked(http).every((query) => query.center_id === '1' && !('teacher_id' in query))).toBe(true);
  });

  it("offers a giáo vụ who may list centres their own centre only, chosen", async () => {
    signInWith('academic_affair', 'Giáo vụ xem số liệu', [{ resource: 'Insight', action: 'GetAll' }, { resource: 'LearningCenter', action: 'GetAll' }], { center_id: 2 });
    const http = fakeApi(routes());
    open('/learning/insights');
    const centre = await screen.findByRole('combobox', { name: 'Trung tâm' });
    await waitFor(() => expect(centre).toHaveTextContent('Trung tâm Hồ Chí Minh'));
    fireEvent.click(centre);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Trung tâm Hồ Chí Minh']);
    expect(asked(http).every((query) => query.center_id === '2')).toBe(true);
  });
});
