/** The audit-log screen: who, what, when, where; the before / after difference; filters in the URL; read-only. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUDIT_ACTIONS, AUDIT_OWN_RESOURCES, type AuditLogEntry, type User } from '@trungtam/shared/contracts';
import { PERMISSION_RESOURCES } from '@trungtam/shared/permissions';
import { fakeApi, listOf, ok, renderWithProviders, signInWith } from '@trungtam/shared/testing';
import { useLocation } from '@trungtam/shared/router';
import { AuditLogPage } from '../src/features/audit-log/AuditLogPage';
import { auditDiff, formatAuditValue } from '../src/features/audit-log/auditDiff';
import { actionLabel, resourceLabel } from '../src/features/audit-log/auditLabels';


const entry = (over: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: 1, actor_id: 1, actor_name: 'Quản trị viên', action: 'update', resource: 'Role', resource_id: '7', before: null, after: null, ip: '10.0.0.5', created_at: '2026-03-01T17:30:00.000Z', ...over,
});

const ENTRIES: AuditLogEntry[] = [
  entry({
    id: 40,
    before: { id: 7, name: 'Trợ giảng', guard_name: 'teacher', permissions: [25, 26] },
    after: { id: 7, name: 'Trợ giảng chính', guard_name: 'teacher', permissions: [25] },
  }),
  entry({ id: 39, action: 'create', resource: 'Center', resource_id: '4', after: { center_id: 4, name: 'Cơ sở Long Biên', address: null, status: 1 }, created_at: '2026-03-01T03:04:05.000Z' }),
  entry({ id: 38, action: 'delete', resource: 'User', resource_id: '12', actor_id: 5, actor_name: 'Trần Thu Hà', before: { id: 12, name: 'Học viên cũ', email: 'cu@trungtam.vn' } }),
  entry({ id: 36, action: 'notification.send', resource: 'Notification', resource_id: '3', after: { recipient_count: 12 } }),
  entry({ id: 35, action: 'promote', resource: 'RemoteArea', resource_id: 'competition' }),
  entry({ id: 37, action: 'login.failed', resource: 'User', resource_id: null, actor_id: null, actor_name: null, after: { reason: 'wrong_password' }, ip: '203.0.113.9' }),
];

const staff = (id: number, name: string, type: User['type']) => ({ id, name, type }) as User;

let api: ReturnType<typeof fakeApi>;
afterEach(() => api?.restore());

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

function setUp(route = '/settings/audit-log') {
  // the Administrator: every permission, System Delete included
  signInWith('administrator', 'Administrator', []);
  api = fakeApi({
    'GET /system/audit-log/list': () => ok(listOf(ENTRIES)),
    'GET /user/list': ({ search }) => ok(listOf(search.get('type') === 'administrator' ? [staff(1, 'Quản trị viên', 'administrator')] : [staff(5, 'Trần Thu Hà', 'academic_affair')])),
  });
  renderWithProviders(
    <>
      <AuditLogPage />
      <Location />
    </>,
    { route },
  );
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr')!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('audit labels', () => {
  it('give every action and every resource of the catalogue a Vietnamese label, never the raw key', () => {
    expect(AUDIT_ACTIONS.filter((action) => actionLabel(action) === action)).toEqual([]);
    expect([...PERMISSION_RESOURCES, ...AUDIT_OWN_RESOURCES].filter((resource) => resourceLabel(resource) === resource)).toEqual([]);
  });
});

describe('AuditLogPage', () => {
  it('lists newest first: when on the operator’s clock, who, what and from where; never offers a write', async () => {
    setUp();
    expect(cells(await rowOf('Sửa · Quyền tài khoản #7'))).toEqual(['02/03/2026 24:30:00', 'Quản trị viên (#1)', 'Sửa · Quyền tài khoản #7', '10.0.0.5', 'Xem thay đổi']);
    expect(cells(await rowOf('Thêm · Trung tâm #4'))[0]).toBe('01/03/2026 10:04:05');
    expect(cells(await rowOf('Đăng nhập thất bại · Tài khoản'))[1]).toBe('Hệ thống');
    // every action and resource by its label, an area by its name on the screens
    expect(await rowOf('Gửi thông báo · Thông báo #3')).toBeTruthy();
    expect(await rowOf('Đưa lên ổn định · Khu vực Cuộc thi')).toBeTruthy();
    expect(screen.queryByText(/notification\.send|competition/)).toBeNull();
    expect(Object.fromEntries(api.to('GET /system/audit-log/list')[0].search)).toEqual({ limit: '20', page: '1', sort_column: 'id', sort_type: 'DESC' });
    // read-only, though the Administrator holds System Create and Delete
    expect(screen.queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Thêm/ })).toBeNull();
  });

  it('opens an update to the changed fields only, before and after', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Xem thay đổi của nhật ký #40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chi tiết nhật ký #40' });
    expect(within(dialog).getByText('Quản trị viên (#1)')).toBeInTheDocument();
    expect(within(dialog).getByText('10.0.0.5')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Các trường đã thay đổi' });
    const rows = within(table).getAllByRole('row').slice(1).map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Tênname', 'Trợ giảng', 'Trợ giảng chính'],
      ['Quyền (id)permissions', '[25,26]', '[25]'],
    ]);
  });

  it('opens a creation to every field after it, and a deletion to every field before it', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Xem thay đổi của nhật ký #39' }));
    let dialog = await screen.findByRole('dialog', { name: 'Chi tiết nhật ký #39' });
    let table = within(dialog).getByRole('table', { name: 'Dữ liệu sau thao tác' });
    expect(within(table).getAllByRole('row').slice(1).map((tr) => tr.lastElementChild!.textContent)).toEqual(['4', 'Cơ sở Long Biên', '(trống)', '1']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Xem thay đổi của nhật ký #38' }));
    dialog = await screen.findByRole('dialog', { name: 'Chi tiết nhật ký #38' });
    table = within(dialog).getByRole('table', { name: 'Dữ liệu trước thao tác' });
    expect(within(table).getAllByRole('row').slice(1).map((tr) => tr.lastElementChild!.textContent)).toEqual(['12', 'Học viên cũ', 'cu@trungtam.vn']);
    expect(within(dialog).getByText('Trần Thu Hà (#5)')).toBeInTheDocument();
  });

  it('reads its filters from the URL and sends them, the date range as created_at twice on the operator’s days', async () => {
    setUp('/settings/audit-log?actor_id=5&resource=Role&action=update&from=2026-03-01&to=2026-03-02&search=10.0');
    await screen.findAllByRole('cell');
    const search = api.to('GET /system/audit-log/list')[0].search;
    expect(search.get('actor_id')).toBe('5');
    expect(search.get('resource')).toBe('Role');
    expect(search.get('action')).toBe('update');
    expect(search.get('search')).toBe('10.0');
    expect(search.getAll('created_at')).toEqual(['2026-03-01 00:00:00', '2026-03-02 23:59:59']);

    // the filter shows them, who by name among the staff
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    expect(await screen.findByLabelText('Người thực hiện')).toHaveDisplayValue('Trần Thu Hà — Giáo vụ (#5)');
    expect(screen.getByLabelText('Hoặc ID tài khoản')).toHaveValue('5');
    expect(screen.getByLabelText('Đối tượng')).toHaveDisplayValue('Quyền tài khoản');
    expect(screen.getByLabelText('Thao tác')).toHaveDisplayValue('Sửa');
    expect(screen.getByLabelText('Từ ngày')).toHaveValue('01/03/2026');
  });

  it('keeps a newly chosen filter in the URL and asks again from the first page', async () => {
    setUp('/settings/audit-log?page=2');
    await screen.findAllByRole('cell');
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.change(await screen.findByLabelText('Đối tượng'), { target: { value: 'Center' } });
    fireEvent.change(screen.getByLabelText('Hoặc ID tài khoản'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Đến ngày'), { target: { value: '05/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?actor_id=12&resource=Center&to=2026-03-05'));
    const last = api.to('GET /system/audit-log/list').at(-1)!.search;
    expect(last.get('page')).toBe('1');
    expect(last.getAll('created_at')).toEqual(['', '2026-03-05 23:59:59']);
  });
});

describe('auditDiff', () => {
  it('keeps only changed fields of an update, comparing objects whatever their key order', () => {
    expect(auditDiff({ a: 1, o: { x: 1, y: 2 }, same: [1, 2] }, { a: 2, o: { y: 2, x: 1 }, same: [1, 2], added: 'v' })).toEqual({
      mode: 'changes',
      rows: [
        { field: 'a', before: 1, after: 2 },
        { field: 'added', before: undefined, after: 'v' },
      ],
    });
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual({ mode: 'changes', rows: [] });
    expect(auditDiff(null, { a: 1 }).mode).toBe('after');
    expect(auditDiff({ a: 1 }, null).mode).toBe('before');
  });

  it('shows values readably', () => {
    expect(formatAuditValue(null)).toBe('(trống)');
    expect(formatAuditValue({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(formatAuditValue(true)).toBe('true');
    expect(formatAuditValue('2026-03-01T17:30:00.000Z')).toBe('02/03/2026 24:30:00');
  });
});
