/**
 * The account requests (staff create, update, password set and change), defined once: the API validates
 * with them and the front ends take their request types from them (contracts.ts, type-only).
 */
import { Type } from 'typebox';
import { EMAIL_PATTERN, LIMITS, MESSAGES, PHONE_PATTERN, tooLongMessage } from '../validation';
import { SELF_SIGNUP_MODES, STUDENT_SOURCES } from '../contracts/rules/common';
import { USER_TYPES } from '../permissions';
import { Id, IdFilter, Int, Nullable, Text, msgs } from './builders';

export const UserTypeSchema = Type.Enum([...USER_TYPES], msgs({ default: 'type: administrator | academic_affair | teacher | student' }));
export const SourceSchema = Type.Enum([...STUDENT_SOURCES, ''], msgs({ default: 'source không hợp lệ' }));


const optText = (max: number) => Type.Optional(Nullable(Text(max, { messages: { maxLength: tooLongMessage(max) } })));
const year = new Date().getFullYear();
const X = LIMITS.accountExtras;

/** The representative's phone as an update may send it: any text of the column's length (see UserUpdateBody). */
const storedReferencePhone = optText(LIMITS.phone.max);

/** Teacher and student extras, accepted on create and update. */
export const extrasProps = {
  banking_name: optText(X.banking_name),
  banking_number: optText(X.banking_number),
  about: optText(X.about),
  certificate: optText(X.certificate),
  information: optText(X.information),
  reference_name: optText(X.reference_name),
  // The representative's phone: empty, or a Vietnamese number.
  reference_phone: Type.Optional(
    Nullable(
      Text(LIMITS.phone.max, {
        pattern: `^$|${PHONE_PATTERN}`,
        messages: { maxLength: tooLongMessage(LIMITS.phone.max), pattern: MESSAGES.referencePhoneFormat },
      }),
    ),
  ),
  // The representative's email: empty, or a valid address.
  reference_email: Type.Optional(
    Nullable(
      Text(X.reference_email, {
        pattern: `^$|${EMAIL_PATTERN}`,
        messages: { maxLength: tooLongMessage(X.reference_email), pattern: MESSAGES.referenceEmailFormat },
      }),
    ),
  ),
  birth_year: Type.Optional(Nullable(Int(LIMITS.birthYearMin, year, `Năm sinh từ ${LIMITS.birthYearMin} đến ${year}`))),
  birth_month: Type.Optional(Nullable(Int(1, 12, 'Tháng sinh từ 1 đến 12'))),
  birth_day: Type.Optional(Nullable(Int(1, 31, 'Ngày sinh từ 1 đến 31'))),
  source: Type.Optional(Nullable(SourceSchema)),
  address: optText(X.address),
};

/**
 * The extras as an update takes them: the representative's phone is any text of the column's length there,
 * checked by the API only when it changes (as the account's phone: see storedPhone).
 */
export const extrasUpdateProps = { ...extrasProps, reference_phone: storedReferencePhone };

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
  messages: { required: MESSAGES.accountNameRequired, minLength: MESSAGES.accountNameRequired, pattern: MESSAGES.accountNameRequired, maxLength: tooLongMessage(LIMITS.accountName.max) },
});
/** The phone of a new account: required, a Vietnamese number. */
export const accountPhone = Text(LIMITS.phone.max, {
  minLength: 1,
  pattern: PHONE_PATTERN,
  messages: { required: MESSAGES.phoneRequired, minLength: MESSAGES.phoneRequired, pattern: MESSAGES.phoneFormat, maxLength: tooLongMessage(LIMITS.phone.max) },
});
/**
 * The phone of an account being updated (by staff, or its own on the account page), as the schema takes
 * it: any text of the column's length, even empty. An account made by self sign-up has none, and one
 * made earlier may hold another format; the API checks it only when it changes (required, a Vietnamese
 * number), so that every existing account can be edited or locked without typing a phone it never had.
 */
export const storedPhone = Text(LIMITS.phone.max, { messages: { maxLength: tooLongMessage(LIMITS.phone.max) } });
export const accountStatus = Type.Union([Type.Literal(1), Type.Literal(4)], msgs({ required: MESSAGES.statusRequired, default: MESSAGES.statusRequired }));
export const roleRefs = Type.Array(
  Type.Object({ id: Id({ required: MESSAGES.roleRequired, default: MESSAGES.roleRequired }) }),
  { minItems: 1, maxItems: 1, ...msgs({ required: MESSAGES.roleRequired, default: MESSAGES.roleRequired }) },
);
/** A centre, or 0 / null for none (on update, 0 means "not sent"). */
export const centerRef = Type.Optional(Nullable(IdFilter('center_id không hợp lệ')));

/** Staff creation of an account (POST /auth/register by staff), validated as the account forms are. */
export const StaffCreateBody = Type.Object({
  email: accountEmail,
  name: accountName,
  password: accountPassword,
  type: UserTypeSchema,
  phone_number: accountPhone,
  status: Type.Optional(accountStatus),
  roles: roleRefs,
  center_id: centerRef,
  ...extrasProps,
});

/**
 * PUT /user/update-profile: one's own name and phone. The phone is checked as on the accounts' update:
 * only when it changes, then required and a Vietnamese number, so that an account without one, or holding
 * one in an older format, can still change its name.
 */
export const UpdateProfileBody = Type.Object({ name: accountName, phone_number: storedPhone });

export const UserUpdateBody = Type.Object({
  id: Id('id không hợp lệ'),
  email: accountEmail,
  name: accountName,
  phone_number: storedPhone,
  status: accountStatus,
  type: Type.Optional(UserTypeSchema),
  roles: Type.Optional(Type.Array(Type.Object({ id: Id(MESSAGES.roleRequired) }), { maxItems: 1, ...msgs({ default: MESSAGES.roleRequired }) })),
  center_id: centerRef,
  ...extrasUpdateProps,
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

// ---------------------------------------------------------------- self sign-up

/** PUT /system/self-signup: the self sign-up mode. */
export const SelfSignupSettingBody = Type.Object({
  mode: Type.Enum([...SELF_SIGNUP_MODES], msgs({ default: 'Chế độ đăng ký phải là open, approval hoặc closed' })),
});

/** POST /user/approve: a self-registered account into a centre and, optionally, a class of that centre. */
export const ApproveAccountBody = Type.Object({
  user_id: Id(),
  center_id: Id('Trung tâm cần được chọn'),
  class_id: Type.Optional(Nullable(Id('Lớp học không hợp lệ'))),
  /** With a class: the enrolment's discount, one its course allows (as the enrolment form). */
  discount_id: Type.Optional(Nullable(Id('Ưu đãi không hợp lệ'))),
});

/** POST /user/reject: a self-registered account refused (deleted). */
export const RejectAccountBody = Type.Object({ user_id: Id() });
