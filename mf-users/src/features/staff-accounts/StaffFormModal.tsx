/**
 * Create/edit an academic-affairs account (an administrator may also create an administrator account:
 * the type choice is shown to administrators only, and the type never changes while editing).
 */
import type { User } from '@trungtam/shared/contracts';
import { SelectField, accountSchema } from '@trungtam/shared/ui';
import { useEffect, useMemo, useRef } from 'react';
import { FormModal } from '@trungtam/shared/resource';
import { AccountFields } from '../../common/AccountFields';
import { ACCOUNT_FORM, isEditing } from '../../common/accountPayload';
import { useCreateStaff, useUpdateStaff } from './api';
import type { StaffFilters, StaffFormValues, StaffType } from './types';
import { STAFF_TYPE_LABELS, emptyStaffForm, toStaffCreateRequest, toStaffFormValues, toStaffUpdateRequest } from './payload';

export const STAFF_FORM_TEXTS = {
  createTitle: 'Thêm tài khoản giáo vụ',
  editTitle: 'Cập nhật tài khoản giáo vụ',
  createSubmit: 'Khởi tạo tài khoản',
  editSubmit: 'Cập nhật tài khoản',
  section: 'Thông tin tài khoản',
  created: 'Bạn đã khởi tạo tài khoản giáo vụ thành công',
  updated: 'Bạn đã cập nhật tài khoản giáo vụ thành công',
} as const;

export interface StaffFormModalProps {
  open: boolean;
  account: User | null;
  filters: StaffFilters;
  isAdmin: boolean;
  onClose: () => void;
  /** After a successful create (with the new account) or update. */
  onSaved?: (mode: 'create' | 'edit', user: User | null) => void;
  delayMs?: number;
}

export function StaffFormModal({ open, account, filters, isAdmin, onClose, onSaved, delayMs }: StaffFormModalProps) {
  const isEdit = isEditing(account);
  const initialValues = useMemo<StaffFormValues>(
    () => (isEditing(account) ? toStaffFormValues(account) : emptyStaffForm(isAdmin ? filters.type : 'academic_affair')),
    [account, isAdmin, filters.type],
  );
  const create = useCreateStaff(filters, initialValues.type);
  const update = useUpdateStaff(initialValues.type);
  const typeOptions = (Object.keys(STAFF_TYPE_LABELS) as StaffType[]).map((type) => ({ value: type, label: STAFF_TYPE_LABELS[type] }));

  // editing, the account's own phones may stay as they are (see accountSchema)
  const schema = useMemo(() => accountSchema(isEdit, initialValues), [isEdit, initialValues]);
  return (
    <FormModal<StaffFormValues, User>
      open={open}
      onClose={onClose}
      onSaved={onSaved}
      record={account}
      {...ACCOUNT_FORM}
      texts={STAFF_FORM_TEXTS}
      successMessages={{ create: STAFF_FORM_TEXTS.created, edit: STAFF_FORM_TEXTS.updated }}
      initialValues={initialValues}
      validationSchema={schema}
      delayMs={delayMs}
      create={(values) => create.mutateAsync(toStaffCreateRequest(values))}
      update={(record, values) => update.mutateAsync(toStaffUpdateRequest(record.id, values))}
      sections={({ values, setFieldValue }) => [
        {
          title: STAFF_FORM_TEXTS.section,
          content: (
            <AccountFields isEdit={isEdit} guard={values.type} enabled={open}>
              {isAdmin && !isEdit && (
                <SelectField name="type" label="Loại tài khoản" required options={typeOptions} />
              )}
              {/* the role list follows the type: a role of the other guard is dropped */}
              <TypeRoleReset type={values.type} reset={() => void setFieldValue('roles', 0)} />
            </AccountFields>
          ),
        },
      ]}
    />
  );
}

/** Clears the chosen role when the account type changes (roles belong to a guard). */
function TypeRoleReset({ type, reset }: { type: StaffType; reset: () => void }) {
  const first = useRef(type);
  useEffect(() => {
    if (type !== first.current) {
      first.current = type;
      reset();
    }
  }, [type, reset]);
  return null;
}
