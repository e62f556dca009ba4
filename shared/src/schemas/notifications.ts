/**
 * `/notifications`: the inbox of every user (the bell, the dashboard, the page) and the messages staff
 * compose (the notification settings screen). One table, one record: a composed message is a row of
 * its own (`user_id` null, its `target`, `is_send`), and sending it adds one row per recipient.
 */
import { Type } from 'typebox';
import { NOTIFICATION_LIMITS, NOTIFICATION_TARGET_KINDS, NOTIFICATION_TARGET_TYPES } from '../contracts/rules/notifications';
import { Id, IdFilter, IdParams, listQueryProps, msgs, Nullable, Text } from './builders';


export const NOTIFICATION_TEXT = {
  nameRequired: 'Tiêu đề thông báo không được để trống',
  nameMax: 'Tiêu đề thông báo dài nhất là 255 kí tự',
  messageRequired: 'Nội dung thông báo không được để trống',
  messageMax: 'Nội dung thông báo dài nhất là 5000 kí tự',
  targetKind: 'target.kind: user | type | center | all',
  targetType: 'target.type: teacher | student | academic_affair',
  targetUser: 'Tài khoản nhận không hợp lệ',
  targetCenter: 'Trung tâm không hợp lệ',
  isSend: 'is_send: 0 | 1',
  listKind: 'kind: message',
} as const;

const name = Text(NOTIFICATION_LIMITS.name, {
  minLength: 1,
  pattern: '\\S',
  messages: { required: NOTIFICATION_TEXT.nameRequired, minLength: NOTIFICATION_TEXT.nameRequired, pattern: NOTIFICATION_TEXT.nameRequired, maxLength: NOTIFICATION_TEXT.nameMax },
});
const message = Text(NOTIFICATION_LIMITS.message, {
  minLength: 1,
  pattern: '\\S',
  messages: { required: NOTIFICATION_TEXT.messageRequired, minLength: NOTIFICATION_TEXT.messageRequired, pattern: NOTIFICATION_TEXT.messageRequired, maxLength: NOTIFICATION_TEXT.messageMax },
});

/**
 * A target as a request gives it. One object rather than a union of one object per kind: the validator
 * drops unknown properties, and inside a union it would drop one branch's fields while trying another.
 * The API checks that the kind's own field is there and no other (a 400 naming the field).
 */
export const NotificationTargetInput = Type.Object({
  kind: Type.Enum([...NOTIFICATION_TARGET_KINDS], msgs({ default: NOTIFICATION_TEXT.targetKind })),
  user_id: Type.Optional(Id(NOTIFICATION_TEXT.targetUser)),
  type: Type.Optional(Type.Enum([...NOTIFICATION_TARGET_TYPES], msgs({ default: NOTIFICATION_TEXT.targetType }))),
  center_id: Type.Optional(Id(NOTIFICATION_TEXT.targetCenter)),
});

/** A target as the API answers it, with the names a screen shows ('Nguyễn Văn A', 'Trung tâm Hà Nội'). */
export const NotificationTargetRecord = Type.Object({
  kind: Type.Enum([...NOTIFICATION_TARGET_KINDS]),
  user_id: Type.Optional(Type.Integer()),
  user_name: Type.Optional(Nullable(Type.String())),
  type: Type.Optional(Type.Enum([...NOTIFICATION_TARGET_TYPES])),
  center_id: Type.Optional(Type.Integer()),
  center_name: Type.Optional(Nullable(Type.String())),
});

export const NotificationSchema = Type.Object({
  notification_id: Type.Integer(),
  /** The recipient; null for a message composed by staff. */
  user_id: Nullable(Type.Integer()),
  name: Type.String(),
  message: Type.String(),
  /** 1 read, 2 unread (a composed message: 1). */
  is_read: Type.Integer(),
  created_at: Type.String(),
  /** A received notification sent from a staff message: that message. */
  parent_id: Type.Optional(Nullable(Type.Integer())),
  // A composed message only:
  target: Type.Optional(NotificationTargetRecord),
  /** 0 a draft, 1 sent. */
  is_send: Type.Optional(Type.Integer()),
  sent_at: Type.Optional(Nullable(Type.String())),
  created_by: Type.Optional(Nullable(Type.Integer())),
  /** Sent: how many received it. A draft (on show): how many it would reach if sent now. */
  recipient_count: Type.Optional(Type.Integer()),
  /** Sent: how many of them have read it. */
  read_count: Type.Optional(Type.Integer()),
});

export const NotificationListQuery = Type.Object({
  ...listQueryProps,
  user_id: Type.Optional({
    ...IdFilter('user_id phải là số'),
    description: "Whose inbox: only the caller's own id (another's is a 403). Absent or 0: the caller's own, or for staff with NotificationSetting GetAll every row in their reach, drafts included.",
  }),
  is_read: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], msgs({ default: 'is_read: 0 | 1 | 2' }))),
  type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], msgs({ default: 'type: 0 | 1 | 2' }))),
  count_unread: Type.Optional(Type.Boolean(msgs({ default: 'count_unread: true | false' }))),
  kind: Type.Optional(
    Type.Enum(['message'], { description: 'message: only the messages staff composed (user_id null), not what each person received.', ...msgs({ default: NOTIFICATION_TEXT.listKind }) }),
  ),
  is_send: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(1)], { description: 'Only composed messages in this state: 0 drafts, 1 sent.', ...msgs({ default: NOTIFICATION_TEXT.isSend }) }),
  ),
  search: Type.Optional({ ...Text(100), description: 'Words in the name or the message (case-insensitive).' }),
});

export const NotificationListResponse = Type.Object({
  data: Type.Object({
    rows: Type.Array(NotificationSchema),
    total_rows: Type.Integer(),
    total_pages: Type.Integer(),
    unread_rows: Type.Optional(Type.Integer()),
  }),
});

export const NotificationCreateBody = Type.Object({ name, message, target: NotificationTargetInput });

/** A message's own fields (its title and text), as a message to the accounts chosen in a list sends them. */
export const MessageTextProps = { name, message };

/** Edits a draft (any of name, message, target) and/or sends it (`is_send: 1`). */
export const NotificationUpdateBody = Type.Object({
  notification_id: Id('notification_id không hợp lệ'),
  name: Type.Optional(name),
  message: Type.Optional(message),
  target: Type.Optional(NotificationTargetInput),
  is_send: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], msgs({ default: NOTIFICATION_TEXT.isSend }))),
});

export const NotificationResponse = Type.Object({ data: NotificationSchema });

export const ReadAllParams = IdParams;
export const ReadAllResponse = Type.Object({
  data: Type.Object({ result: Type.Boolean(), updated: Type.Integer() }),
});
