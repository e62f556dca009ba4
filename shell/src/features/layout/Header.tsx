import { memo } from 'react';
import { useNavigate } from '@trungtam/shared/router';
import { Box, Flex, HStack, IconButton, Logo, Menu, Portal, Stack, Text, UserInitials } from '@trungtam/shared/ui/base';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, setLanguage, useTranslation } from '@trungtam/shared/i18n';
import { useCurrentUser } from '@trungtam/shared/session';
import { MenuIcon } from '@trungtam/shared/icons';
import { NotificationBell } from '../notifications/NotificationBell';
import { OnDemand, type StandInProps } from '@trungtam/shared/ui/base';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';

/** The header's height: the layout keeps at least a screen's height of content under it. */
export const HEADER_HEIGHT = '4rem';

/** The account menu: who is signed in, settings, the builder, the language and sign-out. */
function AccountMenu() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const button = (props: Partial<StandInProps>) => (
    <IconButton variant="ghost" rounded="full" aria-label={t('header.userMenu')} {...props}>
      <UserInitials name={user?.name} />
    </IconButton>
  );
  return (
    <OnDemand part="Menu" popup="menu" button={button}>
      {/* rendered from the first click on, which opens it */}
      <Menu.Root defaultOpen positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>{button({})}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="64">
              {user && (
                <Stack gap="0.5" px="3" py="2">
                  <Text fontWeight="bold">{user.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {user.email}
                  </Text>
                  <Text fontSize="xs" color="blue.600" fontWeight="semibold">
                    {USER_TYPE_LABELS[user.type] ?? user.type}
                  </Text>
                </Stack>
              )}
              <Menu.Separator />
              <Menu.Item value="settings" onSelect={() => navigate('/crafted/account')}>
                {t('header.settings')}
              </Menu.Item>
              <Menu.Item value="builder" onSelect={() => navigate('/builder')}>
                {t('header.builder')}
              </Menu.Item>
              <Menu.Separator />
              <Menu.RadioItemGroup
                value={i18n.resolvedLanguage}
                onValueChange={(e) => {
                  if (isLanguage(e.value)) void setLanguage(e.value);
                }}
              >
                <Menu.ItemGroupLabel>{t('header.language')}</Menu.ItemGroupLabel>
                {LANGUAGES.map((lng) => (
                  <Menu.RadioItem key={lng} value={lng} lang={lng}>
                    {LANGUAGE_NAMES[lng]}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
              <Menu.Separator />
              <Menu.Item value="logout" onSelect={() => navigate('/logout')}>
                {t('header.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </OnDemand>
  );
}

/** Memoised: the layout renders again when the manifest arrives, the header only when its props change. */
export const Header = memo(function Header({
  menuOpen,
  onToggleMenu,
  fixed = true,
  sideMenuShown = false,
  sideMenuId,
}: {
  menuOpen: boolean;
  /** The element of the side menu the toggle opens and closes, on a wide screen (a phone's is the drawer, made on opening). */
  sideMenuId?: string;
  /** The wide screen's side menu is open: it shows the logo and name, so the header does not repeat them. */
  sideMenuShown?: boolean;
  onToggleMenu: () => void;
  /** The builder's fixed-header setting: stays at the top while the page scrolls. */
  fixed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex
      as="header"
      position={fixed ? 'sticky' : 'relative'}
      top="0"
      zIndex="docked"
      h={HEADER_HEIGHT}
      px={{ base: '3', md: '6' }}
      align="center"
      gap="3"
      bg="bg"
      borderBottomWidth="1px"
      shadow="xs"
    >
      <IconButton
        variant="ghost"
        aria-label={t('menu.toggle')}
        aria-expanded={menuOpen}
        aria-controls={sideMenuId}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </IconButton>
      <Box display={{ base: 'none', sm: 'block', lg: sideMenuShown ? 'none' : 'block' }} data-testid="header-brand">
        <HStack gap="2">
          <Logo size={32} />
          {/* the name in the theme's text colour, readable in light and dark mode */}
          <Text aria-hidden="true" fontWeight="bold" fontSize="md" color="fg">
            Trung tâm
          </Text>
        </HStack>
      </Box>
      <Box flex="1" />
      <HStack gap="2">
        <NotificationBell />
        <AccountMenu />
      </HStack>
    </Flex>
  );
});
