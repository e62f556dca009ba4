import { useFormik } from 'formik';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Checkbox, Field, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@trungtam/shared/ui';
import { useTranslation } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { register } from './api';
import { SubmitButton, TextField } from './fields';
import { registrationSchema, submitDelay } from './schemas';

export function RegistrationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = useSession((s) => s.signIn);
  const form = useFormik({
    initialValues: {
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      changepassword: '',
      acceptTerms: false,
    },
    validationSchema: registrationSchema,
    validateOnMount: true,
    onSubmit: async (values, { setStatus }) => {
      setStatus(undefined);
      await submitDelay(FORM_SUBMIT_DELAY_MS);
      try {
        const { auth } = await register({
          email: values.email.trim(),
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          password: values.password,
        });
        await signIn(auth.accessToken);
      } catch {
        setStatus(MESSAGES.registrationFailed);
      }
    },
  });
  const termsError = form.touched.acceptTerms ? form.errors.acceptTerms : undefined;

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('auth.register.title')}>
      <Stack gap="5">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            {t('auth.register.title')}
          </Heading>
          <Text color="fg.muted">
            {t('auth.register.haveAccount')}{' '}
            <Link asChild colorPalette="blue" color="colorPalette.600" fontWeight="semibold">
              <RouterLink to="/auth/login" state={location.state}>
                {t('auth.register.signIn')}
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
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <TextField form={form} name="firstname" label={t('auth.firstname')} autoComplete="given-name" />
          <TextField form={form} name="lastname" label={t('auth.lastname')} autoComplete="family-name" />
        </SimpleGrid>
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
        <Field.Root invalid={!!termsError}>
          <HStack gap="1" flexWrap="wrap">
            <Checkbox.Root
              name="acceptTerms"
              checked={form.values.acceptTerms}
              onCheckedChange={(e) => {
                void form.setFieldValue('acceptTerms', e.checked === true);
                void form.setFieldTouched('acceptTerms', true, false);
              }}
              colorPalette="blue"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('auth.register.accept')}</Checkbox.Label>
            </Checkbox.Root>
            <Link asChild colorPalette="blue" color="colorPalette.600" fontWeight="semibold">
              <RouterLink to="/auth/terms">{t('auth.register.terms')}</RouterLink>
            </Link>
          </HStack>
          {termsError && <Field.ErrorText>{termsError}</Field.ErrorText>}
        </Field.Root>
        <SubmitButton
          submitting={form.isSubmitting}
          disabled={form.isSubmitting || !form.isValid || !form.values.acceptTerms}
        >
          {t('auth.submit')}
        </SubmitButton>
        <Link asChild justifyContent="center" color="fg.muted">
          <RouterLink to="/auth/login">{t('auth.cancel')}</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
