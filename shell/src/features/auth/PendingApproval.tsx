/**
 * What a self-registered account waiting for approval sees once signed in, wherever it goes: that it
 * waits, a button to ask again (the account read anew: approved, the portal opens where it was going)
 * and sign-out. Plain elements, as the other signed-out pages (AuthLayout.tsx says why).
 */
import { useState } from 'react';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { useTranslation } from '@trungtam/shared/i18n';
import { Link as RouterLink } from '@trungtam/shared/router';
import { fetchCurrentUser, useSession } from '@trungtam/shared/session';
import { PlainAlert, PlainSpinner } from '../../startup/plain';
import { AuthTitle } from './fields';

export function PendingApproval() {
  const { t } = useTranslation();
  const setUser = useSession((s) => s.setUser);
  const [checking, setChecking] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);
  const check = async () => {
    setChecking(true);
    setStillWaiting(false);
    try {
      const user = await fetchCurrentUser();
      if (user.status === ACCOUNT_STATUS.PENDING) setStillWaiting(true);
      else setUser(user);
    } catch {
      // a refused or failed read: the shared client signs a refused session out; otherwise ask again later
      setStillWaiting(true);
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="plain-stack">
      <AuthTitle title={t('auth.pending.title')} />
      <PlainAlert status="info" role="status" title={t('auth.pending.text')} />
      {stillWaiting && <p className="plain-muted" role="status">{t('auth.pending.stillWaiting')}</p>}
      <button type="button" className="plain-button plain-button--full" onClick={() => void check()} aria-busy={checking} disabled={checking}>
        {checking ? <PlainSpinner /> : null} {t('auth.pending.check')}
      </button>
      <RouterLink to="/logout" className="plain-link plain-link--center plain-link--strong">
        {t('auth.pending.signOut')}
      </RouterLink>
    </div>
  );
}
