/** The schedules screen as each user sees it: what it asks the API for, what it keeps in the URL, and the session dialog. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassSchedule, ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { can, type PermissionKey } from '@trungtam/shared/permissions';
import { FakeApiError, fakeApi, listOf, LOOKUP_PERMISSIONS, renderWithProviders, signInAsDemo, signInWith, signOut, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { useLocation, useNavigate } from '@trungtam/shared/router';
import { SchedulesPage } from '../src/features/schedules/SchedulesPage';

const CLASS = { class_id: 3, class_name: 'IELTS 6.5 Tối', class_type: 'collective' };

const session = (over: Partial<ClassSchedule> = {}): ClassSchedule => ({
  schedule_id: 11,
  class_id: 3,
  schedule_date: '2026-03-04',
  schedule_date_text: 'Wednesday',
  schedule_hour: 18,
  schedule_minute: 0,
  duration: 90,
  teacher_id: 7,
  academic_affair_id: 2,
  room_id: 5,
  center_id: 1,
  student_id: null,
  is_attendance: 0,
  makeup_of: null,
  original_teacher_id: null,
  class: CLASS,
  center: { center_id: 1, name: 'Trung tâm Hà Nội' },
  room: { room_id: 5, name: 'Phòng 101' },
  teacher: { id: 7, name: 'Lê Văn Giáo' },
  ...over,
});

const STUDENTS = [
  { user_id: 21, name: 'Phạm Minh An' },
  { user_id: 22, name: 'Đỗ Thu Bình' },
  { user_id: 23, name: 'Vũ Hải Châu' },
];

const detailOf = (row: ClassSchedule, over: Partial<ScheduleDetail> = {}): ScheduleDetail => ({
  ...row,
  makeups: [],
  participants: STUDENTS.map((s) => ({ ...s, enrollment_id: s.user_id + 100 })),
  attendance: [],
  can_take_attendance: true,
  can_edit: true,
  ...over,
});

const enrolments = () =>
  listOf(
    STUDENTS.map((s) => ({
      enrollment_id: s.user_id + 100,
      class_id: 3,
      user_id: s.user_id,
      status: 1,
      total_lesson: 24,
      total_lesson_learned: 3,
      total_lesson_promote: 0,
      total_discount_percent: 0,
      discount_id: 1,
      start_date: '2026-01-05',
      created_at: '2026-01-05T02:00:00.000Z',
      updated_at: '2026-01-05T02:00:00.000Z',
      user: { id: s.user_id, name: s.name, email: `hv${s.user_id}@trungtam.vn` },
    })),
  );

const SCHEDULE_ALL: PermissionKey[] = (['GetAll', 'GetOne', 'Create', 'Update', 'Delete', 'UpdateAttendance'] as const).map((action) => ({ resource: 'LearningClassSchedule', action }));

function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location">{location.search}</div>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

function open(route: string) {
  return renderWithProviders(
    <>
      <SchedulesPage formDelayMs={0} />
      <Harness />
    </>,
    { route: `/learning/schedules${route}` },
  );
}

const location = () => screen.getByTestId('location').textContent;
/**
 * A session on the calendar, by what a screen reader reads of it. FullCalendar shows a week's events once
 * it has measured the grid, which jsdom does not lay out: they are rendered, but hidden (and a hidden
 * element's accessible name is empty), so the text is read from the event's content.
 */
const eventButton = (name: RegExp) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.fc-event[role="button"]')].find((event) => name.test(event.textContent ?? ''));
    if (!found) throw new Error(`no session on the calendar named ${name}`);
    return found;
  });

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('the calendar', () => {
  it("asks for the week of the URL's date with the URL's filters, and keeps view, date and filters in the URL across navigation and back", async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ 'GET /learning/class-schedule': () => listOf([session()]) });
    open('?date=2026-03-04&class_id=3&center_id=1');

    expect(await eventButton(/IELTS 6.5 Tối, Thứ Tư 04\/03\/2026, 18:00 – 19:30, Phòng 101, Chưa điểm danh/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '02/03 – 08/03/2026' })).toBeInTheDocument();
    expect(api.to('GET /learning/class-schedule')[0].params).toEqual({
      limit: '1000',
      page: '1',
      sort_column: 'schedule_date',
      sort_type: 'ASC',
      schedule_date: ['2026-03-02', '2026-03-08'],
      class_id: '3',
      center_id: '1',
      relationships: ['class', 'center', 'room', 'teacher'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Tuần sau' }));
    await waitFor(() => expect(location()).toBe('?class_id=3&center_id=1&date=2026-03-11'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params.schedule_date).toEqual(['2026-03-09', '2026-03-15']));

    fireEvent.click(screen.getByRole('button', { name: 'Tháng' }));
    await waitFor(() => expect(location()).toBe('?class_id=3&center_id=1&view=month&date=2026-03-11'));
    // March 2026 runs Sunday the 1st to Tuesday the 31st: the grid's whole weeks, Monday to Sunday
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params.schedule_date).toEqual(['2026-02-23', '2026-04-05']));
    expect(screen.getByRole('heading', { name: 'Tháng 3/2026' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(location()).toBe('?class_id=3&center_id=1&date=2026-03-11'));
    expect(screen.getByRole('heading', { name: '09/03 – 15/03/2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuần' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks a make-up session and an attended one, and names an empty range', async () => {
    signInWith('administrator', 'Administrator', []);
    fakeApi({
      'GET /learning/class-schedule': ({ params }) =>
        (params.schedule_date as string[])[0] === '2026-03-02'
          ? listOf([session({ is_attendance: 1 }), session({ schedule_id: 12, schedule_date: '2026-03-06', makeup_of: 11, room: null, room_id: null })])
          : listOf([]),
    });
    open('?date=2026-03-04');
    expect(await eventButton(/IELTS 6.5 Tối, Thứ Tư 04\/03\/2026, 18:00 – 19:30, Phòng 101, Đã điểm danh/)).toHaveTextContent('✓ IELTS 6.5 Tối18:00 – 19:30 · Phòng 101');
    const makeup = await eventButton(/IELTS 6.5 Tối, Thứ Sáu 06\/03\/2026, 18:00 – 19:30, Học bù, Chưa điểm danh/);
    expect(makeup).toHaveTextContent('Học bù');
    expect(makeup).toHaveClass('schedule-makeup');
    expect(screen.queryByText('Không có buổi học nào trong khoảng này')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Tuần trước' }));
    expect(await screen.findByText('Không có buổi học nào trong khoảng này')).toBeInTheDocument();
  });

  it('says so when the sessions cannot be loaded, and retries', async () => {
    signInWith('administrator', 'Administrator', []);
    let fail = true;
    fakeApi({
      'GET /learning/class-schedule': () => {
        if (fail) throw new FakeApiError(500, 'Lỗi hệ thống');
        return listOf([session()]);
      },
    });
    open('?date=2026-03-04');
    expect(await screen.findByText('Không tải được lịch học. Vui lòng kiểm tra kết nối và thử lại.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await eventButton(/IELTS 6\.5 Tối/)).toBeInTheDocument();
  });
});

describe('the filters', () => {
  const lookups: Record<string, FakeRoute> = {
    'GET /learning/class/list': () => listOf([{ ...CLASS, class_id: 3 }, { ...CLASS, class_id: 4, class_name: 'TOEIC 650' }]),
    'GET /user/list': () => listOf([{ id: 7, name: 'Lê Văn Giáo' }]),
    'GET /learning/center/list': () => listOf([{ center_id: 1, name: 'Trung tâm Hà Nội' }, { center_id: 2, name: 'Trung tâm TP.HCM' }]),
    'GET /learning/room/list': () =>
      listOf([
        { room_id: 5, center_id: 1, name: 'Phòng 101', room_number: null, capacity: null },
        { room_id: 9, center_id: 2, name: 'Phòng 201', room_number: null, capacity: null },
      ]),
  };

  it('staff set the class, teacher, centre and room; applied, they are sent and kept in the URL', async () => {
    signInAsDemo('academic_affair');
    const api = fakeApi({ 'GET /learning/class-schedule': () => listOf([session()]), ...lookups });
    open('?date=2026-03-04');
    await eventButton(/IELTS 6\.5 Tối/);
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    const form = await screen.findByRole('form', { name: 'Tuỳ chọn lọc' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'TOEIC 650' })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText('Lớp học'), { target: { value: '4' } });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Lê Văn Giáo' })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText('Giáo viên'), { target: { value: '7' } });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Trung tâm TP.HCM' })).toBeInTheDocument());
    // every room, named with its centre, until a centre is chosen; then that centre's rooms
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Phòng 101 – Trung tâm Hà Nội' })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText('Trung tâm'), { target: { value: '2' } });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Phòng 201' })).toBeInTheDocument());
    expect(within(form).queryByRole('option', { name: /Phòng 101/ })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Phòng học'), { target: { value: '9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Áp dụng' }));

    await waitFor(() => expect(location()).toBe('?class_id=4&teacher_id=7&center_id=2&room_id=9&date=2026-03-04'));
    await waitFor(() =>
      expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ class_id: '4', teacher_id: '7', center_id: '2', room_id: '9', schedule_date: ['2026-03-02', '2026-03-08'] }),
    );
    expect(api.to('GET /learning/class/list')[0].params).toMatchObject({ limit: 1000 });
    expect(api.to('GET /user/list')[0].params).toMatchObject({ type: 'teacher', limit: 1000 });
  });

  it('a teacher filters by class only, and a teacher filter in the URL is not sent', async () => {
    signInAsDemo('teacher');
    const api = fakeApi({ 'GET /learning/class-schedule': () => listOf([session()]), ...lookups });
    open('?date=2026-03-04&teacher_id=99');
    await eventButton(/IELTS 6\.5 Tối/);
    expect(api.to('GET /learning/class-schedule')[0].params).not.toHaveProperty('teacher_id');
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    const form = await screen.findByRole('form', { name: 'Tuỳ chọn lọc' });
    expect(within(form).getByLabelText('Lớp học')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Giáo viên')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Trung tâm')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Phòng học')).not.toBeInTheDocument();
    expect(api.to('GET /user/list')).toHaveLength(0);
    expect(api.to('GET /learning/center/list')).toHaveLength(0);
  });
});

describe('the list', () => {
  const phone = (matches: boolean) =>
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: matches && query === '(max-width: 600px)', media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList,
    );

  it('is what a phone-sized screen opens on: a page of the week by date, in order of the day', async () => {
    phone(true);
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/class-schedule': () => ({
        rows: [session({ schedule_id: 13, schedule_hour: 20 }), session({ schedule_id: 14, schedule_hour: 8, schedule_minute: 30, is_attendance: 1, makeup_of: 9 })],
        total_rows: 42,
        total_pages: 3,
      }),
    });
    open('?date=2026-03-04');
    const table = await screen.findByRole('table', { name: 'Danh sách buổi học' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(api.to('GET /learning/class-schedule')[0].params).toMatchObject({ limit: '20', page: '1', sort_column: 'schedule_date', sort_type: 'ASC', schedule_date: ['2026-03-02', '2026-03-08'] });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('08:30 – 10:00');
    expect(within(first).getByText('Học bù')).toBeInTheDocument();
    expect(within(first).getByText('✓ Đã điểm danh')).toBeInTheDocument();
    expect(second).toHaveTextContent('Thứ Tư, 04/03/2026');
    expect(second).toHaveTextContent('20:00 – 21:30');
    expect(screen.getByText('42 buổi học')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Danh sách' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('?date=2026-03-04');

    fireEvent.click(screen.getByRole('button', { name: 'Tuần' }));
    await waitFor(() => expect(location()).toBe('?view=week&date=2026-03-04'));
  });

  it('pages and sorts by the date header, kept in the URL; an empty week says so', async () => {
    phone(false);
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/class-schedule': ({ params }) => ((params.schedule_date as string[])[0] === '2026-03-02' ? { rows: [session()], total_rows: 42, total_pages: 3 } : listOf([])),
    });
    open('?view=list&date=2026-03-04');
    const table = await screen.findByRole('table', { name: 'Danh sách buổi học' });
    await within(table).findByText('Phòng 101');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('?view=list&date=2026-03-04&page=2'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ page: '2' }));
    const dateHeader = () => within(screen.getByRole('columnheader', { name: /Ngày/ })).getByRole('button');
    fireEvent.click(dateHeader());
    await waitFor(() => expect(location()).toBe('?view=list&date=2026-03-04&sort=schedule_date&order=ASC'));
    fireEvent.click(dateHeader());
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ page: '1', sort_type: 'DESC' }));

    fireEvent.click(screen.getByRole('button', { name: 'Tuần trước' }));
    expect(await screen.findByText('Không có buổi học nào trong khoảng này')).toBeInTheDocument();
  });
});

describe("the list's own filters (the operations overview's links)", () => {
  const desk = () =>
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList,
    );

  it("reads the period, the roll taken, the student and the course from the URL, sends them, names the student and clears each", async () => {
    desk();
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/class-schedule': () => ({ rows: [session({ is_attendance: 1 })], total_rows: 3, total_pages: 1 }),
      'GET /user/show/88': () => ({ id: 88, name: 'Lê Minh An' }),
      'GET /product/list': () => listOf([{ product_id: 4, name: 'IELTS', items: [] }]),
    });
    open('?view=list&from=2026-10-05&to=2026-10-18&center_id=2&attendance_taken=1&absent_student_id=88&product_id=4');
    await screen.findByRole('table', { name: 'Danh sách buổi học' });
    await waitFor(() =>
      expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({
        schedule_date: ['2026-10-05', '2026-10-18'],
        center_id: '2',
        attendance_taken: '1',
        absent_student_id: '88',
        product_id: '4',
        limit: '20',
        page: '1',
      }),
    );
    expect(await screen.findByText('3 buổi học')).toBeInTheDocument();
    // the period replaces the week: its dates in the fields and the heading, no week to step through
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('05/10/2026');
    expect(screen.getByLabelText('Đến ngày')).toHaveValue('18/10/2026');
    expect(screen.getByRole('heading', { name: '05/10/2026 – 18/10/2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tuần trước' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Điểm danh')).toHaveValue('1');
    expect(await screen.findByText('Các buổi vắng (không phép) của Lê Minh An')).toBeInTheDocument();
    expect(await screen.findByText('Khoá học: IELTS')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Bỏ lọc buổi vắng của Lê Minh An' }));
    await waitFor(() => expect(location()).toBe('?center_id=2&view=list&from=2026-10-05&to=2026-10-18&attendance_taken=1&product_id=4'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).not.toHaveProperty('absent_student_id'));
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ lọc khoá học IELTS' }));
    fireEvent.change(screen.getByLabelText('Điểm danh'), { target: { value: '0' } });
    await waitFor(() => expect(location()).toBe('?center_id=2&view=list&from=2026-10-05&to=2026-10-18&attendance_taken=0'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ attendance_taken: '0' }));

    // clearing the dates brings the week back
    fireEvent.change(screen.getByLabelText('Từ ngày'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Đến ngày'), { target: { value: '' } });
    await waitFor(() => expect(location()).toBe('?center_id=2&view=list&attendance_taken=0'));
    expect(screen.getByRole('button', { name: 'Tuần trước' })).toBeInTheDocument();
  });

  it('typed dates are sent as the period, an open end as one date; a reversed period is said and nothing is asked', async () => {
    desk();
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ 'GET /learning/class-schedule': () => listOf([session()]) });
    open('?view=list&date=2026-03-04');
    await screen.findByRole('table', { name: 'Danh sách buổi học' });
    expect(api.to('GET /learning/class-schedule')[0].params).toMatchObject({ schedule_date: ['2026-03-02', '2026-03-08'] });

    fireEvent.change(screen.getByLabelText('Từ ngày'), { target: { value: '01/03/2026' } });
    await waitFor(() => expect(location()).toBe('?view=list&date=2026-03-04&from=2026-03-01'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ schedule_date: '2026-03-01' }));
    expect(screen.getByRole('heading', { name: 'Từ 01/03/2026' })).toBeInTheDocument();

    const before = api.to('GET /learning/class-schedule').length;
    fireEvent.change(screen.getByLabelText('Đến ngày'), { target: { value: '28/02/2026' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc');
    expect(screen.queryByRole('table', { name: 'Danh sách buổi học' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+ buổi học$/)).not.toBeInTheDocument();
    expect(api.to('GET /learning/class-schedule')).toHaveLength(before);

    fireEvent.change(screen.getByLabelText('Đến ngày'), { target: { value: '31/03/2026' } });
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ schedule_date: ['2026-03-01', '2026-03-31'] }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // the calendar leaves the list's filters behind and shows the week of the period's start
    fireEvent.click(screen.getByRole('button', { name: 'Tuần' }));
    // (the week is the default view on a wide screen, left out)
    await waitFor(() => expect(location()).toBe('?date=2026-03-01'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').at(-1)!.params).toMatchObject({ schedule_date: ['2026-02-23', '2026-03-01'], limit: '1000' }));
  });
});

describe('the session dialog', () => {
  it('opens with Enter on an event: the class, the date with its weekday, the time, room, centre and teacher', async () => {
    signInWith('administrator', 'Administrator', []);
    fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session(), { makeups: [{ schedule_id: 15, schedule_date: '2026-03-07', schedule_hour: 9, schedule_minute: 0 }] }),
      'GET /learning/class-enrollment/list': () => enrolments(),
    });
    open('?date=2026-03-04');
    fireEvent.keyDown(await eventButton(/IELTS 6\.5 Tối/), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Buổi học: IELTS 6.5 Tối' })).toBeInTheDocument();
    expect(within(dialog).getByText('Thứ Tư, 04/03/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('18:00 – 19:30')).toBeInTheDocument();
    expect(within(dialog).getByText('Phòng 101')).toBeInTheDocument();
    expect(within(dialog).getByText('Trung tâm Hà Nội')).toBeInTheDocument();
    expect(within(dialog).getByText('Lê Văn Giáo')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Mở buổi Thứ Bảy, 07/03/2026 09:00' })).toBeInTheDocument();
  });

  it("attendance: one row per enrolled student on the session's date, nobody marked but what was saved; everyone marked, saving sends every status, says so and ticks the session", async () => {
    signInAsDemo('teacher');
    const toasts = spyToasts();
    let row = session();
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([row]),
      'GET /learning/class-schedule/11': () => detailOf(row, { can_edit: false, attendance: row.is_attendance ? [] : [{ user_id: 22, status: 'excused' }] }),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'PUT /learning/class-schedule/is-attendance': ({ body }) => {
        row = session({ is_attendance: 1 });
        return detailOf(row, { can_edit: false, attendance: (body as { attendance: ScheduleDetail['attendance'] }).attendance });
      },
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    const an = await within(dialog).findByRole('radiogroup', { name: 'Điểm danh Phạm Minh An' });
    expect(api.to('GET /learning/class-enrollment/list')[0].params).toEqual({
      class_id: 3,
      status: 1,
      date: '2026-03-04',
      limit: 1000,
      page: 1,
      sort_column: 'enrollment_id',
      sort_type: 'ASC',
      relationships: 'user',
    });
    // a roll never taken: no one is present until someone says so
    expect(within(an).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(within(within(dialog).getByRole('radiogroup', { name: 'Điểm danh Đỗ Thu Bình' })).getByRole('radio', { name: 'Có phép' })).toBeChecked();
    expect(within(dialog).getByText(/Còn 2 học viên chưa điểm danh/)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lưu điểm danh' })).toBeDisabled());
    // "all present" marks those not marked yet, and leaves what was set
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tất cả có mặt' }));
    await waitFor(() => expect(within(an).getByRole('radio', { name: 'Có mặt' })).toBeChecked());
    expect(within(within(dialog).getByRole('radiogroup', { name: 'Điểm danh Đỗ Thu Bình' })).getByRole('radio', { name: 'Có phép' })).toBeChecked();
    expect(within(dialog).queryByText(/chưa điểm danh/)).not.toBeInTheDocument();
    // no move, cancel or make-up without can_edit
    expect(within(dialog).queryByRole('button', { name: 'Đổi lịch' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Huỷ buổi học' })).not.toBeInTheDocument();

    fireEvent.click(within(within(dialog).getByRole('radiogroup', { name: 'Điểm danh Vũ Hải Châu' })).getByRole('radio', { name: 'Vắng' }));
    await waitFor(() => expect(within(dialog).getByText('1 có mặt · 1 vắng · 1 có phép')).toBeInTheDocument());
    const calls = api.to('GET /learning/class-schedule').length;
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lưu điểm danh' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu điểm danh' }));
    await waitFor(() => expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(1));
    expect(api.to('PUT /learning/class-schedule/is-attendance')[0].body).toEqual({
      schedule_id: 11,
      attendance: [
        { user_id: 21, status: 'present' },
        { user_id: 22, status: 'excused' },
        { user_id: 23, status: 'absent' },
      ],
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã lưu điểm danh thành công'));
    await waitFor(() => expect(api.to('GET /learning/class-schedule').length).toBeGreaterThan(calls));
    expect(await eventButton(/IELTS 6\.5 Tối, .*, Đã điểm danh/)).toBeInTheDocument();
  });

  it('a roll already taken shows what was saved: a student counted since is not marked, one completed since keeps their line', async () => {
    signInAsDemo('teacher');
    const taken = session({ is_attendance: 1 });
    const completed = { user_id: 24, name: 'Ngô Gia Đạt' };
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([taken]),
      'GET /learning/class-schedule/11': () =>
        detailOf(taken, {
          can_edit: false,
          participants: [...STUDENTS, completed].map((s) => ({ ...s, enrollment_id: s.user_id + 100 })),
          attendance: [
            { user_id: 21, status: 'present' },
            { user_id: 22, status: 'absent' },
            { user_id: 24, status: 'present' },
          ],
        }),
      // Châu's enrolment was dated back to this session after it was taken; Đạt's is completed, no longer active
      'GET /learning/class-enrollment/list': () => enrolments(),
      'PUT /learning/class-schedule/is-attendance': ({ body }) => detailOf(taken, { attendance: (body as { attendance: ScheduleDetail['attendance'] }).attendance }),
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    const group = (name: string) => within(dialog).findByRole('radiogroup', { name: `Điểm danh ${name}` });
    expect(within(await group('Phạm Minh An')).getByRole('radio', { name: 'Có mặt' })).toBeChecked();
    expect(within(await group('Đỗ Thu Bình')).getByRole('radio', { name: 'Vắng' })).toBeChecked();
    expect(within(await group('Vũ Hải Châu')).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(within(await group('Ngô Gia Đạt')).getByRole('radio', { name: 'Có mặt' })).toBeChecked();
    expect(within(dialog).getByText('2 có mặt · 1 vắng · 0 có phép')).toBeInTheDocument();
    expect(within(dialog).getByText(/Còn 1 học viên chưa điểm danh/)).toBeInTheDocument();

    fireEvent.click(within(await group('Vũ Hải Châu')).getByRole('radio', { name: 'Vắng' }));
    const submit = within(dialog).getByRole('button', { name: 'Lưu điểm danh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(1));
    expect(api.to('PUT /learning/class-schedule/is-attendance')[0].body).toEqual({
      schedule_id: 11,
      attendance: [
        { user_id: 21, status: 'present' },
        { user_id: 22, status: 'absent' },
        { user_id: 23, status: 'absent' },
        { user_id: 24, status: 'present' },
      ],
    });
  });

  it('attendance without the right to take it is read-only', async () => {
    signInAsDemo('academic_affair');
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session({ is_attendance: 1 })]),
      'GET /learning/class-schedule/11': () =>
        detailOf(session({ is_attendance: 1 }), {
          can_take_attendance: false,
          can_edit: false,
          attendance: [
            { user_id: 21, status: 'present' },
            { user_id: 22, status: 'absent' },
          ],
        }),
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByRole('table', { name: 'Điểm danh' });
    expect(within(table).getByText('Đỗ Thu Bình').closest('tr')).toHaveTextContent('Vắng');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Lưu điểm danh' })).not.toBeInTheDocument();
    expect(api.to('GET /learning/class-enrollment/list')).toHaveLength(0);
  });

  it('a student sees the session, what it makes up for, and only whether attendance was taken: no statuses, no actions, no filter', async () => {
    signInAsDemo('student', { id: 21 });
    const makeup = session({ schedule_id: 12, schedule_date: '2026-03-06', is_attendance: 1, makeup_of: 8 });
    const original = session({ schedule_id: 8, schedule_date: '2026-03-02', is_attendance: 1 });
    const own = { can_take_attendance: false, can_edit: false, participants: [{ user_id: 21, name: 'Phạm Minh An', enrollment_id: 121 }] };
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([original, makeup]),
      'GET /learning/class-schedule/12': () => detailOf(makeup, { ...own, attendance: [{ user_id: 21, status: 'absent' }] }),
      'GET /learning/class-schedule/8': () => detailOf(original, { ...own, attendance: [{ user_id: 21, status: 'absent' }], makeups: [{ schedule_id: 12, schedule_date: '2026-03-06', schedule_hour: 18, schedule_minute: 0 }] }),
    });
    open('?date=2026-03-04');
    expect(screen.queryByRole('button', { name: /Bộ lọc/ })).not.toBeInTheDocument();
    fireEvent.click(await eventButton(/Thứ Sáu 06\/03\/2026/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Thứ Sáu, 06/03/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Buổi học đã được điểm danh.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Vắng')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    for (const name of ['Lưu điểm danh', 'Đổi lịch', 'Huỷ buổi học', 'Tạo buổi học bù']) expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();

    // the session made up for opens from the make-up
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Mở buổi Thứ Hai, 02/03/2026 18:00 – 19:30' }));
    expect(await within(screen.getByRole('dialog')).findByText('Thứ Hai, 02/03/2026')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mở buổi Thứ Sáu, 06/03/2026 18:00' })).toBeInTheDocument();
    expect(api.to('GET /learning/class-enrollment/list')).toHaveLength(0);
  });

  it("moving: the date, start, duration and room are sent; a clash's 409 is shown in the form and nothing typed is lost", async () => {
    signInAsDemo('academic_affair');
    const clash = 'Giáo viên đã dạy lớp TOEIC 650 19:00–20:30';
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session()),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'GET /learning/room/list': () =>
        listOf([
          { room_id: 5, center_id: 1, name: 'Phòng 101', room_number: null, capacity: null },
          { room_id: 6, center_id: 1, name: 'Phòng 102', room_number: null, capacity: null },
          { room_id: 9, center_id: 2, name: 'Phòng 201', room_number: null, capacity: null },
        ]),
      'PUT /learning/class-schedule': () => {
        throw new FakeApiError(409, clash);
      },
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Đổi lịch' }));
    const form = within(dialog).getByRole('form', { name: 'Đổi lịch buổi học' });
    expect(within(form).getByLabelText(/Ngày học/)).toHaveValue('04/03/2026');
    fireEvent.change(within(form).getByLabelText(/Ngày học/), { target: { value: '11032026' } });
    fireEvent.change(within(form).getByLabelText(/Giờ bắt đầu/), { target: { value: '19:00' } });
    // a session moves within its centre
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Phòng 102' })).toBeInTheDocument());
    expect(within(form).queryByRole('option', { name: 'Phòng 201' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Phòng học'), { target: { value: '6' } });
    const submit = within(form).getByRole('button', { name: 'Lưu lịch mới' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    expect(await within(form).findByText(clash)).toBeInTheDocument();
    expect(api.to('PUT /learning/class-schedule')[0].body).toEqual({ schedule_id: 11, schedule_date: '2026-03-11', schedule_hour: 19, schedule_minute: 0, duration: 90, room_id: 6 });
    expect(within(form).getByLabelText(/Ngày học/)).toHaveValue('11/03/2026');
    expect(within(form).getByLabelText(/Giờ bắt đầu/)).toHaveValue('19:00');
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Lưu lịch mới' })).toBeEnabled());
  });

  it('refuses a start that is not a time and a duration out of range before any call', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session()),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'GET /learning/room/list': () => listOf([]),
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Đổi lịch' }));
    const form = within(dialog).getByRole('form', { name: 'Đổi lịch buổi học' });
    fireEvent.change(within(form).getByLabelText(/Giờ bắt đầu/), { target: { value: '25:00' } });
    fireEvent.blur(within(form).getByLabelText(/Giờ bắt đầu/));
    fireEvent.change(within(form).getByLabelText(/Thời lượng/), { target: { value: '600' } });
    fireEvent.blur(within(form).getByLabelText(/Thời lượng/));
    expect(await within(form).findByText('Giờ bắt đầu có dạng HH:mm, từ 00:00 đến 23:59')).toBeInTheDocument();
    expect(await within(form).findByText('Thời lượng từ 15 đến 480 phút')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Lưu lịch mới' })).toBeDisabled();
    expect(api.to('PUT /learning/class-schedule')).toHaveLength(0);
  });

  it('cancelling asks first: keeping it sends nothing; agreeing deletes it, says so and closes', async () => {
    signInAsDemo('academic_affair');
    const toasts = spyToasts();
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session()),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'DELETE /learning/class-schedule/11': () => null,
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Huỷ buổi học' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Huỷ buổi học IELTS 6.5 Tối Thứ Tư, 04/03/2026 18:00 – 19:30?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Giữ buổi học' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.to('DELETE /learning/class-schedule/11')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Huỷ buổi học' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Huỷ buổi học' }));
    await waitFor(() => expect(api.to('DELETE /learning/class-schedule/11')).toHaveLength(1));
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã huỷ buổi học thành công'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('no move or cancel once attendance is taken; a make-up goes to the absent students, preselected, with makeup_of', async () => {
    signInAsDemo('academic_affair');
    const toasts = spyToasts();
    const taken = session({ is_attendance: 1 });
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([taken]),
      'GET /learning/class-schedule/11': () =>
        detailOf(taken, {
          attendance: [
            { user_id: 21, status: 'present' },
            { user_id: 22, status: 'absent' },
            { user_id: 23, status: 'excused' },
          ],
        }),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'GET /learning/room/list': () => listOf([{ room_id: 5, center_id: 1, name: 'Phòng 101', room_number: null, capacity: null }]),
      'POST /learning/class-schedule': ({ body }) => ({ ...session({ schedule_id: 30, makeup_of: 11 }), ...(body as object) }),
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tạo buổi học bù' }));
    expect(within(dialog).queryByRole('button', { name: 'Đổi lịch' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Huỷ buổi học' })).not.toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Tạo buổi học bù' });
    const students = within(form).getByRole('group', { name: 'Học viên học bù' });
    expect(within(students).getByRole('checkbox', { name: 'Đỗ Thu Bình (Vắng)' })).toBeChecked();
    expect(within(students).getByRole('checkbox', { name: 'Vũ Hải Châu (Có phép)' })).not.toBeChecked();
    expect(within(students).queryByRole('checkbox', { name: /Phạm Minh An/ })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/Ngày học/), { target: { value: '14/03/2026' } });
    fireEvent.change(within(form).getByLabelText(/Giờ bắt đầu/), { target: { value: '9:30' } });
    const submit = within(form).getByRole('button', { name: 'Tạo buổi học bù' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /learning/class-schedule')).toHaveLength(1));
    expect(api.to('POST /learning/class-schedule')[0].body).toEqual({
      class_id: 3,
      schedule_date: '2026-03-14',
      schedule_hour: 9,
      schedule_minute: 30,
      duration: 90,
      makeup_of: 11,
      student_ids: [22],
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã tạo buổi học bù thành công'));
  });

  it('a make-up needs at least one student', async () => {
    signInAsDemo('academic_affair');
    const taken = session({ is_attendance: 1 });
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([taken]),
      'GET /learning/class-schedule/11': () => detailOf(taken, { attendance: [{ user_id: 22, status: 'absent' }] }),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'GET /learning/room/list': () => listOf([]),
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tạo buổi học bù' }));
    const form = within(dialog).getByRole('form', { name: 'Tạo buổi học bù' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Đỗ Thu Bình (Vắng)' }));
    expect(await within(form).findByText('Cần chọn ít nhất một học viên học bù')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Tạo buổi học bù' })).toBeDisabled();
    expect(api.to('POST /learning/class-schedule')).toHaveLength(0);
  });
});

describe('the lookups each user asks for', () => {
  const lookups: Record<string, FakeRoute> = {
    'GET /learning/class/list': () => listOf([CLASS]),
    'GET /user/list': () => listOf([{ id: 7, name: 'Lê Văn Giáo' }]),
    'GET /learning/center/list': () => listOf([{ center_id: 1, name: 'Trung tâm Hà Nội' }]),
    'GET /learning/room/list': () => listOf([{ room_id: 5, center_id: 1, name: 'Phòng 101', room_number: null, capacity: null }]),
    'GET /learning/class-enrollment/list': () => enrolments(),
  };
  /** The lookup lists the screen asked for, each once. */
  const lookupsAsked = (calls: Array<{ method: string; url: string }>) => [...new Set(calls.map((call) => `${call.method} ${call.url}`).filter((key) => key in LOOKUP_PERMISSIONS))].sort();
  const LIST = 'GET /learning/class/list';
  const ACCOUNTS = 'GET /user/list';
  const CENTERS = 'GET /learning/center/list';
  const ROOMS = 'GET /learning/room/list';
  const ENROLMENTS = 'GET /learning/class-enrollment/list';

  it.each([
    ['administrator', ['Lớp học', 'Giáo viên', 'Trung tâm', 'Phòng học'], true, [LIST, ACCOUNTS, CENTERS, ROOMS, ENROLMENTS]],
    ['academic_affair', ['Lớp học', 'Giáo viên', 'Trung tâm', 'Phòng học'], true, [LIST, ACCOUNTS, CENTERS, ROOMS, ENROLMENTS]],
    ['teacher', ['Lớp học'], false, [LIST, ENROLMENTS]],
    ['student', [], false, []],
  ] as const)('the demo %s sees every name in the rows and the session, is offered the filters %j, and asks only for lookups their role may read', async (type, offered, staff, expected) => {
    const me = signInAsDemo(type);
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session(), { can_edit: staff, can_take_attendance: type !== 'student' }),
      ...lookups,
    });
    open('?view=list&date=2026-03-04');
    const table = await screen.findByRole('table', { name: 'Danh sách buổi học' });
    const row = await within(table).findByRole('row', { name: /IELTS 6\.5 Tối/ });
    for (const name of ['Phòng 101', 'Trung tâm Hà Nội', 'Lê Văn Giáo']) expect(row).toHaveTextContent(name);
    expect(row).not.toHaveTextContent('#');

    if (offered.length) {
      fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
      const form = await screen.findByRole('form', { name: 'Tuỳ chọn lọc' });
      for (const label of ['Lớp học', 'Giáo viên', 'Trung tâm', 'Phòng học']) {
        if ((offered as readonly string[]).includes(label)) expect(within(form).getByLabelText(label)).toBeInTheDocument();
        else expect(within(form).queryByLabelText(label)).not.toBeInTheDocument();
      }
      fireEvent.click(within(form).getByRole('button', { name: 'Áp dụng' }));
    } else {
      expect(screen.queryByRole('button', { name: /Bộ lọc/ })).not.toBeInTheDocument();
    }

    fireEvent.click(within(row).getByRole('button', { name: /Chi tiết buổi học IELTS 6\.5 Tối/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Buổi học: IELTS 6.5 Tối' });
    expect(within(dialog).getByText('Lê Văn Giáo')).toBeInTheDocument();
    if (type !== 'student') expect(await within(dialog).findByRole('radiogroup', { name: 'Điểm danh Phạm Minh An' })).toBeInTheDocument();
    if (staff) {
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Đổi lịch' }));
      const move = within(dialog).getByRole('form', { name: 'Đổi lịch buổi học' });
      await waitFor(() => expect(within(move).getByRole('option', { name: 'Phòng 101' })).toBeInTheDocument());
    }

    await waitFor(() => expect(lookupsAsked(api.calls)).toEqual([...expected].sort()));
    // none of them refused: each is a list the role may read
    for (const key of lookupsAsked(api.calls)) expect([key, can(me, LOOKUP_PERMISSIONS[key].resource, LOOKUP_PERMISSIONS[key].action)]).toEqual([key, true]);
  });

  it("a staff role without the accounts, rooms and enrolments lists: no teacher or room filter, the move keeps the session's room by name, the roll comes with the session", async () => {
    signInWith('academic_affair', 'Giáo vụ lịch học', [...SCHEDULE_ALL, { resource: 'LearningClass', action: 'GetAll' }, { resource: 'LearningCenter', action: 'GetAll' }]);
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session()),
      ...lookups,
    });
    open('?view=list&date=2026-03-04&teacher_id=7&room_id=5');
    const table = await screen.findByRole('table', { name: 'Danh sách buổi học' });
    const row = await within(table).findByRole('row', { name: /IELTS 6\.5 Tối/ });
    // filters in the URL that the role is not offered are not sent
    expect(api.to('GET /learning/class-schedule')[0].params).not.toHaveProperty('teacher_id');
    expect(api.to('GET /learning/class-schedule')[0].params).not.toHaveProperty('room_id');

    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    const filters = await screen.findByRole('form', { name: 'Tuỳ chọn lọc' });
    expect(within(filters).getByLabelText('Lớp học')).toBeInTheDocument();
    expect(within(filters).getByLabelText('Trung tâm')).toBeInTheDocument();
    expect(within(filters).queryByLabelText('Giáo viên')).not.toBeInTheDocument();
    expect(within(filters).queryByLabelText('Phòng học')).not.toBeInTheDocument();
    fireEvent.click(within(filters).getByRole('button', { name: 'Áp dụng' }));

    fireEvent.click(within(row).getByRole('button', { name: /Chi tiết buổi học/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Buổi học: IELTS 6.5 Tối' });
    // the roll is the session's participants, by name
    expect(await within(dialog).findByRole('radiogroup', { name: 'Điểm danh Vũ Hải Châu' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đổi lịch' }));
    const move = within(dialog).getByRole('form', { name: 'Đổi lịch buổi học' });
    expect(within(move).getByLabelText('Phòng học')).toHaveDisplayValue('Phòng 101');

    await waitFor(() => expect(lookupsAsked(api.calls)).toEqual([CENTERS, LIST].sort()));
  });
});

describe('"Dạy thay": a substitute teacher', () => {
  const SUBSTITUTE = { id: 31, name: 'Trần Thu Hà', email: 'ha.tran@trungtam.vn', type: 'teacher', status: 1, center_id: 1 };
  function substituteApi(over: Record<string, FakeRoute> = {}) {
    return fakeApi({
      'GET /learning/class-schedule': () => listOf([session()]),
      'GET /learning/class-schedule/11': () => detailOf(session()),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'GET /learning/room/list': () => listOf([]),
      'GET /user/list': ({ params }) => listOf(params.type === 'teacher' ? [SUBSTITUTE] : []),
      ...over,
    });
  }
  async function openSubstitute() {
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Dạy thay' }));
    const form = within(dialog).getByRole('form', { name: 'Giáo viên dạy thay' });
    await waitFor(() => expect(within(form).getByRole('option', { name: /Trần Thu Hà/ })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText(/^Giáo viên dạy thay/), { target: { value: '31' } });
    return { dialog, form };
  }

  it('for this session: sends the teacher chosen; a clash refused by the API is shown in the form', async () => {
    signInAsDemo('academic_affair');
    const clash = 'Giáo viên dạy thay bị trùng lịch: Giáo viên đã dạy lớp TOEIC 650 lúc 18:00–19:30';
    let refuse = true;
    const api = substituteApi({
      'POST /learning/class-schedule/substitute': () => {
        if (refuse) throw new FakeApiError(409, clash);
        return { ...session(), teacher_id: 31, original_teacher_id: 7 };
      },
    });
    const toasts = spyToasts();
    const { dialog, form } = await openSubstitute();
    const submit = within(form).getByRole('button', { name: 'Lưu dạy thay' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(form).findByText(clash)).toBeInTheDocument();
    expect(api.to('POST /learning/class-schedule/substitute')[0].body).toEqual({ schedule_id: 11, teacher_id: 31 });

    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Lưu dạy thay' }));
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã lưu giáo viên dạy thay'));
    // back to the session, which is read again
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: 'Giáo viên dạy thay' })).not.toBeInTheDocument());
  });

  it('for a date range of the class: sends the range and lists each session refused with its reason', async () => {
    signInAsDemo('academic_affair');
    const api = substituteApi({
      'POST /learning/class-schedule/substitute-range': () => ({
        set: 2,
        refused: 1,
        sessions: [
          { schedule_id: 11, schedule_date: '2026-03-04', schedule_hour: 18, schedule_minute: 0, status: 'set', reason: null },
          { schedule_id: 12, schedule_date: '2026-03-06', schedule_hour: 18, schedule_minute: 0, status: 'refused', reason: 'Buổi học đã điểm danh: không thể đổi giáo viên' },
          { schedule_id: 13, schedule_date: '2026-03-11', schedule_hour: 18, schedule_minute: 0, status: 'set', reason: null },
        ],
      }),
    });
    const { dialog, form } = await openSubstitute();
    fireEvent.click(within(form).getByText('Các buổi của lớp trong khoảng ngày'));
    expect(await within(form).findByLabelText(/Từ ngày/)).toHaveValue('04/03/2026');
    fireEvent.change(within(form).getByLabelText(/Đến ngày/), { target: { value: '11032026' } });
    const submit = within(form).getByRole('button', { name: 'Lưu dạy thay' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    const result = await within(dialog).findByRole('region', { name: 'Kết quả dạy thay' });
    expect(api.to('POST /learning/class-schedule/substitute-range')[0].body).toEqual({ class_id: 3, teacher_id: 31, from: '2026-03-04', to: '2026-03-11' });
    expect(within(result).getByText('2 buổi đã đổi giáo viên · 1 buổi không đổi được')).toBeInTheDocument();
    expect(within(within(result).getByRole('list', { name: 'Các buổi không đổi được' })).getByText(/không thể đổi giáo viên/)).toHaveTextContent('06/03/2026 18:00: Buổi học đã điểm danh: không thể đổi giáo viên');
  });

  it('names who a substitute replaces; a teacher is not offered "Dạy thay"', async () => {
    signInAsDemo('teacher');
    const substituted = { ...session(), teacher_id: 31, teacher: { id: 31, name: 'Trần Thu Hà' }, original_teacher_id: 7, original_teacher: { id: 7, name: 'Lê Văn Giáo' } };
    fakeApi({
      'GET /learning/class-schedule': () => listOf([substituted]),
      'GET /learning/class-schedule/11': () => detailOf(substituted, { can_edit: false }),
      'GET /learning/class-enrollment/list': () => enrolments(),
    });
    open('?date=2026-03-04');
    fireEvent.click(await eventButton(/IELTS 6\.5 Tối/));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('dạy thay Lê Văn Giáo')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Dạy thay' })).not.toBeInTheDocument();
  });
});
