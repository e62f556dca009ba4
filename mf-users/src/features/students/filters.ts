/** The students filter ↔ the URL (so a reload or a shared link shows the same list) ↔ the list call. */
import { STUDENT_SOURCES, UNKNOWN_SOURCE_FILTER, type StudentSourceFilter } from '@trungtam/shared/contracts';
import { operatorToday } from '@trungtam/shared/operatorDate';
import {
  activeFilterCount as kitActiveFilterCount,
  dateParam,
  defaultFilters,
  intParam,
  oneOfParam,
  textParam,
  type FilterCodecs,
  type ListSort,
} from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { appendCreatedAtRange, CREATED_FROM_DEFAULT } from '../../common/accounts';
import type { StudentFilters } from './types';

export const STUDENTS_PAGE_SIZE = PAGE_SIZES.students;
export { CREATED_FROM_DEFAULT };

/** The operator's today (not the browser's): the default end of the created-at range. */
export const today = operatorToday;

/** The filter as the URL keeps it: search, status, user_id, from, to (one range), source, no_guardian. */
export const STUDENT_FILTERS: FilterCodecs<StudentFilters> = {
  search: textParam('search'),
  status: intParam('status'),
  userId: textParam('user_id'),
  createdFrom: dateParam('from', () => CREATED_FROM_DEFAULT, 'created'),
  createdTo: dateParam('to', operatorToday, 'created'),
  source: oneOfParam<StudentSourceFilter>('source', [...STUDENT_SOURCES, UNKNOWN_SOURCE_FILTER], ''),
  noGuardian: intParam('no_guardian'),
};

export const defaultStudentFilters = (): StudentFilters => defaultFilters(STUDENT_FILTERS);

/** The user-id filter must be numeric, otherwise 0 is sent. */
export function userIdParam(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

/** The filters of GET /user/list and GET /user/export (created_at given twice: start and end). */
export function studentFilterParams(filters: StudentFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type', 'student');
  const search = filters.search.trim();
  if (search) params.set('search', search);
  params.set('status', String(Number(filters.status) || 0));
  params.set('user_id', String(userIdParam(filters.userId)));
  appendCreatedAtRange(params, filters.createdFrom, filters.createdTo);
  if (filters.source) params.set('source', filters.source);
  if (filters.noGuardian) params.set('no_guardian', '1');
  return params;
}

/** GET /user/list for students: 10 a page, by the header's sort (`sort`, from the URL) or id DESC, with roles, plus the filters. */
export function studentListParams(filters: StudentFilters, page: number, sort: ListSort | null = null): URLSearchParams {
  const params = new URLSearchParams({
    limit: String(STUDENTS_PAGE_SIZE),
    page: String(page),
    sort_column: sort?.column ?? 'id',
    sort_type: sort?.direction ?? 'DESC',
    relationships: 'roles',
  });
  for (const [key, value] of studentFilterParams(filters)) params.append(key, value);
  return params;
}

/** GET /user/export: the same filters (100 per page, page 1; the API streams every row). */
export function studentExportParams(filters: StudentFilters): URLSearchParams {
  const params = new URLSearchParams({ limit: String(PAGE_SIZES.export), page: '1', sort_column: 'id', sort_type: 'DESC' });
  for (const [key, value] of studentFilterParams(filters)) params.append(key, value);
  return params;
}

/** The export's file name: today's date plus '_students-file.xlsx'. */
export const exportFileName = () => `${today()}_students-file.xlsx`;

/** How many filters differ from the defaults (shown on the filter button; the date range counts once). */
export const activeFilterCount = (filters: StudentFilters): number => kitActiveFilterCount(STUDENT_FILTERS, filters);
