/**
 * The account section every account form of this remote shares (spec point 5): name, email, password
 * (create only), phone, status, role (of the account type's guard) and the optional centre.
 */
import type { UserType } from '@trungtam/shared/contracts';
import { ACCOUNT_STATUS_OPTIONS, FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import type { ReactNode } from 'react';
import { useCenters, useRoles } from '../api/lookups';

export interface AccountFieldsProps {
  isEdit: boolean;
  /** The roles offered are those of this guard. */
  guard: UserType;
  /** Fetch the roles and centres only while the form is open. */
  enabled: boolean;
  /** Fields rendered right after the common ones, in the same grid (e.g. the account type). */
  children?: ReactNode;
}

export function AccountFields({ isEdit, guard, enabled, children }: AccountFieldsProps) {
  const roles = useRoles(guard, enabled);
  const centers = useCenters(enabled);
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const centerOptions = (centers.data ?? []).map((center) => ({ value: center.center_id, label: center.name }));
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
      <SelectField name="center_id" label="Trung tâm" numeric placeholder="Không thuộc trung tâm nào" options={centerOptions} />
      {children}
    </SimpleGrid>
  );
}
