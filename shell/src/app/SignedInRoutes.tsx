/**
 * The signed-in part of the shell: the layout, its pages and the remote areas. Loaded apart from the
 * start-up code (signedInPart.tsx), so that the sign-in page downloads none of it.
 */
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@trungtam/shared/query';
import { useCurrentUser, useSession } from '@trungtam/shared/session';
import { Navigate, Route, Routes, useLocation } from '@trungtam/shared/router';
import { Alert, Box, Button, Stack, UiProvider } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';
import { BuilderPage } from '../features/builder/BuilderPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { prefetchDashboard } from '../features/dashboard/api';
import { MasterLayout } from '../features/layout/MasterLayout';
import { LoadFailed } from '../components/LoadFailed';
import { PageSpinner } from '../components/PageSpinner';
import { isDenied, routeForPath, useShownManifest, type ShownManifest } from '../remotes/manifest';
import { RemoteArea } from '../remotes/RemoteArea';
import { partLoader } from './partLoader';
import { PartView } from './PartView';
import { useQueryClientChoice } from './Providers';

// Whatever ends the session (logout, a 401 anywhere) drops the previous user's cached data. Only the
// signed-in part (and the areas it renders) fills the query cache, so this listens from its first load on.
useSession.subscribe((state, previous) => {
  if (previous.accessToken && !state.accessToken) queryClient.clear();
});

/**
 * Asks for the lists of the page at `pathname` before that page renders (the cards' queries then take
 * them from the cache): the dashboard's two, the shell's only page with lists.
 */
function prefetchPageLists(client: QueryClient, userId: number, pathname: string) {
  if (pathname === '/dashboard') prefetchDashboard(client, userId);
}

/**
 * A returning user's opening page asks for its lists as soon as this part is loaded, with the stored
 * session's user, rather than once the app's start-up steps, the session check and the layout's render
 * are done. Called by the start-up (signedInPart.tsx). A stored user that is not the session's (the check
 * answers another) asks lists no query takes, and the check's answer decides as usual.
 */
export function prefetchOpeningPage() {
  prefetchPageLists(queryClient, useSession.getState().user?.id ?? 0, window.location.pathname);
}

export const MANIFEST_FAILED_TEXT = 'Không tải được danh sách chức năng. Vui lòng thử lại.';

/**
 * Any path no route claimed: forbidden (in the manifest's denied list) → /dashboard, else → 404. It reads
 * the manifest SignedInRoutes built the routes from (one query observer for both): with an observer of its
 * own it could see the manifest arrive one render before the area routes do, and send a deep link that
 * is about to open to /error/404. A path the manifest does have a route for waits for that route.
 */
function UnknownRoute({ manifest }: { manifest: ShownManifest }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (manifest.isPending || routeForPath(manifest.data, pathname)) return <PageSpinner />;
  if (manifest.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Stack gap="3">
          <Alert.Title>{MANIFEST_FAILED_TEXT}</Alert.Title>
          <Box>
            <Button size="sm" onClick={() => void manifest.refetch()}>
              {t('common.retry')}
            </Button>
          </Box>
        </Stack>
      </Alert.Root>
    );
  }
  return <Navigate to={isDenied(manifest.data, pathname) ? '/dashboard' : '/error/404'} replace />;
}

/**
 * The signed-in part's providers and routes, rendered by AppRoutes for any path its own routes leave. The
 * UI kit's provider (the design system, the toaster) and the query client's are here rather than among
 * every page's providers, so that neither library is on the sign-in page (built on plain elements).
 */
export default function SignedInPartRoot() {
  return (
    <UiProvider>
      <QueryClientProvider client={useQueryClientChoice() ?? queryClient}>
        <SignedInRoutes />
      </QueryClientProvider>
    </UiProvider>
  );
}

/** The account page, with its forms (Formik, yup), downloads when it is opened: the dashboard needs no form code. */
const accountPage = partLoader(() => import('../features/account/AccountPage'));
/** The notifications page, a list with the kit's list components (ui/core), downloads when it is opened. */
const notificationsPage = partLoader(() => import('../features/notifications/NotificationsPage'));

/**
 * The shell's own route elements, made once: a render of the routes (the session check's user, the
 * manifest's answer, a navigation) then hands React the same elements, and it skips the layout and the
 * page under it unless their own state changed, rather than rendering the whole signed-in page again.
 */
const LAYOUT = <MasterLayout />;
const DASHBOARD = <DashboardPage />;
const ACCOUNT = (
  <PartView part={accountPage} fallback={<PageSpinner />} Failed={LoadFailed}>
    {({ AccountPage }) => <AccountPage />}
  </PartView>
);
const NOTIFICATIONS = (
  <PartView part={notificationsPage} fallback={<PageSpinner />} Failed={LoadFailed}>
    {({ NotificationsPage }) => <NotificationsPage />}
  </PartView>
);
const BUILDER = <BuilderPage />;
const TO_DASHBOARD = <Navigate to="/dashboard" replace />;

/** Every signed-in route, inside the layout. */
function SignedInRoutes() {
  const manifest = useShownManifest();
  // after a sign-in, the page's lists go out while the layout renders (a returning user's went out
  // already: prefetchOpeningPage); a list with any cached state is not asked again
  prefetchPageLists(useQueryClient(), useCurrentUser()?.id ?? 0, useLocation().pathname);
  const areas = manifest.data?.areas ?? [];
  return (
    <Routes>
      <Route element={LAYOUT}>
        <Route index element={TO_DASHBOARD} />
        <Route path="/dashboard" element={DASHBOARD} />
        <Route path="/crafted/account" element={ACCOUNT} />
        <Route path="/notifications" element={NOTIFICATIONS} />
        <Route path="/builder" element={BUILDER} />
        {areas.flatMap((area) =>
          area.routes.map((route) => (
            <Route
              key={`${area.name}:${route.path}`}
              path={route.path + '/*'}
              element={<RemoteArea area={area} path={route.path} />}
            />
          )),
        )}
        <Route path="*" element={<UnknownRoute manifest={manifest} />} />
      </Route>
    </Routes>
  );
}
