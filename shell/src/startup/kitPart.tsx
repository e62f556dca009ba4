/**
 * The UI kit's part of the shell (uiKit.tsx, the "ui-kit" file): every signed-in page but the dashboard,
 * under the design system's provider, with the header's dropdowns and the toaster the plain frame renders
 * once this module is there. None of it imports Chakra's components: the provider alone (SystemProvider)
 * and plain states, so that a page opening on an area's list downloads and runs no more of the kit than
 * its first screen draws (an area's list draws plain elements). The shell's own kit pages, the header's
 * dropdowns and the toasts' view are downloads of their own, each when first needed.
 */
import { useTranslation } from '@trungtam/shared/i18n';
import { Navigate, Route, Routes, useLocation } from '@trungtam/shared/router';
import { lazyPart, preloadDeferredUi, SystemProvider, Toaster } from '@trungtam/shared/ui/list';
import { PlainAlert, PlainLoadFailed, PlainPageSpinner } from './plain';
import { isDenied, routeForPath, useShownManifest, type ShownManifest } from '../remotes/manifest';
import { RemoteArea } from '../remotes/RemoteArea';
import { partLoader } from './partLoader';
import { PartView } from './PartView';

export { preloadDeferredUi };

/** The header's dropdowns (kitDropdowns.ts): each suspends until their download is there. */
const dropdowns = () => import(/* webpackChunkName: "kit-dropdowns" */ './kitDropdowns');
export const AccountMenuDropdown = lazyPart('AccountMenuDropdown', () => dropdowns().then((m) => m.AccountMenuDropdown));
export const BellDropdown = lazyPart('BellDropdown', () => dropdowns().then((m) => m.BellDropdown));

/** Starts the download of the header's dropdowns (one of them pointed at or focused). */
export function preloadDropdowns(): Promise<unknown> {
  return Promise.all([AccountMenuDropdown.preload(), BellDropdown.preload()]);
}

/**
 * The kit's toaster, under a provider of its own: the frame keeps it once the kit is there. (Its view,
 * built with Chakra's toast, downloads with the first toast: toaster.tsx.)
 */
export function KitToaster() {
  return (
    <SystemProvider>
      <Toaster />
    </SystemProvider>
  );
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
  if (manifest.isPending || routeForPath(manifest.data, pathname)) return <PlainPageSpinner />;
  if (manifest.isError) {
    return (
      <PlainAlert status="error" title={t('load.areasFailed')}>
        <div>
          <button type="button" className="plain-button" onClick={() => void manifest.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      </PlainAlert>
    );
  }
  return <Navigate to={isDenied(manifest.data, pathname) ? '/dashboard' : '/error/404'} replace />;
}

/** The account page, with its forms (Formik, yup), downloads when it is opened. */
const accountPage = partLoader(() => import('../features/account/AccountPage'));
/** The notifications page, a list with the kit's list components (ui/core), downloads when it is opened. */
const notificationsPage = partLoader(() => import('../features/notifications/NotificationsPage'));
/** The page builder, built with the kit, downloads when it is opened. */
const builderPage = partLoader(() => import('../features/builder/BuilderPage'));

/** The pages' elements, made once (see SignedInRoutes.tsx). */
const ACCOUNT = (
  <PartView part={accountPage} fallback={<PlainPageSpinner />} Failed={PlainLoadFailed}>
    {({ AccountPage }) => <AccountPage />}
  </PartView>
);
const NOTIFICATIONS = (
  <PartView part={notificationsPage} fallback={<PlainPageSpinner />} Failed={PlainLoadFailed}>
    {({ NotificationsPage }) => <NotificationsPage />}
  </PartView>
);
const BUILDER = (
  <PartView part={builderPage} fallback={<PlainPageSpinner />} Failed={PlainLoadFailed}>
    {({ BuilderPage }) => <BuilderPage />}
  </PartView>
);

/** Every signed-in page but the dashboard, under the kit's provider (its toaster is the frame's: KitToaster). */
export function KitPages() {
  const manifest = useShownManifest();
  const areas = manifest.data?.areas ?? [];
  return (
    <SystemProvider>
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
    </SystemProvider>
  );
}
