import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from '@trungtam/shared/router';
import { ok, type FakeRoute } from '@trungtam/shared/testing';
import { createQueryClient } from '@trungtam/shared/query';
import { useSession } from '@trungtam/shared/session';
import type { ManifestArea, RemoteManifest, User } from '@trungtam/shared/contracts';
import { UiProvider } from '@trungtam/shared/ui/core';
import { Providers } from '../src/app/Providers';
import { AppRoutes } from '../src/app/AppRoutes';

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
  cohort: 'stable',
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

/** The routes of a signed-in start: the user's manifest and the user of the token. */
export const signedInRoutes = (m: RemoteManifest = manifest): Record<string, FakeRoute> => ({
  'GET /system/remote/manifest': ok(m),
  'GET /user/get-by-token': ok(adminUser),
});

/** The dashboard's two lists, answered empty (the schedule of the week and the latest notifications). */
export const emptyDashboardLists = (): Record<string, FakeRoute> => ({
  'GET /notifications': ok({ rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 }),
  'GET /learning/class-schedule': ok({ rows: [], total_rows: 0, total_pages: 0 }),
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
