/**
 * The permission catalogue and the one `can()` used by the API, the shell and every remote.
 * Pure TypeScript: no React, no browser APIs, so the API imports it as well.
 */

export const USER_TYPES = ['administrator', 'academic_affair', 'teacher', 'student'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const RESOURCES = [
  'ProductDiscount',
  'Product',
  'User',
  'LearningClassEnrollments',
  'LearningClass',
  'LearningClassSchedule',
  'LearningCenter',
  'LearningRoom',
  'Vendor',
  'ProductType',
  'NotificationSetting',
  'VariantGroup',
  'Variant',
  'System',
  'LearningCompetition',
  'LearningCompetitionExamineePoint',
  'Order',
  'PayrollTimesheet',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const COMMON_ACTIONS = ['GetAll', 'GetOne', 'Create', 'Update', 'Delete', 'Export'] as const;
export const SYSTEM_ACTIONS = [
  'GetAllRole',
  'CreateRole',
  'UpdateRole',
  'DeleteRole',
  'GetAuditLog',
  'ManageAreas',
] as const;
export const SCHEDULE_ACTIONS = ['UpdateAttendance'] as const;
export type Action =
  | (typeof COMMON_ACTIONS)[number]
  | (typeof SYSTEM_ACTIONS)[number]
  | (typeof SCHEDULE_ACTIONS)[number];

export interface PermissionKey {
  resource: Resource;
  action: Action;
}

/** One entry of the catalogue. `id` is stable: the position in this list, from 1. */
export interface CatalogueEntry extends PermissionKey {
  id: number;
}

function actionsOf(resource: Resource): readonly Action[] {
  if (resource === 'System') return [...COMMON_ACTIONS, ...SYSTEM_ACTIONS];
  if (resource === 'LearningClassSchedule') return [...COMMON_ACTIONS, ...SCHEDULE_ACTIONS];
  return COMMON_ACTIONS;
}

/** Every (resource, action) pair, in a fixed order, with stable integer ids (the API seeds them as is). */
export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = RESOURCES.flatMap((resource) =>
  actionsOf(resource).map((action) => ({ resource, action })),
).map((entry, index) => ({ ...entry, id: index + 1 }));

export function isKnownPermission(resource: string, action: string): resource is Resource {
  return PERMISSION_CATALOGUE.some((p) => p.resource === resource && p.action === action);
}

export const ADMINISTRATOR_ROLE_NAME = 'Administrator';

/** The smallest shape `can()` needs: what both the API's user row and the session user provide. */
export interface PermissionSubject {
  type: UserType;
  roles: ReadonlyArray<{ name: string; permissions: ReadonlyArray<PermissionKey> }>;
}

/**
 * A check passes for a user whose role is named Administrator, or whose role's permissions hold
 * (resource, action). A missing user never passes.
 */
export function can(
  user: PermissionSubject | null | undefined,
  resource: Resource,
  action: Action,
): boolean {
  if (!user) return false;
  return user.roles.some(
    (role) =>
      role.name === ADMINISTRATOR_ROLE_NAME ||
      role.permissions.some((p) => p.resource === resource && p.action === action),
  );
}

export function isAdministrator(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.roles.some((role) => role.name === ADMINISTRATOR_ROLE_NAME);
}

/** What opening a guarded route requires (spec point 6). */
export interface RouteRule {
  path: string;
  resource?: Resource;
  action?: Action;
  /** When set, only these user types may open the route, on top of the permission. */
  types?: readonly UserType[];
}

const STAFF: readonly UserType[] = ['administrator', 'academic_affair'];
const GRADERS: readonly UserType[] = ['teacher', 'administrator', 'academic_affair'];

/**
 * Route → permission table of spec point 6. Routes not listed here (dashboard, builder, account,
 * notifications, schedules, settings/accounts) have no permission check.
 */
export const ROUTE_RULES: readonly RouteRule[] = [
  { path: '/assets/products', resource: 'Product', action: 'GetAll', types: STAFF },
  { path: '/assets/teachers', resource: 'User', action: 'GetAll' },
  { path: '/assets/students', resource: 'User', action: 'GetAll' },
  { path: '/learning/classes', resource: 'LearningClass', action: 'GetAll' },
  { path: '/settings/notifications', resource: 'NotificationSetting', action: 'GetAll' },
  { path: '/settings/roles', resource: 'System', action: 'GetAllRole' },
  { path: '/settings/audit-log', resource: 'System', action: 'GetAuditLog' },
  { path: '/settings/areas', resource: 'System', action: 'ManageAreas' },
  { path: '/settings/learning/centers', resource: 'LearningCenter', action: 'GetAll' },
  { path: '/settings/learning/rooms', resource: 'LearningRoom', action: 'GetAll' },
  { path: '/settings/product/discount', resource: 'ProductDiscount', action: 'GetAll' },
  { path: '/settings/product/product-types', resource: 'ProductType', action: 'GetAll' },
  { path: '/settings/product/vendors', resource: 'Vendor', action: 'GetAll' },
  { path: '/settings/product/variant-groups', resource: 'VariantGroup', action: 'GetAll' },
  { path: '/settings/product/variants', resource: 'Variant', action: 'GetAll' },
  { path: '/competition/manage', resource: 'LearningCompetition', action: 'GetAll', types: STAFF },
  { path: '/competition/topic', resource: 'LearningCompetition', action: 'GetAll', types: STAFF },
  { path: '/competition/type', resource: 'LearningCompetition', action: 'GetAll', types: STAFF },
  { path: '/competition/round', resource: 'LearningCompetition', action: 'GetAll', types: STAFF },
  { path: '/competition/examinee', resource: 'LearningCompetition', action: 'GetAll', types: STAFF },
  {
    path: '/competition/scoring',
    resource: 'LearningCompetitionExamineePoint',
    action: 'GetAll',
    types: GRADERS,
  },
];

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The rule of the route that `path` opens (the route itself or a page below it), if any. */
export function ruleForPath(path: string): RouteRule | undefined {
  const target = normalisePath(path);
  return ROUTE_RULES.find((rule) => target === rule.path || target.startsWith(`${rule.path}/`));
}

/** Whether `user` may open `path`. Routes without a rule are open to every signed-in user. */
export function canOpenRoute(user: PermissionSubject | null | undefined, path: string): boolean {
  if (!user) return false;
  const rule = ruleForPath(path);
  if (!rule) return true;
  if (rule.types && !rule.types.includes(user.type)) return false;
  if (rule.resource && rule.action) return can(user, rule.resource, rule.action);
  return true;
}
