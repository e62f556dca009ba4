import { Type } from 'typebox';
import { USER_TYPES } from '@trungtam/shared/permissions';
import { Id, Text, listQueryProps, msgs } from './common';

export const PermissionSchema = Type.Object({ id: Type.Integer(), resource: Type.String(), action: Type.String() });

export const RoleSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    guard_name: Type.String(),
    permissions: Type.Array(PermissionSchema),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
  },
);

const guard = Type.Union(USER_TYPES.map((t) => Type.Literal(t)), msgs({ required: 'guard_name không được để trống', default: 'guard_name: administrator | academic_affair | teacher | student' }));

const roleWrite = {
  name: Text(100, { minLength: 1, pattern: '\\S', messages: { required: 'Tên quyền không được để trống', minLength: 'Tên quyền không được để trống', pattern: 'Tên quyền không được để trống', maxLength: 'Tên quyền dài nhất là 100 kí tự' } }),
  guard_name: guard,
  permissions: Type.Array(Type.Object({ id: Id('id quyền phải là số nguyên') }), { maxItems: 500, ...msgs({ required: 'permissions không được để trống', default: 'permissions không hợp lệ' }) }),
};

export const RoleCreateBody = Type.Object(roleWrite);
export const RoleUpdateBody = Type.Object({ id: Id('id không hợp lệ'), ...roleWrite });

export const RoleListQuery = Type.Object({
  ...listQueryProps,
  guard_name: Type.Optional(guard),
  search: Type.Optional(Text(100)),
});
