import { Center, Spinner, VisuallyHidden } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';

/** A page of the signed-in part still downloading (the signed-out pages show PlainPageSpinner). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="16" role="status" aria-live="polite">
      <Spinner size="lg" color="blue.600" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
