/** The students screen's own shapes. */
import type { StudentSource, StudentSourceFilter } from '@trungtam/shared/contracts';
import type { AccountFormValues } from '../../common/accountPayload';

/**
 * The list filter, as kept in the URL. Dates are YYYY-MM-DD (sent with 00:00:00 and 23:59:59);
 * `userId` is the raw text of the id box (a non-number is sent as 0).
 */
export interface StudentFilters {
  search: string;
  status: number;
  userId: string;
  createdFrom: string;
  createdTo: string;
  /** A source, 'unknown' (none given), or '' for all. */
  source: StudentSourceFilter;
  /** 1: only the students no guardian can be reached at (no phone, no e-mail); 0: all. */
  noGuardian: number;
}

/** The create/edit form: the common account fields plus the student extras (0 = not chosen). */
export interface StudentFormValues extends AccountFormValues {
  reference_name: string;
  reference_phone: string;
  reference_email: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  source: StudentSource | '';
  address: string;
}

/** The enrolment form. */
export interface EnrollmentFormValues {
  class_id: number;
  discount_id: number;
  /** The chosen class's course total (read-only in the form). */
  total_lesson: number;
  /** Bonus (free) lessons. */
  total_lesson_promote: number;
  total_lesson_learned: number;
  total_discount_percent: number;
  /** "Tính từ ngày": the day from which the enrolment counts, 'YYYY-MM-DD'; '' for today. */
  start_date: string;
}
