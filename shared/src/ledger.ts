/**
 * An enrolment's lesson ledger ("Lịch sử buổi học"): its lines with the balance after each, and a staff
 * adjustment of its lessons. Every area reads it through the kit's LessonLedgerDialog, so the calls and
 * their cache live here once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { EnrollmentLedger, LessonAdjustmentRequest } from '@trungtam/shared/contracts/learning';

export const ledgerKeys = {
  of: (enrollmentId: number) => ['lesson-ledger', enrollmentId] as const,
  /** Every area's enrolment lists (the students' modal, a student's classes…), whose lesson counts an adjustment changes. */
  enrollments: ['enrollments'] as const,
};

/** GET /learning/class-enrollment/ledger/:enrollment_id. */
export async function getEnrollmentLedger(enrollmentId: number): Promise<EnrollmentLedger> {
  const response = await api.get<ApiData<EnrollmentLedger>>(`/learning/class-enrollment/ledger/${enrollmentId}`);
  return response.data.data;
}

/** POST /learning/class-enrollment/adjust-lessons: answers the enrolment's ledger with the new line. */
export async function adjustLessons(body: LessonAdjustmentRequest): Promise<EnrollmentLedger> {
  const response = await api.post<ApiData<EnrollmentLedger>>('/learning/class-enrollment/adjust-lessons', body);
  return response.data.data;
}

export const useEnrollmentLedger = (enrollmentId: number | null) =>
  useQuery({
    queryKey: ledgerKeys.of(enrollmentId ?? 0),
    queryFn: () => getEnrollmentLedger(enrollmentId ?? 0),
    enabled: enrollmentId !== null && enrollmentId > 0,
  });

/**
 * An adjustment sent by `send` (adjustLessons, or a caller's own): the ledger it answers is shown at once,
 * and the enrolment lists, whose totals it changed, refresh.
 */
export function useAdjustLessons(send: (body: LessonAdjustmentRequest) => Promise<EnrollmentLedger>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (ledger) => {
      queryClient.setQueryData(ledgerKeys.of(ledger.enrollment_id), ledger);
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.enrollments });
    },
  });
}
