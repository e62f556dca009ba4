/**
 * The dashboard's week: size 20, page 1, sort schedule_date DESC, the class and centre
 * relations, the ISO week's Monday and Sunday as YYYY-MM-DD. The API limits the rows to the current user.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { ScheduleList } from '@trungtam/shared/contracts/schedules';
import { isoWeekBounds, type WeekBounds } from '@trungtam/shared/format';
import { prefetchIfAbsent } from '@trungtam/shared/query';
import { useCurrentUser } from '@trungtam/shared/session';
import { latestNotificationsQuery } from '../notifications/api';
import { WEEK_SCHEDULES_PATH, weekSchedulesParams } from './weekRequest';

export async function getWeekSchedules(week: WeekBounds): Promise<ScheduleList> {
  const response = await api.get<ApiData<ScheduleList>>(WEEK_SCHEDULES_PATH, {
    params: weekSchedulesParams(week),
    // repeated keys (relationships=class&relationships=center), as the API reads them
    paramsSerializer: { indexes: null },
  });
  const data = response.data.data;
  return { rows: data?.rows ?? [], total_rows: data?.total_rows ?? 0, total_pages: data?.total_pages ?? 0 };
}

/** The week's list of `today` (its ISO week) for the user `userId`: what the card asks and the routes prefetch. */
function weekSchedulesQuery(userId: number, today: Date) {
  const week = isoWeekBounds(today);
  return queryOptions({
    queryKey: ['schedules', 'week', userId, week.start, week.end],
    queryFn: () => getWeekSchedules(week),
    enabled: userId > 0,
  });
}

export function useWeekSchedules(today: Date = new Date()) {
  const user = useCurrentUser();
  return useQuery(weekSchedulesQuery(user?.id ?? 0, today));
}

/** Asks for the dashboard's two lists of `userId` (for today's week) into `client`, ahead of its cards. */
export function prefetchDashboard(client: QueryClient, userId: number, today: Date = new Date()) {
  if (userId <= 0) return;
  prefetchIfAbsent(client, weekSchedulesQuery(userId, today));
  prefetchIfAbsent(client, latestNotificationsQuery(userId));
}
