/** Conversions between the staff form and the API requests: the common account fields plus the type. */
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import type { StaffCreateRequest, User, UserUpdateRequest } from '@trungtam/shared/contracts';
import {
  EMPTY_ACCOUNT_FORM,
  toAccountCreateRequest,
  toAccountFormValues,
  toAccountUpdateRequest,
} from '../../common/accountPayload';
import type { StaffFormValues, StaffType } from './types';

export const STAFF_TYPE_LABELS: Record<StaffType, string> = {
  academic_affair: USER_TYPE_LABELS.academic_affair,
  administrator: USER_TYPE_LABELS.administrator,
};

export const emptyStaffForm = (type: StaffType): StaffFormValues => ({ ...EMPTY_ACCOUNT_FORM, type });

export function toStaffFormValues(user: User): StaffFormValues {
  return {
    ...toAccountFormValues(user),
    type: user.type === 'administrator' ? 'administrator' : 'academic_affair',
  };
}

export function toStaffCreateRequest(values: StaffFormValues): StaffCreateRequest {
  return toAccountCreateRequest(values, values.type);
}

/** The account type never changes through this form. */
export function toStaffUpdateRequest(id: number, values: StaffFormValues): UserUpdateRequest {
  return toAccountUpdateRequest(id, values);
}
