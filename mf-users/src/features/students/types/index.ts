/** The students screen's own shapes. */
import type { StudentSource } from '@trungtam/shared/contracts';

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
  source: StudentSource | '';
}

/** The create/edit form. Selects hold numbers; 0 means "not chosen". */
export interface StudentFormValues {
  name: string;
  email: string;
  /** Create only. */
  password: string;
  phone_number: string;
  status: number;
  roles: number;
  /** 0 = no centre (dropped from the request). */
  center_id: number;
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
}
