/**
 * The calls of the schedules screen over /learning/class-schedule: the sessions of a range, one session
 * with who takes part and its attendance, and the writes (move, cancel, attendance, make-up). Every write
 * refreshes every list and session of the resource (the calendar, the list, the dashboard's week).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult } from '@trungtam/shared/contracts';
import type { Enrollment, EnrollmentListQuery } from '@trungtam/shared/contracts/learning';
import type {
  AttendanceRequest,
  ClassSchedule,
  ScheduleCreateRequest,
  ScheduleDetail,
  ScheduleMoveRequest,
  SubstituteRangeRequest,
  SubstituteRangeResult,
  SubstituteRequest,
} from '@trungtam/shared/contracts/schedules';
import { createDataSource } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';

const BASE = '/learning/class-schedule';

export const schedules = createDataSource<ClassSchedule>({
  key: ['schedules'],
  paths: { list: BASE, show: (id) => `${BASE}/${id}`, create: BASE, update: BASE, remove: (id) => `${BASE}/${id}` },
  id: (session) => session.schedule_id,
});

/** GET /learning/class-schedule/{id}: the session, who takes part, the attendance taken, its make-ups, what the caller may do. */
export function useScheduleDetail(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: schedules.keys.show(id ?? 0),
    queryFn: async () => (await api.get<ApiData<ScheduleDetail>>(`${BASE}/${id}`)).data.data,
    enabled: enabled && !!id,
  });
}

/** A write on sessions; the session written and every list are refreshed once it succeeds. */
function useScheduleWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: schedules.keys.all });
    },
  });
}

/** PUT /learning/class-schedule: a new date, time, duration or room (a clash is a 409 naming it). */
export const useMoveSession = () =>
  useScheduleWrite(async (body: ScheduleMoveRequest) => (await api.put<ApiData<ClassSchedule>>(BASE, body)).data.data);

/** POST /learning/class-schedule/substitute: another teacher teaches the session (a clash is a 409 naming it). */
export const useSubstitute = () =>
  useScheduleWrite(async (body: SubstituteRequest) => (await api.post<ApiData<ClassSchedule>>(`${BASE}/substitute`, body)).data.data);

/** POST /learning/class-schedule/substitute-range: the class's sessions in a range, each set or refused with its reason. */
export const useSubstituteRange = () =>
  useScheduleWrite(async (body: SubstituteRangeRequest) => (await api.post<ApiData<SubstituteRangeResult>>(`${BASE}/substitute-range`, body)).data.data);

/** DELETE /learning/class-schedule/{id}: cancels a session whose attendance is not taken. */
export const useCancelSession = () => useScheduleWrite((id: number) => api.delete(`${BASE}/${id}`));

/** PUT /learning/class-schedule/is-attendance: answers the session with the attendance recorded. */
export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AttendanceRequest) => (await api.put<ApiData<ScheduleDetail>>(`${BASE}/is-attendance`, body)).data.data,
    onSuccess: (detail) => {
      queryClient.setQueryData(schedules.keys.show(detail.schedule_id), detail);
      void queryClient.invalidateQueries({ queryKey: schedules.keys.all });
    },
  });
}

/** POST /learning/class-schedule with makeup_of and student_ids: a make-up session for absent students. */
export const useCreateMakeup = () =>
  useScheduleWrite(async (body: ScheduleCreateRequest) => (await api.post<ApiData<ClassSchedule>>(BASE, body)).data.data);

/** A student taking part in a session. */
export interface SessionStudent {
  user_id: number;
  name: string;
}

/**
 * The students of a regular session: the attendance call, the class's active enrolments on the
 * session's date (GET /learning/class-enrollment/list with class_id, status=1, date, relationships=user).
 */
export function useClassStudents(classId: number, date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['enrollments', 'class', classId, 'active', date],
    enabled,
    queryFn: async (): Promise<SessionStudent[]> => {
      const response = await api.get<ApiData<ListResult<Enrollment>>>('/learning/class-enrollment/list', {
        params: {
          class_id: classId,
          status: 1,
          date,
          limit: PAGE_SIZES.classFetch,
          page: 1,
          sort_column: 'enrollment_id',
          sort_type: 'ASC',
          relationships: 'user',
        } satisfies EnrollmentListQuery,
      });
      return (response.data.data?.rows ?? []).map((row) => ({ user_id: row.user_id, name: row.user?.name ?? '' }));
    },
  });
}
