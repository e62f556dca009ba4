/**
 * The building blocks of the pages a visitor sees before signing in, on plain elements (plain.css):
 * banners, spinners, and a part's download failure. The signed-in part uses the UI kit, but for its
 * spinners while a part downloads.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '@trungtam/shared/i18n';

export type PlainAlertStatus = 'error' | 'info' | 'warning' | 'success';

interface PlainAlertProps {
  status: PlainAlertStatus;
  title: ReactNode;
  description?: ReactNode;
  /** 'alert' (the default) is announced at once; 'status' politely */
  role?: 'alert' | 'status';
  children?: ReactNode;
}

/** A banner: the title, an optional description, then `children` (a button, say). */
export function PlainAlert({ status, title, description, role = 'alert', children }: PlainAlertProps) {
  return (
    <div className={`plain-alert plain-alert--${status}`} role={role}>
      <div>{title}</div>
      {description && <div className="plain-alert__description">{description}</div>}
      {children}
    </div>
  );
}

/** The small spinning circle, in the text's colour (a submitting button's). */
export function PlainSpinner() {
  return <span className="plain-spinner" aria-hidden="true" />;
}

/**
 * A page, or a part of one, still downloading: a spinner, announced as loading in the chosen language
 * (as PageSpinner), or with `label` shown under it (what is downloading: an area).
 */
export function PlainPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={label ? 'plain-page-spinner plain-page-spinner--labelled' : 'plain-page-spinner'} role="status" aria-live="polite">
      <span className="startup-splash__spinner" aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="visually-hidden">{t('common.loading')}</span>}
    </div>
  );
}

export interface PlainLoadFailedProps {
  /** what could not be downloaded; a page of the shell unless given (an area says so) */
  title?: string;
  text?: string;
  onRetry: () => void;
}

/**
 * A part of the page that could not be downloaded: what happened, and a button to try again, in the
 * chosen language (the frame's chrome, whatever the page it stands for).
 */
export function PlainLoadFailed({ title, text, onRetry }: PlainLoadFailedProps) {
  const { t } = useTranslation();
  return (
    <PlainAlert status="error" title={title ?? t('load.pageFailedTitle')} description={text ?? t('load.pageFailedText')}>
      <div>
        <button type="button" className="plain-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    </PlainAlert>
  );
}
