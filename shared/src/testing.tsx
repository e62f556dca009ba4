/**
 * Test support for the front ends (jest + Testing Library): the providers the shell gives a screen, a
 * signed-in user with chosen permissions, and a spy on the suite's toasts. Not front-end code: it is
 * never shared through Module Federation and no bundle imports it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from '@trungtam/shared/router';
import { api, ApiError } from './api';
import type { User } from './contracts';
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

/** A route of the in-memory API: the answer's `data`, or a thrown HTTP status (with the API's reason). */
export type FakeRoute = (request: { body: unknown; params: Record<string, unknown> }) => unknown;

/** An API refusal as the shared client sees it: the status and the API's error body (`body`: its other keys, a code, refused rows…). */
export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly fields?: Record<string, string>,
    readonly body?: Record<string, unknown>,
  ) {
    super(reason);
  }
}

/** A file the API hands out (an export): its content and the name its Content-Disposition gives. */
export class FakeFile {
  constructor(
    readonly content: string,
    readonly fileName: string,
  ) {}
}

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

/**
 * Replaces the shared client's get / post / put / delete with routes keyed by "METHOD path".
 * A route returns the `data` of the answer (or a FakeFile) or throws a FakeApiError; a call without a
 * route fails the test. Returns the calls made, to assert what the screen sent.
 */
export function fakeRoutes(routes: Record<string, FakeRoute>) {
  const calls: Array<{ method: string; url: string; body: unknown; params: Record<string, unknown> }> = [];
  const answer = (method: string, url: string, body: unknown, params: Record<string, unknown>) => {
    calls.push({ method, url, body, params });
    const route = routes[`${method} ${url}`];
    if (!route) return Promise.reject(new Error(`no fake route for ${method} ${url}`));
    try {
      const data = route({ body, params });
      if (data instanceof FakeFile) {
        return Promise.resolve({ status: 200, data: new Blob([data.content]), headers: { 'content-disposition': `attachment; filename="${data.fileName}"` } });
      }
      return Promise.resolve({ status: 200, data: { data } });
    } catch (error) {
      if (!(error instanceof FakeApiError)) throw error;
      return Promise.reject(
        refusedCall(error.status, { error: { code: error.status === 409 ? 'CONFLICT' : 'ERROR', message: error.reason, fields: error.fields, ...error.body } }),
      );
    }
  };
  jest.spyOn(api, 'get').mockImplementation(((url: string, config?: { params?: unknown }) => answer('GET', url, undefined, paramsObject(config?.params))) as never);
  jest.spyOn(api, 'post').mockImplementation(((url: string, body: unknown) => answer('POST', url, body, {})) as never);
  jest.spyOn(api, 'put').mockImplementation(((url: string, body: unknown) => answer('PUT', url, body, {})) as never);
  jest.spyOn(api, 'delete').mockImplementation(((url: string) => answer('DELETE', url, undefined, {})) as never);
  return {
    calls,
    /** The calls of one "METHOD path". */
    to: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
  };
}

/** A list answer of `rows` as the API gives it (one page). */
export const listOf = <T,>(rows: T[]) => ({ rows, total_rows: rows.length, total_pages: rows.length ? 1 : 0 });
