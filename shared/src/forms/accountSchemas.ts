/**
 * yup schemas of the account forms (spec point 5): teachers, students and staff accounts share them.
 * Create validates password and role; edit (an id exists) validates neither. Every limit is the API's
 * (`LIMITS` and the patterns of validation.ts, which its request schemas are built from), so the form
 * refuses what the API would refuse, with the same message on the same field.
 */
import * as yup from 'yup';
import { LIMITS, MESSAGES, tooLongMessage } from '../validation';
import { emailString, phoneString } from './fields';

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

const text = (max: number) => yup.string().max(max, tooLongMessage(max));

/**
 * The phones an edited account holds. A phone it never had (an account made by self sign-up) or holds in
 * an older format is taken as it is while unchanged, as the API takes it: the account stays editable and
 * lockable; once changed, the phone is checked as on create.
 */
export interface StoredPhones {
  phone_number?: string | null;
  reference_phone?: string | null;
}

/** The common account fields; `stored` is the edited account's (none on create: every rule applies). */
const commonFields = (stored?: StoredPhones) => ({
  name: yup.string().trim().required(MESSAGES.accountNameRequired).max(LIMITS.accountName.max, tooLongMessage(LIMITS.accountName.max)),
  email: accountEmailField(),
  phone_number: phoneString({ required: MESSAGES.phoneRequired, format: MESSAGES.phoneFormat, unchanged: stored?.phone_number }),
  status: yup
    .number()
    .typeError(MESSAGES.statusRequired)
    .required(MESSAGES.statusRequired)
    .min(1, MESSAGES.statusRequired),
});

/** The teacher and student extras a form may have (a field the form has not is not checked). */
const extrasFields = (stored?: StoredPhones) => {
  const X = LIMITS.accountExtras;
  return {
    banking_name: text(X.banking_name),
    banking_number: text(X.banking_number),
    about: text(X.about),
    certificate: text(X.certificate),
    information: text(X.information),
    reference_name: text(X.reference_name),
    reference_phone: phoneString({ format: MESSAGES.referencePhoneFormat, unchanged: stored?.reference_phone }),
    reference_email: emailString(MESSAGES.referenceEmailFormat).max(X.reference_email, tooLongMessage(X.reference_email)),
    address: text(X.address),
  };
};

const createFields = {
  password: accountPasswordField(),
  roles: yup
    .number()
    .typeError(MESSAGES.roleRequired)
    .required(MESSAGES.roleRequired)
    .min(1, MESSAGES.roleRequired),
};

/** Create form: every common field, plus password and role (a role id, at least 1). */
export const accountCreateSchema = yup.object({ ...commonFields(), ...extrasFields(), ...createFields });

/** Edit form: the same without password and role. */
export const accountEditSchema = yup.object({ ...commonFields(), ...extrasFields() });

/**
 * The schema of the account form in the given mode (edit mode is chosen when an id exists). Editing,
 * give the account's stored phones (its form's initial values will do) so that they may stay as they are.
 */
export function accountSchema(isEdit: boolean, stored?: StoredPhones) {
  if (!isEdit) return accountCreateSchema;
  return stored ? yup.object({ ...commonFields(stored), ...extrasFields(stored) }) : accountEditSchema;
}

/** The change-password modal: one password field. */
export const changePasswordSchema = yup.object({ password: accountPasswordField() });
