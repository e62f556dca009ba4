import { screen, waitFor, within } from '@testing-library/react';
import { isoWeekBounds } from '@trungtam/shared/format';
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { WeekScheduleCard } from '../src/features/dashboard/DashboardPage';
import { fakeApi, ok } from '@trungtam/shared/testing';
import { renderApp, resetSession, signIn, signedInRoutes } from './utils';

const session = (over: Partial<ClassSchedule>): ClassSchedule => ({
  schedule_id: 1,
  class_id: 7,
  schedule_date: '2026-11-16',
  schedule_date_text: 'Monday',
  schedule_hour: 18,
  schedule_minute: 5,
  duration: 90,
  teacher_id: 3,
  academic_affair_id: 2,
  room_id: 1,
  center_id: 1,
  student_id: null,
  is_attendance: 0,
  makeup_of: null,
  original_teacher_id: null,
  class: { class_id: 7, class_name: 'GT-HN-01 Giao tiếp cơ bản', class_type: 'group' },
  center: { center_id: 1, name: 'Trung tâm Hà Nội' },
  ...over,
});

const list = (rows: ClassSchedule[]) => ok({ rows, total_rows: rows.length, total_pages: 1 });
const notifications = ok({ rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 });

beforeEach(() => {
  resetSession();
  signIn();
});

describe('dashboard: this week\'s sessions', () => {
  it('shows each session as class, HH:mm, Vietnamese weekday, DD/MM/YYYY, centre and a New badge', async () => {
    fakeApi({
      ...signedInRoutes(),
      'GET /notifications': notifications,
      'GET /learning/class-schedule': list([
        session({ schedule_id: 3, schedule_date: '2026-11-22', schedule_hour: 9, schedule_minute: 0 }),
        session({ schedule_id: 2, schedule_date: '2026-11-18' }),
        session({ schedule_id: 1, schedule_date: '2026-11-16', schedule_hour: 7, schedule_minute: 30, center: null }),
      ]),
    });
    renderApp('/dashboard');
    await screen.findAllByTestId('schedule-row');
    const card = screen.getByRole('heading', { name: 'Lịch học trong tuần này' }).closest('section')!;
    const rows = within(card as HTMLElement).getAllByTestId('schedule-row');
    expect(rows).toHaveLength(3);
    const texts = rows.map((row) => ({
      time: within(row).getByTestId('schedule-time').textContent,
      weekday: within(row).getByTestId('schedule-weekday').textContent,
      date: within(row).getByTestId('schedule-date').textContent,
      center: within(row).getByTestId('schedule-center').textContent,
    }));
    expect(texts).toEqual([
      { time: '09:00', weekday: 'Chủ Nhật', date: '22/11/2026', center: 'Trung tâm Hà Nội' },
      { time: '18:05', weekday: 'Thứ Tư', date: '18/11/2026', center: 'Trung tâm Hà Nội' },
      { time: '07:30', weekday: 'Thứ Hai', date: '16/11/2026', center: '-' },
    ]);
    expect(within(rows[0]).getByText('GT-HN-01 Giao tiếp cơ bản')).toBeInTheDocument();
    expect(within(rows[0]).getByText('New')).toBeInTheDocument();
  });

  it("shows '-' for an invalid date", async () => {
    fakeApi({
      ...signedInRoutes(),
      'GET /notifications': notifications,
      'GET /learning/class-schedule': list([session({ schedule_date: '2026-13-45' })]),
    });
    renderApp('/dashboard');
    const row = await screen.findByTestId('schedule-row');
    expect(within(row).getByTestId('schedule-date')).toHaveTextContent(/^-$/);
    expect(within(row).getByTestId('schedule-weekday')).toHaveTextContent(/^-$/);
  });

  it('says so when the week is empty', async () => {
    fakeApi({ ...signedInRoutes(), 'GET /notifications': notifications, 'GET /learning/class-schedule': list([]) });
    renderApp('/dashboard');
    expect(await screen.findByText('Không có lịch học nào trong tuần này')).toBeInTheDocument();
  });

  it.each([
    // late on Sunday and just after midnight on Monday, Việt Nam time (the operator's clock)
    ['a Sunday', new Date('2026-11-22T23:30:00+07:00'), '2026-11-16', '2026-11-22'],
    ['a Monday', new Date('2026-11-23T00:15:00+07:00'), '2026-11-23', '2026-11-29'],
  ])('asks for the ISO week (Monday to Sunday) holding %s, 20 newest first', async (_day, today, start, end) => {
    expect(isoWeekBounds(today)).toEqual({ start, end });
    const { calls } = fakeApi({ ...signedInRoutes(), 'GET /learning/class-schedule': list([]) });
    renderApp('/dashboard', <WeekScheduleCard today={today} />);
    expect(await screen.findByText('Không có lịch học nào trong tuần này')).toBeInTheDocument();
    const call = calls.find((c) => c.url === '/learning/class-schedule');
    expect(call).toBeDefined();
    expect(call!.params).toMatchObject({
      limit: 20,
      page: 1,
      sort_column: 'schedule_date',
      sort_type: 'DESC',
      relationships: ['class', 'center'],
      schedule_date: [start, end],
    });
  });
});

describe('dashboard: latest notifications', () => {
  it('asks for the 5 latest and shows name, message and DD/MM/YYYY', async () => {
    const { calls } = fakeApi({
      ...signedInRoutes(),
      'GET /learning/class-schedule': list([]),
      'GET /notifications': ok({
        rows: [
          { notification_id: 9, user_id: 1, name: 'Đổi lịch học', message: 'Lớp IELTS chuyển sang 9:00', is_read: 2, created_at: '2026-11-20T03:00:00.000Z' },
        ],
        total_rows: 1,
        total_pages: 1,
        unread_rows: 1,
      }),
    });
    renderApp('/dashboard');
    const item = await screen.findByTestId('latest-notification');
    expect(item).toHaveTextContent('Đổi lịch học');
    expect(item).toHaveTextContent('Lớp IELTS chuyển sang 9:00');
    expect(item).toHaveTextContent('20/11/2026');
    const dashboardCall = calls.find((c) => c.url === '/notifications' && (c.params as { type?: number }).type === 0);
    expect(dashboardCall?.params).toMatchObject({ limit: 5, page: 1, sort_column: 'notification_id', sort_type: 'DESC', user_id: 1, count_unread: true });
  });
});

describe('dashboard: one call per card', () => {
  it('asks for each list once, not again when the loaded card replaces the loading one', async () => {
    const { calls } = fakeApi({ ...signedInRoutes(), 'GET /notifications': notifications, 'GET /learning/class-schedule': list([session({})]) });
    renderApp('/dashboard');
    await screen.findByTestId('schedule-row');
    await screen.findByText('Chưa có thông báo');
    // a moment for any further call to be sent
    await new Promise((resolve) => setTimeout(resolve, 50));
    const dashboardNotificationCalls = calls.filter((c) => c.url === '/notifications' && (c.params as { type?: number }).type === 0);
    expect(dashboardNotificationCalls).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/learning/class-schedule')).toHaveLength(1);
  });

  it("asks for its lists while the layout renders, before the header's bell asks for its own", async () => {
    const { calls } = fakeApi({ ...signedInRoutes(), 'GET /notifications': notifications, 'GET /learning/class-schedule': list([session({})]) });
    renderApp('/dashboard');
    await screen.findByTestId('schedule-row');
    const order = (found: (call: (typeof calls)[number]) => boolean) => calls.findIndex(found);
    const type = (call: (typeof calls)[number]) => (call.params as { type?: number }).type;
    const bell = order((c) => c.url === '/notifications' && type(c) === 2);
    expect(bell).toBeGreaterThan(-1);
    expect(order((c) => c.url === '/learning/class-schedule')).toBeLessThan(bell);
    expect(order((c) => c.url === '/notifications' && type(c) === 0)).toBeLessThan(bell);
  });
});

describe('dashboard: the cards appear together', () => {
  it('keeps both cards loading until both lists are there, so that neither moves the other on a phone', async () => {
    // the dashboard's notifications are held back; the week's sessions are answered at once
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sessionsAnswered = false;
    fakeApi({
      ...signedInRoutes(),
      'GET /notifications': async ({ params }) => {
        if (params.type === 0) await held;
        return notifications;
      },
      'GET /learning/class-schedule': () => {
        sessionsAnswered = true;
        return list([session({})]);
      },
    });
    renderApp('/dashboard');
    await waitFor(() => expect(sessionsAnswered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('schedule-row')).not.toBeInTheDocument();
    for (const name of ['Lịch học trong tuần này', 'Thông báo mới nhất']) {
      const card = screen.getByRole('heading', { name }).closest('section') as HTMLElement;
      expect(card.querySelector('[aria-busy="true"]')).not.toBeNull();
    }
    release();
    expect(await screen.findAllByTestId('schedule-row')).toHaveLength(1);
    const latest = screen.getByRole('heading', { name: 'Thông báo mới nhất' }).closest('section') as HTMLElement;
    expect(within(latest).getByText('Chưa có thông báo')).toBeInTheDocument();
  });
});
