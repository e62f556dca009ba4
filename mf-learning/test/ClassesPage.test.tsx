/**
 * The classes list as each user sees it: a row names its teacher, room, centre and course from the list's
 * own answer, and the screen asks only for the lookups its user may read (a teacher or a student none:
 * no refused call), offering only the filters it has data for.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LearningClass } from '@trungtam/shared/contracts/learning';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { fakeApi, listOf, renderWithProviders, signInWith, signOut } from '@trungtam/shared/testing';
import { useLocation } from '@trungtam/shared/router';
import Area from '../src/Area';
// (the feed's dialog, whose code the page downloads apart: imported here, the tests have it at once)
import { CALENDAR_FEED_DIALOG_TEXTS as FEED } from '@trungtam/shared/resource';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const CLASS: LearningClass = {
  class_id: 9,
  class_name: 'IELTS-HN-02 Luyện thi 6.5',
  class_type: 'collective',
  teacher_id: 3,
  academic_affair_id: 2,
  center_id: 1,
  room_id: 4,
  product_id: 5,
  product_item_id: 8,
  teacher_salary: 250_000,
  start_date: '2026-11-02',
  class_schedule: '[{"weekday":2,"hour":19,"minute":0,"duration":90}]',
  capacity: null,
  status: 1,
  created_at: '2026-10-20T02:00:00.000Z',
  updated_at: '2026-10-20T02:00:00.000Z',
  teacher: { id: 3, name: 'Nguyễn Minh Tuấn' },
  room: { room_id: 4, name: 'Phòng 101', room_number: '101', center: { center_id: 1, name: 'Trung tâm Hà Nội' } },
  product_item: { product_item_id: 8, name: 'Gói 36 buổi', total_lesson: 36, price: 10_500_000, product: { product_id: 5, name: 'IELTS', discount_ids: [1] } },
};

const READ_CLASSES: PermissionKey[] = [{ resource: 'LearningClass', action: 'GetAll' }, { resource: 'LearningClass', action: 'GetOne' }];

async function openList() {
  renderWithProviders(<Area path="/learning/classes" />, { route: '/learning/classes' });
  const table = await screen.findByRole('table', { name: 'Danh sách lớp học' });
  return within(table).findByRole('row', { name: new RegExp(CLASS.class_name) });
}

describe('the classes list', () => {
  it.each([
    ['teacher', 'Giáo viên'],
    ['student', 'Học viên'],
  ] as const)("a %s sees the teacher's name, the room, centre and course, and the page asks for nothing it may not read", async (type, role) => {
    signInWith(type, role, READ_CLASSES);
    const api = fakeApi({ 'GET /learning/class/list': () => listOf([CLASS]) });
    const row = await openList();
    expect(row).toHaveTextContent('Nguyễn Minh Tuấn');
    expect(row).not.toHaveTextContent('#3');
    expect(row).toHaveTextContent('Trung tâm Hà Nội · Phòng 101');
    expect(row).toHaveTextContent('IELTS (36 buổi)');
    expect(api.to('GET /learning/class/list')[0].params.relationships).toEqual(['room', 'product_item', 'teacher']);
    // every call made is the list's (or its saved views', which every signed-in user may read): no lookup of
    // accounts, centres, rooms or courses (each would be a 403)
    const calls = () => api.calls.map((call) => `${call.method} ${call.url}`).filter((call) => call !== 'GET /saved-view/list');
    await waitFor(() => expect(calls()).toEqual(calls().map(() => 'GET /learning/class/list')));

    // the filters offered are those with data: name and type
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    expect(await screen.findByLabelText('Tìm theo tên lớp')).toBeInTheDocument();
    expect(screen.getByLabelText('Loại lớp')).toBeInTheDocument();
    for (const label of ['Giáo viên', 'Khoá học', 'Trung tâm']) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
  });

  it('staff who may read the lookups get them and the filters they feed', async () => {
    signInWith('academic_affair', 'Giáo vụ', [
      ...READ_CLASSES,
      ...(['User', 'LearningCenter', 'LearningRoom', 'Product'] as const).map((resource) => ({ resource, action: 'GetAll' as const })),
    ]);
    const api = fakeApi({
      'GET /learning/class/list': () => listOf([CLASS]),
      'GET /learning/center/list': () => listOf([{ center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 }]),
      'GET /learning/room/list': () => listOf([{ room_id: 4, center_id: 1, name: 'Phòng 101', room_number: '101', capacity: 20 }]),
      'GET /user/list': ({ params }) => listOf(params.type === 'teacher' ? [{ id: 3, name: 'Nguyễn Minh Tuấn', type: 'teacher', center_id: 1 }] : []),
      'GET /product/list': () => listOf([{ product_id: 5, name: 'IELTS', items: [] }]),
    });
    expect(await openList()).toHaveTextContent('Nguyễn Minh Tuấn');
    await waitFor(() => expect(api.to('GET /user/list').map((call) => call.params.type).sort()).toEqual(['academic_affair', 'teacher']));
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    const teacher = await screen.findByLabelText('Giáo viên');
    await waitFor(() => expect(within(teacher).getByRole('option', { name: 'Nguyễn Minh Tuấn' })).toBeInTheDocument());
    expect(screen.getByLabelText('Khoá học')).toBeInTheDocument();
    expect(screen.getByLabelText('Trung tâm')).toBeInTheDocument();
  });
});

describe("a class's calendar feed", () => {
  const feedUrl = (token: string) => `http://127.0.0.1:3000/api/v1/calendar/class/9/feed.ics?token=${token}`;

  it('is offered from the row to whoever may read the class: its URL and QR code, and a new URL once confirmed', async () => {
    signInWith('academic_affair', 'Giáo vụ', READ_CLASSES);
    const api = fakeApi({
      'GET /learning/class/list': () => listOf([CLASS]),
      'GET /calendar/feed': ({ params }) => ({ kind: 'class', id: Number(params.id), name: CLASS.class_name, url: feedUrl('a'.repeat(32)) }),
      'POST /calendar/feed/rotate': () => ({ kind: 'class', id: 9, name: CLASS.class_name, url: feedUrl('b'.repeat(32)) }),
    });
    const row = await openList();
    fireEvent.click(within(row).getByRole('button', { name: FEED.title }));
    const dialog = await screen.findByRole('dialog', { name: FEED.title });
    expect(dialog).toHaveTextContent(CLASS.class_name);
    const field = await within(dialog).findByRole('textbox', { name: 'Đường dẫn lịch của lớp' });
    expect(field).toHaveValue(feedUrl('a'.repeat(32)));
    expect(api.to('GET /calendar/feed')[0].search.toString()).toBe('kind=class&id=9');
    expect(await within(dialog).findByRole('img', { name: `Mã QR của đường dẫn lịch lớp ${CLASS.class_name}` })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Đường dẫn cũ sẽ ngừng hoạt động ngay');
    expect(api.to('POST /calendar/feed/rotate')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    await waitFor(() => expect(field).toHaveValue(feedUrl('b'.repeat(32))));
    expect(api.to('POST /calendar/feed/rotate').map((call) => call.body)).toEqual([{ kind: 'class', id: 9 }]);
  });

  it('is not offered without the right to read a class', async () => {
    signInWith('teacher', 'Giáo viên', [{ resource: 'LearningClass', action: 'GetAll' }]);
    fakeApi({ 'GET /learning/class/list': () => listOf([CLASS]) });
    const row = await openList();
    expect(within(row).queryByRole('button', { name: FEED.title })).toBeNull();
  });
});

describe("a class's sessions", () => {
  function Location() {
    return <div data-testid="location">{`${useLocation().pathname}${useLocation().search}`}</div>;
  }

  it('open from the row on the schedules screen, where each session has its "Dạy thay", for whoever may list sessions', async () => {
    signInWith('academic_affair', 'Giáo vụ', [...READ_CLASSES, { resource: 'LearningClassSchedule', action: 'GetAll' }]);
    fakeApi({ 'GET /learning/class/list': () => listOf([CLASS]) });
    renderWithProviders(
      <>
        <Area path="/learning/classes" />
        <Location />
      </>,
      { route: '/learning/classes' },
    );
    const table = await screen.findByRole('table', { name: 'Danh sách lớp học' });
    const row = await within(table).findByRole('row', { name: new RegExp(CLASS.class_name) });
    fireEvent.click(await within(row).findByRole('button', { name: /Buổi học của lớp/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/learning/schedules?view=list&class_id=9'));
  });

  it('are not offered without the right to list sessions', async () => {
    signInWith('academic_affair', 'Giáo vụ', READ_CLASSES);
    fakeApi({ 'GET /learning/class/list': () => listOf([CLASS]) });
    const row = await openList();
    expect(within(row).queryByRole('button', { name: /Buổi học của lớp/ })).toBeNull();
  });
});
