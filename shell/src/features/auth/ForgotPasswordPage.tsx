import { useFormik } from 'formik';
import { reasonOf, statusOf } from '@trungtam/shared/api';
import { wait } from '@trungtam/shared/forms/submit';
import { useTranslation } from '@trungtam/shared/i18n';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { requestPasswordReset } from './api';
import { AuthFormFrame, CancelLink, SubmitButton, TextField } from './fields';
import { validateForgotPassword } from './rules';
import { PlainAlert } from '../../startup/plain';

/** success; failure (a status text and a Vietnamese box); or a refusal the API explains (too many requests: when to come back). */
type Outcome = 'success' | 'failure' | { refused: string } | undefined;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { email: '' },
    validate: validateForgotPassword,
    onSubmit: async (values, { setStatus }) => {
      setStatus(undefined);
      await wait(FORM_SUBMIT_DELAY_MS);
      try {
        const { result } = await requestPasswordReset({ email: values.email.trim() });
        setStatus(result === false ? 'failure' : 'success');
      } catch (error) {
        setStatus(statusOf(error) === 429 ? { refused: reasonOf(error, MESSAGES.forgotPasswordFailed) } : 'failure');
      }
    },
  });
  const outcome = form.status as Outcome;

  return (
    <AuthFormFrame form={form} title={t('auth.forgot.title')} subtitle={t('auth.forgot.hint')}>
      {outcome === 'success' && <PlainAlert status="info" role="status" title={MESSAGES.forgotPasswordSucceeded} />}
      {outcome === 'failure' && (
        // the status text, then the Vietnamese box
        <PlainAlert status="error" title={MESSAGES.forgotPasswordStatusFailed} description={MESSAGES.forgotPasswordFailed} />
      )}
      {typeof outcome === 'object' && <PlainAlert status="warning" title={outcome.refused} />}
      <TextField form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" />
      <SubmitButton submitting={form.isSubmitting} disabled={form.isSubmitting}>
        {t('auth.submit')}
      </SubmitButton>
      <CancelLink />
    </AuthFormFrame>
  );
}
