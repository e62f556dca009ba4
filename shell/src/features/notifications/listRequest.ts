/**
 * The notifications list request, as plain values: the page size, the page, the sort
 * (notification_id DESC), the user's id, the list's type and `count_unread=true`. The lists' queries
 * (api.ts) build their calls from here, and so does a returning user's entry (earlySignedInPart.ts),
 * which sends the bell's first call (and, opening the dashboard, its card's) with the session check:
 * the query then finds that answer under the same URL. Imports nothing but the entry's path writer, as
 * the entry takes it before any shared module is loaded.
 */
import { apiPath } from '../../startup/apiPath';

export const NOTIFICATIONS_PATH = '/notifications';

/** The bell's list: the 10 latest of type 2 (NOTIFICATION_LIST_TYPE.BELL, PAGE_SIZES.notificationBell). */
export const BELL_LIST = { type: 2, limit: 10, page: 1 } as const;

/** The dashboard card's list: the 5 latest of type 0 (NOTIFICATION_LIST_TYPE.DASHBOARD, PAGE_SIZES.dashboardNotifications). */
export const LATEST_LIST = { type: 0, limit: 5, page: 1 } as const;

export function notificationListParams(userId: number, type: number, limit: number, page: number) {
  return { limit, page, sort_column: 'notification_id', sort_type: 'DESC', user_id: userId, type, count_unread: true };
}

/**
 * The first call of `userId`'s `list` (the bell's, the dashboard card's) as the API client writes it
 * (path and query string: queryString of @trungtam/shared/api, which the entry cannot load), for the
 * entry to send ahead.
 */
export function notificationListPath(userId: number, list: { type: number; limit: number; page: number }): string {
  return apiPath(NOTIFICATIONS_PATH, notificationListParams(userId, list.type, list.limit, list.page));
}
