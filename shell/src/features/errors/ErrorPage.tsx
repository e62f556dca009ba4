import { Link as RouterLink } from '@trungtam/shared/router';
import { Logo } from '@trungtam/shared/ui/plain';
import { useTranslation } from '@trungtam/shared/i18n';

/**
 * /error/404 'Page Not Found' and /error/500 'System Error', each with a way home. Plain elements
 * (startup/plain.css): a visitor who is not signed in can open them.
 */
export function ErrorPage({ code }: { code: 404 | 500 }) {
  const { t } = useTranslation();
  const key = code === 404 ? 'notFound' : 'system';
  return (
    <div className="plain-root">
      <main className="plain-centered">
        <Logo size={56} />
        <p className="plain-code">{code}</p>
        <h1 className="plain-heading">{t(`error.${key}.title`)}</h1>
        <p className="plain-muted">{t(`error.${key}.text`)}</p>
        <RouterLink to="/" className="plain-button">
          {t('error.home')}
        </RouterLink>
      </main>
    </div>
  );
}
