/** The student form: choices, its schema, and conversions to the API requests (status, role and birth values as numbers). */
import type { StaffCreateRequest, User, UserUpdateRequest } from '@trungtam/shared/contracts';
import { accountSchema, type StoredPhones } from '@trungtam/shared/ui';
import { LIMITS, MESSAGES } from '@trungtam/shared/validation';
import * as yup from 'yup';
import {
  EMPTY_ACCOUNT_FORM,
  toAccountCreateRequest,
  toAccountFormValues,
  toAccountUpdateRequest,
} from '../../common/accountPayload';
import type { StudentFormValues } from './types';


const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
/** Birth choices: years from the current year down to 1900, months 12 to 1, days 31 to 1. */
export const birthYearOptions = (now = new Date()) => range(now.getFullYear(), LIMITS.birthYearMin).map((y) => ({ value: y, label: String(y) }));
export const BIRTH_MONTH_OPTIONS = range(12, 1).map((m) => ({ value: m, label: String(m) }));
/** Days 31 (or the chosen month's last day: 30, 29 or 28 in a known year's February) down to 1. */
export function birthDayOptions(year = 0, month = 0) {
  const last = month ? new Date(Date.UTC(year || 2000, month, 0)).getUTCDate() : 31;
  return range(last, 1).map((d) => ({ value: d, label: String(d) }));
}

/** Whether day/month(/year) name a real date (31/02 does not; 29/02 needs a leap year when the year is known). */
export function birthDateExists(year: number, month: number, day: number): boolean {
  if (!day || !month) return true;
  const y = year || 2000;
  const date = new Date(Date.UTC(y, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The account form's rules plus the student extras (the day is checked against month and year).
 * Editing, `stored` is the student's form as it opened: phones it never had may stay empty.
 */
export function studentSchema(isEdit: boolean, stored?: StoredPhones) {
  return accountSchema(isEdit, stored).shape({
    birth_day: yup
      .number()
      .test('birth-date', MESSAGES.birthDateInvalid, function exists(day) {
        const { birth_year: year, birth_month: month } = this.parent as Partial<StudentFormValues>;
        return birthDateExists(Number(year) || 0, Number(month) || 0, Number(day) || 0);
      }),
  });
}

export const EMPTY_STUDENT_FORM: StudentFormValues = {
  ...EMPTY_ACCOUNT_FORM,
  reference_name: '',
  reference_phone: '',
  reference_email: '',
  birth_year: 0,
  birth_month: 0,
  birth_day: 0,
  source: '',
  address: '',
};

export function toStudentFormValues(user: User): StudentFormValues {
  return {
    ...toAccountFormValues(user),
    reference_name: user.reference_name ?? '',
    reference_phone: user.reference_phone ?? '',
    reference_email: user.reference_email ?? '',
    birth_year: user.birth_year ?? 0,
    birth_month: user.birth_month ?? 0,
    birth_day: user.birth_day ?? 0,
    source: user.source ?? '',
    address: user.address ?? '',
  };
}

/** Birth values as numbers (0 = not given → null), the extras trimmed. */
function extras(values: StudentFormValues) {
  const num = (value: number) => (Number(value) > 0 ? Number(value) : null);
  return {
    reference_name: values.reference_name.trim(),
    reference_phone: values.reference_phone.trim(),
    reference_email: values.reference_email.trim(),
    birth_year: num(values.birth_year),
    birth_month: num(values.birth_month),
    birth_day: num(values.birth_day),
    source: values.source,
    address: values.address.trim(),
  };
}

/** POST /auth/register by staff: always a student. */
export function toStudentCreateRequest(values: StudentFormValues): StaffCreateRequest {
  return { ...toAccountCreateRequest(values, 'student'), ...extras(values) };
}

export function toStudentUpdateRequest(id: number, values: StudentFormValues): UserUpdateRequest {
  return { ...toAccountUpdateRequest(id, values), ...extras(values) };
}
