/** The staff-accounts screen's own shapes. */
import type { AccountFormValues } from '../../../utils/accountPayload';

/** The staff account types this screen manages. */
export type StaffType = 'academic_affair' | 'administrator';

export interface StaffFilters {
  search: string;
  /** 0 = all statuses. */
  status: number;
  /** Administrators may switch to administrator accounts; everyone else sees academic affairs only. */
  type: StaffType;
}

export const DEFAULT_STAFF_FILTERS: StaffFilters = { search: '', status: 0, type: 'academic_affair' };

/** The common account fields plus the account type (fixed once created). */
export interface StaffFormValues extends AccountFormValues {
  type: StaffType;
}
