import { Center, Logo, Spinner, Stack, VisuallyHidden } from '@trungtam/shared/ui';
import { useTranslation } from '@trungtam/shared/i18n';

/** Shown while the stored session is being checked. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <Center minH="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="5">
        <Logo size={64} />
        <Spinner size="lg" color="blue.600" />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Stack>
    </Center>
  );
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="16" role="status" aria-live="polite">
      <Spinner size="lg" color="blue.600" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
