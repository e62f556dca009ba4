/**
 * The records the API answers with, defined once as TypeBox schemas: the API validates and serialises its
 * responses with them, and the front ends take their types from them (`contracts.ts`, type-only imports:
 * nothing of this module reaches a bundle). Removing or renaming a field here breaks the typecheck of
 * every screen that reads it, instead of the serializer silently dropping it.
 */
import { Type, type TSchema } from 'typebox';
import { COMMON_ACTIONS, PERMISSION_RESOURCES, SCHEDULE_ACTIONS, SYSTEM_ACTIONS, USER_TYPES } from '../permissions';
import { STUDENT_SOURCES } from '../contracts/rules/common';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const literals = <T extends string>(values: readonly T[]) => Type.Enum([...values]);

export const PermissionRecord = Type.Object({
  id: Type.Integer(),
  resource: literals(PERMISSION_RESOURCES),
  action: literals([...COMMON_ACTIONS, ...SYSTEM_ACTIONS, ...SCHEDULE_ACTIONS]),
});

export const RoleRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  guard_name: literals(USER_TYPES),
  permissions: Type.Array(PermissionRecord),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
  /**
   * Live accounts holding the role: answered by the role list and show to whoever may open the roles
   * screen (System GetAllRole), absent elsewhere (an account's own roles, the account forms' role list).
   */
  users_count: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** An account. The password hash never leaves the API. Teacher and student extras are optional. */
export const UserRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone_number: Nullable(Type.String()),
  status: Type.Integer(),
  type: literals(USER_TYPES),
  center_id: Nullable(Type.Integer()),
  roles: Type.Array(RoleRecord),
  last_time_login: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  // teacher extras
  banking_name: Type.Optional(Nullable(Type.String())),
  banking_number: Type.Optional(Nullable(Type.String())),
  about: Type.Optional(Nullable(Type.String())),
  certificate: Type.Optional(Nullable(Type.String())),
  information: Type.Optional(Nullable(Type.String())),
  // student extras ('' or null source means unknown)
  reference_name: Type.Optional(Nullable(Type.String())),
  reference_phone: Type.Optional(Nullable(Type.String())),
  reference_email: Type.Optional(Nullable(Type.String())),
  birth_year: Type.Optional(Nullable(Type.Integer())),
  birth_month: Type.Optional(Nullable(Type.Integer())),
  birth_day: Type.Optional(Nullable(Type.Integer())),
  source: Type.Optional(Nullable(Type.Union([literals(STUDENT_SOURCES), Type.Literal('')]))),
  address: Type.Optional(Nullable(Type.String())),
});

export const CenterRecord = Type.Object({
  center_id: Type.Integer(),
  name: Type.String(),
  address: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  status: Type.Integer(),
  /** Whether an absence without notice costs a lesson (an excused one never does). */
  absence_costs_lesson: Type.Boolean(),
  /** An enrolment with this many lessons left or fewer is running out ("Sắp hết buổi"). */
  low_balance_threshold: Type.Integer(),
  payment_due_days: Type.Integer(),
  /** When a renewal's lessons are added: at once ('order') or once it is paid ('payment'). */
  renewal_lessons_on: Type.Enum(['order', 'payment']),
  /** Messages to families: days before an order's due date (0: none), overdue notices, the day-before reminder. */
  payment_reminder_days: Type.Integer(),
  overdue_notice: Type.Boolean(),
  session_reminder: Type.Boolean(),
  bank_bin: Nullable(Type.String()),
  bank_account_number: Nullable(Type.String()),
  bank_account_name: Nullable(Type.String()),
});

export const RoomRecord = Type.Object({
  room_id: Type.Integer(),
  center_id: Type.Integer(),
  name: Type.String(),
  room_number: Nullable(Type.String()),
  capacity: Nullable(Type.Integer()),
});

/** A product type or a teaching method (vendor): a named entry with an optional description. */
export const NamedItemRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
});

export const VariantGroupRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
});

export const VariantRecord = Type.Object({
  id: Type.Integer(),
  variant_group_id: Type.Integer(),
  name: Type.String(),
});
