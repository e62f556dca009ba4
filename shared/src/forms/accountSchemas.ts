/**
 * yup schemas of the account forms (spec point 5): teachers, students and staff accounts share them.
 * Create validates password and role; edit (an id exists) validates neither.
 */
import * as yup from 'yup';
import { LIMITS, MESSAGES } from '../validation';
import { emailString } from './fields';

/** Account password: required, 7–50 characters. Also the change-password modal's rule. */
export const accountPasswordField = () =>
  yup
    .string()
    .required(MESSAGES.accountPasswordRequired)
    .min(LIMITS.accountPassword.min, MESSAGES.accountPasswordMin)
    .max(LIMITS.accountPassword.max, MESSAGES.accountPasswordMax);

const accountEmailField = () =>
  emailString(MESSAGES.accountEmailFormat)
    .required(MESSAGES.accountEmailRequired)
    .min(LIMITS.accountEmail.min, MESSAGES.accountEmailMin)
    .max(LIMITS.accountEmail.max, MESSAGES.accountEmailMax);

const commonFields = {
  name: yup.string().trim().required(MESSAGES.accountNameRequired),
  email: accountEmailField(),
  phone_number: yup.string().trim().required(MESSAGES.phoneRequired),
  status: yup
    .number()
    .typeError(MESSAGES.statusRequired)
    .required(MESSAGES.statusRequired)
    .min(1, MESSAGES.statusRequired),
};

/** Create form: every common field, plus password and role (a role id, at least 1). */
export const accountCreateSchema = yup.object({
  ...commonFields,
  password: accountPasswordField(),
  roles: yup
    .number()
    .typeError(MESSAGES.roleRequired)
    .required(MESSAGES.roleRequired)
    .min(1, MESSAGES.roleRequired),
});

/** Edit form: the same without password and role. */
export const accountEditSchema = yup.object({ ...commonFields });

/** The schema of the account form in the given mode (edit mode is chosen when an id exists). */
export function accountSchema(isEdit: boolean) {
  return isEdit ? accountEditSchema : accountCreateSchema;
}

/** The change-password modal: one password field. */
export const changePasswordSchema = yup.object({ password: accountPasswordField() });
