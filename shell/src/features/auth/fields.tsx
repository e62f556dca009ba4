import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from '@trungtam/shared/router';
import { Alert, Button, Field, Heading, Input, Link, Spinner, Stack, Text, type ButtonProps } from '@trungtam/shared/ui/core';
import { useTranslation } from '@trungtam/shared/i18n';

interface TextFieldProps<V> {
  form: FormikProps<V>;
  name: keyof V & string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}

/** A labelled input bound to formik; its error shows once the field was touched. */
export function TextField<V>({ form, name, label, type = 'text', autoComplete }: TextFieldProps<V>) {
  const error = form.touched[name] ? (form.errors[name] as string | undefined) : undefined;
  return (
    <Field.Root invalid={!!error}>
      <Field.Label fontWeight="semibold">{label}</Field.Label>
      <Input
        {...form.getFieldProps(name)}
        name={name}
        type={type}
        autoComplete={autoComplete}
        size="lg"
        bg="bg.muted"
        borderColor="transparent"
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The form's submit button; shows the waiting indicator while the form submits. */
export function SubmitButton({
  submitting,
  children,
  ...rest
}: { submitting: boolean } & ButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type="submit" colorPalette="blue" size="lg" width="full" aria-busy={submitting} {...rest}>
      {submitting ? (
        <>
          <Spinner size="sm" /> {t('auth.pleaseWait')}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

interface AuthFormFrameProps<V> {
  form: FormikProps<V>;
  title: string;
  /** The line under the title: a hint, or a link to the neighbouring auth page. */
  subtitle?: ReactNode;
  /** The failure banner's text, when the last submit failed. */
  error?: string;
  gap?: string;
  children: ReactNode;
}

/** The frame every auth form shares: the form element, its heading, the failure banner, then the fields. */
export function AuthFormFrame<V>({ form, title, subtitle, error, gap = '6', children }: AuthFormFrameProps<V>) {
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={title}>
      <Stack gap={gap}>
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
        </Stack>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {children}
      </Stack>
    </form>
  );
}

/** A link to another auth page, styled as the card's call to action ('Create an Account', 'Sign in'). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link asChild colorPalette="blue" color="colorPalette.600" fontWeight="semibold">
      {/* the state carries where the visitor was going, so that signing in on either page returns there */}
      <RouterLink to={to} state={location.state}>
        {children}
      </RouterLink>
    </Link>
  );
}

/** The quiet 'Cancel' link back to the sign-in page. */
export function CancelLink() {
  const { t } = useTranslation();
  return (
    <Link asChild justifyContent="center" color="fg.muted">
      <RouterLink to="/auth/login">{t('auth.cancel')}</RouterLink>
    </Link>
  );
}
