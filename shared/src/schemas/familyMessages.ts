/**
 * The request and answer schemas of guardians and messages to families (/learning/guardian/*,
 * /learning/messages*, /learning/message-template*), shared by the API and the forms.
 */
import { Type } from 'typebox';
import {
  ADDRESS_FORMS,
  FAMILY_MESSAGE_KINDS,
  FAMILY_MESSAGE_STATUSES,
  GUARDIAN_LIMITS,
  GUARDIAN_TEXT,
  MESSAGE_CHANNELS,
  MESSAGE_GROUPS,
  QUIET_TIME_PATTERN,
  TEMPLATE_LIMITS,
  TEMPLATE_TEXT,
} from '../contracts/rules/familyMessages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation';
import { Id, IdFilter, Nullable, Text, listQueryProps, msgs } from './builders';

const channel = (message: string) => Type.Enum([...MESSAGE_CHANNELS], msgs({ default: message, required: message }));
const kind = Type.Enum([...FAMILY_MESSAGE_KINDS], msgs({ default: TEMPLATE_TEXT.kind, required: TEMPLATE_TEXT.kind }));

/** A guardian's own fields, as the student's form sends them; an empty phone or e-mail is none. */
const guardianFields = {
  name: Text(GUARDIAN_LIMITS.name, { minLength: 1, pattern: '\\S', messages: { required: GUARDIAN_TEXT.nameRequired, minLength: GUARDIAN_TEXT.nameRequired, pattern: GUARDIAN_TEXT.nameRequired, maxLength: GUARDIAN_TEXT.nameMax } }),
  phone: Nullable(Text(GUARDIAN_LIMITS.phone, { pattern: `(${PHONE_PATTERN})|^$`, messages: { default: GUARDIAN_TEXT.phoneFormat } })),
  email: Nullable(Text(GUARDIAN_LIMITS.email, { pattern: `(${EMAIL_PATTERN})|^$`, messages: { pattern: GUARDIAN_TEXT.emailFormat, maxLength: GUARDIAN_TEXT.emailMax, default: GUARDIAN_TEXT.emailFormat } })),
  preferred_channel: channel(GUARDIAN_TEXT.channel),
  address_as: Type.Enum([...ADDRESS_FORMS], msgs({ default: GUARDIAN_TEXT.addressAs, required: GUARDIAN_TEXT.addressAs })),
  relationship: Type.Optional(Nullable(Text(GUARDIAN_LIMITS.relationship, { messages: { maxLength: GUARDIAN_TEXT.relationshipMax } }))),
  opted_out: Type.Array(Type.Enum([...MESSAGE_GROUPS], msgs({ default: GUARDIAN_TEXT.optedOut })), { maxItems: MESSAGE_GROUPS.length, uniqueItems: true, ...msgs({ default: GUARDIAN_TEXT.optedOut }) }),
};

/** POST /learning/guardian/create: a new guardian of a student. */
export const GuardianCreateBody = Type.Object({ student_id: Id('student_id không hợp lệ'), ...guardianFields });
/** POST /learning/guardian/update: a guardian's fields (its relationship to `student_id`). */
export const GuardianUpdateBody = Type.Object({ id: Id(), student_id: Id('student_id không hợp lệ'), ...guardianFields });
/** POST /learning/guardian/link: an existing guardian (a sibling's) linked to a student too. */
export const GuardianLinkBody = Type.Object({
  student_id: Id('student_id không hợp lệ'),
  guardian_id: Id('guardian_id không hợp lệ'),
  relationship: guardianFields.relationship,
});
/** POST /learning/guardian/unlink: a guardian no longer a student's (removed once nobody's). */
export const GuardianUnlinkBody = Type.Object({ student_id: Id('student_id không hợp lệ'), guardian_id: Id('guardian_id không hợp lệ') });
export const GuardianListQuery = Type.Object({ student_id: Id('student_id không hợp lệ') });
/** GET /learning/guardian/search: guardians in reach by phone, e-mail or name (to link a sibling's). */
export const GuardianSearchQuery = Type.Object({ search: Text(100, { minLength: 2, messages: { default: 'Nhập ít nhất 2 ký tự để tìm' } }) });

export const GuardianSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  preferred_channel: Type.String(),
  address_as: Type.String(),
  opted_out: Type.Array(Type.String()),
  /** In a student's list: its relationship and position (1: the representative). */
  relationship: Nullable(Type.String()),
  position: Type.Integer(),
  /** Every student it is linked to (siblings). */
  students: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

export const MessageStatusSchema = Type.Enum([...FAMILY_MESSAGE_STATUSES], msgs({ default: `status: ${FAMILY_MESSAGE_STATUSES.join(', ')}` }));

/** GET /learning/messages: the delivery log. */
export const MessageListQuery = Type.Object({
  limit: listQueryProps.limit,
  page: listQueryProps.page,
  status: Type.Optional(MessageStatusSchema),
  kind: Type.Optional(kind),
  channel: Type.Optional(channel(TEMPLATE_TEXT.channel)),
  /** One student's messages, siblings' shared ones included (0: every student in reach). */
  student_id: Type.Optional(IdFilter('student_id phải là số')),
  /** Written on or after / on or before these operator dates (YYYY-MM-DD). */
  from: Type.Optional(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: 'from: YYYY-MM-DD' } })),
  to: Type.Optional(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: 'to: YYYY-MM-DD' } })),
});

export const MessageResendBody = Type.Object({ message_id: Id('message_id phải là số') });

/** POST /learning/messages/send: a staff's own message to the guardians of a class, a centre or chosen students. */
export const FreeMessageBody = Type.Object({
  target: Type.Enum(['class', 'center', 'students'], msgs({ default: 'Người nhận: class, center hoặc students' })),
  class_id: Type.Optional(Id('Lớp không hợp lệ')),
  center_id: Type.Optional(Id('Trung tâm không hợp lệ')),
  student_ids: Type.Optional(Type.Array(Id('Học viên không hợp lệ'), { minItems: 1, maxItems: 500, uniqueItems: true, ...msgs({ default: 'Chọn từ 1 đến 500 học viên' }) })),
  subject: Text(TEMPLATE_LIMITS.subject, { minLength: 1, pattern: '\\S', messages: { required: TEMPLATE_TEXT.subjectRequired, minLength: TEMPLATE_TEXT.subjectRequired, pattern: TEMPLATE_TEXT.subjectRequired, maxLength: TEMPLATE_TEXT.subjectMax } }),
  text: Text(TEMPLATE_LIMITS.body, { minLength: 1, pattern: '\\S', messages: { required: TEMPLATE_TEXT.bodyRequired, minLength: TEMPLATE_TEXT.bodyRequired, pattern: TEMPLATE_TEXT.bodyRequired, maxLength: TEMPLATE_TEXT.bodyMax } }),
});
export const FreeMessageResultSchema = Type.Object({ queued: Type.Integer(), students: Type.Integer(), without_contact: Type.Integer() });

export const FamilyMessageSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  channel: Type.String(),
  recipient: Type.String(),
  guardian: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** The first student it is about; `students` holds all (siblings share a message). */
  student: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  students: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  subject: Type.String(),
  text: Type.String(),
  status: Type.String(),
  urgent: Type.Boolean(),
  attempts: Type.Integer(),
  /** When a queued or held message is tried (again); null otherwise. */
  next_attempt_at: Nullable(Type.String()),
  /** The provider's reason of the latest failure. */
  last_error: Nullable(Type.String()),
  sent_at: Nullable(Type.String()),
  created_at: Type.String(),
});

/** A template as written (kind × channel), or the built-in one (`custom: false`). */
export const MessageTemplateSchema = Type.Object({
  kind: Type.String(),
  channel: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  custom: Type.Boolean(),
  updated_at: Nullable(Type.String()),
});
const templateText = {
  subject: Text(TEMPLATE_LIMITS.subject, { minLength: 1, pattern: '\\S', messages: { required: TEMPLATE_TEXT.subjectRequired, minLength: TEMPLATE_TEXT.subjectRequired, pattern: TEMPLATE_TEXT.subjectRequired, maxLength: TEMPLATE_TEXT.subjectMax } }),
  body: Text(TEMPLATE_LIMITS.body, { minLength: 1, pattern: '\\S', messages: { required: TEMPLATE_TEXT.bodyRequired, minLength: TEMPLATE_TEXT.bodyRequired, pattern: TEMPLATE_TEXT.bodyRequired, maxLength: TEMPLATE_TEXT.bodyMax } }),
};
/** POST /learning/message-template/update: an administrator's text for a kind on a channel. */
export const MessageTemplateUpdateBody = Type.Object({ kind, channel: channel(TEMPLATE_TEXT.channel), ...templateText });
/** POST /learning/message-template/reset: back to the built-in text. */
export const MessageTemplateResetBody = Type.Object({ kind, channel: channel(TEMPLATE_TEXT.channel) });
/** POST /learning/message-template/preview: a text (saved or not) rendered for a real student. */
export const MessageTemplatePreviewBody = Type.Object({ kind, ...templateText, student_id: Id('Chọn học viên để xem trước') });
export const MessageTemplatePreviewSchema = Type.Object({ subject: Type.String(), text: Type.String(), recipient: Nullable(Type.String()) });

/** The quiet window (operator time). */
export const FamilyMessageSettingsSchema = Type.Object({
  quiet_start: Type.String(),
  quiet_end: Type.String(),
  /** The channels this installation can send by (e-mail always). */
  channels: Type.Array(Type.String()),
});
export const FamilyMessageSettingsBody = Type.Object({
  quiet_start: Text(5, { pattern: QUIET_TIME_PATTERN, messages: { default: TEMPLATE_TEXT.quietTime } }),
  quiet_end: Text(5, { pattern: QUIET_TIME_PATTERN, messages: { default: TEMPLATE_TEXT.quietTime } }),
});
