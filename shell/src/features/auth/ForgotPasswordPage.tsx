import { useFormik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Heading, Link, Stack, Text } from '@trungtam/shared/ui';
import { useTranslation } from '@trungtam/shared/i18n';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { requestPasswordReset } from './api';
import { SubmitButton, TextField } from './fields';
import { forgotPasswordSchema, submitDelay } from './schemas';

type Outcome = 'success' | 'failure' | undefined;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values, { setStatus }) => {
      setStatus(undefined);
      await submitDelay(FORM_SUBMIT_DELAY_MS);
      try {
        const { result } = await requestPasswordReset({ email: values.email.trim() });
        setStatus(result === false ? 'failure' : 'success');
      } catch {
        setStatus('failure');
      }
    },
  });
  const outcome = form.status as Outcome;

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('auth.forgot.title')}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            {t('auth.forgot.title')}
          </Heading>
          <Text color="fg.muted">{t('auth.forgot.hint')}</Text>
        </Stack>
        {outcome === 'success' && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Title>{MESSAGES.forgotPasswordSucceeded}</Alert.Title>
          </Alert.Root>
        )}
        {outcome === 'failure' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{MESSAGES.forgotPasswordStatusFailed}</Alert.Title>
              <Alert.Description>{MESSAGES.forgotPasswordFailed}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <TextField form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" />
        <SubmitButton submitting={form.isSubmitting} disabled={form.isSubmitting}>
          {t('auth.submit')}
        </SubmitButton>
        <Link asChild justifyContent="center" color="fg.muted">
          <RouterLink to="/auth/login">{t('auth.cancel')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
