/**
 * The auth area's frame: a centred card with the logo and footer links. The signed-out
 * pages are plain elements styled by startup/plain.css, not the UI kit: the sign-in page is the first
 * page of most visits, and without the kit it downloads neither Chakra nor its styling engine.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet } from '@trungtam/shared/router';
import { Logo } from '@trungtam/shared/ui/plain';
import { useTranslation } from '@trungtam/shared/i18n';
import { LanguagePicker } from '../../components/LanguagePicker';

/** `children`: a page of its own (the waiting page) instead of the auth route's. */
export function AuthLayout({ children }: { children?: ReactNode } = {}) {
  const { t } = useTranslation();
  return (
    <div className="plain-root">
      <div className="plain-column">
        <RouterLink to="/auth/login" aria-label="Trung tâm" className="plain-link">
          <Logo size={56} withName />
        </RouterLink>
        <main className="plain-card">
          {children ?? <Outlet />}
        </main>
        <nav className="plain-footer" aria-label={t('auth.footer.label')}>
          <RouterLink to="/auth/terms#about" className="plain-link">
            {t('auth.footer.about')}
          </RouterLink>
          <RouterLink to="/auth/terms#contact" className="plain-link">
            {t('auth.footer.contact')}
          </RouterLink>
          <RouterLink to="/auth/terms#news" className="plain-link">
            {t('auth.footer.news')}
          </RouterLink>
          <LanguagePicker />
        </nav>
      </div>
    </div>
  );
}
