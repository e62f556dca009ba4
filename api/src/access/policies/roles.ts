/** The access policy of Role: who lists and manages which roles (access.ts registers it). */
import { inArray } from 'drizzle-orm';
import { ADMINISTRATOR_ROLE_NAME, can } from '@trungtam/shared/permissions';
import { roles } from '../../db/schema';
import { TEXT } from '../../lib/errors';
import { isAdmin, allow, deny, NO_ROWS, ResourcePolicy } from '../policy';
import { manageableTypes } from './accounts';

export interface RoleRow {
  name: string;
  guardName: string;
}
export interface RoleChange {
  guardName: string;
}

/** A role only an administrator manages: the Administrator role and any role of the administrator guard. */
export const isAdminsRole = (role: RoleRow) => role.name === ADMINISTRATOR_ROLE_NAME || role.guardName === 'administrator';

export const rolePolicy: ResourcePolicy<RoleRow, RoleChange> = {
  scope(actor) {
    if (can(actor, 'System', 'GetAllRole')) return 'all';
    const guards = manageableTypes(actor);
    return guards.length ? inArray(roles.guardName, guards) : NO_ROWS;
  },
  list(actor) {
    const opens = can(actor, 'System', 'GetAllRole') || can(actor, 'User', 'Create') || can(actor, 'User', 'Update');
    return opens ? allow : deny();
  },
  // Showing one role is the roles screen's (System GetAllRole, checked by the route): every role.
  read: () => allow,
  create(actor, role) {
    return isAdminsRole(role) && !isAdmin(actor) ? deny(TEXT.onlyAdminManagesAdmin) : allow;
  },
  update(actor, role, change) {
    const touchesAdmin = isAdminsRole(role) || change.guardName === 'administrator';
    return touchesAdmin && !isAdmin(actor) ? deny(TEXT.onlyAdminManagesAdmin) : allow;
  },
  delete(actor, role) {
    return isAdminsRole(role) && !isAdmin(actor) ? deny(TEXT.onlyAdminManagesAdmin) : allow;
  },
};
