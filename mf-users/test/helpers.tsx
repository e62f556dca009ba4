/** Test helpers of the users area: its sample accounts, roles and centres, and the accounts API in memory. */
import { centreRecord, fakeApi, FakeApiError, listOf, signInWith, type FakeRoute } from '@trungtam/shared/testing';
import type { Action, Center, Role, User } from '@trungtam/shared/contracts';

export { renderWithProviders, signOut, spyToasts } from '@trungtam/shared/testing';

/** Signs in a user of `type` (an account of this area's samples) whose one role, `roleName`, grants these User actions. */
export function signInAs(
  type: User['type'],
  roleName: string,
  actions: Action[] = ['GetAll', 'Create', 'Update', 'Delete', 'Export'],
  overrides: Partial<User> = {},
) {
  const { roles: _sampleRoles, ...account } = teacher({ id: 1, type });
  signInWith(type, roleName, actions.map((action) => ({ resource: 'User' as const, action })), { ...account, ...overrides });
}

export function teacher(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Trần Thị Bình',
    email: 'binh.tran@trungtam.vn',
    phone_number: '0912345678',
    status: 1,
    type: 'teacher',
    center_id: 2,
    roles: [{ id: 3, name: 'Giáo viên', guard_name: 'teacher', permissions: [] }],
    // the API sends instants in ISO form; the screen shows them on the operator's clock (UTC+7)
    last_time_login: '2026-11-20T01:05:09.000Z',
    created_at: '2026-01-02T03:00:00.000Z',
    updated_at: '2026-01-02T03:00:00.000Z',
    banking_name: 'Vietcombank',
    banking_number: '0011001234567',
    about: 'Giáo viên tiếng Anh',
    certificate: 'IELTS 8.0',
    information: '',
    ...overrides,
  };
}

export const ROLES: Role[] = [
  { id: 3, name: 'Giáo viên', guard_name: 'teacher', permissions: [] },
  { id: 9, name: 'Giáo viên chính', guard_name: 'teacher', permissions: [] },
  { id: 4, name: 'Học viên', guard_name: 'student', permissions: [] },
  { id: 2, name: 'Giáo vụ', guard_name: 'academic_affair', permissions: [] },
];

export const CENTERS: Center[] = [
  centreRecord(1, 'Cơ sở Cầu Giấy'),
  centreRecord(2, 'Cơ sở Hà Đông'),
];

/** The API's refusal reasons by status, as the real API words them. */
export const API_REASONS: Record<number, string> = {
  403: 'Bạn không có quyền thực hiện thao tác này',
  409: 'Tài khoản đã tồn tại, mời bạn nhập thông tin tài khoản khác.',
  500: 'Có lỗi của hệ thống, mời bạn thử lại',
};

/** The API's refusal of an accounts call with `status`, in its words. */
export const refusal = (status: number) => new FakeApiError(status, API_REASONS[status] ?? `HTTP ${status}`);

/** The page size the accounts list answers with when asked for none. */
const ACCOUNTS_PAGE = 50;

/**
 * The accounts API in memory: `users` served by GET /user/list (filtered by status and search as the
 * API does), the roles and centres lists, and `routes` for the other calls (see the shared `fakeApi`).
 */
export function fakeAccountsApi(users: User[] | (() => User[]), routes: Record<string, FakeRoute> = {}) {
  const rows = () => (typeof users === 'function' ? users() : users);
  const http = fakeApi({
    'GET /user/list': ({ params }) => {
      const status = Number(params.status) || 0;
      const search = String(params.search ?? '').toLowerCase();
      const found = rows().filter((u) => (!status || u.status === status) && (!search || `${u.name} ${u.email}`.toLowerCase().includes(search)));
      return { rows: found, total_rows: found.length, total_pages: Math.ceil(found.length / ACCOUNTS_PAGE) };
    },
    'GET /system/role/list': () => listOf(ROLES),
    'GET /learning/center/list': () => listOf(CENTERS),
    ...routes,
  });
  return {
    ...http,
    /** The calls of GET /user/list, each with its params as an object (a repeated key gives an array). */
    listCalls: () => http.to('GET /user/list').map((call) => call.params),
  };
}
