/** The signed-in frame: header, side menu (a drawer on small screens), breadcrumb, content, footer. */
import { Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { FIXED_CONTENT_WIDTH, useLayoutSettings } from '@trungtam/shared/ui/base';
import { Outlet, useLocation } from '@trungtam/shared/router';
import { Box, CloseButton, Drawer, Flex, Logo, Portal, Text } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';
import { routeForPath, useShownManifest } from '../../remotes/manifest';
import { Breadcrumbs } from './Breadcrumbs';
import { Header, HEADER_HEIGHT } from './Header';
import { ScrollTop } from './ScrollTop';
import { SideMenu } from './SideMenu';
import { PageSpinner } from '../../components/PageSpinner';

const WIDE_SCREEN = '(min-width: 62em)';
const SIDEBAR_WIDTH = '265px';
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

export function MasterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // the menu renders the manifest's answer in a deferred render, in slices, with the area routes (SignedInRoutes)
  const manifest = useShownManifest();
  // the builder's settings: the side menu's state (wide screens), fixed header, content width
  const collapsed = useLayoutSettings((s) => s.sidebarCollapsed);
  const fixedHeader = useLayoutSettings((s) => s.fixedHeader);
  const contentWidth = useLayoutSettings((s) => s.contentWidth);
  const update = useLayoutSettings((s) => s.update);
  // (the narrow screens' drawer: its code is downloaded when it first opens, the kit's deferred Drawer)
  const [drawerOpen, setDrawerOpen] = useState(false);
  const wide = useWideScreen();
  // (one function while the menu's state holds: the header is memoised)
  const toggle = useCallback(() => {
    if (wide) {
      update({ sidebarCollapsed: !collapsed });
      return;
    }
    setDrawerOpen((o) => !o);
  }, [wide, collapsed, update]);
  const menu = (onNavigate?: () => void) => (
    <SideMenu manifest={manifest.data} loading={manifest.isPending} onNavigate={onNavigate} />
  );

  return (
    <Flex minH="100vh">
      {wide && (
        <Box
          as="aside"
          id={SIDE_MENU_ID}
          display={collapsed ? 'none' : 'block'}
          width={SIDEBAR_WIDTH}
          flexShrink={0}
          bg="gray.900"
          position="sticky"
          top="0"
          h="100vh"
          overflowY="auto"
        >
          <Flex h="16" px="6" align="center" borderBottomWidth="1px" borderColor="whiteAlpha.200">
            <Logo size={30} />
            <Text ml="3" color="white" fontWeight="bold" fontSize="md">
              Trung tâm
            </Text>
          </Flex>
          {menu()}
        </Box>
      )}
      <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start" lazyMount unmountOnExit>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content bg="gray.900" maxW={SIDEBAR_WIDTH}>
              <Drawer.Header>
                <Drawer.Title color="white">
                  <Logo size={28} />
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body p="0">{menu(() => setDrawerOpen(false))}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" color="white" aria-label={t('common.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Flex direction="column" flex="1" minW="0">
        <Header
          menuOpen={wide ? !collapsed : drawerOpen}
          onToggleMenu={toggle}
          fixed={fixedHeader}
          sideMenuShown={!collapsed}
          sideMenuId={wide ? SIDE_MENU_ID : undefined}
        />
        {/* At least a screen's height under the header: the footer starts below the fold, so that a page
            filling in (a list arriving) does not push a visible footer down the screen. */}
        <Box as="main" flex="1" minH={`calc(100dvh - ${HEADER_HEIGHT})`} px={{ base: '3', md: '8' }} py="6">
          <Box
            data-content-width={contentWidth}
            width="full"
            mx="auto"
            maxW={contentWidth === 'fixed' ? FIXED_CONTENT_WIDTH : undefined}
          >
            <Breadcrumbs route={pathname === '/dashboard' ? undefined : routeForPath(manifest.data, pathname)} />
            {/* a page's first use of a deferred component (a dialog, tabs…) waits here, under the header and menu */}
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
        <Flex as="footer" px={{ base: '3', md: '8' }} py="4" borderTopWidth="1px" bg="bg" color="fg.muted" fontSize="xs">
          <Text>© {new Date().getFullYear()} Trung tâm — Hệ thống quản lý trung tâm</Text>
        </Flex>
      </Flex>
      <ScrollTop />
    </Flex>
  );
}
