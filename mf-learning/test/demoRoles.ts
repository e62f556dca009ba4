/**
 * The default roles (shared/defaultRoles, which the API's seed writes), to sign in as each demo user type
 * and check that a screen asks only for what that role may read.
 */
import { DEFAULT_ROLES, grantedPermissions } from '@trungtam/shared/defaultRoles';
import type { PermissionKey, UserType } from '@trungtam/shared/permissions';
import { signInWith } from '@trungtam/shared/testing';

/** Signs in as the demo user of `type`: the administrator holds the Administrator role, the others the seed's. */
export function signInAsDemo(type: UserType, overrides: Parameters<typeof signInWith>[3] = {}) {
  if (type === 'administrator') return signInWith('administrator', 'Administrator', [], overrides);
  const role = DEFAULT_ROLES[type];
  const permissions: PermissionKey[] = grantedPermissions(role.grants).map(({ resource, action }) => ({ resource, action }));
  return signInWith(type, role.name, permissions, overrides);
}

/** The lookup lists a screen may ask for, each with the permission the API checks on it. */
export const LOOKUP_PERMISSIONS: Record<string, PermissionKey> = {
  'GET /user/list': { resource: 'User', action: 'GetAll' },
  'GET /learning/center/list': { resource: 'LearningCenter', action: 'GetAll' },
  'GET /learning/room/list': { resource: 'LearningRoom', action: 'GetAll' },
  'GET /learning/class/list': { resource: 'LearningClass', action: 'GetAll' },
  'GET /product/list': { resource: 'Product', action: 'GetAll' },
  'GET /learning/class-enrollment/list': { resource: 'LearningClassEnrollments', action: 'GetAll' },
};
