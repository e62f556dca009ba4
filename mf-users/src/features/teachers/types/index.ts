/** The teachers screen's own shapes. */
import type { AccountFormValues } from '../../../utils/accountPayload';

/** The list filter: free text and status (0 means all). */
export interface TeacherFilters {
  search: string;
  status: number;
}

export const DEFAULT_TEACHER_FILTERS: TeacherFilters = { search: '', status: 0 };

/** The create/edit form: the common account fields plus the teacher profile. */
export interface TeacherFormValues extends AccountFormValues {
  banking_name: string;
  banking_number: string;
  about: string;
  certificate: string;
  information: string;
}
