import { Logo } from '@trungtam/shared/ui/plain';
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
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
