/** The staff-accounts screen's own shapes. */
import { defaultFilters, intParam, oneOfParam, textParam, type FilterCodecs } from '@trungtam/shared/resource';
import type { AccountFormValues } from '../../common/accountPayload';

/** The staff account types this screen manages. */
export type StaffType = 'academic_affair' | 'administrator';

export interface StaffFilters {
  search: string;
  /** 0 = all statuses. */
  status: number;
  /** Administrators may switch to administrator accounts; everyone else sees academic affairs only. */
  type: StaffType;
}

/** The filter as the URL keeps it. */
export const STAFF_FILTERS: FilterCodecs<StaffFilters> = {
  search: textParam('search'),
  status: intParam('status'),
  type: oneOfParam<StaffType>('type', ['academic_affair', 'administrator'], 'academic_affair'),
};

export const DEFAULT_STAFF_FILTERS: StaffFilters = defaultFilters(STAFF_FILTERS);

/** The common account fields plus the account type (fixed once created). */
export interface StaffFormValues extends AccountFormValues {
  type: StaffType;
}
