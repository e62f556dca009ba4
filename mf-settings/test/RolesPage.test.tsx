/** The roles screen: the list, the form with the matrix (ids sent as integers), the Administrator row's rules, refusals. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@trungtam/shared/contracts';
import { PERMISSION_CATALOGUE, type Action, type PermissionResource } from '@trungtam/shared/permissions';
import { fakeApi, listOf, ok, renderWithProviders, reply, signInWith, spyToasts } from '@trungtam/shared/testing';
import { RolesPage } from '../src/features/roles/RolesPage';


const perm = (resource: PermissionResource, action: Action) => PERMISSION_CATALOGUE.find((p) => p.resource === resource && p.action === action)!;

const ADMIN_ROLE: Role = { id: 1, name: 'Administrator', guard_name: 'administrator', permissions: [...PERMISSION_CATALOGUE], users_count: 1 };
const TEACHER_ROLE: Role = {
  id: 3,
  name: 'Giáo viên',
  guard_name: 'teacher',
  permissions: [perm('LearningClass', 'GetAll'), perm('LearningClass', 'GetOne')],
  users_count: 12,
};
const SPARE_ROLE: Role = { id: 7, name: 'Trợ giảng', guard_name: 'teacher', permissions: [], users_count: 0 };

let api: ReturnType<typeof fakeApi>;
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

function setUp({ route = '/settings/roles', roleActions = null as Action[] | null } = {}) {
  // null: the Administrator (every check passes); else a giáo vụ whose role grants these System actions
  if (roleActions) signInWith('academic_affair', 'Giáo vụ quyền', roleActions.map((action) => ({ resource: 'System' as const, action })));
  else signInWith('administrator', 'Administrator', []);
  let rows = [SPARE_ROLE, TEACHER_ROLE, ADMIN_ROLE];
  api = fakeApi({
    'GET /system/role/list': () => ok(listOf(rows)),
    'POST /system/role/create': ({ body }) => {
      const sent = body as { name: string; guard_name: Role['guard_name']; permissions: Array<{ id: number }> };
      const created: Role = { id: 9, name: sent.name, guard_name: sent.guard_name, permissions: PERMISSION_CATALOGUE.filter((p) => sent.permissions.some((s) => s.id === p.id)), users_count: 0 };
      rows = [created, ...rows];
      return reply(201, { data: created });
    },
    'PUT /system/role/update': ({ body }) => body,
    'DELETE /system/role/delete/3': reply(409, { error: { code: 'CONFLICT', message: 'Quyền đang được 12 tài khoản sử dụng: không thể xoá' } }),
  });
  const toasts = spyToasts();
  renderWithProviders(<RolesPage />, { route });
  return { toasts };
}

/** The table row whose first cell (the role's name) is `name`. */
async function rowOf(name: string): Promise<HTMLElement> {
  await screen.findAllByRole('cell', { name });
  const row = screen.getAllByRole('row').find((tr) => tr.querySelector('td')?.textContent === name);
  if (!row) throw new Error(`no row ${name}`);
  return row;
}
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('RolesPage', () => {
  it('lists roles with their account type, number of permissions and accounts, 20 a page, filtered from the URL', async () => {
    setUp({ route: '/settings/roles?guard_name=teacher&search=gi' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Tên quyền↕', 'Loại tài khoản↕', 'Số quyền', 'Số tài khoản', 'Thao tác']);
    expect(cellTexts(await rowOf('Giáo viên')).slice(0, 4)).toEqual(['Giáo viên', 'Giáo viên', '2', '12']);
    expect(cellTexts(await rowOf('Trợ giảng')).slice(0, 4)).toEqual(['Trợ giảng', 'Giáo viên', '0', '0']);
    expect(cellTexts(await rowOf('Administrator')).slice(0, 4)).toEqual(['Administrator', 'Quản trị viên', 'Toàn quyền', '1']);
    expect(screen.getByText('3 quyền tài khoản')).toBeInTheDocument();
    const search = api.to('GET /system/role/list')[0].search;
    expect(Object.fromEntries(search)).toEqual({ limit: '20', page: '1', sort_column: 'id', sort_type: 'DESC', relationships: 'permissions', search: 'gi', guard_name: 'teacher' });

    fireEvent.click(screen.getByRole('button', { name: 'Tên quyền' }));
    await waitFor(() => expect(api.to('GET /system/role/list').at(-1)!.search.get('sort_column')).toBe('name'));
    expect(api.to('GET /system/role/list').at(-1)!.search.get('sort_type')).toBe('ASC');
  });

  it('creates a role from the matrix, sending permission ids as integers', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm quyền' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm quyền tài khoản' });
    fireEvent.change(within(dialog).getByLabelText(/Tên quyền/), { target: { value: '  Trợ giảng chính  ' } });
    fireEvent.change(within(dialog).getByLabelText(/Loại tài khoản/), { target: { value: 'academic_affair' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lịch học — Tất cả thao tác' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lịch học — Xoá' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Hệ thống — Xem nhật ký hệ thống' }));
    const submit = within(dialog).getByRole('button', { name: 'Thêm quyền' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    await waitFor(() => expect(api.to('POST /system/role/create')).toHaveLength(1), { timeout: 3000 });
    const body = api.to('POST /system/role/create')[0].body as { name: string; guard_name: string; permissions: Array<{ id: unknown }> };
    const schedule = PERMISSION_CATALOGUE.filter((p) => p.resource === 'LearningClassSchedule' && p.action !== 'Delete').map((p) => p.id);
    expect(body).toEqual({ name: 'Trợ giảng chính', guard_name: 'academic_affair', permissions: [...schedule, perm('System', 'GetAuditLog').id].map((id) => ({ id })) });
    for (const { id } of body.permissions) expect(Number.isInteger(id)).toBe(true);
    expect(await screen.findByRole('cell', { name: 'Trợ giảng chính' })).toBeInTheDocument();
  });

  it('says what is wrong with the name, in Vietnamese', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Thêm quyền' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Tên quyền/);
    fireEvent.blur(name);
    expect(await within(dialog).findByText('Tên quyền không được để trống')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    expect(await within(dialog).findByText('Tên quyền dài nhất là 100 kí tự')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Thêm quyền' })).toBeDisabled();
  });

  it('shows the Administrator role read-only, with the reason, and never offers to delete it', async () => {
    setUp();
    const admin = await rowOf('Administrator');
    expect(within(admin).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(within(admin).queryByRole('button', { name: 'Xoá' })).toBeNull();
    const other = await rowOf('Trợ giảng');
    expect(within(other).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Xoá' })).toBeInTheDocument();

    fireEvent.click(within(admin).getByRole('button', { name: 'Xem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xem quyền tài khoản' });
    expect(within(dialog).getByText(/Quyền Administrator luôn có mọi quyền: không thể đổi tên/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Tên quyền/)).toHaveValue('Administrator');
    expect(within(dialog).getByLabelText(/Tên quyền/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Loại tài khoản/)).toBeDisabled();
    const cell = within(dialog).getByRole('checkbox', { name: 'Tài khoản — Xoá' });
    expect(cell).toBeChecked();
    expect(cell).toBeDisabled();
    fireEvent.click(cell);
    expect(cell).toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Lưu thay đổi' })).toBeNull();
    expect(api.to('PUT /system/role/update')).toHaveLength(0);
  });

  it('edits a role: its permissions in the matrix, its type locked while accounts use it', async () => {
    setUp();
    fireEvent.click(within(await rowOf('Giáo viên')).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa quyền tài khoản' });
    expect(within(dialog).getByRole('checkbox', { name: 'Lớp học — Xem danh sách' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Lớp học — Tất cả thao tác' })).toBePartiallyChecked();
    expect(within(dialog).getByLabelText(/Loại tài khoản/)).toBeDisabled();
    expect(within(dialog).getByText('Quyền đang được 12 tài khoản sử dụng: không đổi được loại tài khoản')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lớp học — Xem chi tiết' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(api.to('PUT /system/role/update')).toHaveLength(1), { timeout: 3000 });
    expect(api.to('PUT /system/role/update')[0].body).toEqual({ id: 3, name: 'Giáo viên', guard_name: 'teacher', permissions: [{ id: perm('LearningClass', 'GetAll').id }] });
  });

  it('shows the API’s reason, with the number of accounts, when a role in use cannot be deleted', async () => {
    const { toasts } = setUp();
    fireEvent.click(within(await rowOf('Giáo viên')).getByRole('button', { name: 'Xoá' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(toasts.titles()).toContain('Quyền đang được 12 tài khoản sử dụng: không thể xoá'));
  });

  it('offers only what the role grants: CreateRole, UpdateRole, DeleteRole', async () => {
    setUp({ roleActions: ['GetAllRole', 'UpdateRole'] });
    const spare = await rowOf('Trợ giảng');
    expect(screen.queryByRole('button', { name: 'Thêm quyền' })).toBeNull();
    expect(within(spare).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(within(spare).queryByRole('button', { name: 'Xoá' })).toBeNull();
    // a role of the administrator type is the administrator's: read-only for a giáo vụ
    const admin = await rowOf('Administrator');
    expect(within(admin).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(within(admin).getByRole('button', { name: 'Xem' })).toBeInTheDocument();
  });
});
