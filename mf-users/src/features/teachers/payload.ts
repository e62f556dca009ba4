/** Conversions between the teacher form and the API requests: the common account fields plus the teacher profile. */
import type { StaffCreateRequest, User, UserUpdateRequest } from '@trungtam/shared/contracts';
import {
  EMPTY_ACCOUNT_FORM,
  toAccountCreateRequest,
  toAccountFormValues,
  toAccountUpdateRequest,
} from '../../common/accountPayload';
import type { TeacherFormValues } from './types';

export const EMPTY_TEACHER_FORM: TeacherFormValues = {
  ...EMPTY_ACCOUNT_FORM,
  banking_name: '',
  banking_number: '',
  about: '',
  certificate: '',
  information: '',
};

/** The form of an existing teacher (edit mode). */
export function toFormValues(user: User): TeacherFormValues {
  return {
    ...toAccountFormValues(user),
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

/** POST /auth/register by staff: always a teacher. */
export function toCreateRequest(values: TeacherFormValues): StaffCreateRequest {
  return { ...toAccountCreateRequest(values, 'teacher'), ...extras(values) };
}

/** PUT /user/update: the account without password, plus the profile. */
export function toUpdateRequest(id: number, values: TeacherFormValues): UserUpdateRequest {
  return { ...toAccountUpdateRequest(id, values), ...extras(values) };
}
