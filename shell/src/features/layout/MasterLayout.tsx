/**
 * The signed-in frame: header, side menu (a drawer on small screens), breadcrumb, content, footer. Plain
 * elements styled by frame.css (with the design system's variables, global.css), not the UI kit: a
 * returning user's dashboard downloads, evaluates and renders no design system. The pages under it that
 * use the kit bring it (SignedInRoutes.tsx, uiKit.tsx).
 */
import '@trungtam/shared/ui/global.css';
import './frame.css';
import { Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Logo, useLayoutSettings } from '@trungtam/shared/ui/plain';
import { Outlet, useLocation } from '@trungtam/shared/router';
import { useTranslation } from '@trungtam/shared/i18n';
import { routeForPath, useShownManifest } from '../../remotes/manifest';
import { PlainPageSpinner } from '../../startup/plain';
import { useLoadedUiKit } from '../../startup/uiKit';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { ScrollTop } from './ScrollTop';
import { SideMenu } from './SideMenu';

const WIDE_SCREEN = '(min-width: 62em)';
const SIDE_MENU_ID = 'side-menu';

function isWideScreen() {
  return typeof window !== 'undefined' && window.matchMedia(WIDE_SCREEN).matches;
}

function subscribeToScreenWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the side menu stands beside the content. A narrow screen renders none of it (its menu is the
 * drawer's): hidden by CSS alone, its links and icons were still rendered and styled on every phone.
 */
function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeToScreenWidth, isWideScreen);
}

/**
 * The narrow screens' menu: a modal dialog from the left (the browser's own: the page behind is inert,
 * Escape closes it, the focus returns to the toggle), its menu rendered while it is open. A click on
 * the backdrop closes it too.
 */
function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // (a runtime without modal dialogs shows it in place)
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="frame-drawer"
      aria-label={t('menu.navigation')}
      onClose={onClose}
      // the backdrop is the dialog element itself; its content fills it
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="frame-drawer__panel">
          <div className="frame-drawer__header">
            <Logo size={28} />
            <button type="button" className="frame-icon-button frame-icon-button--on-dark frame-icon-button--small" aria-label={t('common.close')} onClick={onClose}>
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** The brand's name, and what it is in the chosen language. */
function FrameFooter() {
  const { t } = useTranslation();
  return (
    <footer className="frame-footer">
      <p>
        © {new Date().getFullYear()} Trung tâm — {t('footer.tagline')}
      </p>
    </footer>
  );
}

export function MasterLayout() {
  const { pathname } = useLocation();
  // the menu renders the manifest's answer in a deferred render, in slices, with the area routes
  const manifest = useShownManifest();
  // the builder's settings: the side menu's state (wide screens), fixed header, content width
  const collapsed = useLayoutSettings((s) => s.sidebarCollapsed);
  const fixedHeader = useLayoutSettings((s) => s.fixedHeader);
  const contentWidth = useLayoutSettings((s) => s.contentWidth);
  const update = useLayoutSettings((s) => s.update);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const wide = useWideScreen();
  // the kit's toaster, kept once the kit is there (a toast outlives the page it was raised on)
  const kit = useLoadedUiKit();
  // (one function while the menu's state holds: the header is memoised)
  const toggle = useCallback(() => {
    if (wide) {
      update({ sidebarCollapsed: !collapsed });
      return;
    }
    setDrawerOpen((o) => !o);
  }, [wide, collapsed, update]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const menu = (onNavigate?: () => void) => <SideMenu manifest={manifest.data} loading={manifest.isPending} onNavigate={onNavigate} />;

  return (
    <div className="frame">
      {wide && (
        <aside id={SIDE_MENU_ID} className="frame-aside" hidden={collapsed}>
          <div className="frame-aside__brand">
            <Logo size={30} />
            <span className="frame-aside__name">Trung tâm</span>
          </div>
          {menu()}
        </aside>
      )}
      {!wide && (
        <MenuDrawer open={drawerOpen} onClose={closeDrawer}>
          {menu(closeDrawer)}
        </MenuDrawer>
      )}
      <div className="frame-column">
        <Header
          menuOpen={wide ? !collapsed : drawerOpen}
          onToggleMenu={toggle}
          fixed={fixedHeader}
          sideMenuShown={!collapsed}
          sideMenuId={wide ? SIDE_MENU_ID : undefined}
        />
        {/* At least a screen's height under the header: the footer starts below the fold, so that a page
            filling in (a list arriving) does not push a visible footer down the screen. */}
        <main className="frame-main">
          {/* (the width of each layout setting: frame.css) */}
          <div className={`frame-content frame-content--${contentWidth}`} data-content-width={contentWidth}>
            <Breadcrumbs route={pathname === '/dashboard' ? undefined : routeForPath(manifest.data, pathname)} />
            {/* a page's first use of a deferred component (a dialog, tabs…) waits here, under the header and menu */}
            <Suspense fallback={<PlainPageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <FrameFooter />
      </div>
      <ScrollTop />
      {kit && <kit.KitToaster />}
    </div>
  );
}
