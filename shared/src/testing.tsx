/**
 * Test support for the front ends (jest + Testing Library): the providers the shell gives a screen, a
 * signed-in user with chosen permissions, and a spy on the suite's toasts. Not front-end code: it is
 * never shared through Module Federation and no bundle imports it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { User } from './contracts';
import type { PermissionKey, UserType } from './permissions';
import { useSession } from './session';
import { ChakraProvider, system, toaster } from './ui';

/** Renders with the theme, a fresh query client and (unless `router: false`) a router at `route`. */
export function renderWithProviders(ui: ReactElement, { router = true, route = '/' }: { router?: boolean; route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ChakraProvider value={system}>
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
