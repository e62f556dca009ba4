/** The auth forms' parts, on plain elements (startup/plain.css; AuthLayout.tsx says why). */
import type { FormikProps } from 'formik';
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from '@trungtam/shared/router';
import { useTranslation } from '@trungtam/shared/i18n';
import { PlainAlert, PlainSpinner } from '../../startup/plain';

interface TextFieldProps<V> {
  form: FormikProps<V>;
  name: keyof V & string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}

/** A labelled input bound to formik; its error shows once the field was touched, and names the input invalid. */
export function TextField<V>({ form, name, label, type = 'text', autoComplete }: TextFieldProps<V>) {
  const id = useId();
  const error = form.touched[name] ? (form.errors[name] as string | undefined) : undefined;
  return (
    <div className="plain-field">
      <label htmlFor={id} className="plain-label">
        {label}
      </label>
      <input
        {...form.getFieldProps(name)}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className="plain-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="plain-error-text">
          {error}
        </span>
      )}
    </div>
  );
}

/** The form's submit button; shows the waiting indicator while the form submits. */
export function SubmitButton({
  submitting,
  children,
  ...rest
}: { submitting: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="plain-button plain-button--full" aria-busy={submitting} {...rest}>
      {submitting ? (
        <>
          <PlainSpinner /> {t('auth.pleaseWait')}
        </>
      ) : (
        children
      )}
    </button>
  );
}

interface AuthFormFrameProps<V> {
  form: FormikProps<V>;
  title: string;
  /** The line under the title: a hint, or a link to the neighbouring auth page. */
  subtitle?: ReactNode;
  /** The failure banner's text, when the last submit failed. */
  error?: string;
  /** the registration form's many fields sit closer together */
  tight?: boolean;
  children: ReactNode;
}

/** The frame every auth form shares: the form element, its heading, the failure banner, then the fields. */
export function AuthFormFrame<V>({ form, title, subtitle, error, tight = false, children }: AuthFormFrameProps<V>) {
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={title}>
      <div className={tight ? 'plain-stack plain-stack--tight' : 'plain-stack'}>
        <AuthTitle title={title} subtitle={subtitle} />
        {error && <PlainAlert status="error" title={error} />}
        {children}
      </div>
    </form>
  );
}

/** An auth page's heading, with the line under it. */
export function AuthTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="plain-title">
      <h1 className="plain-heading">{title}</h1>
      {subtitle && <p className="plain-muted">{subtitle}</p>}
    </div>
  );
}

/** A link to another auth page, styled as the card's call to action ('Create an Account', 'Sign in'). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  return (
    // the state carries where the visitor was going, so that signing in on either page returns there
    <RouterLink to={to} state={location.state} className="plain-link plain-link--strong">
      {children}
    </RouterLink>
  );
}

/** A centred link back to the sign-in page: quiet ('Cancel'), or the call to action after a reset. */
export function BackToSignIn({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <RouterLink to="/auth/login" className={`plain-link plain-link--center ${strong ? 'plain-link--strong' : 'plain-link--quiet'}`}>
      {children}
    </RouterLink>
  );
}

/** The quiet 'Cancel' link back to the sign-in page. */
export function CancelLink() {
  const { t } = useTranslation();
  return <BackToSignIn>{t('auth.cancel')}</BackToSignIn>;
}
