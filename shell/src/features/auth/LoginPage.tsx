import { useFormik } from 'formik';
import { reasonOf } from '@trungtam/shared/api';
import { Link as RouterLink } from '@trungtam/shared/router';
import { wait } from '@trungtam/shared/forms/submit';
import { useTranslation } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { login } from './api';
import { AuthFormFrame, AuthLink, SubmitButton, TextField } from './fields';
import { validateLogin } from './rules';

export function LoginPage() {
  const { t } = useTranslation();
  const signIn = useSession((s) => s.signIn);
  const form = useFormik({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    onSubmit: async (values, { setStatus }) => {
      setStatus(undefined);
      await wait(FORM_SUBMIT_DELAY_MS);
      try {
        const { auth } = await login({ email: values.email.trim(), password: values.password });
        // the auth route sends the signed-in user on (to where they were going, or /dashboard)
        await signIn(auth.accessToken);
      } catch (error) {
        // too many failures: the API says so and when to try again; anything else stays MESSAGES.loginFailed
        setStatus(reasonOf(error, MESSAGES.loginFailed));
      }
    },
  });

  return (
    <AuthFormFrame
      form={form}
      title={t('auth.login.title')}
      subtitle={
        <>
          {t('auth.login.newHere')} <AuthLink to="/auth/registration">{t('auth.login.createAccount')}</AuthLink>
        </>
      }
      error={form.status}
    >
      <TextField form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" />
      <div className="plain-stack plain-stack--small">
        <TextField form={form} name="password" type="password" label={t('auth.password')} autoComplete="current-password" />
        <div className="plain-row-end">
          <RouterLink to="/auth/forgot-password" className="plain-link">
            {t('auth.login.forgot')}
          </RouterLink>
        </div>
      </div>
      <SubmitButton submitting={form.isSubmitting} disabled={form.isSubmitting}>
        {t('auth.login.submit')}
      </SubmitButton>
    </AuthFormFrame>
  );
}
