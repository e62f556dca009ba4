/** Conversions between the staff form and the API requests (numbers, center_id 0 dropped). */
import { ACCOUNT_STATUS, type StaffCreateRequest, type User, type UserUpdateRequest } from '@trungtam/shared/contracts';
import type { StaffFormValues, StaffType } from '../types';

export const STAFF_TYPE_LABELS: Record<StaffType, string> = {
  academic_affair: 'Giáo vụ',
  administrator: 'Quản trị viên',
};

export const emptyStaffForm = (type: StaffType): StaffFormValues => ({
  name: '',
  email: '',
  password: '',
  phone_number: '',
  status: ACCOUNT_STATUS.ACTIVE,
  roles: 0,
  center_id: 0,
  type,
});

export function toStaffFormValues(user: User): StaffFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    phone_number: user.phone_number ?? '',
    status: Number(user.status) || ACCOUNT_STATUS.ACTIVE,
    roles: user.roles?.[0]?.id ?? 0,
    center_id: user.center_id ?? 0,
    type: user.type === 'administrator' ? 'administrator' : 'academic_affair',
  };
}

const centre = (values: StaffFormValues) => (Number(values.center_id) > 0 ? { center_id: Number(values.center_id) } : {});

export function toStaffCreateRequest(values: StaffFormValues): StaffCreateRequest {
  return {
    email: values.email.trim(),
    name: values.name.trim(),
    password: values.password,
    type: values.type,
    phone_number: values.phone_number.trim(),
    status: Number(values.status),
    roles: [{ id: Number(values.roles) }],
    ...centre(values),
  };
}

/** The account type never changes through this form. */
export function toStaffUpdateRequest(id: number, values: StaffFormValues): UserUpdateRequest {
  const roleId = Number(values.roles) || 0;
  return {
    id,
    name: values.name.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    status: Number(values.status),
    ...(roleId > 0 ? { roles: [{ id: roleId }] } : {}),
    ...centre(values),
  };
}
