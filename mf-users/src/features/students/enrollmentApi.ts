/** The enrolment modal's calls: the student's enrolments, the class and discount choices, and the writes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult } from '@trungtam/shared/contracts';
import type {
  Discount,
  Enrollment,
  EnrollmentCreateRequest,
  EnrollmentRemoval,
  EnrollmentUpdateRequest,
  LearningClass,
} from '@trungtam/shared/contracts/learning';
import { PAGE_SIZES } from '@trungtam/shared/validation';

const rowsOf = <T>(data: ListResult<T> | undefined | null): T[] => data?.rows ?? [];

export const enrollmentKeys = {
  all: ['enrollments'] as const,
  ofStudent: (userId: number) => ['enrollments', 'user', userId] as const,
  classes: ['classes', 'enrolment-choices'] as const,
  discounts: ['discounts', 'list'] as const,
};

/** A student's enrolments: user_id, limit 10, sort enrollment_id DESC, relationships=class. */
export async function getStudentEnrollments(userId: number): Promise<Enrollment[]> {
  const response = await api.get<ApiData<ListResult<Enrollment>>>('/learning/class-enrollment/list', {
    params: { user_id: userId, limit: PAGE_SIZES.enrollmentHistory, page: 1, sort_column: 'enrollment_id', sort_type: 'DESC', relationships: 'class' },
  });
  return rowsOf(response.data.data);
}

/** The class choices: the class list, limit 1000, with room (and centre), academic_affair and product_item. */
export async function getClassChoices(): Promise<LearningClass[]> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZES.classFetch), page: '1', sort_column: 'class_id', sort_type: 'DESC' });
  for (const relation of ['room', 'academic_affair', 'product_item']) params.append('relationships', relation);
  const response = await api.get<ApiData<ListResult<LearningClass>>>('/learning/class/list', { params });
  return rowsOf(response.data.data);
}

/** The discount choices: GET /discounts with page, limit=100, sort_column=discount_id, sort_type=DESC. */
export async function getDiscounts(): Promise<Discount[]> {
  const response = await api.get<ApiData<ListResult<Discount>>>('/discounts', {
    params: { page: 1, limit: PAGE_SIZES.discounts, sort_column: 'discount_id', sort_type: 'DESC' },
  });
  return rowsOf(response.data.data);
}

export async function createEnrollment(body: EnrollmentCreateRequest): Promise<Enrollment> {
  const response = await api.post<ApiData<Enrollment>>('/learning/class-enrollment/create', body);
  return response.data.data;
}

export async function updateEnrollment(body: EnrollmentUpdateRequest): Promise<Enrollment> {
  const response = await api.put<ApiData<Enrollment>>('/learning/class-enrollment/update', body);
  return response.data.data;
}

export async function removeEnrollment(enrollmentId: number): Promise<EnrollmentRemoval> {
  const response = await api.delete<ApiData<EnrollmentRemoval>>(`/learning/class-enrollment/${enrollmentId}`);
  return response.data.data;
}

/** Asked again each time the modal opens: money and lessons change elsewhere (payments, rolls, other staff). */
export const useStudentEnrollments = (userId: number, enabled: boolean) =>
  useQuery({ queryKey: enrollmentKeys.ofStudent(userId), queryFn: () => getStudentEnrollments(userId), enabled: enabled && userId > 0, staleTime: 0 });
export const useClassChoices = (enabled: boolean) =>
  useQuery({ queryKey: enrollmentKeys.classes, queryFn: getClassChoices, enabled, staleTime: 60_000 });
export const useDiscounts = (enabled: boolean) =>
  useQuery({ queryKey: enrollmentKeys.discounts, queryFn: getDiscounts, enabled, staleTime: 60_000 });

function useEnrollmentMutation<V, R>(userId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.ofStudent(userId) });
    },
  });
}

export const useCreateEnrollment = (userId: number) => useEnrollmentMutation(userId, createEnrollment);
export const useUpdateEnrollment = (userId: number) => useEnrollmentMutation(userId, updateEnrollment);

/** Removal: the row leaves the list at once (status 3), then the list refreshes. */
export function useRemoveEnrollment(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEnrollment,
    onSuccess: (result, enrollmentId) => {
      queryClient.setQueryData<Enrollment[]>(enrollmentKeys.ofStudent(userId), (old) =>
        old?.filter((row) => row.enrollment_id !== (result?.enrollment_id ?? enrollmentId)),
      );
      void queryClient.invalidateQueries({ queryKey: enrollmentKeys.ofStudent(userId) });
    },
  });
}
