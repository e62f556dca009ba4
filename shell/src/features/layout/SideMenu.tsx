import { memo } from 'react';
import { NavLink } from '@trungtam/shared/router';
import { Box, chakra, Skeleton, Stack, Text } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';
import type { RemoteManifest } from '@trungtam/shared/contracts';
import { DotIcon, ICONS } from '@trungtam/shared/icons';
import { buildMenu } from './menu';

const MenuLink = chakra(NavLink);

/**
 * Memoised: the layout renders again for its own reasons (the header's state, a navigation) and the
 * menu, its largest part, only when the manifest or its loading state changes.
 */
export const SideMenu = memo(function SideMenu({
  manifest,
  loading,
  onNavigate,
}: {
  manifest: RemoteManifest | undefined;
  loading: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const sections = buildMenu(manifest);
  return (
    <Box as="nav" aria-label={t('menu.navigation')} py="4" px="3">
      <Stack gap="5">
        {sections.map((section) => (
          <Stack key={section.key || 'main'} gap="1" as="ul" listStyleType="none" m="0" p="0">
            {section.key && (
              <Text as="li" px="3" pb="1" fontSize="xs" fontWeight="bold" textTransform="uppercase" color="gray.400" letterSpacing="wider">
                {t(section.key, { defaultValue: section.key.split('.').pop() })}
              </Text>
            )}
            {section.items.map((item) => (
              <li key={item.path}>
                <MenuLink
                  to={item.path}
                  onClick={onNavigate}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  borderRadius="md"
                  color="gray.300"
                  fontWeight="medium"
                  _hover={{ bg: 'whiteAlpha.100', color: 'white' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'blue.300' }}
                  css={{ '&.active': { bg: 'blue.600', color: 'white' } }}
                >
                  <MenuIcon name={item.icon} />
                  {t(item.titleKey, { defaultValue: item.label })}
                </MenuLink>
              </li>
            ))}
          </Stack>
        ))}
        {loading && (
          <Stack gap="2" px="3" aria-label={t('menu.loading')}>
            <Skeleton height="4" width="24" />
            <Skeleton height="8" />
            <Skeleton height="8" />
          </Stack>
        )}
      </Stack>
    </Box>
  );
});

/** The entry's icon from the shared set, or a dot when it names none (or one the set lacks). */
function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || DotIcon;
  return <Icon size={Icon === DotIcon ? 8 : 16} />;
}
