/**
 * Roles (System GetAllRole; writes CreateRole / UpdateRole / DeleteRole) over /system/role/*: the list
 * with each role's account type, number of permissions and accounts using it; the form with the
 * permission matrix. The Administrator role passes every check by its name: it is shown read-only and
 * never offered for deletion (the API refuses both anyway). Only an administrator manages roles of the
 * administrator type (the access policy's rule), so for anyone else those rows are read-only too.
 */
import type { Role, UserType } from '@trungtam/shared/contracts';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { ADMINISTRATOR_ROLE_NAME, isAdministrator, USER_TYPES } from '@trungtam/shared/permissions';
import { FilterSelect, FilterText, oneOfParam, DataSourceScreen, textParam, type FilterCodecs, pageParams } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { FormField, SelectField, SimpleGrid, Stack, Tag } from '@trungtam/shared/ui';
import * as yup from 'yup';
import { yupFromSchema } from '@trungtam/shared/forms';
import { RoleCreateBody } from '@trungtam/shared/schemas/roles';
import { roles } from '../../common/dataSources';
import { PermissionMatrixField } from './PermissionMatrix';

export const ROLES_TEXTS = {
  title: 'Quyền tài khoản',
  count: (n: number) => `${n} quyền tài khoản`,
  add: 'Thêm quyền',
  table: 'Danh sách quyền tài khoản',
  name: 'Tên quyền',
  guard: 'Loại tài khoản',
  permissions: 'Số quyền',
  users: 'Số tài khoản',
  allPermissions: 'Toàn quyền',
  search: 'Tìm theo tên quyền',
  allGuards: 'Tất cả loại tài khoản',
  matrix: 'Phân quyền',
  matrixHelp: 'Thay đổi có hiệu lực với các tài khoản đang dùng quyền này ngay từ thao tác tiếp theo của họ; menu của họ cập nhật khi tải lại trang.',
  guardLocked: (n: number) => `Quyền đang được ${n} tài khoản sử dụng: không đổi được loại tài khoản`,
  adminReadOnly: 'Quyền Administrator luôn có mọi quyền: không thể đổi tên, đổi loại tài khoản, bỏ bớt quyền hay xoá.',
  adminGuardReadOnly: 'Chỉ quản trị viên mới được sửa quyền của loại tài khoản Quản trị viên.',
  created: 'Bạn đã thêm quyền tài khoản thành công',
  updated: 'Bạn đã cập nhật quyền tài khoản thành công',
} as const;

/** Writes send the permissions as `[{ id }]` with integer ids. */
export interface RoleWrite {
  name: string;
  guard_name: UserType;
  permissions: Array<{ id: number }>;
}

interface Filters {
  search: string;
  guard: UserType | '';
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), guard: oneOfParam<UserType | ''>('guard_name', USER_TYPES, '') };

interface Values {
  name: string;
  guard_name: UserType;
  permissions: number[];
  /** Shown, never sent: accounts holding the role keep its account type (the API refuses a change). */
  users_count: number;
}

/** The API's role write schema for the name and the account type; the matrix holds the permission ids the body sends as `[{ id }]`. */
const schema = yupFromSchema(RoleCreateBody, { fields: ['name', 'guard_name'] }).shape({
  permissions: yup.array(yup.number().integer().required()).required(),
});

export const toRoleWrite = (values: Values): RoleWrite => ({
  name: values.name.trim(),
  guard_name: values.guard_name,
  permissions: values.permissions.map((id) => ({ id: Math.trunc(Number(id)) })),
});

export const isAdministratorRole = (role: Role) => role.name === ADMINISTRATOR_ROLE_NAME;

/** Roles sort by the columns the API whitelists (users_count is not one). 20 a page: a screen of roles. */
export const ROLES_PAGE_SIZE = 20;

export function RolesPage() {
  const me = useCurrentUser();
  const admin = isAdministrator(me);
  // the access policy: only an administrator touches a role of the administrator type
  const canEdit = (role: Role) => !isAdministratorRole(role) && (admin || role.guard_name !== 'administrator');
  // the administrator type is offered to an administrator, and shown on a role that already has it
  const guardOptions = (current: UserType) =>
    USER_TYPES.filter((type) => admin || type !== 'administrator' || current === type).map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }));

  return (
    <DataSourceScreen<Role, Filters, Values>
      source={roles}
      permission="System"
      actions={{ create: 'CreateRole', update: 'UpdateRole', delete: 'DeleteRole' }}
      canEdit={canEdit}
      canDelete={canEdit}
      texts={ROLES_TEXTS}
      pageSize={ROLES_PAGE_SIZE}
      columns={[
        { header: ROLES_TEXTS.name, cell: (role) => role.name, sortKey: 'name' },
        { header: ROLES_TEXTS.guard, cell: (role) => USER_TYPE_LABELS[role.guard_name] ?? role.guard_name, sortKey: 'guard_name' },
        {
          header: ROLES_TEXTS.permissions,
          cell: (role) => (isAdministratorRole(role) ? <Tag palette="purple">{ROLES_TEXTS.allPermissions}</Tag> : role.permissions.length),
        },
        { header: ROLES_TEXTS.users, cell: (role) => role.users_count ?? '-' },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={ROLES_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={ROLES_TEXTS.guard}
            value={draft.guard}
            options={[{ value: '', label: ROLES_TEXTS.allGuards }, ...USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))]}
            onChange={(guard) => setDraft({ ...draft, guard: guard as UserType | '' })}
          />
        </>
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: ROLES_PAGE_SIZE, sortColumn: 'id' }),
        relationships: 'permissions',
        search: filters.search || undefined,
        guard_name: filters.guard || undefined,
      })}
      form={{
        empty: { name: '', guard_name: 'teacher', permissions: [], users_count: 0 },
        fromRecord: (role) => ({ name: role.name, guard_name: role.guard_name, permissions: role.permissions.map((p) => p.id), users_count: role.users_count ?? 0 }),
        toCreate: toRoleWrite,
        toUpdate: (role, values) => ({ id: role.id, ...toRoleWrite(values) }),
        schema,
        readOnlyNote: (role) => (isAdministratorRole(role) ? ROLES_TEXTS.adminReadOnly : ROLES_TEXTS.adminGuardReadOnly),
        // the permission matrix has a column per action: at a reading width it did not fit a 1440-px screen
        wide: true,
        fields: ({ values }, { readOnly }) => {
          const guardLocked = values.users_count > 0;
          return (
            <Stack gap="6">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="name" label={ROLES_TEXTS.name} required />
                <SelectField
                  name="guard_name"
                  label={ROLES_TEXTS.guard}
                  options={guardOptions(values.guard_name)}
                  required
                  disabled={guardLocked}
                  helperText={guardLocked && !readOnly ? ROLES_TEXTS.guardLocked(values.users_count) : undefined}
                />
              </SimpleGrid>
              <PermissionMatrixField name="permissions" label={ROLES_TEXTS.matrix} helperText={readOnly ? undefined : ROLES_TEXTS.matrixHelp} disabled={readOnly} />
            </Stack>
          );
        },
        texts: { createTitle: 'Thêm quyền tài khoản', editTitle: 'Sửa quyền tài khoản', viewTitle: 'Xem quyền tài khoản', createSubmit: 'Thêm quyền', editSubmit: 'Lưu thay đổi', section: 'Thông tin quyền' },
        successMessages: { create: ROLES_TEXTS.created, edit: ROLES_TEXTS.updated },
      }}
    />
  );
}
