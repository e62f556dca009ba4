/** The teachers screen's own shapes. */
import { defaultFilters, intParam, textParam, type FilterCodecs } from '@trungtam/shared/resource';
import type { AccountFormValues } from '../../common/accountPayload';

/** The list filter: free text and status (0 means all). */
export interface TeacherFilters {
  search: string;
  status: number;
}

/** The filter as the URL keeps it. */
export const TEACHER_FILTERS: FilterCodecs<TeacherFilters> = { search: textParam('search'), status: intParam('status') };

export const DEFAULT_TEACHER_FILTERS: TeacherFilters = defaultFilters(TEACHER_FILTERS);

/** The create/edit form: the common account fields plus the teacher profile. */
export interface TeacherFormValues extends AccountFormValues {
  banking_name: string;
  banking_number: string;
  about: string;
  certificate: string;
  information: string;
}
