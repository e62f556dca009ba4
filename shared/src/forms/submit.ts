/**
 * The submit steps every form shares, without the UI kit or a schema library: the signed-out pages'
 * forms (the shell's auth pages, built on no design system) use them as the kit's SubmitForm does.
 */
import type { FormikHelpers, FormikValues } from 'formik';
import { apiErrorOf, fieldErrorsOf } from '@trungtam/shared/api';

/** Resolves after `ms` (every form's fixed 1-second delay before its call). */
export const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Puts the API's messages for the form's fields (a 400 with `fields`, say a password too common) on those
 * fields, touched so that they show. Answers whether there was one to show.
 */
export function showApiFieldErrors<V extends FormikValues>(
  helpers: Pick<FormikHelpers<V>, 'setErrors' | 'setTouched'>,
  error: unknown,
  formFields: readonly string[],
): boolean {
  const fields = fieldErrorsOf(error, formFields);
  if (!fields) return false;
  helpers.setErrors(fields as never);
  void helpers.setTouched(Object.fromEntries(Object.keys(fields).map((name) => [name, true])) as never, false);
  return true;
}

/**
 * Whether the API's refusal is told in full by the form's fields: a 400 naming fields, each of them one of
 * the form's. The form then needs no failure text of its own (a generic one would say something else).
 */
export function refusalIsOnFields(error: unknown, formFields: readonly string[]): boolean {
  if (!fieldErrorsOf(error, formFields)) return false;
  return Object.keys(apiErrorOf(error)?.fields ?? {}).every((name) => formFields.includes(name));
}
