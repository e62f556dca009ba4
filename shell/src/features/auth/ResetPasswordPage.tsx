/** Target of the emailed one-time link: /auth/reset-password?token=… */
import { useFormik } from 'formik';
import { useSearchParams } from '@trungtam/shared/router';
import { reasonOf } from '@trungtam/shared/api';
import { showApiFieldErrors, wait } from '@trungtam/shared/forms/submit';
import { useTranslation } from '@trungtam/shared/i18n';
import { FORM_SUBMIT_DELAY_MS } from '@trungtam/shared/validation';
import { resetPassword } from './api';
import { AuthFormFrame, AuthTitle, BackToSignIn, SubmitButton, TextField } from './fields';
import { validateResetPassword } from './rules';
import { PlainAlert } from '../../startup/plain';

export const RESET_TEXTS = {
  done: 'Mật khẩu đã được cập nhật, mời bạn đăng nhập lại.',
  invalidLink: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn, vui lòng yêu cầu liên kết mới.',
} as const;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useFormik({
    initialValues: { password: '', changepassword: '' },
    validate: validateResetPassword,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      await wait(FORM_SUBMIT_DELAY_MS);
      try {
        await resetPassword({ token, password: values.password });
        helpers.setStatus('success');
      } catch (error) {
        // a password the API refuses (too common) is said on its field; the link is still good then
        if (!showApiFieldErrors(helpers, error, ['password'])) {
          // otherwise the link is bad, or (429) the API's message says when to come back
          helpers.setStatus({ error: reasonOf(error, RESET_TEXTS.invalidLink) });
        }
      }
    },
  });

  const backToLogin = <BackToSignIn strong>{t('auth.reset.backToLogin')}</BackToSignIn>;

  if (form.status === 'success') {
    return (
      <div className="plain-stack">
        <AuthTitle title={t('auth.reset.title')} />
        <PlainAlert status="success" role="status" title={RESET_TEXTS.done} />
        {backToLogin}
      </div>
    );
  }

  return (
    <AuthFormFrame
      form={form}
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.hint')}
      error={!token ? RESET_TEXTS.invalidLink : (form.status as { error?: string } | undefined)?.error}
    >
      <TextField form={form} name="password" type="password" label={t('auth.password')} autoComplete="new-password" />
      <TextField
        form={form}
        name="changepassword"
        type="password"
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
      />
      <SubmitButton submitting={form.isSubmitting} disabled={form.isSubmitting || !token}>
        {t('auth.reset.submit')}
      </SubmitButton>
      {backToLogin}
    </AuthFormFrame>
  );
}
