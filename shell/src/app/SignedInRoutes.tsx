/**
 * The signed-in part of the shell: the layout, its pages and the remote areas. Loaded apart from the
 * start-up code (signedInPart.tsx), so that the sign-in page downloads none of it.
 */
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@trungtam/shared/query';
import { useCurrentUser, useSession } from '@trungtam/shared/session';
import { Navigate, Route, Routes, useLocation } from '@trungtam/shared/router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { prefetchDashboard } from '../features/dashboard/api';
import { MasterLayout } from '../features/layout/MasterLayout';
import { PlainPageSpinner } from '../startup/plain';
import { useQueryClientChoice } from './Providers';
import { WithUiKit } from '../startup/uiKit';

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

/**
 * The signed-in part's providers and routes, rendered by AppRoutes for any path its own routes leave. The
 * query client's provider is here rather than among every page's providers, so that the library is not on
 * the sign-in page. The UI kit's provider is the kit pages' own (kitPart.tsx): the frame and the dashboard
 * are plain elements.
 */
export default function SignedInPartRoot() {
  return (
    <QueryClientProvider client={useQueryClientChoice() ?? queryClient}>
      <SignedInRoutes />
    </QueryClientProvider>
  );
}

/**
 * The shell's own route elements, made once: a render of the routes (the session check's user, a
 * navigation) then hands React the same elements, and it skips the layout and the page under it unless
 * their own state changed, rather than rendering the whole signed-in page again.
 */
const LAYOUT = <MasterLayout />;
const DASHBOARD = <DashboardPage />;
const TO_DASHBOARD = <Navigate to="/dashboard" replace />;
/** Every other page (the account, the notifications, the builder, the areas), with the UI kit (uiKit.tsx). */
const KIT_PAGES = <WithUiKit fallback={<PlainPageSpinner />}>{({ KitPages }) => <KitPages />}</WithUiKit>;

/** Every signed-in route, inside the layout. */
function SignedInRoutes() {
  // after a sign-in, the page's lists go out while the layout renders (a returning user's went out
  // already: prefetchOpeningPage); a list with any cached state is not asked again
  prefetchPageLists(useQueryClient(), useCurrentUser()?.id ?? 0, useLocation().pathname);
  return (
    <Routes>
      <Route element={LAYOUT}>
        <Route index element={TO_DASHBOARD} />
        <Route path="/dashboard" element={DASHBOARD} />
        <Route path="*" element={KIT_PAGES} />
      </Route>
    </Routes>
  );
}
