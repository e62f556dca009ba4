/** Validation of the auth forms (spec point 5), with the spec's messages. */
import * as Yup from 'yup';
import { LIMITS, MESSAGES } from '@trungtam/shared/validation';
import { emailString } from '@trungtam/shared/forms';

const { min, max } = LIMITS.authField;

/** Login and forgot-password: Vietnamese messages. */
const loginEmail = emailString(MESSAGES.loginEmailFormat)
  .min(min, MESSAGES.loginMin)
  .max(max, MESSAGES.loginMax)
  .required(MESSAGES.loginEmailRequired);

export const loginSchema = Yup.object({
  email: loginEmail,
  password: Yup.string()
    .min(min, MESSAGES.loginMin)
    .max(max, MESSAGES.loginMax)
    .required(MESSAGES.loginPasswordRequired),
});

export const forgotPasswordSchema = Yup.object({ email: loginEmail });

const registrationPassword = Yup.string()
  .min(min, MESSAGES.minSymbols)
  .max(max, MESSAGES.maxSymbols)
  .required(MESSAGES.passwordRequired);

const passwordConfirmation = Yup.string()
  .required(MESSAGES.passwordConfirmationRequired)
  .oneOf([Yup.ref('password')], MESSAGES.passwordMismatch);

/** Registration: the spec's English messages. */
export const registrationSchema = Yup.object({
  firstname: Yup.string()
    .trim()
    .min(min, MESSAGES.minSymbols)
    .max(max, MESSAGES.maxSymbols)
    .required(MESSAGES.firstNameRequired),
  lastname: Yup.string()
    .trim()
    .min(min, MESSAGES.minSymbols)
    .max(max, MESSAGES.maxSymbols)
    .required(MESSAGES.lastNameRequired),
  email: emailString(MESSAGES.wrongEmailFormat)
    .min(min, MESSAGES.minSymbols)
    .max(max, MESSAGES.maxSymbols)
    .required(MESSAGES.emailRequired),
  password: registrationPassword,
  changepassword: passwordConfirmation,
  acceptTerms: Yup.bool().oneOf([true], MESSAGES.acceptTerms).required(MESSAGES.acceptTerms),
});

export const resetPasswordSchema = Yup.object({
  password: registrationPassword,
  changepassword: passwordConfirmation,
});
