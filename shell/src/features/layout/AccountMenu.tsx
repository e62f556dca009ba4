/** The account menu's dropdown (with the UI kit: kitPart.tsx): who is signed in, settings, the builder, the language and sign-out. */
import type { ReactElement } from 'react';
import { useNavigate } from '@trungtam/shared/router';
import { Menu, Portal, Stack, Text, UiProvider } from '@trungtam/shared/ui/base';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, setLanguage, useTranslation } from '@trungtam/shared/i18n';
import { useCurrentUser } from '@trungtam/shared/session';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';

/** Rendered from the first click on the header's button (`trigger`), which opens it. */
export function AccountMenuDropdown({ trigger }: { trigger: ReactElement }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <UiProvider toaster={false}>
      <Menu.Root defaultOpen positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>{trigger}</Menu.Trigger>
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
    </UiProvider>
  );
}
