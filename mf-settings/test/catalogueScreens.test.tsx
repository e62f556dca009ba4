/** The settings screens made of kit declarations: what each shows, sends and refuses, as each user sees it. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Room } from '@trungtam/shared/contracts';
import type { Discount } from '@trungtam/shared/contracts/learning';
import { CENTER_TEXT } from '@trungtam/shared/schemas/settings';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { centreRecord, FakeApiError, fakeApi, listOf, renderWithProviders, signInWith, spyToasts } from '@trungtam/shared/testing';
import { useLocation } from '@trungtam/shared/router';
import Area from '../src/Area';
import { SCREENS } from '../src/screens';

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

const HN = { center_id: 1, name: 'Trung tâm Hà Nội', address: null, phone_number: null, status: 1 };
const HCM = { center_id: 2, name: 'Trung tâm TP.HCM', address: null, phone_number: null, status: 1 };
const grant = (resource: PermissionKey['resource'], actions: PermissionKey['action'][]): PermissionKey[] => actions.map((action) => ({ resource, action }));

function open(path: string) {
  return renderWithProviders(
    <>
      <Area path={path} />
      <Location />
    </>,
    { route: path },
  );
}

// (each screen downloads when its route first opens: loaded ahead, so that no test waits for that import)
beforeAll(() => Promise.all(Object.values(SCREENS).map((load) => load())));
afterEach(() => jest.restoreAllMocks());

describe('rooms', () => {
  const ROOMS: Room[] = [{ room_id: 5, center_id: 1, name: 'Phòng 101', room_number: '101', capacity: 20 }];

  it("a giáo vụ of one centre: the centre's name in the table, that centre already chosen in a new room, numbers sent as numbers", async () => {
    signInWith('academic_affair', 'Giáo vụ', grant('LearningRoom', ['GetAll', 'Create', 'Update', 'Delete']), { center_id: 1 });
    const toasts = spyToasts();
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf(ROOMS),
      'POST /learning/room/create': ({ body }) => ({ room_id: 6, ...(body as object) }),
    });
    open('/settings/learning/rooms');
    const row = (await screen.findByText('Phòng 101')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Trung tâm Hà Nội')).toBeInTheDocument());
    expect(within(row).getByText('20 người')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Thêm phòng học' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Trung tâm/) as HTMLSelectElement).value).toBe('1');
    fireEvent.change(within(dialog).getByLabelText(/Tên phòng/), { target: { value: '  Phòng Lab  ' } });
    fireEvent.change(within(dialog).getByLabelText('Sức chứa'), { target: { value: '12' } });
    const submit = within(dialog).getByRole('button', { name: 'Thêm phòng học' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /learning/room/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /learning/room/create')[0].body).toEqual({ center_id: 1, name: 'Phòng Lab', room_number: null, capacity: 12 });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã thêm phòng học thành công'));
  });

  it('refuses a capacity outside 1–1000 in the form, before any call', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ 'GET /learning/center/list': () => listOf([HN, HCM]), 'GET /learning/room/list': () => listOf(ROOMS) });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 101');
    fireEvent.click(screen.getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Sức chứa'), { target: { value: '5000' } });
    fireEvent.blur(within(dialog).getByLabelText('Sức chứa'));
    expect(await within(dialog).findByText('Sức chứa từ 1 đến 1000 người')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lưu thay đổi' })).toBeDisabled();
    expect(api.to('PUT /learning/room/update')).toHaveLength(0);
  });

  it("the API's refusal of a centre gone or out of reach shows under the centre, not as a banner, and the form stays open", async () => {
    signInWith('administrator', 'Administrator', []);
    const outOfReach = 'Trung tâm không tồn tại hoặc ngoài phạm vi của bạn';
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([HN, HCM]),
      'GET /learning/room/list': () => listOf(ROOMS),
      'POST /learning/room/create': () => {
        throw new FakeApiError(400, 'Dữ liệu gửi lên không hợp lệ', { center_id: outOfReach });
      },
    });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 101');
    fireEvent.click(screen.getByRole('button', { name: 'Thêm phòng học' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Trung tâm TP.HCM' })).toBeInTheDocument());
    fireEvent.change(within(dialog).getByLabelText(/Trung tâm/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Tên phòng/), { target: { value: 'Phòng Lab' } });
    const submit = within(dialog).getByRole('button', { name: 'Thêm phòng học' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /learning/room/create')).toHaveLength(1), { timeout: 4000 });
    expect(await within(dialog).findByText(outOfReach)).toBeInTheDocument();
    expect(api.to('POST /learning/room/create')[0].body).toMatchObject({ center_id: 2 });
    expect(within(dialog).getByLabelText(/Trung tâm/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("a delete the API refuses shows the API's reason and keeps the row", async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const reason = 'Phòng học đang được sử dụng (2 lớp học, 8 buổi học sắp tới): không thể xoá';
    fakeApi({
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf(ROOMS),
      'DELETE /learning/room/delete/5': () => {
        throw new FakeApiError(409, reason);
      },
    });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 101');
    // a room's delete can be undone: it goes at once, without a question
    fireEvent.click(screen.getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(toasts.titles()).toContain(reason));
    expect(screen.getByText('Phòng 101')).toBeInTheDocument();
  });

  it('deletes a room at once and offers "Hoàn tác", which restores it', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf(ROOMS),
      'DELETE /learning/room/delete/5': () => ({ result: true }),
      'POST /learning/room/restore': () => ({ succeeded: [5], refused: [] }),
    });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 101');
    fireEvent.click(screen.getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã xoá thành công'));
    const undoable = toasts.last()!;
    expect(undoable).toMatchObject({ duration: 5000, action: { label: 'Hoàn tác' } });
    undoable.action!.onClick!();
    await waitFor(() => expect(api.to('POST /learning/room/restore').map((call) => call.body)).toEqual([{ ids: [5] }]));
  });
});

describe("a room's calendar feed", () => {
  const feedUrl = (token: string) => `http://127.0.0.1:3000/api/v1/calendar/room/5/feed.ics?token=${token}`;

  it('is offered from the row to whoever lists the rooms: the URL of that room, with its QR code', async () => {
    signInWith('academic_affair', 'Giáo vụ', grant('LearningRoom', ['GetAll']), { center_id: 1 });
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf([{ room_id: 5, center_id: 1, name: 'Phòng 101', room_number: '101', capacity: 20 }]),
      'GET /calendar/feed': ({ params }) => ({ kind: 'room', id: Number(params.id), name: 'Phòng 101', url: feedUrl('a'.repeat(32)) }),
    });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 101');
    fireEvent.click(screen.getByRole('button', { name: 'Lịch đăng ký (iCal)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lịch đăng ký (iCal)' });
    expect(dialog).toHaveTextContent('Phòng 101');
    expect(await within(dialog).findByRole('textbox', { name: 'Đường dẫn lịch của phòng' })).toHaveValue(feedUrl('a'.repeat(32)));
    expect(api.to('GET /calendar/feed')[0].search.toString()).toBe('kind=room&id=5');
    expect(await within(dialog).findByRole('img', { name: 'Mã QR của đường dẫn lịch Phòng 101' })).toBeInTheDocument();
  });
});

describe('rooms: bulk actions', () => {
  const page = Array.from({ length: 20 }, (_, i): Room => ({ room_id: i + 1, center_id: 1, name: `Phòng ${i + 1}`, room_number: null, capacity: null }));

  it('deletes the rooms chosen, lists each refusal with its reason and offers "Hoàn tác" for the others', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => listOf(page.slice(0, 3)),
      'POST /learning/room/bulk-delete': () => ({ succeeded: [1, 3], refused: [{ id: 2, reason: 'Phòng học đang được sử dụng (1 lớp học): không thể xoá' }] }),
      'POST /learning/room/restore': () => ({ succeeded: [1, 3], refused: [] }),
    });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 1');
    expect(screen.queryByRole('region', { name: 'Thao tác với các dòng đã chọn' })).toBeNull();
    for (const name of ['Phòng 1', 'Phòng 2', 'Phòng 3']) fireEvent.click(screen.getByRole('checkbox', { name: `Chọn ${name}` }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    expect(within(bar).getByText('Đã chọn 3 phòng học')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' })).toBeChecked();
    // reversible: no question
    fireEvent.click(within(bar).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(api.to('POST /learning/room/bulk-delete').map((call) => call.body)).toEqual([{ ids: [1, 2, 3] }]));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Đã xoá 2 phòng học · 1 dòng bị từ chối')).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Phòng 2: Phòng học đang được sử dụng (1 lớp học): không thể xoá');
    const undoable = toasts.last()!;
    expect(undoable).toMatchObject({ title: 'Đã xoá 2 phòng học · 1 dòng bị từ chối', action: { label: 'Hoàn tác' } });
    undoable.action!.onClick!();
    await waitFor(() => expect(api.to('POST /learning/room/restore').map((call) => call.body)).toEqual([{ ids: [1, 3] }]));
    await waitFor(() => expect(toasts.titles()).toContain('Đã hoàn tác 2 dòng'));
    // the selection is over once the action is done
    expect(screen.queryByRole('region', { name: 'Thao tác với các dòng đã chọn' })).toBeNull();
  });

  it('chooses all the rows matching the filter once the page is chosen, and sends the filter', async () => {
    signInWith('administrator', 'Administrator', []);
    spyToasts();
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([HN]),
      'GET /learning/room/list': () => ({ rows: page, total_rows: 45, total_pages: 3 }),
      'POST /learning/room/bulk-delete': () => ({ succeeded: page.map((room) => room.room_id), refused: [] }),
    });
    renderWithProviders(<Area path="/settings/learning/rooms" />, { route: '/settings/learning/rooms?search=Ph%C3%B2ng' });
    await screen.findByText('Phòng 20');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    expect(within(bar).getByText('Đã chọn 20 phòng học')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Chọn tất cả 45 kết quả' }));
    expect(within(bar).getByText('Đã chọn tất cả 45 phòng học khớp bộ lọc')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(api.to('POST /learning/room/bulk-delete').map((call) => call.body)).toEqual([{ filter: { search: 'Phòng' } }]));
  });

  it('unticking a row after "all matching" goes back to the rows of the page; Bỏ chọn clears', async () => {
    signInWith('administrator', 'Administrator', []);
    fakeApi({ 'GET /learning/center/list': () => listOf([HN]), 'GET /learning/room/list': () => ({ rows: page, total_rows: 45, total_pages: 3 }) });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 20');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Chọn tất cả 45 kết quả' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn Phòng 4' }));
    expect(within(bar).getByText('Đã chọn 19 phòng học')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' })).toHaveProperty('indeterminate', true);
    fireEvent.click(within(bar).getByRole('button', { name: 'Bỏ chọn' }));
    expect(screen.queryByRole('region', { name: 'Thao tác với các dòng đã chọn' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Chọn Phòng 1' })).not.toBeChecked();
  });

  it('offers no checkbox to a user who may not delete rooms', async () => {
    signInWith('academic_affair', 'Giáo vụ', grant('LearningRoom', ['GetAll']), { center_id: 1 });
    fakeApi({ 'GET /learning/center/list': () => listOf([HN]), 'GET /learning/room/list': () => listOf(page.slice(0, 2)) });
    open('/settings/learning/rooms');
    await screen.findByText('Phòng 1');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('centres', () => {
  const CENTRE = centreRecord(1, 'Trung tâm Hà Nội');

  it("edits the centre's rules for lessons and its bank account: the absence rule and the threshold sent as a boolean and a number, the API's limit shown", async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([CENTRE]),
      'PUT /learning/center/update': ({ body }) => ({ ...CENTRE, ...(body as object) }),
    });
    open('/settings/learning/centers');
    const row = (await screen.findByText('Trung tâm Hà Nội')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Sửa/ }));
    const dialog = await screen.findByRole('dialog');
    const threshold = within(dialog).getByLabelText(/Ngưỡng "Sắp hết buổi"/) as HTMLInputElement;
    expect(threshold.value).toBe('2');
    fireEvent.change(threshold, { target: { value: '101' } });
    fireEvent.blur(threshold);
    expect(await within(dialog).findByText('Ngưỡng sắp hết buổi từ 0 đến 100 buổi')).toBeInTheDocument();
    fireEvent.change(threshold, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vắng không phép vẫn tính là một buổi học' }));
    fireEvent.change(within(dialog).getByLabelText(/Ngân hàng nhận chuyển khoản/), { target: { value: '970436' } });
    fireEvent.change(within(dialog).getByLabelText('Số tài khoản'), { target: { value: ' 0071000123456 ' } });
    fireEvent.change(within(dialog).getByLabelText(/Buổi học của đơn gia hạn/), { target: { value: 'order' } });
    const submit = within(dialog).getByRole('button', { name: 'Lưu thay đổi' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('PUT /learning/center/update')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('PUT /learning/center/update')[0].body).toEqual({
      center_id: 1,
      name: 'Trung tâm Hà Nội',
      address: null,
      phone_number: null,
      status: 1,
      absence_costs_lesson: true,
      low_balance_threshold: 3,
      payment_due_days: 7,
      renewal_lessons_on: 'order',
      bank_bin: '970436',
      bank_account_number: '0071000123456',
      bank_account_name: null,
      // the messages to families, as the centre had them
      payment_reminder_days: 3,
      overdue_notice: true,
      session_reminder: false,
    });
  });

  it("edits what the centre's families are told: the days of the payment reminder (0: none) within the API's limit, the overdue notice and the session reminder", async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /learning/center/list': () => listOf([CENTRE]),
      'PUT /learning/center/update': ({ body }) => ({ ...CENTRE, ...(body as object) }),
    });
    open('/settings/learning/centers');
    const row = (await screen.findByText('Trung tâm Hà Nội')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Sửa/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tin gửi phụ huynh')).toBeInTheDocument();
    const days = within(dialog).getByLabelText(/Nhắc học phí trước hạn \(ngày\)/) as HTMLInputElement;
    expect(days.value).toBe('3');
    fireEvent.change(days, { target: { value: '31' } });
    fireEvent.blur(days);
    expect(await within(dialog).findByText(CENTER_TEXT.paymentReminderDays)).toBeInTheDocument();
    fireEvent.change(days, { target: { value: '0' } });
    const overdue = within(dialog).getByRole('checkbox', { name: 'Báo phụ huynh khi quá hạn học phí' });
    expect(overdue).toBeChecked();
    fireEvent.click(overdue);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Nhắc lịch học hôm trước' }));
    const submit = within(dialog).getByRole('button', { name: 'Lưu thay đổi' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('PUT /learning/center/update')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('PUT /learning/center/update')[0].body).toMatchObject({ center_id: 1, payment_reminder_days: 0, overdue_notice: false, session_reminder: true });
  });
});

describe('discounts', () => {
  const DISCOUNTS: Discount[] = [
    { discount_id: 2, name: 'Giảm 5% học viên cũ', discount_percent: 5, status: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
    { discount_id: 1, name: 'Không khuyến mại', discount_percent: 0, status: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
  ];

  it("lists with page 1, limit 100, by discount_id DESC, and a header sorts: ascending, then descending, kept in the URL", async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ 'GET /discounts': () => listOf(DISCOUNTS) });
    open('/settings/product/discount');
    await screen.findByText('Giảm 5% học viên cũ');
    expect(api.to('GET /discounts')[0].params).toEqual({ page: 1, limit: 100, sort_column: 'discount_id', sort_type: 'DESC' });

    const header = screen.getByRole('columnheader', { name: /Phần trăm giảm/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?sort=discount_percent&order=ASC'));
    await waitFor(() => expect(api.to('GET /discounts').at(-1)!.params).toMatchObject({ sort_column: 'discount_percent', sort_type: 'ASC' }));
    expect(screen.getByRole('columnheader', { name: /Phần trăm giảm/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Phần trăm giảm/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?sort=discount_percent&order=DESC'));
  });

  it('edits: PUT /discounts with the id and the percent as numbers', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ 'GET /discounts': () => listOf(DISCOUNTS), 'PUT /discounts': ({ body }) => body });
    open('/settings/product/discount');
    const row = (await screen.findByText('Giảm 5% học viên cũ')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Phần trăm giảm/), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(api.to('PUT /discounts')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('PUT /discounts')[0].body).toEqual({ discount_id: 2, name: 'Giảm 5% học viên cũ', discount_percent: 7, status: 1 });
  });

  it('a role that may only list sees no add, edit or delete', async () => {
    signInWith('academic_affair', 'Giáo vụ', grant('ProductDiscount', ['GetAll', 'GetOne']));
    fakeApi({ 'GET /discounts': () => listOf(DISCOUNTS) });
    open('/settings/product/discount');
    await screen.findByText('Giảm 5% học viên cũ');
    expect(screen.queryByRole('button', { name: 'Thêm khuyến mại' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sửa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xoá' })).not.toBeInTheDocument();
  });
});

describe('the course catalogue settings', () => {
  it.each([
    ['/settings/product/product-types', '/product/product-type/list', 'Loại sản phẩm', 'Thêm loại sản phẩm'],
    ['/settings/product/vendors', '/product/vendor/list', 'Hình thức học', 'Thêm hình thức học'],
    ['/settings/product/variant-groups', '/product/variant-group/list', 'Nhóm thuộc tính', 'Thêm nhóm thuộc tính'],
  ])('%s lists over %s', async (path, list, title, add) => {
    signInWith('administrator', 'Administrator', []);
    fakeApi({ [`GET ${list}`]: () => listOf([{ id: 1, name: 'Mục một', description: 'Mô tả một' }]) });
    open(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByText('Mục một')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: add })).toBeInTheDocument();
  });

  it('variants: the group is named in the table and must be chosen in the form', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({
      'GET /product/variant-group/list': () => listOf([{ id: 3, name: 'Trình độ' }]),
      'GET /product/variant/list': () => listOf([{ id: 9, variant_group_id: 3, name: 'Cơ bản' }]),
      'POST /product/variant/create': ({ body }) => ({ id: 10, ...(body as object) }),
    });
    open('/settings/product/variants');
    const row = (await screen.findByText('Cơ bản')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Trình độ')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Thêm thuộc tính' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Tên thuộc tính/), { target: { value: 'Nâng cao' } });
    fireEvent.blur(within(dialog).getByLabelText(/Nhóm thuộc tính/));
    expect(await within(dialog).findByText('Nhóm thuộc tính cần được chọn')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Nhóm thuộc tính/), { target: { value: '3' } });
    const submit = within(dialog).getByRole('button', { name: 'Thêm thuộc tính' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /product/variant/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /product/variant/create')[0].body).toEqual({ variant_group_id: 3, name: 'Nâng cao' });
  });
});

describe('variant groups and variants: delete and undo', () => {
  const GROUPS = [
    { id: 3, name: 'Trình độ' },
    { id: 4, name: 'Thời lượng' },
  ];
  const VARIANTS = [
    { id: 9, variant_group_id: 3, name: 'Cơ bản' },
    { id: 10, variant_group_id: 3, name: 'Nâng cao' },
  ];

  it('deletes a group at once and offers "Hoàn tác", which restores it; the variants lists are read again after each', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    let deleted = false;
    const api = fakeApi({
      'GET /product/variant-group/list': () => listOf(deleted ? GROUPS.slice(1) : GROUPS),
      'DELETE /product/variant-group/delete/3': () => {
        deleted = true;
        return { result: true };
      },
      'POST /product/variant-group/restore': () => {
        deleted = false;
        return { succeeded: [3], refused: [] };
      },
    });
    const { queryClient } = open('/settings/product/variant-groups');
    // a variants list read earlier (the variants screen's): the group's delete took variants with it
    const variantsList = ['variants', 'list', { page: 1 }];
    queryClient.setQueryData(variantsList, listOf(VARIANTS));
    const row = (await screen.findByText('Trình độ')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã xoá thành công'));
    await waitFor(() => expect(screen.queryByText('Trình độ')).not.toBeInTheDocument());
    expect(queryClient.getQueryState(variantsList)?.isInvalidated).toBe(true);
    const undoable = toasts.last()!;
    expect(undoable).toMatchObject({ duration: 5000, action: { label: 'Hoàn tác' } });
    undoable.action!.onClick!();
    await waitFor(() => expect(api.to('POST /product/variant-group/restore').map((call) => call.body)).toEqual([{ ids: [3] }]));
    expect(await screen.findByText('Trình độ')).toBeInTheDocument();
  });

  it('deletes the groups chosen from the bulk bar, with "Hoàn tác" for them', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const api = fakeApi({
      'GET /product/variant-group/list': () => listOf(GROUPS),
      'POST /product/variant-group/bulk-delete': () => ({ succeeded: [3, 4], refused: [] }),
      'POST /product/variant-group/restore': () => ({ succeeded: [3, 4], refused: [] }),
    });
    open('/settings/product/variant-groups');
    await screen.findByText('Trình độ');
    for (const name of ['Trình độ', 'Thời lượng']) fireEvent.click(screen.getByRole('checkbox', { name: `Chọn ${name}` }));
    const bar = screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' });
    expect(within(bar).getByText('Đã chọn 2 nhóm thuộc tính')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(api.to('POST /product/variant-group/bulk-delete').map((call) => call.body)).toEqual([{ ids: [3, 4] }]));
    await waitFor(() => expect(toasts.titles()).toContain('Đã xoá 2 nhóm thuộc tính'));
    toasts.last()!.action!.onClick!();
    await waitFor(() => expect(api.to('POST /product/variant-group/restore').map((call) => call.body)).toEqual([{ ids: [3, 4] }]));
  });

  it('deletes variants chosen or one at once; an undo the API refuses says why', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const reason = 'Nhóm thuộc tính của thuộc tính này đã bị xoá: hãy khôi phục nhóm trước';
    const api = fakeApi({
      'GET /product/variant-group/list': () => listOf(GROUPS),
      'GET /product/variant/list': () => listOf(VARIANTS),
      'POST /product/variant/bulk-delete': () => ({ succeeded: [9, 10], refused: [] }),
      'DELETE /product/variant/delete/9': () => ({ result: true }),
      'POST /product/variant/restore': () => ({ succeeded: [], refused: [{ id: 9, reason }] }),
    });
    open('/settings/product/variants');
    const row = (await screen.findByText('Cơ bản')).closest('tr')!;
    for (const name of ['Cơ bản', 'Nâng cao']) fireEvent.click(screen.getByRole('checkbox', { name: `Chọn ${name}` }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' })).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(api.to('POST /product/variant/bulk-delete').map((call) => call.body)).toEqual([{ ids: [9, 10] }]));
    await waitFor(() => expect(toasts.titles()).toContain('Đã xoá 2 thuộc tính'));

    fireEvent.click(within(row).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(api.to('DELETE /product/variant/delete/9')).toHaveLength(1));
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã xoá thành công'));
    toasts.last()!.action!.onClick!();
    await waitFor(() => expect(api.to('POST /product/variant/restore').map((call) => call.body)).toEqual([{ ids: [9] }]));
    await waitFor(() => expect(toasts.last()).toMatchObject({ type: 'error', title: reason }));
  });
});
