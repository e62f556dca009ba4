/**
 * Test support for the front ends (jest + Testing Library): the providers the shell gives a screen, a
 * signed-in user with chosen permissions, and a spy on the suite's toasts. Not front-end code: it is
 * never shared through Module Federation and no bundle imports it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from '@trungtam/shared/router';
import { api, ApiError, queryString, type ApiAdapter, type ApiRequest, type ApiResponse } from './api';
import { ERROR_CODE_BY_STATUS, type Center, type User } from './contracts';
import type { OrderDetail, Payment } from './contracts/payments';
import { DEFAULT_ROLES, grantedPermissions } from './defaultRoles';
import type { PermissionKey, UserType } from './permissions';
import { useSession } from './session';
import { ChakraProvider, uiSystem, toaster } from './ui';

/** Renders with the theme, a fresh query client and (unless `router: false`) a router at `route`. */
export function renderWithProviders(ui: ReactElement, { router = true, route = '/' }: { router?: boolean; route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ChakraProvider value={uiSystem()}>
        <QueryClientProvider client={queryClient}>{router ? <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter> : children}</QueryClientProvider>
      </ChakraProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper }) };
}

/** A centre as the API answers it, with its rules for lessons and payments at their defaults. */
export const centreRecord = (center_id: number, name: string, overrides: Partial<Center> = {}): Center => ({
  center_id,
  name,
  address: null,
  phone_number: null,
  status: 1,
  absence_costs_lesson: false,
  low_balance_threshold: 2,
  payment_due_days: 7,
  renewal_lessons_on: 'payment',
  payment_reminder_days: 3,
  overdue_notice: true,
  session_reminder: false,
  bank_bin: null,
  bank_account_number: null,
  bank_account_name: null,
  ...overrides,
});

/** A payment as the API answers it: 1.000.000 đ in cash, not voided. */
export const paymentRecord = (overrides: Partial<Payment> = {}): Payment => ({
  payment_id: 1,
  order_id: 12,
  amount: 1_000_000,
  method: 'cash',
  paid_on: '2026-03-06',
  receipt_no: 'PT-1-2026-00001',
  note: null,
  credit_amount: 0,
  received_by: { id: 2, name: 'Trần Thu Hà' },
  voided_at: null,
  voided_by: null,
  void_reason: null,
  created_at: '2026-03-06T03:00:00.000Z',
  ...overrides,
});

/** An order as the payments' dialog reads it: 4.560.000 đ (5 % off 4.800.000 đ), nothing paid, not overdue. */
export const orderDetailRecord = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  order_id: 12,
  enrollment_id: 3,
  status: 'pending',
  kind: 'enrollment',
  lessons: 24,
  lessons_credited: true,
  list_price: 4_800_000,
  discount_percent: 5,
  amount: 4_560_000,
  paid_amount: 0,
  owed: 4_560_000,
  due_date: '2026-03-19',
  overdue: false,
  created_at: '2026-03-05T03:00:00.000Z',
  student: { id: 30, name: 'Nguyễn Minh Anh' },
  student_credit: 0,
  class: { class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản' },
  course: { product_id: 7, name: 'Tiếng Anh giao tiếp', item_name: '24 buổi' },
  center: { center_id: 1, name: 'Trung tâm Hà Nội' },
  reference: 'TT12K7',
  vietqr: null,
  payments: [],
  ...overrides,
});

/** A signed-in user of `type` whose one role, `roleName`, grants `permissions` (name it 'Administrator' for every check). */
export function signInWith(type: UserType, roleName: string, permissions: PermissionKey[], overrides: Partial<User> = {}): User {
  const user: User = {
    id: 1,
    name: 'Trần Thu Hà',
    email: 'giaovu@trungtam.vn',
    phone_number: '0901000002',
    status: 1,
    type,
    center_id: null,
    roles: [{ id: 1, name: roleName, guard_name: type, permissions: permissions.map((p, i) => ({ id: i + 1, ...p })) }],
    last_time_login: null,
    created_at: '2026-01-02T03:00:00.000Z',
    updated_at: '2026-01-02T03:00:00.000Z',
    ...overrides,
  };
  useSession.setState({ accessToken: 't', user });
  return user;
}

/** Signs in as the demo user of `type`: the administrator holds the Administrator role, the others their default role (the seed's). */
export function signInAsDemo(type: UserType, overrides: Partial<User> = {}): User {
  if (type === 'administrator') return signInWith('administrator', 'Administrator', [], overrides);
  const role = DEFAULT_ROLES[type];
  const permissions: PermissionKey[] = grantedPermissions(role.grants).map(({ resource, action }) => ({ resource, action }));
  return signInWith(type, role.name, permissions, overrides);
}

/** Signs out: no user, no token. */
export function signOut(): void {
  useSession.setState({ user: null, accessToken: null });
}

/** The lookup lists a screen may ask for, each with the permission the API checks on it. */
export const LOOKUP_PERMISSIONS: Record<string, PermissionKey> = {
  'GET /user/list': { resource: 'User', action: 'GetAll' },
  'GET /learning/center/list': { resource: 'LearningCenter', action: 'GetAll' },
  'GET /learning/room/list': { resource: 'LearningRoom', action: 'GetAll' },
  'GET /learning/class/list': { resource: 'LearningClass', action: 'GetAll' },
  'GET /product/list': { resource: 'Product', action: 'GetAll' },
  'GET /learning/class-enrollment/list': { resource: 'LearningClassEnrollments', action: 'GetAll' },
};

/** Records the toasts of the suite's toaster. */
export function spyToasts() {
  const spy = jest.spyOn(toaster, 'create').mockImplementation(() => 'toast');
  return {
    spy,
    titles: () => spy.mock.calls.map(([options]) => options.title),
    last: () => spy.mock.calls.at(-1)?.[0],
  };
}

/** A call the API refused, as the shared client rejects it: the status and the answer's body. */
export function refusedCall(status: number, data: unknown): ApiError {
  return new ApiError(`Request failed with status code ${status}`, {
    code: status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    response: { status, headers: {}, data },
  });
}

/** An API refusal a fake route throws: the status, the API's reason, its fields, and any other keys of its error body (a code, refused rows…). */
export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly fields?: Record<string, string>,
    readonly body?: Record<string, unknown>,
  ) {
    super(reason);
  }

  /** The answer's body, `{ error: { code, message, fields?, … } }`, as the API writes it. */
  get errorBody(): { error: Record<string, unknown> } {
    const code = ERROR_CODE_BY_STATUS[this.status] ?? (this.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
    return { error: { code, message: this.reason, ...(this.fields ? { fields: this.fields } : {}), ...this.body } };
  }
}

/** A file the API hands out (an export): its content and the name its Content-Disposition gives. */
export class FakeFile {
  constructor(
    readonly content: string,
    readonly fileName: string,
  ) {}
}

/** An answer given as it is, status and body (for a body outside the `{ data }` envelope, or a status other than 200). */
export class FakeReply {
  readonly #fakeReply = true;
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}

  static is(value: unknown): value is FakeReply {
    return typeof value === 'object' && value !== null && #fakeReply in value;
  }
}

/** An answer of `status` with `body` as it is. */
export const reply = (status: number, body: unknown, headers?: Record<string, string>) => new FakeReply(status, body, headers);
/** A 200 answer of `data` in the API's envelope, `{ data }`. */
export const ok = (data: unknown) => new FakeReply(200, { data });

/** URLSearchParams → { key: value } with a repeated key's values in an array; objects pass through. */
export function paramsObject(params: unknown): Record<string, unknown> {
  if (!(params instanceof URLSearchParams)) return (params ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

/** A call the screen made, as the fake API received and recorded it. */
export interface FakeCall {
  /** Upper case: GET, POST, PUT, PATCH, DELETE. */
  method: string;
  /** The path as the screen gave it (relative to the API's base URL). */
  url: string;
  /** The body as the screen gave it (a JSON body read back; FormData as it is). */
  body: unknown;
  /** The params as the screen gave them, as an object (a repeated key of URLSearchParams gives an array). */
  params: Record<string, unknown>;
  /** The query string as the browser sends it. */
  search: URLSearchParams;
  /** The request's headers (the session's `Authorization` among them). */
  headers: Record<string, string>;
  /** How the screen reads the answer (`blob` for a file), when it says. */
  responseType?: ApiRequest['responseType'];
}

/**
 * A route of the fake API. A fixed answer (`ok(data)`, `reply(status, body)`), or a function of the call
 * that returns (or resolves to) the answer's `data` (sent in the `{ data }` envelope), a FakeReply or a
 * FakeFile; that throws a FakeApiError for a refusal in the API's error body, or any other error for an
 * API not reached (the client's network error).
 */
export type FakeRoute = FakeReply | ((call: FakeCall) => unknown);

/** What the API answers a path it has no route for. */
const ROUTE_NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Không tìm thấy đường dẫn yêu cầu' } };

/** The body as the screen gave it: a JSON body read back, any other (FormData, a Blob) as it is. */
const bodyOfRequest = (data: unknown, headers: Record<string, string>) => {
  const isJson = Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'content-type' && /json/i.test(value));
  return typeof data === 'string' && isJson ? JSON.parse(data) : data;
};

/** The fake API's answer to one call of `route`, as the HTTP client's adapter gives it. */
async function answerOf(route: FakeRoute | undefined, call: FakeCall): Promise<ApiResponse> {
  if (!route) return { status: 404, headers: {}, data: ROUTE_NOT_FOUND };
  let answer: unknown;
  try {
    answer = FakeReply.is(route) ? route : await route(call);
  } catch (error) {
    if (!(error instanceof FakeApiError)) throw error;
    return { status: error.status, headers: {}, data: error.errorBody };
  }
  if (FakeReply.is(answer)) return { status: answer.status, headers: answer.headers, data: answer.body };
  if (answer instanceof FakeFile) {
    return { status: 200, headers: { 'content-disposition': `attachment; filename="${answer.fileName}"` }, data: new Blob([answer.content]) };
  }
  return { status: 200, headers: {}, data: { data: answer } };
}

/**
 * An in-memory API behind the shared HTTP client, answering by "METHOD path" (a path without a route gets
 * the API's 404). The client itself still runs: the session's token, the JSON body, a refusal made an
 * ApiError, a 401 signing out. Records every call, to assert what the screen sent; `jest.restoreAllMocks()`
 * (or `restore()`) puts the real adapter back.
 */
export function fakeApi(routes: Record<string, FakeRoute> = {}) {
  const calls: FakeCall[] = [];
  const table = { ...routes };
  /** The answers held back, by "METHOD path", until their release. */
  const holds = new Map<string, Promise<void>>();
  const adapter: ApiAdapter = async (request) => {
    const call: FakeCall = {
      method: request.method.toUpperCase(),
      url: request.url,
      body: bodyOfRequest(request.data, request.headers),
      params: paramsObject(request.params),
      search: new URLSearchParams(queryString(request.params, request.paramsSerializer?.indexes)),
      headers: request.headers,
      ...(request.responseType ? { responseType: request.responseType } : {}),
    };
    calls.push(call);
    const key = `${call.method} ${call.url}`;
    await holds.get(key);
    return answerOf(table[key], call);
  };
  const spy = jest.spyOn(api.defaults, 'adapter').mockImplementation(adapter);
  return {
    calls,
    /** The calls of one "METHOD path". */
    to: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
    /** Sets the route of one "METHOD path"; returns the one it replaces, to wrap it or put it back. */
    route: (key: string, route: FakeRoute): FakeRoute | undefined => {
      const replaced = table[key];
      table[key] = route;
      return replaced;
    },
    /** Holds the answers of one "METHOD path" (a slow API) until the returned function is called. */
    hold: (key: string) => {
      let release = () => {};
      holds.set(key, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(key);
        release();
      };
    },
    /** The fake's adapter, for a test that wraps it. */
    adapter,
    restore: () => spy.mockRestore(),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** A list answer of `rows` as the API gives it (one page). */
export const listOf = <T,>(rows: T[]) => ({ rows, total_rows: rows.length, total_pages: rows.length ? 1 : 0 });

/**
 * Gives jsdom a ResizeObserver that reports a `width` × `height` box at once, for the test file that calls
 * this (at its top level): recharts measures its container before it draws, and jsdom has no layout.
 */
export function giveChartsASize(width = 480, height = 160): void {
  class SizedResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const contentRect = { width, height, top: 0, left: 0, bottom: height, right: width, x: 0, y: 0 } as DOMRectReadOnly;
      this.callback([{ target, contentRect, borderBoxSize: [], contentBoxSize: [], devicePixelContentBoxSize: [] } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  const original = globalThis.ResizeObserver;
  beforeAll(() => {
    globalThis.ResizeObserver = SizedResizeObserver as unknown as typeof ResizeObserver;
  });
  afterAll(() => {
    globalThis.ResizeObserver = original;
  });
}
