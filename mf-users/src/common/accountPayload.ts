/**
 * The common account fields of every account form of this remote and their parts of the
 * API requests: strings trimmed, status and role id as numbers, center_id 0 dropped.
 */
import { ACCOUNT_STATUS, type StaffCreateRequest, type User, type UserType, type UserUpdateRequest } from '@trungtam/shared/contracts';
import { MESSAGES } from '@trungtam/shared/validation';

/** Selects hold numbers; 0 means "not chosen". */
export interface AccountFormValues {
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
}

export const EMPTY_ACCOUNT_FORM: AccountFormValues = {
  name: '',
  email: '',
  password: '',
  phone_number: '',
  status: ACCOUNT_STATUS.ACTIVE,
  roles: 0,
  center_id: 0,
};

/** The common fields of an existing account (edit mode: no password). */
export function toAccountFormValues(user: User): AccountFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    password: '',
    phone_number: user.phone_number ?? '',
    status: Number(user.status) || ACCOUNT_STATUS.ACTIVE,
    roles: user.roles?.[0]?.id ?? 0,
    center_id: user.center_id ?? 0,
  };
}

function centre(values: AccountFormValues): { center_id?: number } {
  const id = Number(values.center_id) || 0;
  return id > 0 ? { center_id: id } : {};
}

/** The status select's value as the API takes it: 1 (active) or 4 (locked), the form's only choices. */
const accountStatus = (value: number): UserUpdateRequest['status'] =>
  Number(value) === ACCOUNT_STATUS.LOCKED ? ACCOUNT_STATUS.LOCKED : ACCOUNT_STATUS.ACTIVE;

/** POST /auth/register by staff: the common fields of an account of `type`. */
export function toAccountCreateRequest(values: AccountFormValues, type: UserType): StaffCreateRequest {
  return {
    email: values.email.trim(),
    name: values.name.trim(),
    password: values.password,
    type,
    phone_number: values.phone_number.trim(),
    status: accountStatus(values.status),
    roles: [{ id: Number(values.roles) }],
    ...centre(values),
  };
}

/** PUT /user/update: the common fields without password (no role sent when none is chosen). */
export function toAccountUpdateRequest(id: number, values: AccountFormValues): UserUpdateRequest {
  const roleId = Number(values.roles) || 0;
  return {
    id,
    name: values.name.trim(),
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    status: accountStatus(values.status),
    ...(roleId > 0 ? { roles: [{ id: roleId }] } : {}),
    ...centre(values),
  };
}

/** Edit mode: an existing account is given (the password field is hidden and not validated). */
export const isEditing = (account: User | null): account is User => !!account && account.id > 0;

/**
 * What every account form passes to the kit's FormModal: the id, and the failure texts for a failure the API
 * does not explain. The "account already exists" banner is the API's own reason for a real duplicate
 * (a 409 carries it); any other failure of a create is not one, and says so as an update's does.
 */
export const ACCOUNT_FORM = {
  recordId: (user: User) => user.id,
  failureMessages: { create: MESSAGES.accountUpdateFailed, edit: MESSAGES.accountUpdateFailed },
} as const;
