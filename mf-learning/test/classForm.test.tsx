/**
 * The classes screen: the weekly pattern editor, the preview of generated sessions with the choice for
 * each clash, and what create sends (teacher_salary a number, class_schedule JSON text).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PreviewSession, SchedulePreview } from '@trungtam/shared/contracts/learning';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInWith, spyToasts } from '@trungtam/shared/testing';
import Area from '../src/Area';
import { patternProblem, patternSummary, toDrafts, toPatternText } from '../src/features/classes/pattern';

afterEach(() => jest.restoreAllMocks());

const HN = { center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 };
const ROOM = { room_id: 4, center_id: 1, name: 'Phòng 101', room_number: '101', capacity: 20 };
const TEACHER = { id: 21, name: 'Nguyễn Minh Tuấn', type: 'teacher', center_id: 1 };
const COURSE = { product_id: 3, name: 'Tiếng Anh giao tiếp', items: [{ product_item_id: 8, name: 'Gói 24 buổi', total_lesson: 3, price: 4_800_000 }] };

const session = (date: string, extra: Partial<PreviewSession> = {}): PreviewSession => ({
  date,
  hour: 18,
  minute: 0,
  schedule_date: date,
  schedule_date_text: 'Monday',
  schedule_hour: 18,
  schedule_minute: 0,
  duration: 90,
  state: 'new',
  resolution: null,
  clashes: [],
  proposal: null,
  room_proposal: null,
  teacher_proposal: null,
  ...extra,
});

const CLASH = { kind: 'teacher' as const, message: 'Giáo viên đã dạy lớp IELTS-HN-02 lúc 18:00–19:30', schedule_id: 9, class_id: 2, user_id: 21 };

/** The API's preview: the second Monday clashes until a choice is sent for it. */
function previewOf(body: { resolutions?: Array<{ date: string; action: string; to?: { date: string } }> }): SchedulePreview {
  const choice = body.resolutions?.find((r) => r.date === '2027-01-11');
  const second =
    choice?.action === 'move'
      ? session('2027-01-11', { schedule_date: '2027-01-12', schedule_date_text: 'Tuesday', resolution: 'move' })
      : session('2027-01-11', { clashes: [CLASH], proposal: { date: '2027-01-12', hour: 18, minute: 0 } });
  return { total_lesson: 3, sessions: [session('2027-01-04'), second, session('2027-01-18')], unresolved: choice ? 0 : 1 };
}

function setUp() {
  signInWith('administrator', 'Administrator', []);
  return fakeApi({
    'GET /learning/class/list': () => listOf([]),
    'GET /learning/center/list': () => listOf([HN]),
    'GET /learning/room/list': () => listOf([ROOM]),
    'GET /user/list': ({ params }) => listOf(params.type === 'teacher' ? [TEACHER] : []),
    'GET /product/list': () => listOf([COURSE]),
    'GET /learning/holiday/list': () => listOf([]),
    'POST /learning/class/preview-schedule': ({ body }) => previewOf(body as never),
    'POST /learning/class/create': ({ body }) => {
      const sent = body as { resolutions?: unknown[] };
      if (!sent.resolutions?.length) throw new FakeApiError(409, 'Lịch học có 1 buổi bị trùng chưa được xử lý');
      return { class_id: 40, ...(body as object) };
    },
  });
}

async function openCreateForm() {
  renderWithProviders(<Area path="/learning/classes" />, { route: '/learning/classes' });
  fireEvent.click(await screen.findByRole('button', { name: 'Thêm lớp học' }));
  const dialog = await screen.findByRole('dialog');
  const pick = async (label: RegExp, value: string) => {
    await waitFor(() => expect(within(dialog).getByLabelText(label).querySelector(`option[value="${value}"]`)).not.toBeNull());
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  };
  fireEvent.change(within(dialog).getByLabelText(/Tên lớp/), { target: { value: 'GT-HN-09 Giao tiếp tối' } });
  await pick(/^Khoá học/, '3');
  await pick(/^Gói khoá học/, '8');
  await pick(/^Giáo viên\s*\*?$/, '21');
  await pick(/^Trung tâm/, '1');
  await pick(/^Phòng học/, '4');
  fireEvent.change(within(dialog).getByLabelText(/Lương giáo viên/), { target: { value: '250000' } });
  fireEvent.change(within(dialog).getByLabelText(/Ngày bắt đầu/), { target: { value: '04/01/2027' } });
  // the form validates asynchronously: complete, it may be sent
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Thêm lớp học' })).toBeEnabled());
  return dialog;
}

describe('the weekly pattern', () => {
  it('reads and writes class_schedule as JSON text, summarises it, and names what is wrong', () => {
    const text = toPatternText([
      { weekday: 3, time: '18:30', duration: 90 },
      { weekday: 1, time: '18:30', duration: 90 },
      { weekday: 6, time: '09:00', duration: 120 },
    ]);
    expect(JSON.parse(text)).toEqual([
      { weekday: 3, hour: 18, minute: 30, duration: 90 },
      { weekday: 1, hour: 18, minute: 30, duration: 90 },
      { weekday: 6, hour: 9, minute: 0, duration: 120 },
    ]);
    expect(toDrafts(text)[0]).toEqual({ weekday: 3, time: '18:30', duration: 90 });
    expect(patternSummary(text)).toBe('T2, T4 18:30 (90 phút) · T7 09:00 (120 phút)');
    expect(patternProblem([])).toMatch(/ít nhất một buổi/);
    expect(patternProblem([{ weekday: 1, time: '18:00', duration: 90 }, { weekday: 1, time: '19:00', duration: 60 }])).toBe('Hai buổi trong lịch tuần bị trùng giờ');
    expect(patternProblem([{ weekday: 1, time: '23:00', duration: 90 }])).toBe('Buổi học phải kết thúc trong ngày');
    expect(patternProblem([{ weekday: 1, time: '18:00', duration: 10 }])).toBe('Thời lượng từ 15 đến 480 phút');
  });

  it('adds, edits and removes weekly sessions in the form, and flags an overlap', async () => {
    setUp();
    const dialog = await openCreateForm();
    fireEvent.click(within(dialog).getByRole('button', { name: /Thêm buổi trong tuần/ }));
    // the new row starts two days after the last one: Wednesday
    expect((within(dialog).getByLabelText('Thứ — Buổi 2') as HTMLSelectElement).value).toBe('3');
    fireEvent.change(within(dialog).getByLabelText('Thứ — Buổi 2'), { target: { value: '1' } });
    // a 24-hour text field (a browser's own time input shows 07:00 PM in English)
    const start = within(dialog).getByLabelText('Giờ bắt đầu — Buổi 2');
    expect(start).toHaveAttribute('type', 'text');
    expect(start).toHaveAttribute('placeholder', 'HH:mm');
    fireEvent.change(start, { target: { value: '19:00' } });
    expect(start).toHaveValue('19:00');
    expect(await within(dialog).findByText('Hai buổi trong lịch tuần bị trùng giờ')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xoá buổi 2' }));
    await waitFor(() => expect(within(dialog).queryByText('Hai buổi trong lịch tuần bị trùng giờ')).not.toBeInTheDocument());
    expect(within(dialog).queryByLabelText('Thứ — Buổi 2')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Thêm lớp học' })).toBeEnabled());
  });
});

describe('the preview and the choices', () => {
  it('shows each session and its clash, sends the chosen move, then creates the class with it', async () => {
    const api = setUp();
    const toasts = spyToasts();
    const dialog = await openCreateForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước lịch học' }));
    expect(await within(dialog).findByText(CLASH.message)).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('3/3 buổi học · 1 buổi bị trùng chưa xử lý');
    expect(api.to('POST /learning/class/preview-schedule')[0].body).toEqual({
      product_item_id: 8,
      teacher_id: 21,
      center_id: 1,
      room_id: 4,
      start_date: '2027-01-04',
      class_schedule: '[{"weekday":1,"hour":18,"minute":0,"duration":90}]',
      resolutions: [],
    });

    const choice = within(dialog).getByLabelText('Cách xử lý buổi 11/01/2027 18:00');
    expect(within(choice).getByRole('option', { name: 'Dời sang 12/01/2027 18:00' })).toBeInTheDocument();
    fireEvent.change(choice, { target: { value: 'move' } });
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('không có buổi nào bị trùng chưa xử lý'));
    const resolution = { date: '2027-01-11', hour: 18, minute: 0, action: 'move', to: { date: '2027-01-12', hour: 18, minute: 0 } };
    expect(api.to('POST /learning/class/preview-schedule').at(-1)!.body).toMatchObject({ resolutions: [resolution] });
    expect(within(dialog).getByText('dời từ 11/01/2027 18:00')).toBeInTheDocument();

    const submit = within(dialog).getByRole('button', { name: 'Thêm lớp học' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /learning/class/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /learning/class/create')[0].body).toEqual({
      class_name: 'GT-HN-09 Giao tiếp tối',
      class_type: 'group',
      product_id: 3,
      academic_affair_id: null,
      teacher_salary: 250000,
      capacity: null,
      product_item_id: 8,
      teacher_id: 21,
      center_id: 1,
      room_id: 4,
      start_date: '2027-01-04',
      class_schedule: '[{"weekday":1,"hour":18,"minute":0,"duration":90}]',
      resolutions: [resolution],
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã thêm lớp học thành công'));
  });

  it("creating without a choice shows the API's refusal in the form and keeps what was typed", async () => {
    setUp();
    const dialog = await openCreateForm();
    const submit = within(dialog).getByRole('button', { name: 'Thêm lớp học' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByText(/1 buổi bị trùng chưa được xử lý/, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect((within(dialog).getByLabelText(/Tên lớp/) as HTMLInputElement).value).toBe('GT-HN-09 Giao tiếp tối');
  });

  it('the refusal of a schedule goes once the clash it named is dealt with, and stays while nothing about the schedule changed', async () => {
    const api = setUp();
    const dialog = await openCreateForm();
    const submit = within(dialog).getByRole('button', { name: 'Thêm lớp học' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    const refusal = /1 buổi bị trùng chưa được xử lý/;
    expect(await within(dialog).findByText(refusal, undefined, { timeout: 4000 })).toBeInTheDocument();
    // the class's name is not what was refused
    fireEvent.change(within(dialog).getByLabelText(/Tên lớp/), { target: { value: 'GT-HN-09 Giao tiếp tối (mới)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước lịch học' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 buổi bị trùng chưa xử lý'));
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    // the clash dealt with: its refusal goes, and what was typed stays
    fireEvent.change(within(dialog).getByLabelText('Cách xử lý buổi 11/01/2027 18:00'), { target: { value: 'move' } });
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('không có buổi nào bị trùng chưa xử lý'));
    await waitFor(() => expect(within(dialog).queryByText(refusal)).not.toBeInTheDocument());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect((within(dialog).getByLabelText(/Tên lớp/) as HTMLInputElement).value).toBe('GT-HN-09 Giao tiếp tối (mới)');
    // and the class is created with the choice
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /learning/class/create')).toHaveLength(2), { timeout: 4000 });
  });
});

describe('"apply to all" and the free room or teacher proposed', () => {
  const ROOM_CLASH = { kind: 'room' as const, message: 'Phòng học đã được lớp TOAN-HN-03 dùng lúc 18:00–19:30', schedule_id: 12, class_id: 5, user_id: null };
  const FREE_ROOM = { room_id: 6, name: 'Phòng 103' };
  const FREE_TEACHER = { id: 22, name: 'Trần Thu Hà' };
  type Sent = { resolutions?: Array<{ date: string; action: string; room_id?: number; teacher_id?: number }> };
  /** Two Mondays clash (the room on the first, the teacher on the second); each follows the choice sent. */
  function clashingPreview(body: Sent): SchedulePreview {
    const chosen = (date: string) => body.resolutions?.find((r) => r.date === date);
    const clashing = (date: string, clash: typeof ROOM_CLASH | typeof CLASH, proposals: Partial<PreviewSession>) => {
      const choice = chosen(date);
      if (choice?.action === 'skip') return session(date, { state: 'skipped', resolution: 'skip', clashes: [clash] });
      if (choice) return session(date, { resolution: choice.action as PreviewSession['resolution'], ...proposals, proposal: null });
      return session(date, { clashes: [clash], proposal: { date: '2027-01-26', hour: 18, minute: 0 }, ...proposals });
    };
    const sessions = [clashing('2027-01-04', ROOM_CLASH, { room_proposal: FREE_ROOM }), clashing('2027-01-11', CLASH, { teacher_proposal: FREE_TEACHER }), session('2027-01-18')];
    return { total_lesson: 3, sessions, unresolved: sessions.filter((s) => s.clashes.length && !s.resolution).length };
  }

  it('one click holds every clash in the free room or with the free teacher proposed; create sends them', async () => {
    const api = setUp();
    api.route('POST /learning/class/preview-schedule', ({ body }) => clashingPreview(body as Sent));
    const dialog = await openCreateForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước lịch học' }));
    expect(await within(dialog).findByText(ROOM_CLASH.message)).toBeInTheDocument();
    // each clash offers its own fix
    expect(within(within(dialog).getByLabelText('Cách xử lý buổi 04/01/2027 18:00')).getByRole('option', { name: 'Đổi phòng: Phòng 103' })).toBeInTheDocument();
    expect(within(within(dialog).getByLabelText('Cách xử lý buổi 11/01/2027 18:00')).getByRole('option', { name: 'Giáo viên Trần Thu Hà dạy thay' })).toBeInTheDocument();

    const all = within(dialog).getByRole('region', { name: 'Áp dụng cho tất cả buổi bị trùng' });
    fireEvent.click(within(all).getByRole('button', { name: 'Đổi phòng / giáo viên trống cho tất cả' }));
    expect(within(all).getByText('Đã áp dụng cho 2 buổi')).toBeInTheDocument();
    const reassigned = [
      { date: '2027-01-04', hour: 18, minute: 0, action: 'reassign', room_id: 6 },
      { date: '2027-01-11', hour: 18, minute: 0, action: 'reassign', teacher_id: 22 },
    ];
    await waitFor(() => expect(api.to('POST /learning/class/preview-schedule').at(-1)!.body).toMatchObject({ resolutions: reassigned }));
    await waitFor(() => expect(within(dialog).getByText(/không có buổi nào bị trùng chưa xử lý/)).toBeInTheDocument());

    const submit = within(dialog).getByRole('button', { name: 'Thêm lớp học' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /learning/class/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /learning/class/create')[0].body).toMatchObject({ resolutions: reassigned });
  });

  it('"skip all" leaves every clashing session out', async () => {
    const api = setUp();
    api.route('POST /learning/class/preview-schedule', ({ body }) => clashingPreview(body as Sent));
    const dialog = await openCreateForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước lịch học' }));
    const all = await within(dialog).findByRole('region', { name: 'Áp dụng cho tất cả buổi bị trùng' });
    fireEvent.click(within(all).getByRole('button', { name: 'Bỏ qua tất cả' }));
    await waitFor(() =>
      expect(api.to('POST /learning/class/preview-schedule').at(-1)!.body).toMatchObject({
        resolutions: [
          { date: '2027-01-04', action: 'skip' },
          { date: '2027-01-11', action: 'skip' },
        ],
      }),
    );
    await waitFor(() => expect(within(dialog).getAllByText('Bỏ qua')).toHaveLength(2));
  });

  it('"move all" takes each clash to the free day proposed', async () => {
    const api = setUp();
    api.route('POST /learning/class/preview-schedule', ({ body }) => clashingPreview(body as Sent));
    const dialog = await openCreateForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xem trước lịch học' }));
    const all = await within(dialog).findByRole('region', { name: 'Áp dụng cho tất cả buổi bị trùng' });
    fireEvent.click(within(all).getByRole('button', { name: 'Dời tất cả sang lịch đề xuất' }));
    const to = { date: '2027-01-26', hour: 18, minute: 0 };
    await waitFor(() =>
      expect(api.to('POST /learning/class/preview-schedule').at(-1)!.body).toMatchObject({
        resolutions: [
          { date: '2027-01-04', action: 'move', to },
          { date: '2027-01-11', action: 'move', to },
        ],
      }),
    );
  });
});

describe('editing a class with substitutes', () => {
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
    status: 1,
    created_at: '2026-12-01T02:00:00.000Z',
    updated_at: '2026-12-01T02:00:00.000Z',
  };
  const DROPPED = [
    { schedule_date: '2027-01-11', schedule_hour: 18, schedule_minute: 0, teacher_id: 30, teacher_name: 'Trần Thu Hà', reason: 'slot_gone', message: 'Lịch mới không còn buổi học vào ngày giờ này' },
    { schedule_date: '2027-01-18', schedule_hour: 18, schedule_minute: 0, teacher_id: 31, teacher_name: 'Lê Văn Nam', reason: 'clash', message: 'Giáo viên dạy thay bị trùng lịch: Giáo viên đã dạy lớp IELTS-HN-02 lúc 18:00–19:30' },
  ];

  async function saveEdit(dropped: typeof DROPPED) {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/class/list': () => listOf([RUNNING]),
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf([ROOM]),
      'GET /user/list': ({ params }) => listOf(params.type === 'teacher' ? [TEACHER] : []),
      'GET /product/list': () => listOf([COURSE]),
      'GET /learning/holiday/list': () => listOf([]),
      'PUT /learning/class/update': ({ body }) => ({ ...RUNNING, ...(body as object), dropped_substitutes: dropped }),
    });
    const toasts = spyToasts();
    renderWithProviders(<Area path="/learning/classes" />, { route: '/learning/classes' });
    const row = (await screen.findByText(RUNNING.class_name)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Phòng học/)).toHaveValue('4'));
    const submit = within(dialog).getByRole('button', { name: 'Lưu thay đổi' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('PUT /learning/class/update')).toHaveLength(1), { timeout: 4000 });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã cập nhật lớp học thành công'));
    return toasts;
  }

  it('says which sessions lost their substitute, and why', async () => {
    const toasts = await saveEdit(DROPPED);
    const warning = toasts.spy.mock.calls.map(([options]) => options).find((options) => options.type === 'warning');
    expect(warning?.title).toBe('Đã bỏ người dạy thay của 2 buổi: 11/01/2027 18:00 (Trần Thu Hà), 18/01/2027 18:00 (Lê Văn Nam)');
    expect(warning?.description).toBe(
      '11/01/2027 18:00: Lịch mới không còn buổi học vào ngày giờ này; 18/01/2027 18:00: Giáo viên dạy thay bị trùng lịch: Giáo viên đã dạy lớp IELTS-HN-02 lúc 18:00–19:30',
    );
  });

  it('warns of nothing when every substitute is kept', async () => {
    const toasts = await saveEdit([]);
    expect(toasts.spy.mock.calls.some(([options]) => options.type === 'warning')).toBe(false);
  });
});
