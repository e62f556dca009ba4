import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import type { SelfSignupMode } from '@trungtam/shared/contracts';
import { reasonOf } from '@trungtam/shared/api';
import { showApiFieldErrors, wait } from '@trungtam/shared/forms/submit';
import { useTranslation } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { register, registrationMode } from './api';
import { PlainAlert } from '../../startup/plain';
import { AuthFormFrame, AuthLink, AuthTitle, CancelLink, SubmitButton, TextField } from './fields';
import { validateRegistration, type RegistrationValues } from './rules';

/**
 * The self sign-up form. It first asks the API whether sign-up is open, needs approval (said under the
 * title; the new account then sees the waiting page until staff approve it) or is closed (the page says so
 * instead of the form, before anything is typed: the answer comes with the page). While it is asked, and
 * when the question fails, the form shows: the API decides on submit anyway.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SelfSignupMode | 'unknown' | null>(null);
  useEffect(() => {
    let live = true;
    registrationMode().then(
      (setting) => live && setMode(setting.mode),
      () => live && setMode('unknown'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (mode === 'closed') {
    return (
      <div className="plain-stack">
        <AuthTitle title={t('auth.register.title')} />
        <PlainAlert status="info" role="status" title={t('auth.register.closed')} />
        <AuthLink to="/auth/login">{t('auth.register.signIn')}</AuthLink>
      </div>
    );
  }
  return <RegistrationForm needsApproval={mode === 'approval'} />;
}

function RegistrationForm({ needsApproval }: { needsApproval: boolean }) {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const form = useFormik<RegistrationValues>({
    initialValues: {
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      changepassword: '',
      acceptTerms: false,
    },
    validate: validateRegistration,
    validateOnMount: true,
    onSubmit: async (values, helpers) => {
      const { setStatus } = helpers;
      setStatus(undefined);
      await wait(FORM_SUBMIT_DELAY_MS);
      try {
        const { auth } = await register({
          email: values.email.trim(),
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          password: values.password,
        });
        await signIn(auth.accessToken);
      } catch (error) {
        // the API's own reason where it has one: a password too common (on its field, which says it all),
        // too many sign-ups (the wait, above the form)
        if (!showApiFieldErrors(helpers, error, ['email', 'firstname', 'lastname', 'password'])) {
          setStatus(reasonOf(error, MESSAGES.registrationFailed));
        }
      }
    },
  });
  const termsError = form.touched.acceptTerms ? form.errors.acceptTerms : undefined;

  return (
    <AuthFormFrame
      form={form}
      title={t('auth.register.title')}
      subtitle={
        <>
          {t('auth.register.haveAccount')} <AuthLink to="/auth/login">{t('auth.register.signIn')}</AuthLink>
        </>
      }
      error={form.status}
      tight
    >
      {needsApproval && <p className="plain-muted">{t('auth.register.approvalHint')}</p>}
      <div className="plain-grid">
        <TextField form={form} name="firstname" label={t('auth.firstname')} autoComplete="given-name" />
        <TextField form={form} name="lastname" label={t('auth.lastname')} autoComplete="family-name" />
      </div>
      <TextField form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" />
      <TextField
        form={form}
        name="password"
        type="password"
        label={t('auth.password')}
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name="changepassword"
        type="password"
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
      />
      <div className="plain-field">
        <div className="plain-inline">
          <label className="plain-checkbox">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={form.values.acceptTerms}
              onChange={(e) => {
                void form.setFieldValue('acceptTerms', e.target.checked);
                void form.setFieldTouched('acceptTerms', true, false);
              }}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? 'accept-terms-error' : undefined}
            />
            {t('auth.register.accept')}
          </label>
          <AuthLink to="/auth/terms">{t('auth.register.terms')}</AuthLink>
        </div>
        {termsError && (
          <span id="accept-terms-error" className="plain-error-text">
            {termsError}
          </span>
        )}
      </div>
      <SubmitButton
        submitting={form.isSubmitting}
        disabled={form.isSubmitting || !form.isValid || !form.values.acceptTerms}
      >
        {t('auth.submit')}
      </SubmitButton>
      <CancelLink />
    </AuthFormFrame>
  );
}
