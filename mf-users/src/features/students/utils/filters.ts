/** The students filter ↔ the URL (so a reload or a shared link shows the same list) ↔ the list call. */
import { STUDENT_SOURCES, UNKNOWN_SOURCE_FILTER, type StudentSourceFilter } from '@trungtam/shared/contracts';
import { isIsoDate, operatorToday } from '@trungtam/shared/operatorDate';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { appendCreatedAtRange, CREATED_FROM_DEFAULT } from '../../../api/accounts';
import { accountFilterCount } from '../../../utils/accountFilters';
import type { StudentFilters } from '../types';

export const STUDENTS_PAGE_SIZE = PAGE_SIZES.students;
export { CREATED_FROM_DEFAULT };

/** The operator's today (not the browser's): the default end of the created-at range. */
export const today = operatorToday;

export function defaultStudentFilters(): StudentFilters {
  return { search: '', status: 0, userId: '', createdFrom: CREATED_FROM_DEFAULT, createdTo: today(), source: '' };
}

const validDate = (value: string | null, fallback: string) => (value && isIsoDate(value) ? value : fallback);
const SOURCE_FILTERS: readonly string[] = [...STUDENT_SOURCES, UNKNOWN_SOURCE_FILTER];

/** The filter and page held by the URL's search params (missing or bad values fall back to the defaults). */
export function filtersFromSearch(search: URLSearchParams): { filters: StudentFilters; page: number } {
  const defaults = defaultStudentFilters();
  const source = search.get('source') ?? '';
  const page = Number(search.get('page'));
  return {
    filters: {
      search: search.get('search') ?? '',
      status: Number(search.get('status')) || 0,
      userId: search.get('user_id') ?? '',
      createdFrom: validDate(search.get('from'), defaults.createdFrom),
      createdTo: validDate(search.get('to'), defaults.createdTo),
      source: SOURCE_FILTERS.includes(source) ? (source as StudentSourceFilter) : '',
    },
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The search params of a filter and page; defaults are left out so the URL stays short. */
export function searchFromFilters(filters: StudentFilters, page: number): URLSearchParams {
  const defaults = defaultStudentFilters();
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status) params.set('status', String(filters.status));
  if (filters.userId.trim()) params.set('user_id', filters.userId.trim());
  if (filters.createdFrom !== defaults.createdFrom) params.set('from', filters.createdFrom);
  if (filters.createdTo !== defaults.createdTo) params.set('to', filters.createdTo);
  if (filters.source) params.set('source', filters.source);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Spec: the user-id filter must be numeric, otherwise 0 is sent. */
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
  return params;
}

/** GET /user/list for students: 10 a page, id DESC, with roles, plus the filters. */
export function studentListParams(filters: StudentFilters, page: number): URLSearchParams {
  const params = new URLSearchParams({
    limit: String(STUDENTS_PAGE_SIZE),
    page: String(page),
    sort_column: 'id',
    sort_type: 'DESC',
    relationships: 'roles',
  });
  for (const [key, value] of studentFilterParams(filters)) params.append(key, value);
  return params;
}

/** GET /user/export: the same filters (spec point 9: 100 per page, page 1; the API streams every row). */
export function studentExportParams(filters: StudentFilters): URLSearchParams {
  const params = new URLSearchParams({ limit: String(PAGE_SIZES.export), page: '1', sort_column: 'id', sort_type: 'DESC' });
  for (const [key, value] of studentFilterParams(filters)) params.append(key, value);
  return params;
}

/** Spec point 7: today's date plus '_students-file.xlsx'. */
export const exportFileName = () => `${today()}_students-file.xlsx`;

/** How many filters differ from the defaults (shown on the filter button). */
export function activeFilterCount(filters: StudentFilters): number {
  const defaults = defaultStudentFilters();
  return (
    accountFilterCount(filters) +
    (filters.userId.trim() ? 1 : 0) +
    (filters.createdFrom !== defaults.createdFrom || filters.createdTo !== defaults.createdTo ? 1 : 0) +
    (filters.source ? 1 : 0)
  );
}
