import type { FormikProps } from 'formik';
import { Button, Field, Input, Spinner, type ButtonProps } from '@trungtam/shared/ui';
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
