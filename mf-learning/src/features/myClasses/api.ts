/** A student's own classes: their enrolments that are not removed, each with its class. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult } from '@trungtam/shared/contracts';
import type { Enrollment } from '@trungtam/shared/contracts/learning';

/** How many of their classes a page shows. */
export const MY_CLASSES_PAGE_SIZE = 20;

/** Under the enrolment lists' key, so that a lesson adjustment (the kit's ledger) refreshes it. */
export const myClassesKey = (page: number) => ['enrollments', 'mine', page] as const;

/** GET /learning/class-enrollment/getListClassForStudent: the signed-in student's, newest first, with the class. */
export async function getMyClasses(page: number): Promise<ListResult<Enrollment>> {
  const response = await api.get<ApiData<ListResult<Enrollment>>>('/learning/class-enrollment/getListClassForStudent', {
    params: { limit: MY_CLASSES_PAGE_SIZE, page, sort_column: 'enrollment_id', sort_type: 'DESC', relationships: 'class' },
  });
  return response.data.data;
}

export const useMyClasses = (page: number) => useQuery({ queryKey: myClassesKey(page), queryFn: () => getMyClasses(page), placeholderData: keepPreviousData });
