/**
 * The management screens: events (table, form rules, graders, delete naming the event), rounds (the
 * event from the URL, pass ≤ max, finalised rounds locked), subjects, and examinees (the two kinds of
 * examinee, the candidate number, the import's refusal report, the export of one event).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Competition, Examinee, Round } from '@trungtam/shared/contracts/competition';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInWith, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { preloadLazyParts } from '@trungtam/shared/ui/list';
import Area from '../src/Area';
import { SCREENS } from '../src/screens';

const STAMP = '2026-03-01T02:00:00.000Z';
const HN = { center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 };
const TOPICS = [
  { topic_id: 1, name: 'Nghe hiểu', created_at: STAMP, updated_at: STAMP },
  { topic_id: 4, name: 'Viết', created_at: STAMP, updated_at: STAMP },
];
const TYPES = [{ type_id: 2, name: 'Lớp 5', created_at: STAMP, updated_at: STAMP }];
const TEACHERS = [
  { id: 21, name: 'Nguyễn Minh Tuấn', email: 'tuan@trungtam.vn', type: 'teacher' },
  { id: 22, name: 'Phạm Thị Hoa', email: 'hoa@trungtam.vn', type: 'teacher' },
];
const EVENT: Competition = {
  competition_id: 3,
  name: 'Olympic Tiếng Anh 2026',
  description: null,
  start_date: '2026-04-05',
  end_date: '2026-05-10',
  status: 2,
  center_id: null,
  graders: [{ topic_id: 1, user_id: 21 }],
  round_count: 2,
  examinee_count: 40,
  created_at: STAMP,
  updated_at: STAMP,
};

const grant = (resource: PermissionKey['resource'], actions: PermissionKey['action'][]): PermissionKey[] => actions.map((action) => ({ resource, action }));
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

function setUp(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /competition/event/list': () => listOf([EVENT]),
    'GET /competition/topic/list': () => listOf(TOPICS),
    'GET /competition/type/list': () => listOf(TYPES),
    'GET /learning/center/list': () => listOf([HN]),
    'GET /user/list': ({ params }) => listOf(params.type === 'teacher' ? TEACHERS : []),
    ...extra,
  });
}

function open(path: string, search = '') {
  return renderWithProviders(<Area path={path} />, { route: `${path}${search}` });
}

/** Chooses `value` in the select labelled `label` once that choice is there. */
async function pick(scope: HTMLElement, label: string | RegExp, value: string) {
  await waitFor(() => expect(within(scope).getByLabelText(label).querySelector(`option[value="${value}"]`)).not.toBeNull());
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

// (each screen downloads when its route first opens: loaded ahead, with the parts its forms download apart
// (their rules included), so that no test waits for those imports)
beforeAll(() => Promise.all(Object.values(SCREENS).map((load) => load())).then(preloadLazyParts));
afterEach(() => jest.restoreAllMocks());

describe('events', () => {
  it('lists name, dates, status, centre and counts; the delete confirmation names the event', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUp({ 'DELETE /competition/event/delete/3': () => null });
    open('/competition/manage');
    const row = (await screen.findByText('Olympic Tiếng Anh 2026')).closest('tr')!;
    expect(cells(row).slice(0, 6)).toEqual(['Olympic Tiếng Anh 2026', '05/04/2026 – 10/05/2026', 'Đang mở đăng ký', 'Tất cả trung tâm', '2', '40']);
    fireEvent.click(within(row).getByRole('button', { name: 'Xoá' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bạn có chắc chắn muốn xoá cuộc thi “Olympic Tiếng Anh 2026”?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(api.to('DELETE /competition/event/delete/3')).toHaveLength(1));
  });

  it('checks the form before any call: the name, the end not before the start', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUp();
    open('/competition/manage');
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm cuộc thi' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Thêm cuộc thi' });
    fireEvent.change(within(dialog).getByLabelText(/Tên cuộc thi/), { target: { value: '   ' } });
    fireEvent.blur(within(dialog).getByLabelText(/Tên cuộc thi/));
    expect(await within(dialog).findByText('Tên cuộc thi không được để trống')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Tên cuộc thi/), { target: { value: 'Olympic Toán' } });
    fireEvent.change(within(dialog).getByLabelText('Ngày bắt đầu'), { target: { value: '10/05/2026' } });
    fireEvent.change(within(dialog).getByLabelText('Ngày kết thúc'), { target: { value: '05/04/2026' } });
    fireEvent.blur(within(dialog).getByLabelText('Ngày kết thúc'));
    expect(await within(dialog).findByText('Ngày kết thúc phải sau hoặc bằng ngày bắt đầu')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('Ngày kết thúc'), { target: { value: '10/05/2026' } });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(api.to('POST /competition/event/create')).toHaveLength(0);
  });

  it('adds and removes graders, refuses the same teacher twice on a subject, and sends the whole list', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const api = setUp({ 'POST /competition/event/create': ({ body }) => ({ ...EVENT, competition_id: 9, ...(body as object) }) });
    open('/competition/manage');
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm cuộc thi' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Tên cuộc thi/), { target: { value: '  Olympic Toán  ' } });
    expect(within(dialog).getByText('Chưa phân công giáo viên chấm thi.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Thêm phân công chấm thi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thêm phân công chấm thi' }));
    const first = within(dialog).getByRole('group', { name: 'Phân công 1' });
    const second = within(dialog).getByRole('group', { name: 'Phân công 2' });
    await pick(first, /Môn thi/, '1');
    await pick(first, /Giáo viên chấm/, '21');
    await pick(second, /Môn thi/, '1');
    await pick(second, /Giáo viên chấm/, '21');
    fireEvent.blur(within(second).getByLabelText(/Giáo viên chấm/));
    expect(await within(second).findByText('Giáo viên này đã được phân công chấm môn này')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Thêm cuộc thi' });
    expect(submit).toBeDisabled();

    await pick(second, /Giáo viên chấm/, '22');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thêm phân công chấm thi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xoá phân công 3' }));
    expect(within(dialog).queryByRole('group', { name: 'Phân công 3' })).not.toBeInTheDocument();
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /competition/event/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /competition/event/create')[0].body).toEqual({
      name: 'Olympic Toán',
      description: null,
      start_date: null,
      end_date: null,
      status: 1,
      center_id: null,
      graders: [
        { topic_id: 1, user_id: 21 },
        { topic_id: 1, user_id: 22 },
      ],
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã thêm cuộc thi thành công'));
  });

  it("opens an event with its graders; a giáo vụ of a centre is offered only their centre, and reads every centre's events only", async () => {
    signInWith('academic_affair', 'Giáo vụ', [...grant('LearningCompetition', ['GetAll', 'Create', 'Update', 'Delete']), ...grant('LearningCenter', ['GetAll']), ...grant('User', ['GetAll'])], { center_id: 1 });
    const api = setUp({
      'GET /competition/event/list': () => listOf([EVENT, { ...EVENT, competition_id: 4, name: 'Olympic Toán Hà Nội', center_id: 1 }]),
      'PUT /competition/event/update': ({ body }) => body,
    });
    open('/competition/manage');
    const everyCentre = (await screen.findByText('Olympic Tiếng Anh 2026')).closest('tr')!;
    expect(within(everyCentre).queryByRole('button', { name: 'Sửa' })).not.toBeInTheDocument();
    expect(within(everyCentre).queryByRole('button', { name: 'Xoá' })).not.toBeInTheDocument();
    fireEvent.click(within(everyCentre).getByRole('button', { name: 'Xem' }));
    expect(await screen.findByText('Bạn chỉ được quản lý cuộc thi thuộc trung tâm của mình')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Đóng' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const ours = screen.getByText('Olympic Toán Hà Nội').closest('tr')!;
    await waitFor(() => expect(within(ours).getByText('Trung tâm Hà Nội')).toBeInTheDocument());
    fireEvent.click(within(ours).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    const grader = within(dialog).getByRole('group', { name: 'Phân công 1' });
    await waitFor(() => expect(within(grader).getByLabelText(/Giáo viên chấm/)).toHaveValue('21'));
    expect(within(grader).getByLabelText(/Môn thi/)).toHaveValue('1');
    const center = within(dialog).getByLabelText('Trung tâm');
    expect(within(center).getAllByRole('option').map((option) => option.textContent)).toEqual(['Trung tâm Hà Nội']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(api.to('PUT /competition/event/update')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('PUT /competition/event/update')[0].body).toMatchObject({ competition_id: 4, center_id: 1, graders: [{ topic_id: 1, user_id: 21 }] });
  });
});

describe('rounds', () => {
  const round = (extra: Partial<Round>): Round => ({
    round_id: 11,
    competition_id: 3,
    competition_name: 'Olympic Tiếng Anh 2026',
    name: 'Vòng 1',
    order: 1,
    date: '2026-04-05',
    max_score: 100,
    pass_score: 50,
    score_step: 0.25,
    finalized_at: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  });

  it('lists by the event of the URL, which a new round starts on; the pass mark may not pass the maximum', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUp({
      'GET /competition/round/list': () => listOf([round({ finalized_at: '2026-04-05T11:00:00.000Z' }), round({ round_id: 12, name: 'Vòng 2', order: 2 })]),
      'POST /competition/round/create': ({ body }) => round({ round_id: 13, ...(body as object) }),
    });
    open('/competition/round', '?competition_id=3');
    const finalised = (await screen.findByText('Vòng 1')).closest('tr')!;
    expect(api.to('GET /competition/round/list')[0].params).toEqual({ limit: 20, page: 1, competition_id: 3 });
    expect(within(finalised).getByText('Đã chốt điểm 05/04/2026 18:00')).toBeInTheDocument();
    expect(within(finalised).queryByRole('button', { name: 'Sửa' })).not.toBeInTheDocument();
    expect(within(finalised).queryByRole('button', { name: 'Xoá' })).not.toBeInTheDocument();
    const open2 = screen.getByText('Vòng 2').closest('tr')!;
    expect(within(open2).getByText('Đang chấm')).toBeInTheDocument();
    expect(within(open2).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Thêm vòng thi' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/Cuộc thi/)).toHaveValue('3'));
    fireEvent.change(within(dialog).getByLabelText(/Tên vòng thi/), { target: { value: 'Chung kết' } });
    fireEvent.change(within(dialog).getByLabelText(/Thứ tự/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/Điểm tối đa/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/Điểm đạt/), { target: { value: '25' } });
    fireEvent.blur(within(dialog).getByLabelText(/Điểm đạt/));
    expect(await within(dialog).findByText('Điểm đạt từ 0 đến điểm tối đa')).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Thêm vòng thi' });
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/Điểm đạt/), { target: { value: '15' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /competition/round/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /competition/round/create')[0].body).toEqual({ competition_id: 3, name: 'Chung kết', order: 3, date: null, max_score: 20, pass_score: 15, score_step: 0.25 });
  });

  it('the step field: decimals with a comma, a step the maximum is not a multiple of is refused; the list shows them with a comma', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUp({
      'GET /competition/round/list': () => listOf([round({ pass_score: 62.5, score_step: 0.5 })]),
      'POST /competition/round/create': ({ body }) => round({ round_id: 13, ...(body as object) }),
    });
    open('/competition/round', '?competition_id=3');
    const listed = (await screen.findByText('Vòng 1')).closest('tr')!;
    expect(within(listed).getByText('62,5')).toBeInTheDocument();
    expect(within(listed).getByText('0,5')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Thêm vòng thi' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/Cuộc thi/)).toHaveValue('3'));
    expect(within(dialog).getByLabelText(/Bước điểm/)).toHaveValue('0,25');
    fireEvent.change(within(dialog).getByLabelText(/Tên vòng thi/), { target: { value: 'Bán kết' } });
    fireEvent.change(within(dialog).getByLabelText(/Thứ tự/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Điểm tối đa/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/Điểm đạt/), { target: { value: '7,5' } });
    fireEvent.change(within(dialog).getByLabelText(/Bước điểm/), { target: { value: '0,3' } });
    fireEvent.blur(within(dialog).getByLabelText(/Bước điểm/));
    expect(await within(dialog).findByText('Điểm tối đa phải là bội của bước điểm')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Bước điểm/), { target: { value: '0,5' } });
    const submit = within(dialog).getByRole('button', { name: 'Thêm vòng thi' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /competition/round/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /competition/round/create')[0].body).toEqual({ competition_id: 3, name: 'Bán kết', order: 2, date: null, max_score: 10, pass_score: 7.5, score_step: 0.5 });
  });
});

describe('subjects', () => {
  it('a name-only screen: the contract texts, the update names the topic_id', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUp({ 'PUT /competition/topic/update': ({ body }) => body });
    open('/competition/topic');
    const row = (await screen.findByText('Viết')).closest('tr')!;
    expect(screen.queryByRole('columnheader', { name: 'Mô tả' })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Tên môn thi/), { target: { value: ' ' } });
    fireEvent.blur(within(dialog).getByLabelText(/Tên môn thi/));
    expect(await within(dialog).findByText('Tên môn thi không được để trống')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Tên môn thi/), { target: { value: 'Viết luận' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lưu thay đổi' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(api.to('PUT /competition/topic/update')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('PUT /competition/topic/update')[0].body).toEqual({ topic_id: 4, name: 'Viết luận' });
  });
});

describe('examinees', () => {
  const examinee = (extra: Partial<Examinee>): Examinee => ({
    examinee_id: 70,
    competition_id: 3,
    user_id: null,
    user_email: null,
    full_name: 'Hoàng Gia Bảo',
    birth_date: '2014-05-09',
    type_id: 2,
    type_name: 'Lớp 5',
    topic_id: 1,
    topic_name: 'Nghe hiểu',
    candidate_number: '0007',
    school: 'TH Kim Liên',
    contact: '0912000111',
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  });
  const STUDENT = { id: 42, name: 'Nguyễn Văn An', email: 'an@trungtam.vn', type: 'student', birth_year: 2014, birth_month: 3, birth_day: 7 };
  const ROWS = [examinee({}), examinee({ examinee_id: 71, user_id: 42, user_email: 'an@trungtam.vn', full_name: 'Nguyễn Văn An', candidate_number: '0008', school: null, contact: null })];

  function setUpExaminees(extra: Record<string, FakeRoute> = {}) {
    return setUp({
      'GET /competition/examinee/list': () => listOf(ROWS),
      'GET /user/list': ({ params }) => listOf(params.type === 'student' && params.search === 'an' ? [STUDENT] : []),
      'POST /competition/examinee/create': ({ body }) => examinee({ examinee_id: 72, candidate_number: '0009', ...(body as object) }),
      ...extra,
    });
  }

  it('shows the candidate number and whether each is a student or an outside candidate', async () => {
    signInWith('administrator', 'Administrator', []);
    setUpExaminees();
    open('/competition/examinee', '?competition_id=3');
    const outside = (await screen.findByText('Hoàng Gia Bảo')).closest('tr')!;
    await waitFor(() => expect(cells(outside)).toEqual(expect.arrayContaining(['0007', 'Hoàng Gia Bảo', '09/05/2014', 'TH Kim Liên', 'Nghe hiểu', 'Lớp 5', 'Thí sinh tự do', 'Olympic Tiếng Anh 2026'])));
    const student = screen.getByText('Nguyễn Văn An').closest('tr')!;
    expect(cells(student)).toContain('Học viênan@trungtam.vn');

    fireEvent.click(within(outside).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0007')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Số báo danh/ })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Cuộc thi/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Họ và tên/)).toHaveValue('Hoàng Gia Bảo');
  });

  it('a student of the centre: picked from a search, named and dated by the account; only the account is sent', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUpExaminees();
    open('/competition/examinee', '?competition_id=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm thí sinh' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Số báo danh được cấp khi lưu')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Cuộc thi/)).toHaveValue('3'));
    fireEvent.change(within(dialog).getByLabelText(/Tìm học viên/), { target: { value: 'an' } });
    await pick(dialog, /^Học viên\s*\*?$/, '42');
    expect(api.to('GET /user/list').some((call) => call.params.type === 'student' && call.params.search === 'an')).toBe(true);
    const account = within(dialog).getByRole('group', { name: 'Họ tên và ngày sinh lấy theo tài khoản học viên' });
    expect(account).toHaveTextContent('Nguyễn Văn An');
    expect(account).toHaveTextContent('07/03/2014');
    expect(within(dialog).queryByLabelText(/Họ và tên/)).not.toBeInTheDocument();
    await pick(dialog, /^Môn thi/, '4');
    await pick(dialog, /^Nhóm thí sinh/, '2');
    const submit = within(dialog).getByRole('button', { name: 'Thêm thí sinh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /competition/examinee/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /competition/examinee/create')[0].body).toEqual({
      competition_id: 3,
      user_id: 42,
      full_name: null,
      birth_date: null,
      school: null,
      contact: null,
      topic_id: 4,
      type_id: 2,
    });
  });

  it('an outside candidate: the name is required, typed with birth date, school and contact', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUpExaminees();
    open('/competition/examinee', '?competition_id=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm thí sinh' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Thí sinh tự do'));
    const name = await within(dialog).findByLabelText(/Họ và tên/);
    expect(within(dialog).queryByLabelText(/Tìm học viên/)).not.toBeInTheDocument();
    fireEvent.blur(name);
    expect(await within(dialog).findByText('Họ tên thí sinh không được để trống')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: ' Đỗ Khánh Linh ' } });
    fireEvent.change(within(dialog).getByLabelText('Ngày sinh'), { target: { value: '09/05/2014' } });
    fireEvent.change(within(dialog).getByLabelText('Trường'), { target: { value: 'TH Kim Liên' } });
    fireEvent.change(within(dialog).getByLabelText('Liên hệ'), { target: { value: '0912000111' } });
    await pick(dialog, /^Môn thi/, '1');
    await pick(dialog, /^Nhóm thí sinh/, '2');
    const submit = within(dialog).getByRole('button', { name: 'Thêm thí sinh' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /competition/examinee/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /competition/examinee/create')[0].body).toEqual({
      competition_id: 3,
      user_id: null,
      full_name: 'Đỗ Khánh Linh',
      birth_date: '2014-05-09',
      school: 'TH Kim Liên',
      contact: '0912000111',
      topic_id: 1,
      type_id: 2,
    });
  });

  it('an import the API refuses lists every refused row with its reasons and stays open; the fixed file goes in', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    let refuse = true;
    const api = setUpExaminees({
      'POST /competition/examinee/import': () => {
        if (refuse) {
          throw new FakeApiError(400, 'Có 2 dòng bị từ chối: chưa thí sinh nào được nhập', undefined, {
            code: 'IMPORT_REFUSED',
            rows: [
              { row: 3, errors: ['Môn thi không tồn tại', 'Ngày sinh không hợp lệ'] },
              { row: 7, errors: ['Họ tên thí sinh không được để trống'] },
            ],
          });
        }
        return { imported: 12, message: 'Đã nhập 12 thí sinh' };
      },
    });
    open('/competition/examinee', '?competition_id=3');
    await screen.findByText('Hoàng Gia Bảo');
    const listed = api.to('GET /competition/examinee/list').length;
    fireEvent.click(screen.getByRole('button', { name: 'Nhập từ Excel' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/Cuộc thi/)).toHaveValue('3'));
    const file = new File(['xlsx'], 'thi-sinh.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(within(dialog).getByLabelText(/Tệp Excel/), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nhập thí sinh' }));

    const report = await within(dialog).findByRole('table', { name: 'Các dòng bị từ chối' });
    expect(within(dialog).getByText('Có 2 dòng bị từ chối: chưa thí sinh nào được nhập')).toBeInTheDocument();
    expect(within(report).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['3', 'Môn thi không tồn tạiNgày sinh không hợp lệ'],
      ['7', 'Họ tên thí sinh không được để trống'],
    ]);
    const sent = api.to('POST /competition/examinee/import')[0].body as FormData;
    expect(sent.get('competition_id')).toBe('3');
    expect((sent.get('file') as File).name).toBe('thi-sinh.xlsx');
    expect(toasts.titles()).toEqual([]);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nhập thí sinh' }));
    await waitFor(() => expect(toasts.titles()).toContain('Đã nhập 12 thí sinh'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.to('GET /competition/examinee/list').length).toBeGreaterThan(listed));
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = setUpExaminees();
    open('/competition/examinee', '?competition_id=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Nhập từ Excel' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Tệp Excel/), { target: { files: [new File(['a,b'], 'thi-sinh.csv', { type: 'text/csv' })] } });
    expect(await within(dialog).findByText('Tệp không phải là tệp Excel (.xlsx) hợp lệ')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nhập thí sinh' })).toBeDisabled();
    expect(api.to('POST /competition/examinee/import')).toHaveLength(0);
  });

  it("exports one event's examinees with the filters; without an event the export waits for one; a failure toasts", async () => {
    signInWith('academic_affair', 'Giáo vụ', grant('LearningCompetition', ['GetAll', 'Export']));
    const toasts = spyToasts();
    const api = setUpExaminees({
      'GET /competition/examinee/export': () => {
        throw new FakeApiError(500, 'Có lỗi của hệ thống');
      },
    });
    const { unmount } = open('/competition/examinee');
    await screen.findByText('Hoàng Gia Bảo');
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Nhập từ Excel' })).not.toBeInTheDocument();
    unmount();

    open('/competition/examinee', '?competition_id=3&topic_id=1&search=B%E1%BA%A3o');
    await screen.findByText('Hoàng Gia Bảo');
    fireEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(toasts.titles()).toEqual(['Có lỗi với hệ thống, mời bạn thử lại sau']));
    expect(api.to('GET /competition/examinee/export')[0].params).toEqual({ competition_id: 3, topic_id: 1, search: 'Bảo' });
    expect(screen.getByText('Hoàng Gia Bảo')).toBeInTheDocument();
  });
});
