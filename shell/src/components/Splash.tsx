import { Center, Logo, Spinner, VisuallyHidden } from '@trungtam/shared/ui/core';
import { useTranslation } from '@trungtam/shared/i18n';

/**
 * Shown while the stored session is being checked: the picture index.html paints before any script
 * (its markup and splash.css), announced in the chosen language.
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="startup-splash" role="status" aria-live="polite">
      <Logo size={64} />
      <span className="startup-splash__spinner" />
      <span className="startup-splash__label">{t('common.loading')}</span>
    </div>
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
