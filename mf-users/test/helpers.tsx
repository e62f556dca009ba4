/** Test helpers of the users area: its sample accounts, roles and centres, and an in-memory accounts API. */
import { paramsObject, refusedCall } from '@trungtam/shared/testing';
import { api, ApiError } from '@trungtam/shared/api';
import type { Action, Center, Role, User } from '@trungtam/shared/contracts';
import { useSession } from '@trungtam/shared/session';

export { renderWithProviders, spyToasts, paramsObject } from '@trungtam/shared/testing';

/** Signs in a user of `type` whose one role, `roleName`, grants these User actions. */
export function signInAs(
  type: User['type'],
  roleName: string,
  actions: Action[] = ['GetAll', 'Create', 'Update', 'Delete', 'Export'],
  overrides: Partial<User> = {},
) {
  const permissions = actions.map((action, i) => ({ id: i + 1, resource: 'User' as const, action }));
  useSession.setState({ accessToken: 't', user: teacher({ id: 1, type, roles: [{ id: 1, name: roleName, guard_name: type, permissions }], ...overrides }) });
}

export function signOut() {
  useSession.setState({ user: null, accessToken: null });
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
  { center_id: 1, name: 'Cơ sở Cầu Giấy', address: null, phone_number: null, status: 1 },
  { center_id: 2, name: 'Cơ sở Hà Đông', address: null, phone_number: null, status: 1 },
];

type Handler = (body: unknown, params: Record<string, unknown>) => unknown;

export interface FakeApi {
  get: jest.SpyInstance;
  post: jest.SpyInstance;
  put: jest.SpyInstance;
  delete: jest.SpyInstance;
  /** The params of every GET /user/list, as an object (a repeated key gives an array). */
  listCalls: () => Array<Record<string, unknown>>;
  /** The same, as the screen sent them (an object or URLSearchParams). */
  rawListCalls: () => unknown[];
}

const ok = (data: unknown) => Promise.resolve({ data: { data }, status: 200 });
/** The API's refusal reasons by status, as the real API words them. */
export const API_REASONS: Record<number, string> = {
  403: 'Bạn không có quyền thực hiện thao tác này',
  409: 'Tài khoản đã tồn tại, mời bạn nhập thông tin tài khoản khác.',
  500: 'Có lỗi của hệ thống, mời bạn thử lại',
};
const fail = (status: number) =>
  Promise.reject(refusedCall(status, { error: { code: status === 409 ? 'CONFLICT' : 'ERROR', message: API_REASONS[status] ?? `HTTP ${status}` } }));

/**
 * Replaces the shared client's methods. `users` is served by GET /user/list (filtered by
 * status and search like the API); write handlers
 * may be given per "METHOD path" and return a value (sent as data) or throw a status number.
 */
export function fakeApi(users: User[] | (() => User[]), handlers: Record<string, Handler> = {}): FakeApi {
  const rows = () => (typeof users === 'function' ? users() : users);
  const run = (key: string, body: unknown, params: Record<string, unknown> = {}) => {
    const handler = handlers[key];
    if (!handler) return ok(null);
    try {
      return ok(handler(body, params));
    } catch (status) {
      // (a refusal built with refusedCall, say a 400 naming fields, goes to the screen as it is)
      if (status instanceof ApiError) return Promise.reject(status);
      return fail(typeof status === 'number' ? status : 500);
    }
  };
  const get = jest.spyOn(api, 'get').mockImplementation(((url: string, config?: { params?: unknown }) => {
    const params = paramsObject(config?.params);
    if (url === '/user/list') {
      const status = Number(params.status) || 0;
      const search = String(params.search ?? '').toLowerCase();
      const all = rows().filter(
        (u) => (!status || u.status === status) && (!search || `${u.name} ${u.email}`.toLowerCase().includes(search)),
      );
      return ok({ rows: all, total_rows: all.length, total_pages: Math.ceil(all.length / 50) });
    }
    if (url === '/system/role/list') return ok({ rows: ROLES, total_rows: ROLES.length, total_pages: 1 });
    if (url === '/learning/center/list') return ok({ rows: CENTERS, total_rows: CENTERS.length, total_pages: 1 });
    return run(`GET ${url}`, undefined, params);
  }) as never);
  const post = jest.spyOn(api, 'post').mockImplementation(((url: string, body: unknown) => run(`POST ${url}`, body)) as never);
  const put = jest.spyOn(api, 'put').mockImplementation(((url: string, body: unknown) => run(`PUT ${url}`, body)) as never);
  const del = jest.spyOn(api, 'delete').mockImplementation(((url: string) => run(`DELETE ${url}`, undefined)) as never);
  return {
    get,
    post,
    put,
    delete: del,
    listCalls: () => get.mock.calls.filter(([url]) => url === '/user/list').map(([, config]) => paramsObject((config as { params: unknown }).params)),
    rawListCalls: () => get.mock.calls.filter(([url]) => url === '/user/list').map(([, config]) => (config as { params: unknown }).params),
  };
}
