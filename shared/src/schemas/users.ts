/**
 * The account requests (staff create, update, password set and change), defined once: the API validates
 * with them and the front ends take their request types from them (contracts.ts, type-only).
 */
import { Type } from 'typebox';
import { EMAIL_PATTERN, LIMITS, MESSAGES } from '../validation';
import { STUDENT_SOURCES } from '../contracts';
import { USER_TYPES } from '../permissions';
import { Id, IdFilter, Int, Nullable, Text, msgs } from './builders';

export const UserTypeSchema = Type.Enum([...USER_TYPES], msgs({ default: 'type: administrator | academic_affair | teacher | student' }));
export const SourceSchema = Type.Enum([...STUDENT_SOURCES, ''], msgs({ default: 'source không hợp lệ' }));


const optText = (max: number) => Type.Optional(Nullable(Text(max, { messages: { maxLength: `Tối đa ${max} ký tự` } })));
const year = new Date().getFullYear();

/** Teacher and student extras, accepted on create and update. */
export const extrasProps = {
  banking_name: optText(255),
  banking_number: optText(64),
  about: optText(5000),
  certificate: optText(5000),
  information: optText(5000),
  reference_name: optText(255),
  reference_phone: optText(LIMITS.phone.max),
  // The representative's email: empty, or a valid address.
  reference_email: Type.Optional(
    Nullable(
      Text(255, {
        pattern: `^$|${EMAIL_PATTERN}`,
        messages: { maxLength: 'Tối đa 255 ký tự', pattern: MESSAGES.referenceEmailFormat },
      }),
    ),
  ),
  birth_year: Type.Optional(Nullable(Int(LIMITS.birthYearMin, year, `Năm sinh từ ${LIMITS.birthYearMin} đến ${year}`))),
  birth_month: Type.Optional(Nullable(Int(1, 12, 'Tháng sinh từ 1 đến 12'))),
  birth_day: Type.Optional(Nullable(Int(1, 31, 'Ngày sinh từ 1 đến 31'))),
  source: Type.Optional(Nullable(SourceSchema)),
  address: optText(500),
};

export const accountEmail = Text(LIMITS.accountEmail.max, {
  minLength: LIMITS.accountEmail.min,
  pattern: EMAIL_PATTERN,
  messages: {
    required: MESSAGES.accountEmailRequired,
    minLength: MESSAGES.accountEmailMin,
    maxLength: MESSAGES.accountEmailMax,
    pattern: MESSAGES.accountEmailFormat,
  },
});
export const accountPassword = Text(LIMITS.accountPassword.max, {
  minLength: LIMITS.accountPassword.min,
  messages: {
    required: MESSAGES.accountPasswordRequired,
    minLength: MESSAGES.accountPasswordMin,
    maxLength: MESSAGES.accountPasswordMax,
  },
});
export const accountName = Text(LIMITS.accountName.max, {
  minLength: 1,
  pattern: '\\S',
  messages: { required: MESSAGES.accountNameRequired, minLength: MESSAGES.accountNameRequired, pattern: MESSAGES.accountNameRequired, maxLength: `Tối đa ${LIMITS.accountName.max} ký tự` },
});
export const phone = Text(LIMITS.phone.max, {
  minLength: 1,
  pattern: '\\S',
  messages: { required: MESSAGES.phoneRequired, minLength: MESSAGES.phoneRequired, pattern: MESSAGES.phoneRequired, maxLength: `Tối đa ${LIMITS.phone.max} ký tự` },
});
export const accountStatus = Type.Union([Type.Literal(1), Type.Literal(4)], msgs({ required: MESSAGES.statusRequired, default: MESSAGES.statusRequired }));
export const roleRefs = Type.Array(
  Type.Object({ id: Id({ required: MESSAGES.roleRequired, default: MESSAGES.roleRequired }) }),
  { minItems: 1, maxItems: 1, ...msgs({ required: MESSAGES.roleRequired, default: MESSAGES.roleRequired }) },
);
/** A centre, or 0 / null for none (on update, 0 means "not sent"). */
export const centerRef = Type.Optional(Nullable(IdFilter('center_id không hợp lệ')));

/** Staff creation (spec point 7, validated as point 5). */
export const StaffCreateBody = Type.Object({
  email: accountEmail,
  name: accountName,
  password: accountPassword,
  type: UserTypeSchema,
  phone_number: phone,
  status: Type.Optional(accountStatus),
  roles: roleRefs,
  center_id: centerRef,
  ...extrasProps,
});

export const UserUpdateBody = Type.Object({
  id: Id('id không hợp lệ'),
  email: accountEmail,
  name: accountName,
  phone_number: phone,
  status: accountStatus,
  type: Type.Optional(UserTypeSchema),
  roles: Type.Optional(Type.Array(Type.Object({ id: Id(MESSAGES.roleRequired) }), { maxItems: 1, ...msgs({ default: MESSAGES.roleRequired }) })),
  center_id: centerRef,
  ...extrasProps,
});


export const UpdatePasswordBody = Type.Object({
  id: Id('id không hợp lệ'),
  password: accountPassword,
});

export const ChangePasswordBody = Type.Object({
  email: Text(255, { minLength: 1, messages: { required: MESSAGES.loginEmailRequired, minLength: MESSAGES.loginEmailRequired } }),
  password: Text(255, { minLength: 1, messages: { required: MESSAGES.loginPasswordRequired, minLength: MESSAGES.loginPasswordRequired } }),
  new_password: accountPassword,
  confirm_password: Text(255, { minLength: 1, messages: { required: MESSAGES.passwordConfirmationRequired, minLength: MESSAGES.passwordConfirmationRequired } }),
});
