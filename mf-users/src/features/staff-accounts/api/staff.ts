/** The staff accounts list (academic affairs, or administrators for an administrator). */
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { accountListParams, useAccountList, useCreateAccount, useDeleteAccount, useUpdateAccount, useUpdateAccountPassword } from '../../../api/accounts';
import type { StaffFilters, StaffType } from '../types';

/** Staff accounts share the teachers' page size (spec: full account lists are for choices only). */
export const STAFF_PAGE_SIZE = PAGE_SIZES.teachers;

export const staffKeys = {
  list: (filters: StaffFilters, page: number) => ['users', filters.type, 'list', 'staff', { ...filters, page }] as const,
};

export const staffParams = (filters: StaffFilters, page: number) => accountListParams(filters.type, filters, page, STAFF_PAGE_SIZE);

export const useStaff = (filters: StaffFilters, page: number, enabled: boolean) =>
  useAccountList(staffKeys.list(filters, page), staffParams(filters, page), enabled);
export const useCreateStaff = (filters: StaffFilters, type: StaffType) => useCreateAccount(type, staffKeys.list({ ...filters, type }, 1), STAFF_PAGE_SIZE);
export const useUpdateStaff = (type: StaffType) => useUpdateAccount(type);
export const useDeleteStaff = (type: StaffType) => useDeleteAccount(type);
export const useUpdateStaffPassword = (type: StaffType) => useUpdateAccountPassword(type);
