import { useFormik } from 'formik';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Heading, HStack, Link, Stack, Text } from '@trungtam/shared/ui';
import { useTranslation } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { login } from './api';
import { SubmitButton, TextField } from './fields';
import { loginSchema, submitDelay } from './schemas';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = useSession((s) => s.signIn);
  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, { setStatus }) => {
      setStatus(undefined);
      await submitDelay(FORM_SUBMIT_DELAY_MS);
      try {
        const { auth } = await login({ email: values.email.trim(), password: values.password });
        // the auth route sends the signed-in user on (to where they were going, or /dashboard)
        await signIn(auth.accessToken);
      } catch {
        setStatus(MESSAGES.loginFailed);
      }
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('auth.login.title')}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            {t('auth.login.title')}
          </Heading>
          <Text color="fg.muted">
            {t('auth.login.newHere')}{' '}
            <Link asChild colorPalette="blue" color="colorPalette.600" fontWeight="semibold">
              <RouterLink to="/auth/registration" state={location.state}>
                {t('auth.login.createAccount')}
              </RouterLink>
            </Link>
          </Text>
        </Stack>
        {form.status && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{form.status}</Alert.Title>
          </Alert.Root>
        )}
        <TextField form={form} name="email" type="email" label={t('auth.email')} autoComplete="email" />
        <Stack gap="1">
          <TextField
            form={form}
            name="password"
            type="password"
            label={t('auth.password')}
            autoComplete="current-password"
          />
          <HStack justify="flex-end">
            <Link asChild colorPalette="blue" color="colorPalette.600" fontSize="sm">
              <RouterLink to="/auth/forgot-password">{t('auth.login.forgot')}</RouterLink>
            </Link>
          </HStack>
        </Stack>
        <SubmitButton submitting={form.isSubmitting} disabled={form.isSubmitting}>
          {t('auth.login.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
