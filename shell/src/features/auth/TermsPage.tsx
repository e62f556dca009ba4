import { useTranslation } from '@trungtam/shared/i18n';
import { AuthLink, AuthTitle } from './fields';

/**
 * Terms and conditions, and the About / Contact / News sections the footer links to: the sign-in card's
 * chrome, so in the chosen language as the rest of the card (the footer's links name the sections).
 */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <div className="plain-stack plain-stack--tight">
      <AuthTitle title={t('auth.terms.title')} />
      <div className="plain-prose">
        <p>{t('auth.terms.accounts')}</p>
        <p>{t('auth.terms.privacy')}</p>
        <p>{t('auth.terms.locking')}</p>
      </div>
      <section className="plain-stack plain-stack--small" id="about">
        <h2 className="plain-subheading">{t('auth.footer.about')}</h2>
        <p className="plain-muted">{t('auth.terms.about')}</p>
      </section>
      <section className="plain-stack plain-stack--small" id="contact">
        <h2 className="plain-subheading">{t('auth.footer.contact')}</h2>
        <p className="plain-muted">{t('auth.terms.contact')}</p>
      </section>
      <section className="plain-stack plain-stack--small" id="news">
        <h2 className="plain-subheading">{t('auth.footer.news')}</h2>
        <p className="plain-muted">{t('auth.terms.news')}</p>
      </section>
      <div className="plain-title">
        <AuthLink to="/auth/registration">{t('auth.terms.back')}</AuthLink>
      </div>
    </div>
  );
}
