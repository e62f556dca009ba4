/**
 * The UI kit's download (uiKit.tsx): the design system with the shell's pages and dropdowns built with it.
 * Every page but the dashboard is here, under the kit's provider; the header's dropdowns and the toaster
 * are rendered by the plain frame once this module is there.
 */
import { useTranslation } from '@trungtam/shared/i18n';
import { Navigate, Route, Routes, useLocation } from '@trungtam/shared/router';
import { Alert, Box, Button, Stack, UiProvider } from '@trungtam/shared/ui/base';
import { BuilderPage } from '../features/builder/BuilderPage';
import { LoadFailed } from '../components/LoadFailed';
import { PageSpinner } from '../components/PageSpinner';
import { PlainPageSpinner } from '../components/plain';
import { isDenied, routeForPath, useShownManifest, type ShownManifest } from '../remotes/manifest';
import { RemoteArea } from '../remotes/RemoteArea';
import { partLoader } from './partLoader';
import { PartView } from './PartView';

export { preloadDeferredUi } from '@trungtam/shared/ui/base';
export { AccountMenuDropdown } from '../features/layout/AccountMenu';
export { BellDropdown } from '../features/notifications/BellDropdown';

export const MANIFEST_FAILED_TEXT = 'Không tải được danh sách chức năng. Vui lòng thử lại.';

/** The kit's toaster, under a provider of its own: the frame keeps it once the kit is there. */
export function KitToaster() {
  return <UiProvider />;
}

/**
 * Any path no route claimed: forbidden (in the manifest's denied list) → /dashboard, else → 404. It reads
 * the manifest KitPages built the routes from (one query observer for both): with an observer of its
 * own it could see the manifest arrive one render before the area routes do, and send a deep link that
 * is about to open to /error/404. A path the manifest does have a route for waits for that route.
 */
function UnknownRoute({ manifest }: { manifest: ShownManifest }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // (plain: the page opening on an area renders no styled component before the area's own)
  if (manifest.isPending || routeForPath(manifest.data, pathname)) return <PlainPageSpinner />;
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

/** The account page, with its forms (Formik, yup), downloads when it is opened. */
const accountPage = partLoader(() => import('../features/account/AccountPage'));
/** The notifications page, a list with the kit's list components (ui/core), downloads when it is opened. */
const notificationsPage = partLoader(() => import('../features/notifications/NotificationsPage'));

/** The pages' elements, made once (see SignedInRoutes.tsx). */
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

/** Every signed-in page but the dashboard, under the kit's provider (its toaster is the frame's: KitToaster). */
export function KitPages() {
  const manifest = useShownManifest();
  const areas = manifest.data?.areas ?? [];
  return (
    <UiProvider toaster={false}>
      <Routes>
        <Route path="/crafted/account" element={ACCOUNT} />
        <Route path="/notifications" element={NOTIFICATIONS} />
        <Route path="/builder" element={BUILDER} />
        {areas.flatMap((area) =>
          area.routes.map((route) => (
            <Route key={`${area.name}:${route.path}`} path={route.path + '/*'} element={<RemoteArea area={area} path={route.path} />} />
          )),
        )}
        <Route path="*" element={<UnknownRoute manifest={manifest} />} />
      </Routes>
    </UiProvider>
  );
}
