/** HTTP contract of notifications (`/notifications`). Change with the API's schemas. */
import type { Static } from 'typebox';
import type { NotificationListResponse, NotificationSchema, ReadAllResponse } from '../schemas/notifications';
import type { ListQuery, ListResult } from '../contracts';

/** 1 read, 2 unread. */
export type NotificationReadState = 1 | 2;

export type Notification = Static<typeof NotificationSchema>;

/**
 * `GET /notifications`: the caller's own notifications (user_id, when given, must be the caller's id).
 * `type` says who asks (2 the bell, 0 the dashboard, 1 the full list) and changes nothing in the rows;
 * `count_unread=true` adds `unread_rows` (the caller's unread count) to the answer, so that the bell
 * needs one call for its list and its badge.
 */
export interface NotificationListQuery extends ListQuery {
  user_id?: number;
  is_read?: 0 | NotificationReadState;
  type?: 0 | 1 | 2;
  count_unread?: boolean;
}

export type NotificationList = Static<typeof NotificationListResponse>['data'];

/** `PUT /notifications/{userId}/read-all`: how many notifications changed from unread to read. */
export type ReadAllResult = Static<typeof ReadAllResponse>['data'];

export const NOTIFICATION_SORT_COLUMNS = ['notification_id', 'created_at', 'is_read'] as const;
/** Who asks for a notification list (the spec's type flag). */
export const NOTIFICATION_LIST_TYPE = { DASHBOARD: 0, PAGE: 1, BELL: 2 } as const;
