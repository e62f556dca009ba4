import { useFormik } from 'formik';
import { reasonOf, statusOf } from '@trungtam/shared/api';
import { Alert } from '@trungtam/shared/ui/core';
import { wait } from '@trungtam/shared/ui/forms';
import { useTranslation } from '@trungtam/shared/i18n';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { requestPasswordReset } from './api';
import { AuthFormFrame, CancelLink, SubmitButton, TextField } from './fields';
import { forgotPasswordSchema } from './schemas';

/** success; failure (spec point 8's boxes); or a refusal the API explains (too many requests: when to come back). */
type Outcome = 'success' | 'failure' | { refused: string } | undefined;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
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
      {outcome === 'success' && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{MESSAGES.forgotPasswordSucceeded}</Alert.Title>
        </Alert.Root>
      )}
      {outcome === 'failure' && (
        // spec point 8: the status text, then the Vietnamese box
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{MESSAGES.forgotPasswordStatusFailed}</Alert.Title>
            <Alert.Description>{MESSAGES.forgotPasswordFailed}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {typeof outcome === 'object' && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{outcome.refused}</Alert.Title>
        </Alert.Root>
      )}
      <TextField form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" />
      <SubmitButton submitting={form.isSubmitting} disabled={form.isSubmitting}>
        {t('auth.submit')}
      </SubmitButton>
      <CancelLink />
    </AuthFormFrame>
  );
}
