/** The staff accounts list (academic affairs, or administrators for an administrator); filters kept in the URL. */
import { PAGE_SIZES } from '@trungtam/shared/validation';
import type { ListSort } from '@trungtam/shared/resource';
import { ACCOUNTS, accountListParams, useUpdateAccountPassword } from '../../common/accounts';
import type { StaffFilters, StaffType } from './types';

/** Staff accounts share the teachers' page size (the full account lists, limit 1000, are for choices only). */
export const STAFF_PAGE_SIZE = PAGE_SIZES.teachers;

export const staffParams = (filters: StaffFilters, page: number, sort: ListSort | null = null) => accountListParams(filters.type, filters, page, STAFF_PAGE_SIZE, sort);

export const useStaff = (filters: StaffFilters, page: number, enabled: boolean, sort: ListSort | null = null) =>
  ACCOUNTS[filters.type].useList(staffParams(filters, page, sort), { enabled });
export const useCreateStaff = (filters: StaffFilters, type: StaffType) =>
  ACCOUNTS[type].useCreate({ firstPageKey: ACCOUNTS[type].keys.list(staffParams({ ...filters, type }, 1)), pageSize: STAFF_PAGE_SIZE });
export const useUpdateStaff = (type: StaffType) => ACCOUNTS[type].useUpdate();
export const useDeleteStaff = (type: StaffType) => ACCOUNTS[type].useRemove();
export const useUpdateStaffPassword = (type: StaffType) => useUpdateAccountPassword(type);
