/** The messages to families' delivery log (GET /learning/messages) and the resend of a failed one. */
import { Type } from 'typebox';
import { Id, IdFilter, listQueryProps, Nullable, Text } from '@trungtam/shared/schemas/builders';

export const MessageStatusSchema = Text(16, {
  pattern: '^(queued|sending|sent|failed|held)$',
  messages: { pattern: 'status: queued, sending, sent, failed hoặc held', default: 'status: queued, sending, sent, failed hoặc held' },
});

export const MessageListQuery = Type.Object({
  limit: listQueryProps.limit,
  page: listQueryProps.page,
  status: Type.Optional(MessageStatusSchema),
  /** One student's messages (0: every student in reach). */
  student_id: Type.Optional(IdFilter('student_id phải là số')),
});

export const MessageResendBody = Type.Object({
  message_id: Id('message_id phải là số'),
});

export const FamilyMessageSchema = Type.Object({
  id: Type.Integer(),
  /** absence, absence_correction. */
  kind: Type.String(),
  /** email. */
  channel: Type.String(),
  recipient: Type.String(),
  student: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  subject: Type.String(),
  text: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  /** When a queued message is tried (again); null otherwise. */
  next_attempt_at: Nullable(Type.String()),
  /** The provider's reason of the latest failure. */
  last_error: Nullable(Type.String()),
  sent_at: Nullable(Type.String()),
  created_at: Type.String(),
});
