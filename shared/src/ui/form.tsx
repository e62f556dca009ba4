/**
 * Form helpers implementing the states every form goes through:
 * idle → submitting (waiting indicator, a fixed 1-second delay BEFORE the call) →
 * success (success toast, then `onSuccess`, e.g. closing the modal) or failure (the error shown in the form).
 * The submit button is disabled while the form is invalid or submitting.
 */
import { Alert, Button, Field, Fieldset, Input, NativeSelect, SimpleGrid, Spinner, Textarea } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import type { ButtonProps } from '@chakra-ui/react';
import {
  Formik,
  useField,
  useFormikContext,
  type FormikHelpers,
  type FormikProps,
  type FormikValues,
} from 'formik';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '../validation';
import { refusalIsOnFields, showApiFieldErrors, wait } from '../forms/submit';
// the kit's core through its package name: one toaster and one set of deferred components on the page
import { Checkbox, DateInput, notifySuccess } from '@trungtam/shared/ui/core';

export type FormPhase = 'idle' | 'submitting' | 'success' | 'failure';

export interface FormState {
  phase: FormPhase;
  /** The failure text shown in the form, or null. */
  error: string | null;
}

const FormStateContext = createContext<FormState>({ phase: 'idle', error: null });

/** The phase and failure text of the enclosing SubmitForm. */
export function useFormState(): FormState {
  return useContext(FormStateContext);
}

export interface SubmitFormProps<V extends FormikValues, R = unknown> {
  initialValues: V;
  validationSchema?: AnySchema;
  /** The request. Its rejection moves the form to failure. */
  onSubmit: (values: V) => Promise<R>;
  /** Toast shown on success (2 seconds). */
  successMessage?: string;
  /** Text shown in the form's alert on failure (a function receives the error). */
  failureMessage: string | ((error: unknown) => string);
  /** Called after the success toast, e.g. to close the modal. */
  onSuccess?: (result: R, values: V) => void;
  /**
   * The part of the values a failure answers (a class's schedule and the choices for its clashes): once
   * it changes, the failure's text goes, its cause with it. Without it the text stays until the next submit.
   */
  failureCause?: (values: V) => unknown;
  /** The waiting time before the call (default 1 second). */
  delayMs?: number;
  /** Accessible name of the <form>. */
  'aria-label'?: string;
  id?: string;
  children: ReactNode | ((formik: FormikProps<V>) => ReactNode);
}

/** A formik form with that submit flow. Put FormField/SelectField and a SubmitButton inside. */
export function SubmitForm<V extends FormikValues, R = unknown>({
  initialValues,
  validationSchema,
  onSubmit,
  successMessage,
  failureMessage,
  onSuccess,
  failureCause,
  delayMs = FORM_SUBMIT_DELAY_MS,
  id,
  children,
  ...rest
}: SubmitFormProps<V, R>) {
  const [state, setState] = useState<FormState>({ phase: 'idle', error: null });
  // the failure's cause as it was sent (failureCause's answer, as text), while its text is shown
  const [failedCause, setFailedCause] = useState<string | null>(null);

  const handleSubmit = async (values: V, helpers: FormikHelpers<V>) => {
    setState({ phase: 'submitting', error: null });
    await wait(delayMs);
    let result: R;
    try {
      result = await onSubmit(values);
    } catch (error) {
      // the API's reason for a field (say, a password too common, a name too long) shows on that field,
      // instead of the form's generic failure text, which would tell the user something else
      const fields = Object.keys(values);
      showApiFieldErrors(helpers, error, fields);
      const text = typeof failureMessage === 'function' ? failureMessage(error) : failureMessage;
      setState({ phase: 'failure', error: refusalIsOnFields(error, fields) ? null : text });
      setFailedCause(failureCause ? JSON.stringify(failureCause(values)) : null);
      helpers.setSubmitting(false);
      return;
    }
    setState({ phase: 'success', error: null });
    helpers.setSubmitting(false);
    if (successMessage) notifySuccess(successMessage);
    onSuccess?.(result, values);
  };

  return (
    <Formik<V>
      initialValues={initialValues}
      validationSchema={validationSchema}
      validateOnMount
      onSubmit={handleSubmit}
    >
      {(formik) => (
        <FormStateContext.Provider value={state}>
          <form id={id} noValidate onSubmit={formik.handleSubmit} aria-label={rest['aria-label']}>
            {failureCause && failedCause !== null && state.error && (
              <StaleFailure
                cause={JSON.stringify(failureCause(formik.values))}
                failedCause={failedCause}
                onStale={() => {
                  setState({ phase: 'idle', error: null });
                  setFailedCause(null);
                }}
              />
            )}
            <FormAlert />
            {typeof children === 'function' ? children(formik) : children}
          </form>
        </FormStateContext.Provider>
      )}
    </Formik>
  );
}

/** Calls `onStale` once the failure's cause (as text) is no longer what was sent. */
function StaleFailure({ cause, failedCause, onStale }: { cause: string; failedCause: string; onStale: () => void }) {
  const stale = cause !== failedCause;
  useEffect(() => {
    if (stale) onStale();
  }, [stale, onStale]);
  return null;
}

/** The failure text of the enclosing SubmitForm, in an alert. SubmitForm renders one at the top. */
export function FormAlert() {
  const { error } = useFormState();
  if (!error) return null;
  return (
    <Alert.Root status="error" role="alert" mb="4">
      <Alert.Indicator />
      <Alert.Title>{error}</Alert.Title>
    </Alert.Root>
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  children: ReactNode;
  /** Text while the request runs. */
  pendingText?: string;
  /** Associates the button with a form rendered elsewhere (e.g. a dialog footer). */
  form?: string;
}

/** Submit button: disabled while the form is invalid or submitting; shows the waiting text meanwhile. */
export function SubmitButton({
  children,
  pendingText = MESSAGES.pleaseWait,
  disabled,
  ...props
}: SubmitButtonProps) {
  const { isSubmitting, isValid } = useFormikContext();
  return (
    <Button type="submit" colorPalette="blue" {...props} disabled={isSubmitting || !isValid || !!disabled}>
      {isSubmitting ? (
        <>
          <Spinner size="sm" aria-hidden="true" />
          {pendingText}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

interface FieldShellProps {
  name: string;
  label: string;
  required?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
}

function useFieldError(name: string) {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  const shown = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return shown;
}

export interface FormFieldProps extends FieldShellProps {
  type?: 'text' | 'email' | 'password' | 'tel' | 'number' | 'search';
  placeholder?: string;
  autoComplete?: string;
  /** A textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
}

/** A labelled input bound to formik by name, with its yup error once touched. */
export function FormField({
  name,
  label,
  required,
  helperText,
  disabled,
  type = 'text',
  placeholder,
  autoComplete,
  multiline,
  rows = 3,
}: FormFieldProps) {
  const [field] = useField<string | number | null | undefined>(name);
  const error = useFieldError(name);
  const value = field.value ?? '';
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea
          name={field.name}
          value={String(value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={placeholder}
          rows={rows}
        />
      ) : (
        <Input
          name={field.name}
          type={type}
          value={String(value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={placeholder}
          autoComplete={autoComplete}
        />
      )}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** What an upload field takes: an Excel workbook. */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface FileFieldProps {
  label: ReactNode;
  /** The input's `accept` (XLSX_ACCEPT for an Excel workbook). */
  accept: string;
  /** The field's problem to show (none: the field is not marked). */
  problem?: string | null;
  onChange: (file: File | null) => void;
}

/** A labelled, required file input (the imports' uploads; not bound to formik), with its problem when given. */
export function FileField({ label, accept, problem, onChange }: FileFieldProps) {
  return (
    <Field.Root required invalid={!!problem}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input type="file" p="1" accept={accept} onChange={(event) => onChange(event.target.files?.[0] ?? null)} />
      {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A labelled DD/MM/YYYY date input bound to formik by name; the value is 'YYYY-MM-DD' or ''. */
export function DateField({ name, label, required, helperText, disabled }: FieldShellProps) {
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <DateInput name={name} value={field.value ?? ''} onChange={(value) => void helpers.setValue(value)} onBlur={() => void helpers.setTouched(true)} />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectFieldProps extends FieldShellProps {
  options: readonly SelectOption[];
  /** Store the chosen value as a number (status, role id, centre id). */
  numeric?: boolean;
  /** A first option with an empty value (or 0 when numeric). */
  placeholder?: string;
}

/** A labelled native select bound to formik by name. */
export function SelectField({
  name,
  label,
  required,
  helperText,
  disabled,
  options,
  numeric,
  placeholder,
}: SelectFieldProps) {
  const [field, , helpers] = useField<string | number | null | undefined>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          value={String(field.value ?? (numeric ? 0 : ''))}
          onChange={(event) => {
            const raw = event.target.value;
            void helpers.setValue(numeric ? Number(raw) : raw);
          }}
          onBlur={field.onBlur}
        >
          {placeholder !== undefined && <option value={numeric ? '0' : ''}>{placeholder}</option>}
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface CheckboxGroupFieldProps extends Omit<FieldShellProps, 'required'> {
  options: readonly SelectOption[];
  /** Columns of checkboxes from the `md` breakpoint (one on a phone). */
  columns?: number;
}

/**
 * A labelled group of checkboxes bound to formik by name: the value is the array of the checked options'
 * values, in the options' order. The label is the group's legend, so each checkbox reads with it.
 */
export function CheckboxGroupField({ name, label, helperText, disabled, options, columns = 2 }: CheckboxGroupFieldProps) {
  const [field, , helpers] = useField<Array<string | number>>(name);
  const error = useFieldError(name);
  const chosen = field.value ?? [];
  // two changes before the next render (the checkbox reports after its event) build on each other
  const latest = useRef(chosen);
  latest.current = chosen;
  const toggle = (value: string | number, checked: boolean) => {
    const next = options.map((option) => option.value).filter((v) => (v === value ? checked : latest.current.includes(v)));
    latest.current = next;
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
  };
  return (
    <Fieldset.Root invalid={!!error} disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {label}
      </Fieldset.Legend>
      {helperText && !error && <Fieldset.HelperText>{helperText}</Fieldset.HelperText>}
      <SimpleGrid columns={{ base: 1, md: columns }} gap="2">
        {options.map((option) => (
          <Checkbox.Root
            key={String(option.value)}
            colorPalette="blue"
            name={name}
            value={String(option.value)}
            checked={chosen.includes(option.value)}
            onCheckedChange={(event) => toggle(option.value, event.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/** One checkbox bound to formik by name: the value is a boolean; its label says what ticking it means. */
export function CheckboxField({ name, label, helperText, disabled }: Omit<FieldShellProps, 'required'>) {
  const [field, , helpers] = useField<boolean>(name);
  const error = useFieldError(name);
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Checkbox.Root
        colorPalette="blue"
        name={name}
        checked={field.value === true}
        onCheckedChange={(event) => {
          void helpers.setValue(event.checked === true);
          void helpers.setTouched(true, false);
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
