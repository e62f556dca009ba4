import { useFormik } from 'formik';
import { reasonOf } from '@trungtam/shared/api';
import { Checkbox, Field, HStack, SimpleGrid } from '@trungtam/shared/ui/core';
import { showApiFieldErrors, wait } from '@trungtam/shared/ui/forms';
import { useTranslation } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '@trungtam/shared/validation';
import { register } from './api';
import { AuthFormFrame, AuthLink, CancelLink, SubmitButton, TextField } from './fields';
import { registrationSchema } from './schemas';

export function RegistrationPage() {
  const { t } = useTranslation();
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
      gap="5"
    >
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
          <AuthLink to="/auth/terms">{t('auth.register.terms')}</AuthLink>
        </HStack>
        {termsError && <Field.ErrorText>{termsError}</Field.ErrorText>}
      </Field.Root>
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
