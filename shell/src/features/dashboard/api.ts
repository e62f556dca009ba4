/**
 * The dashboard's week (spec point 7): size 20, page 1, sort schedule_date DESC, the class and centre
 * relations, the ISO week's Monday and Sunday as YYYY-MM-DD. The API limits the rows to the current user.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { ScheduleList } from '@trungtam/shared/contracts/schedules';
import { isoWeekBounds, type WeekBounds } from '@trungtam/shared/format';
import { useCurrentUser } from '@trungtam/shared/session';
import { PAGE_SIZES } from '@trungtam/shared/validation';

export async function getWeekSchedules(week: WeekBounds): Promise<ScheduleList> {
  const response = await api.get<ApiData<ScheduleList>>('/learning/class-schedule', {
    params: {
      limit: PAGE_SIZES.dashboardSchedules,
      page: 1,
      sort_column: 'schedule_date',
      sort_type: 'DESC',
      relationships: ['class', 'center'],
      schedule_date: [week.start, week.end],
    },
    // repeated keys (relationships=class&relationships=center), as the API reads them
    paramsSerializer: { indexes: null },
  });
  const data = response.data.data;
  return { rows: data?.rows ?? [], total_rows: data?.total_rows ?? 0, total_pages: data?.total_pages ?? 0 };
}

export function useWeekSchedules(today: Date = new Date()) {
  const user = useCurrentUser();
  const week = isoWeekBounds(today);
  return useQuery({
    queryKey: ['schedules', 'week', user?.id ?? 0, week.start, week.end],
    queryFn: () => getWeekSchedules(week),
    enabled: !!user,
  });
}
