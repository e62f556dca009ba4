import { Type } from 'typebox';
import { PermissionRecord, RoleRecord } from './records';
import { USER_TYPES } from '../permissions';
import { Id, Text, listQueryProps, msgs } from './builders';

/** The role and permission records: defined once, in shared (the front ends take their types from there). */
export const PermissionSchema = PermissionRecord;
export const RoleSchema = RoleRecord;

const guard = Type.Enum([...USER_TYPES], msgs({ required: 'guard_name không được để trống', default: 'guard_name: administrator | academic_affair | teacher | student' }));

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
