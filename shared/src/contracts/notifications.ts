/** HTTP contract of notifications (`/notifications`). Change with the API's schemas. */
import type { Static } from 'typebox';
import type {
  NotificationCreateBody,
  NotificationListResponse,
  NotificationSchema,
  NotificationTargetInput,
  NotificationTargetRecord,
  NotificationUpdateBody,
  ReadAllResponse,
} from '../schemas/notifications';
import type { ListQuery } from '../contracts';

/** 1 read, 2 unread. */
export type NotificationReadState = 1 | 2;

/** A notification someone received, or (user_id null, with its target) a message staff composed. */
export type Notification = Static<typeof NotificationSchema>;

export * from './rules/notifications';
import type { NOTIFICATION_TARGET_KINDS, NOTIFICATION_TARGET_TYPES } from './rules/notifications';

export type NotificationTargetKind = (typeof NOTIFICATION_TARGET_KINDS)[number];
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];
/** A composed message's target as the API answers it (with the user's or the centre's name). */
export type NotificationTarget = Static<typeof NotificationTargetRecord>;
/** A target as `POST` and `PUT /notifications` take it. */
export type NotificationTargetRequest = Static<typeof NotificationTargetInput>;

/** `POST /notifications`: a new draft (nobody receives it until it is sent). */
export type NotificationCreateRequest = Static<typeof NotificationCreateBody>;
/** `PUT /notifications`: edits a draft and/or sends it (`is_send: 1`); a sent message is a 409. */
export type NotificationUpdateRequest = Static<typeof NotificationUpdateBody>;

/** A composed message's state (is_send). */
export const NOTIFICATION_SEND = { DRAFT: 0, SENT: 1 } as const;

/**
 * `GET /notifications`. With `user_id` = the caller's id (the bell, the dashboard, the page): the
 * caller's own notifications; another user's id is a 403 for everyone. Without it (or 0): the caller's
 * own, or, for staff with NotificationSetting GetAll, every row in their reach (composed messages,
 * drafts included, and the notifications received). `kind=message` keeps only composed messages,
 * `is_send` only composed messages in that state, `search` looks in the name and the message.
 * `type` says who asks (2 the bell, 0 the dashboard, 1 the full list) and changes nothing in the rows;
 * `count_unread=true` adds `unread_rows` (the caller's own unread count) to the answer, so that the
 * bell needs one call for its list and its badge.
 */
export interface NotificationListQuery extends ListQuery {
  user_id?: number;
  is_read?: 0 | NotificationReadState;
  type?: 0 | 1 | 2;
  count_unread?: boolean;
  kind?: 'message';
  is_send?: 0 | 1;
}

export type NotificationList = Static<typeof NotificationListResponse>['data'];

/** `PUT /notifications/{userId}/read-all`: how many notifications changed from unread to read. */
export type ReadAllResult = Static<typeof ReadAllResponse>['data'];

export const NOTIFICATION_SORT_COLUMNS = ['notification_id', 'created_at', 'is_read', 'name', 'sent_at'] as const;
/** Who asks for a notification list (the list's type flag: 0 the dashboard, 1 the page, 2 the bell). */
export const NOTIFICATION_LIST_TYPE = { DASHBOARD: 0, PAGE: 1, BELL: 2 } as const;
