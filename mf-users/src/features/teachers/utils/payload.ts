/** Conversions between the teacher form and the API requests (spec point 5: numbers, center_id 0 dropped). */
import type { StaffCreateRequest, User, UserUpdateRequest } from '@trungtam/shared/contracts';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import type { TeacherFormValues } from '../types';

export const EMPTY_TEACHER_FORM: TeacherFormValues = {
  name: '',
  email: '',
  password: '',
  phone_number: '',
  status: ACCOUNT_STATUS.ACTIVE,
  roles: 0,
  center_id: 0,
  banking_name: '',
  banking_number: '',
  about: '',
  certificate: '',
  information: '',
};

/** The form of an existing teacher (edit mode). */
export function toFormValues(user: User): TeacherFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    phone_number: user.phone_number ?? '',
    status: Number(user.status) || ACCOUNT_STATUS.ACTIVE,
    roles: user.roles?.[0]?.id ?? 0,
    center_id: user.center_id ?? 0,
    banking_name: user.banking_name ?? '',
    banking_number: user.banking_number ?? '',
    about: user.about ?? '',
    certificate: user.certificate ?? '',
    information: user.information ?? '',
  };
}

function extras(values: TeacherFormValues) {
  return {
    banking_name: values.banking_name.trim(),
    banking_number: values.banking_number.trim(),
    about: values.about.trim(),
    certificate: values.certificate.trim(),
    information: values.information.trim(),
  };
}

function centre(values: TeacherFormValues): { center_id?: number } {
  const id = Number(values.center_id) || 0;
  return id > 0 ? { center_id: id } : {};
}

/** POST /auth/register by staff: always a teacher, role ids as numbers. */
export function toCreateRequest(values: TeacherFormValues): StaffCreateRequest {
  return {
    email: values.email.trim(),
    name: values.name.trim(),
    password: values.password,
    type: 'teacher',
    phone_number: values.phone_number.trim(),
    status: Number(values.status),
    roles: [{ id: Number(values.roles) }],
    ...centre(values),
    ...extras(values),
  };
}

/** PUT /user/update: the account without password; status and role ids as numbers. */
export function toUpdateRequest(id: number, values: TeacherFormValues): UserUpdateRequest {
  const roleId = Number(values.roles) || 0;
  return {
    id,
    name: values.name.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    status: Number(values.status),
    ...(roleId > 0 ? { roles: [{ id: roleId }] } : {}),
    ...centre(values),
    ...extras(values),
  };
}
