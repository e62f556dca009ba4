import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from '@trungtam/shared/router';
import { api, type ApiAdapter, type ApiRequest } from '@trungtam/shared/api';
import { createQueryClient } from '@trungtam/shared/query';
import { useSession } from '@trungtam/shared/session';
import type { ManifestArea, RemoteManifest, User } from '@trungtam/shared/contracts';
import { UiProvider } from '@trungtam/shared/ui/core';
import { Providers } from '../src/app/Providers';
import { AppRoutes } from '../src/app/AppRoutes';

export type Reply = { status: number; data: unknown };
export type Routes = Record<string, Reply | ((request: ApiRequest) => Reply)>;

/** Answers API calls by `METHOD path` (HTTP is mocked here only); records each request. */
export function mockApi(routes: Routes) {
  const calls: Array<{ method: string; url: string; body: unknown; auth: unknown; params: unknown }> = [];
  const adapter: ApiAdapter = async (request) => {
    const method = request.method.toUpperCase();
    calls.push({
      method,
      url: request.url,
      body: typeof request.data === 'string' ? JSON.parse(request.data) : request.data,
      auth: request.headers.Authorization,
      params: request.params,
    });
    const route = routes[`${method} ${request.url}`];
    const reply = typeof route === 'function' ? route(request) : (route ?? { status: 404, data: { error: { code: 'NOT_FOUND', message: 'no route' } } });
    return { data: reply.data, status: reply.status, headers: {} };
  };
  api.defaults.adapter = adapter;
  return calls;
}

export const adminUser: User = {
  id: 1,
  name: 'Quản trị viên',
  email: 'admin@trungtam.vn',
  phone_number: null,
  status: 1,
  type: 'administrator',
  center_id: null,
  roles: [{ id: 1, name: 'Administrator', guard_name: 'administrator', permissions: [] }],
  last_time_login: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

export const usersArea: ManifestArea = {
  name: 'users',
  entry: 'http://localhost:3001/mf-manifest.json',
  version: '0.1.0',
  routes: [
    {
      path: '/assets/teachers',
      breadcrumb: [
        { titleKey: 'menu.section.assets', label: 'Assets' },
        { titleKey: 'menu.teachers', label: 'Teachers' },
      ],
      menu: { section: 'menu.section.assets', titleKey: 'menu.teachers', label: 'Teachers', order: 20 },
    },
  ],
};

export const manifest: RemoteManifest = { areas: [usersArea], denied: ['/settings/roles'] };

export const signedInRoutes = (m: RemoteManifest = manifest): Routes => ({
  'GET /system/remote/manifest': { status: 200, data: { data: m } },
  'GET /user/get-by-token': { status: 200, data: { data: adminUser } },
});

/** The dashboard's two lists, answered empty (the schedule of the week and the latest notifications). */
export const emptyDashboardLists = (): Routes => ({
  'GET /notifications': { status: 200, data: { data: { rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 } } },
  'GET /learning/class-schedule': { status: 200, data: { data: { rows: [], total_rows: 0, total_pages: 0 } } },
});

export function signIn(user: User = adminUser) {
  useSession.setState({ user, accessToken: 'token-1' });
}

export function resetSession() {
  localStorage.clear();
  useSession.setState({ user: null, accessToken: null });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders the app's routes at `path`, as the app does (the signed-in part brings the UI kit's provider),
 * or `children` alone, inside the kit's provider as the signed-in part would put them.
 */
export function renderApp(path: string, children?: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <Providers client={client}>
      {/* (the signed-in part provides the client itself; a page rendered alone gets it here) */}
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {children ? <UiProvider>{children}</UiProvider> : <AppRoutes />}
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}
