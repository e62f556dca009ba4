/**
 * "Tổng quan vận hành", its enrolment section: the figures asked with the screen's filters, "Sắp hết buổi"
 * opening the low-balance list of the same centre, the months as a chart and a table, the running classes'
 * fill (enrolled / capacity and a %), each opening its sessions; the empty and failed states. And the class
 * form's "Sĩ số tối đa": shown, sent (empty: null, the room's capacity), and the API's refusal shown under it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceInsight, EnrolmentInsight, MoneyInsight } from '@trungtam/shared/contracts/insights';
import { FakeApiError, fakeApi, giveChartsASize, listOf, renderWithProviders, signInAsDemo, signInWith, spyToasts } from '@trungtam/shared/testing';
import Area from '../src/Area';

giveChartsASize();
afterEach(() => jest.restoreAllMocks());

const ENROLMENT: EnrolmentInsight = {
  from: '2026-09-15',
  to: '2026-11-18',
  center_id: 2,
  product_id: null,
  teacher_id: null,
  totals: { active: 57, students: 48, started: 21, ended: 9 },
  months: [
    { month: '2026-09', started: 6, ended: 2, active: 45, students: 40 },
    { month: '2026-10', started: 10, ended: 4, active: 51, students: 44 },
    { month: '2026-11', started: 5, ended: 3, active: 57, students: 48 },
  ],
  classes: [
    { class_id: 12, class_name: 'IELTS 6.5 tối 2-4-6', enrolled: 22, capacity: 20, capacity_from: 'class', fill: 1.1 },
    { class_id: 7, class_name: 'Toán lớp 5', enrolled: 9, capacity: 12, capacity_from: 'room', fill: 0.75 },
    { class_id: 3, class_name: 'Kèm 1-1 Vật lý', enrolled: 1, capacity: null, capacity_from: null, fill: null },
  ],
  classes_total: 3,
  low_balance: 6,
};
const NOTHING: EnrolmentInsight = {
  ...ENROLMENT,
  totals: { active: 0, students: 0, started: 0, ended: 0 },
  months: ENROLMENT.months.map((row) => ({ ...row, started: 0, ended: 0, active: 0, students: 0 })),
  classes: [],
  classes_total: 0,
  low_balance: 0,
};
const ATTENDANCE: AttendanceInsight = { from: '2026-09-15', to: '2026-11-18', center_id: 2, product_id: null, teacher_id: null, totals: { marked: 0, present: 0, rate: null }, weeks: [], classes: [], classes_total: 0, teachers: [], teachers_total: 0, absent_students: [] };
const MONEY: MoneyInsight = { from: '2026-09-15', to: '2026-11-18', center_id: 2, months: [], collected: 0, owed: 0, overdue: 0, courses: [] };

const routes = (enrolment: () => unknown = () => ENROLMENT) => ({
  'GET /learning/insights/attendance': () => ATTENDANCE,
  'GET /learning/insights/money': () => MONEY,
  'GET /learning/insights/enrolment': enrolment,
  'GET /learning/center/list': () => listOf([{ center_id: 2, name: 'Trung tâm Hồ Chí Minh' }]),
  'GET /product/list': () => listOf([{ product_id: 4, name: 'IELTS', items: [] }]),
  'GET /user/list': () => listOf([{ id: 31, name: 'Trần Thu Hà' }]),
});
const open = (route: string) => renderWithProviders(<Area path="/learning/insights" />, { route });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the enrolment section', () => {
  it("asks with the screen's filters and shows the figures, the months (chart and table) and the classes' fill, the fullest first", async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes());
    open('/learning/insights?from=2026-09-15&to=2026-11-18&center_id=2&product_id=4');

    const fill = await screen.findByRole('table', { name: 'Sĩ số các lớp đang mở' });
    await waitFor(() => expect(within(fill).getAllByRole('row')).toHaveLength(1 + 3));
    expect(http.to('GET /learning/insights/enrolment').map((call) => Object.fromEntries(call.search))).toContainEqual({ from: '2026-09-15', to: '2026-11-18', center_id: '2', product_id: '4' });

    const section = fill.closest('.chakra-card__root') as HTMLElement;
    // a figure is its own card in the section (the chart's legend names some of them too)
    const figure = (label: string) => within(section).getAllByText(label).map((text) => text.closest('.chakra-card__root')).find((card) => card !== section);
    expect(figure('Học viên đang học')).toHaveTextContent(/^Học viên đang học48$/);
    expect(figure('Ghi danh đang học')).toHaveTextContent(/^Ghi danh đang học57$/);
    expect(figure('Ghi danh mới')).toHaveTextContent(/^Ghi danh mới21$/);
    expect(figure('Kết thúc')).toHaveTextContent(/^Kết thúc9Hoàn thành hoặc rời lớp trong khoảng này$/);
    // "Sắp hết buổi" opens the very list it counts: the low-balance list of the same centre
    expect(within(section).getByRole('link', { name: 'Sắp hết buổi: 6, xem danh sách' })).toHaveAttribute('href', '/learning/low-balance?center_id=2');

    const [, ielts, maths, physics] = within(fill).getAllByRole('row');
    expect(cells(ielts)).toEqual(['IELTS 6.5 tối 2-4-6', '22 / 20', '110%']);
    expect(cells(maths)).toEqual(['Toán lớp 5', '9 / 12 (theo phòng)', '75%']);
    expect(cells(physics)).toEqual(['Kèm 1-1 Vật lý', '1 / –', 'Chưa đặt sĩ số']);
    // each class opens its sessions (its roll, its students), in the same centre
    expect(within(ielts).getByRole('link', { name: 'Xem các buổi học của IELTS 6.5 tối 2-4-6' })).toHaveAttribute('href', '/learning/schedules?view=list&center_id=2&class_id=12');

    expect(await within(section).findByRole('group', { name: 'Ghi danh và học viên đang học theo tháng' })).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Xem dạng bảng' }));
    const monthly = within(section).getByRole('table', { name: 'Ghi danh theo tháng (bảng)' });
    expect(within(monthly).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['09/2026', '6', '2', '45', '40'],
      ['10/2026', '10', '4', '51', '44'],
      ['11/2026', '5', '3', '57', '48'],
    ]);
    expect(within(section).getByRole('button', { name: 'Xuất Excel ghi danh' })).toBeInTheDocument();
  });

  it('says when the fill lists the fullest classes only, and of how many', async () => {
    signInAsDemo('administrator');
    fakeApi(routes(() => ({ ...ENROLMENT, classes_total: 5008 })));
    open('/learning/insights?from=2026-09-15&to=2026-11-18');
    expect(await screen.findByText('3 lớp đầy nhất trong 5.008 lớp đang học (tệp Excel có đủ)')).toBeInTheDocument();
  });

  it('opens the low-balance list of every centre when none is chosen', async () => {
    signInAsDemo('administrator');
    fakeApi(routes());
    open('/learning/insights?from=2026-09-15&to=2026-11-18');
    expect(await screen.findByRole('link', { name: 'Sắp hết buổi: 6, xem danh sách' })).toHaveAttribute('href', '/learning/low-balance');
  });

  it('says so when nothing moved and no class runs, and when the figures cannot be loaded offers a retry', async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes(() => NOTHING));
    open('/learning/insights?from=2026-09-15&to=2026-11-18');
    expect(await screen.findByText('Không có ghi danh nào trong khoảng này')).toBeInTheDocument();
    expect((await screen.findAllByText('Không có lớp nào đang mở')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('group', { name: 'Ghi danh và học viên đang học theo tháng' })).toBeNull();

    http.route('GET /learning/insights/enrolment', () => {
      throw new FakeApiError(403, 'Bạn không có quyền xem số liệu ghi danh');
    });
    open('/learning/insights?from=2026-09-01&to=2026-11-18');
    expect(await screen.findByText('Bạn không có quyền xem số liệu ghi danh')).toBeInTheDocument();
  });
});

describe("the class form's capacity", () => {
  const HN = { center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 };
  const ROOM = { room_id: 4, center_id: 1, name: 'Phòng 101', room_number: '101', capacity: 20 };
  const TEACHER = { id: 21, name: 'Nguyễn Minh Tuấn', type: 'teacher', center_id: 1 };
  const COURSE = { product_id: 3, name: 'Tiếng Anh giao tiếp', items: [{ product_item_id: 8, name: 'Gói 24 buổi', total_lesson: 3, price: 4_800_000 }] };
  const RUNNING = {
    class_id: 41,
    class_name: 'GT-HN-09 Giao tiếp tối',
    class_type: 'group',
    teacher_id: 21,
    academic_affair_id: null,
    center_id: 1,
    room_id: 4,
    product_id: 3,
    product_item_id: 8,
    teacher_salary: 250_000,
    start_date: '2027-01-04',
    class_schedule: '[{"weekday":1,"hour":18,"minute":0,"duration":90}]',
    capacity: 15,
    status: 1,
    created_at: '2026-12-01T02:00:00.000Z',
    updated_at: '2026-12-01T02:00:00.000Z',
  };
  const REFUSAL = 'Sĩ số tối đa không được ít hơn 18 học viên đang học';

  it("shows the class's capacity, sends the one typed (empty: null), and shows the API's refusal under the field", async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/class/list': () => listOf([RUNNING]),
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf([ROOM]),
      'GET /user/list': ({ params }) => listOf(params.type === 'teacher' ? [TEACHER] : []),
      'GET /product/list': () => listOf([COURSE]),
      'GET /learning/holiday/list': () => listOf([]),
      'PUT /learning/class/update': ({ body }) => {
        const sent = body as { capacity: number | null };
        if (sent.capacity !== null && sent.capacity < 18) throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { capacity: REFUSAL });
        return { ...RUNNING, ...(body as object), dropped_substitutes: [] };
      },
    });
    const toasts = spyToasts();
    renderWithProviders(<Area path="/learning/classes" />, { route: '/learning/classes' });
    const row = (await screen.findByText(RUNNING.class_name)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    const capacity = within(dialog).getByLabelText(/^Sĩ số tối đa/);
    expect(capacity).toHaveValue(15);
    expect(within(dialog).getByText('Để trống: theo sức chứa của phòng học.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Phòng học/)).toHaveValue('4'));
    const submit = within(dialog).getByRole('button', { name: 'Lưu thay đổi' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByText(REFUSAL, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(api.to('PUT /learning/class/update')[0].body).toMatchObject({ class_id: 41, capacity: 15 });

    // the form's own rule first (1..1000), then empty: the room's capacity
    fireEvent.change(capacity, { target: { value: '0' } });
    expect(await within(dialog).findByText('Sĩ số tối đa từ 1 đến 1000 học viên')).toBeInTheDocument();
    fireEvent.change(capacity, { target: { value: '' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('PUT /learning/class/update')).toHaveLength(2), { timeout: 4000 });
    expect(api.to('PUT /learning/class/update')[1].body).toMatchObject({ capacity: null });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã cập nhật lớp học thành công'));
  });
});
