/**
 * yup schemas of the account forms: teachers, students and staff accounts share them.
 * Create validates password and role; edit (an id exists) validates neither. They are built from the
 * API's account schemas (schemas/users.ts, `yupFromSchema`), so the form refuses what the API would
 * refuse, with the same message on the same field.
 */
import * as yup from 'yup';
import { MESSAGES } from '../validation';
import { StaffCreateBody, UpdatePasswordBody, UserUpdateBody, roleRefs } from '../schemas/users';
import { phoneString } from './fields';
import { yupFieldFromSchema, yupFromSchema } from './yupFromSchema';

/** The account fields every account form holds, checked with the API's create schema. */
const ACCOUNT_FIELDS = ['name', 'email', 'phone_number'] as const;
/** The teacher and student extras a form may hold (a field the form has not is not checked). */
const EXTRA_FIELDS = ['banking_name', 'banking_number', 'about', 'certificate', 'information', 'reference_name', 'reference_phone', 'reference_email', 'address'] as const;

/** Account password: the API's rule (required, 7–50 characters), as typed. Also the change-password modal's rule. */
export const accountPasswordField = () => yupFieldFromSchema(UpdatePasswordBody.properties.password, { untrimmed: true });

/**
 * The phones an edited account holds. A phone it never had (an account made by self sign-up) or holds in
 * an older format is taken as it is while unchanged, as the API takes it: the account stays editable and
 * lockable; once changed, the phone is checked as on create.
 */
export interface StoredPhones {
  phone_number?: string | null;
  reference_phone?: string | null;
}

/**
 * The account fields of the API's create schema; `stored` is the edited account's (none on create:
 * every rule applies): its phones may then stay as they are, as the API takes them while unchanged.
 */
const accountFields = (stored?: StoredPhones) => {
  // the form always sends a status, which an update requires (a create without one makes the account active)
  const fields = yupFromSchema(StaffCreateBody, { fields: [...ACCOUNT_FIELDS, ...EXTRA_FIELDS] }).shape({
    status: yupFieldFromSchema(UserUpdateBody.properties.status),
  });
  if (!stored) return fields;
  return fields.shape({
    phone_number: phoneString({ required: MESSAGES.phoneRequired, format: MESSAGES.phoneFormat, unchanged: stored.phone_number }),
    reference_phone: phoneString({ format: MESSAGES.referencePhoneFormat, unchanged: stored.reference_phone }),
  });
};

/** The form holds the role's id; the API takes it as `roles: [{ id }]`. */
const createFields = {
  password: accountPasswordField(),
  roles: yupFieldFromSchema(roleRefs.items.properties.id),
};

/** Create form: every common field, plus password and role (a role id, at least 1). */
export const accountCreateSchema = accountFields().shape(createFields);

/** Edit form: the same without password and role. */
export const accountEditSchema = accountFields();

/**
 * The schema of the account form in the given mode (edit mode is chosen when an id exists). Editing,
 * give the account's stored phones (its form's initial values will do) so that they may stay as they are.
 */
export function accountSchema(isEdit: boolean, stored?: StoredPhones) {
  if (!isEdit) return accountCreateSchema;
  return stored ? accountFields(stored) : accountEditSchema;
}

/** The change-password modal: one password field. */
export const changePasswordSchema = yup.object({ password: accountPasswordField() });
