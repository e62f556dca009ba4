/**
 * The account section every account form of this remote shares: name, email, password
 * (create only), phone, status, role (of the account type's guard) and the optional centre.
 */
import type { UserType } from '@trungtam/shared/contracts';
import { isAdministrator } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { ACCOUNT_STATUS_OPTIONS, FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import type { ReactNode } from 'react';
import { useCenters, useRoles } from './lookups';

export interface AccountFieldsProps {
  isEdit: boolean;
  /** The roles offered are those of this guard. */
  guard: UserType;
  /** Fetch the roles and centres only while the form is open. */
  enabled: boolean;
  /** Fields rendered right after the common ones, in the same grid (e.g. the account type). */
  children?: ReactNode;
}

export const ACCOUNT_FIELD_TEXTS = { noCenter: 'Không thuộc trung tâm nào' } as const;

export function AccountFields({ isEdit, guard, enabled, children }: AccountFieldsProps) {
  const me = useCurrentUser();
  const roles = useRoles(guard, enabled);
  const centers = useCenters(enabled);
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  // a giáo vụ of one centre manages accounts of that centre only (the API refuses any other): the
  // field shows that centre and cannot be changed (an account left at 0 lands there too)
  const ownCenterId = !isAdministrator(me) && me?.type === 'academic_affair' && me.center_id ? me.center_id : null;
  const centerOptions = (centers.data ?? [])
    .filter((center) => ownCenterId === null || center.center_id === ownCenterId)
    .map((center) => ({ value: center.center_id, label: center.name }));
  const centerPlaceholder = ownCenterId !== null ? (centerOptions[0]?.label ?? '') : ACCOUNT_FIELD_TEXTS.noCenter;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField name="name" label="Tên tài khoản" required autoComplete="off" />
      <FormField name="email" type="email" label="Email" required autoComplete="off" />
      {!isEdit && <FormField name="password" type="password" label="Mật khẩu" required autoComplete="new-password" />}
      <FormField name="phone_number" type="tel" label="Số điện thoại" required autoComplete="off" />
      <SelectField name="status" label="Trạng thái" numeric required options={ACCOUNT_STATUS_OPTIONS} />
      <SelectField
        name="roles"
        label="Quyền tài khoản"
        numeric
        required={!isEdit}
        placeholder="Chọn quyền tài khoản"
        options={roleOptions}
      />
      <SelectField
        name="center_id"
        label="Trung tâm"
        numeric
        placeholder={centerPlaceholder}
        options={ownCenterId !== null ? [] : centerOptions}
        disabled={ownCenterId !== null}
      />
      {children}
    </SimpleGrid>
  );
}
