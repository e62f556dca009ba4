/** The teachers screen's own shapes. */

/** The list filter: free text and status (0 means all). */
export interface TeacherFilters {
  search: string;
  status: number;
}

export const DEFAULT_TEACHER_FILTERS: TeacherFilters = { search: '', status: 0 };

/** The create/edit form. Selects hold numbers; 0 means "not chosen". */
export interface TeacherFormValues {
  name: string;
  email: string;
  /** Create only. */
  password: string;
  phone_number: string;
  status: number;
  /** The chosen role id. */
  roles: number;
  /** 0 = no centre (dropped from the request). */
  center_id: number;
  banking_name: string;
  banking_number: string;
  about: string;
  certificate: string;
  information: string;
}
