/**
 * The signed-in user's notifications: the list fetch (page size, page, sort
 * notification_id DESC, the user's id, the type flag: 2 for the bell, 0 for the dashboard, 1 for the
 * page, and `count_unread=true`) and mark-all-read (PUT /notifications/{userId}/read-all).
 *
 * The bell keeps its count current by polling its list every BELL_POLL_MS (one cheap call that returns
 * the 10 latest rows and the unread count together).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { NotificationList, ReadAllResult } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_LIST_TYPE } from '@trungtam/shared/contracts/notifications';
import { useCurrentUser } from '@trungtam/shared/session';
import { BELL_LIST, LATEST_LIST, NOTIFICATIONS_PATH, notificationListParams } from './listRequest';

export const BELL_POLL_MS = 30_000;
export const NOTIFICATIONS_PAGE_SIZE = 10;

type ListType = (typeof NOTIFICATION_LIST_TYPE)[keyof typeof NOTIFICATION_LIST_TYPE];

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: number, type: ListType, limit: number, page: number) =>
    ['notifications', userId, { type, limit, page }] as const,
};

const EMPTY: NotificationList = { rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 };

export async function getNotifications(userId: number, type: ListType, limit: number, page: number): Promise<NotificationList> {
  const response = await api.get<ApiData<NotificationList>>(NOTIFICATIONS_PATH, { params: notificationListParams(userId, type, limit, page) });
  const data = response.data.data;
  return {
    rows: data?.rows ?? [],
    total_rows: data?.total_rows ?? 0,
    total_pages: data?.total_pages ?? 0,
    unread_rows: data?.unread_rows ?? 0,
  };
}

export async function markAllRead(userId: number): Promise<ReadAllResult> {
  const response = await api.put<ApiData<ReadAllResult>>(`/notifications/${userId}/read-all`);
  return response.data.data;
}

function notificationsQuery(userId: number, type: ListType, limit: number, page: number) {
  return queryOptions({
    queryKey: notificationKeys.list(userId, type, limit, page),
    queryFn: () => getNotifications(userId, type, limit, page),
    enabled: userId > 0,
  });
}

function useNotifications(type: ListType, limit: number, page: number, pollMs?: number) {
  const user = useCurrentUser();
  const userId = user?.id ?? 0;
  return useQuery({
    ...notificationsQuery(userId, type, limit, page),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
    // only a polled list is stale at once; the others keep the client's default. (An explicit
    // `staleTime: undefined` would replace that default with 0: the dashboard's card, mounted once its
    // answer is there, asked the API again.)
    ...(pollMs ? { staleTime: 0 } : {}),
    select: (data) => data ?? EMPTY,
  });
}

/** The bell: the 10 latest and the unread count, polled. */
export const useBellNotifications = () => useNotifications(BELL_LIST.type, BELL_LIST.limit, BELL_LIST.page, BELL_POLL_MS);

/** The dashboard card's list: the 5 latest, page 1. */
const LATEST = [LATEST_LIST.type, LATEST_LIST.limit, LATEST_LIST.page] as const;

/** The dashboard card's list of `userId` (also prefetched by the routes: prefetchDashboard). */
export const latestNotificationsQuery = (userId: number) => notificationsQuery(userId, ...LATEST);

/** The dashboard card: the 5 latest. */
export const useLatestNotifications = () => useNotifications(...LATEST);

/** The /notifications page. */
export const useNotificationPage = (page: number) =>
  useNotifications(NOTIFICATION_LIST_TYPE.PAGE, NOTIFICATIONS_PAGE_SIZE, page);

/**
 * Marks everything read. The badge drops to 0 at once (every cached list's unread count); the rows keep
 * their bold state until the lists are fetched again, so the open dropdown still shows what was new.
 */
export function useMarkAllRead() {
  const client = useQueryClient();
  const user = useCurrentUser();
  return useMutation({
    mutationFn: () => markAllRead(user?.id ?? 0),
    onMutate: async () => {
      // a poll on its way back must not bring the old count back
      await client.cancelQueries({ queryKey: notificationKeys.all });
      client.setQueriesData<NotificationList>({ queryKey: notificationKeys.all }, (old) =>
        old ? { ...old, unread_rows: 0 } : old,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all, refetchType: 'none' }),
  });
}
