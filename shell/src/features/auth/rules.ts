/**
 * Validation of the auth forms, with their MESSAGES: Formik `validate` functions.
 * Not yup schemas, as the kit's forms are: the sign-in page is the first page of most visits, and these
 * few rules do not warrant its download (about 14 KB gzip). Each field's message is that of its first
 * failing rule, in the order: required, format, shortest, longest (then the confirmation's match).
 */
import type { FormikErrors } from 'formik';
import { EMAIL_PATTERN, LIMITS, MESSAGES } from '@trungtam/shared/validation';

const { min, max } = LIMITS.authField;
const EMAIL = new RegExp(EMAIL_PATTERN);

/** A rule's message when `value` breaks it. */
type Rule = (value: string) => string | undefined;

const required = (message: string): Rule => (value) => (value === '' ? message : undefined);
const email = (message: string): Rule => (value) => (value !== '' && !EMAIL.test(value) ? message : undefined);
const length = (tooShort: string, tooLong: string): Rule => (value) =>
  value.length < min ? tooShort : value.length > max ? tooLong : undefined;

/** The first message of `rules` for `value` (trimmed first where the field is: names and emails). */
function check(value: string, rules: Rule[], { trim = false } = {}): string | undefined {
  const checked = trim ? value.trim() : value;
  for (const rule of rules) {
    const message = rule(checked);
    if (message) return message;
  }
  return undefined;
}

/** The errors of the fields that have one (Formik reads an empty object as valid). */
function errorsOf<V>(errors: Record<keyof V, string | undefined>): FormikErrors<V> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FormikErrors<V>;
}

/** Login and forgot-password: Vietnamese messages. */
const loginEmail = (value: string) =>
  check(value, [required(MESSAGES.loginEmailRequired), email(MESSAGES.loginEmailFormat), length(MESSAGES.loginMin, MESSAGES.loginMax)], { trim: true });

export interface LoginValues {
  email: string;
  password: string;
}

export const validateLogin = (values: LoginValues) =>
  errorsOf<LoginValues>({
    email: loginEmail(values.email),
    password: check(values.password, [required(MESSAGES.loginPasswordRequired), length(MESSAGES.loginMin, MESSAGES.loginMax)]),
  });

export const validateForgotPassword = (values: { email: string }) => errorsOf({ email: loginEmail(values.email) });

/** The new password and its confirmation (registration, reset): English messages. */
export interface NewPasswordValues {
  password: string;
  changepassword: string;
}

function newPasswordErrors(values: NewPasswordValues) {
  return {
    password: check(values.password, [required(MESSAGES.passwordRequired), length(MESSAGES.minSymbols, MESSAGES.maxSymbols)]),
    changepassword: check(values.changepassword, [
      required(MESSAGES.passwordConfirmationRequired),
      (value) => (value !== values.password ? MESSAGES.passwordMismatch : undefined),
    ]),
  };
}

export const validateResetPassword = (values: NewPasswordValues) => errorsOf<NewPasswordValues>(newPasswordErrors(values));

export interface RegistrationValues extends NewPasswordValues {
  firstname: string;
  lastname: string;
  email: string;
  acceptTerms: boolean;
}

/** Registration: English messages. */
export const validateRegistration = (values: RegistrationValues) =>
  errorsOf<RegistrationValues>({
    firstname: check(values.firstname, [required(MESSAGES.firstNameRequired), length(MESSAGES.minSymbols, MESSAGES.maxSymbols)], { trim: true }),
    lastname: check(values.lastname, [required(MESSAGES.lastNameRequired), length(MESSAGES.minSymbols, MESSAGES.maxSymbols)], { trim: true }),
    email: check(values.email, [required(MESSAGES.emailRequired), email(MESSAGES.wrongEmailFormat), length(MESSAGES.minSymbols, MESSAGES.maxSymbols)], { trim: true }),
    ...newPasswordErrors(values),
    acceptTerms: values.acceptTerms ? undefined : MESSAGES.acceptTerms,
  });
