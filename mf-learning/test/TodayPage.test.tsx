/** "Hôm nay": today's sessions in the order of the day, and the roll in two taps with its exceptions. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassSchedule, ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { dayjs } from '@trungtam/shared/operatorDate';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInAsDemo, signOut, spyToasts } from '@trungtam/shared/testing';
import { useLocation } from '@trungtam/shared/router';
import { TodayPage } from '../src/features/today/TodayPage';
import { everyonePresent, orderOfDay } from '../src/features/today/today';

const TODAY = '2026-03-04';
/** 14:10 on the operator's clock, whatever the machine's zone (the screen reads only its fields). */
const now = () => dayjs.utc(`${TODAY}T14:10:00Z`);

const session = (id: number, hour: number, over: Partial<ClassSchedule> = {}): ClassSchedule => ({
  schedule_id: id,
  class_id: id,
  schedule_date: TODAY,
  schedule_date_text: 'Wednesday',
  schedule_hour: hour,
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
  class: { class_id: id, class_name: `Lớp ${hour}h`, class_type: 'collective' },
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
  can_edit: false,
  ...over,
});

const enrolments = () =>
  listOf(
    STUDENTS.map((s) => ({
      enrollment_id: s.user_id + 100, class_id: 3, user_id: s.user_id, status: 1, total_lesson: 24, total_lesson_learned: 3,
      total_lesson_promote: 0, total_discount_percent: 0, discount_id: 1, start_date: '2026-01-05',
      created_at: '2026-01-05T02:00:00.000Z', updated_at: '2026-01-05T02:00:00.000Z', user: { id: s.user_id, name: s.name, email: `hv${s.user_id}@trungtam.vn` },
    })),
  );

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

const open = (route = '') =>
  renderWithProviders(
    <>
      <TodayPage formDelayMs={0} now={now} />
      <Location />
    </>,
    { route: `/learning/today${route}` },
  );

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('the order of the day', () => {
  it('puts the sessions not over first (running, then next), then the finished ones, latest first', () => {
    const day = [session(1, 8), session(2, 18), session(3, 13, { schedule_minute: 30 }), session(4, 10), session(5, 15)];
    const { next, finished } = orderOfDay(day, 14 * 60 + 10);
    expect(next.map((s) => s.schedule_id)).toEqual([3, 5, 2]);
    expect(finished.map((s) => s.schedule_id)).toEqual([4, 1]);
  });

  it('"Tất cả có mặt" keeps the exceptions marked and marks everyone else present', () => {
    expect(everyonePresent({ 21: '', 22: 'absent', 23: '' })).toEqual({ 21: 'present', 22: 'absent', 23: 'present' });
  });
});

describe('Hôm nay', () => {
  it("asks for the operator's today and lists the next session first, the finished ones after", async () => {
    signInAsDemo('teacher');
    const api = fakeApi({ 'GET /learning/class-schedule': () => listOf([session(1, 8, { is_attendance: 1 }), session(2, 18), session(3, 13, { schedule_minute: 30 })]) });
    open();
    const next = await screen.findByRole('region', { name: 'Sắp tới' });
    expect(api.to('GET /learning/class-schedule')[0].params).toMatchObject({ schedule_date: [TODAY, TODAY], limit: '200' });
    const upcoming = within(next).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(upcoming).toEqual(['Điểm danh Lớp 13h, 13:30 – 15:00', 'Điểm danh Lớp 18h, 18:00 – 19:30']);
    expect(within(next).getAllByRole('button')[0]).toHaveTextContent('Đang học');
    const finished = screen.getByRole('region', { name: 'Đã kết thúc' });
    expect(within(finished).getByRole('button')).toHaveTextContent('Đã điểm danh');
  });

  it('says when there is no session today, and when the day cannot be loaded (with a retry)', async () => {
    signInAsDemo('teacher');
    let fail = true;
    fakeApi({
      'GET /learning/class-schedule': () => {
        if (fail) throw new FakeApiError(500, 'Lỗi hệ thống');
        return listOf([]);
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Thử lại' }));
    fail = false;
    expect(await screen.findByText('Hôm nay không có buổi học nào')).toBeInTheDocument();
  });

  it('two taps: the session, then "Tất cả có mặt", which saves everyone present and says so', async () => {
    signInAsDemo('teacher');
    const toasts = spyToasts();
    let row = session(11, 14);
    let saved: ScheduleDetail['attendance'] = [];
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([row]),
      'GET /learning/class-schedule/11': () => detailOf(row, { attendance: saved }),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'PUT /learning/class-schedule/is-attendance': ({ body }) => {
        saved = (body as { attendance: ScheduleDetail['attendance'] }).attendance;
        row = session(11, 14, { is_attendance: 1 });
        return detailOf(row, { attendance: saved });
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Điểm danh Lớp 14h, 14:00 – 15:30' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?session=11'));
    fireEvent.click(await screen.findByRole('button', { name: 'Tất cả có mặt' }));
    await waitFor(() => expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(1));
    expect(api.to('PUT /learning/class-schedule/is-attendance')[0].body).toEqual({
      schedule_id: 11,
      attendance: STUDENTS.map((s) => ({ user_id: s.user_id, status: 'present', note: null })),
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã lưu điểm danh thành công'));
    expect(await screen.findByText('Đã lưu: 3 có mặt · 0 vắng · 0 có phép')).toBeInTheDocument();

    // an exception afterwards is one tap, saved at once
    const binh = screen.getByRole('group', { name: 'Điểm danh Đỗ Thu Bình' });
    fireEvent.click(within(binh).getByRole('button', { name: 'Vắng' }));
    await waitFor(() => expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(2));
    expect(api.to('PUT /learning/class-schedule/is-attendance')[1].body).toEqual({
      schedule_id: 11,
      attendance: [
        { user_id: 21, status: 'present', note: null },
        { user_id: 22, status: 'absent', note: null },
        { user_id: 23, status: 'present', note: null },
      ],
    });
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Điểm danh Đỗ Thu Bình' })).getByRole('button', { name: 'Vắng' })).toHaveAttribute('aria-pressed', 'true'));

    // a note once the roll is saved: saved on leaving the field
    fireEvent.change(screen.getByLabelText('Ghi chú cho Vũ Hải Châu'), { target: { value: 'về sớm' } });
    fireEvent.blur(screen.getByLabelText('Ghi chú cho Vũ Hải Châu'));
    await waitFor(() => expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(3));
    expect((api.to('PUT /learning/class-schedule/is-attendance')[2].body as { attendance: unknown[] }).attendance[2]).toEqual({ user_id: 23, status: 'present', note: 'về sớm' });
    await waitFor(() => expect(screen.getByLabelText('Ghi chú cho Vũ Hải Châu')).toBeEnabled());

    fireEvent.click(screen.getByRole('button', { name: '← Hôm nay' }));
    await waitFor(() => expect(screen.getByTestId('location')).toBeEmptyDOMElement());
  });

  it('exceptions marked first wait for the big button, which then saves the rest present; a refusal is said and nothing is lost', async () => {
    signInAsDemo('teacher');
    const toasts = spyToasts();
    let refuse = true;
    const api = fakeApi({
      'GET /learning/class-schedule': () => listOf([session(11, 14)]),
      'GET /learning/class-schedule/11': () => detailOf(session(11, 14)),
      'GET /learning/class-enrollment/list': () => enrolments(),
      'PUT /learning/class-schedule/is-attendance': ({ body }) => {
        if (refuse) throw new FakeApiError(403, 'Chưa đến ngày của buổi học: chưa thể điểm danh');
        return detailOf(session(11, 14, { is_attendance: 1 }), { attendance: (body as { attendance: ScheduleDetail['attendance'] }).attendance });
      },
    });
    open('?session=11');
    const chau = await screen.findByRole('group', { name: 'Điểm danh Vũ Hải Châu' });
    fireEvent.click(within(chau).getByRole('button', { name: 'Có phép' }));
    // no "late" status: a note says it, saved with the roll
    fireEvent.change(screen.getByLabelText('Ghi chú cho Phạm Minh An'), { target: { value: ' đến muộn 15 phút ' } });
    fireEvent.blur(screen.getByLabelText('Ghi chú cho Phạm Minh An'));
    expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(0);
    expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(0);
    const big = screen.getByRole('button', { name: 'Còn lại có mặt (2) · Lưu' });
    fireEvent.click(big);
    await waitFor(() => expect(toasts.titles()).toContain('Chưa đến ngày của buổi học: chưa thể điểm danh'));
    expect(within(screen.getByRole('group', { name: 'Điểm danh Vũ Hải Châu' })).getByRole('button', { name: 'Có phép' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Ghi chú cho Phạm Minh An')).toHaveValue(' đến muộn 15 phút ');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: /Lưu/ }));
    await waitFor(() => expect(api.to('PUT /learning/class-schedule/is-attendance')).toHaveLength(2));
    expect(api.to('PUT /learning/class-schedule/is-attendance')[1].body).toEqual({
      schedule_id: 11,
      attendance: [
        { user_id: 21, status: 'present', note: 'đến muộn 15 phút' },
        { user_id: 22, status: 'present', note: null },
        { user_id: 23, status: 'excused', note: null },
      ],
    });
  });

  it('a session the user may not take is read-only', async () => {
    signInAsDemo('academic_affair');
    fakeApi({
      'GET /learning/class-schedule': () => listOf([session(11, 8, { is_attendance: 1 })]),
      'GET /learning/class-schedule/11': () => detailOf(session(11, 8, { is_attendance: 1 }), { can_take_attendance: false, attendance: [{ user_id: 21, status: 'absent', note: 'ốm' }] }),
    });
    open('?session=11');
    const list = await screen.findByRole('list', { name: 'Điểm danh' });
    expect(within(list).getByText('Phạm Minh An').parentElement).toHaveTextContent('Vắng · ốm');
    expect(screen.queryByRole('button', { name: 'Tất cả có mặt' })).not.toBeInTheDocument();
  });
});
