/**
 * The demo roles' permissions as the seed grants them (api/src/db/seed.ts, ROLE_GRANTS), to sign in as
 * each demo user type and check that a screen asks only for what that role may read.
 */
import { COMMON_ACTIONS, PERMISSION_CATALOGUE, type Action, type PermissionKey, type Resource, type UserType } from '@trungtam/shared/permissions';
import { signInWith } from '@trungtam/shared/testing';

function grants(list: Array<[Resource, readonly Action[] | '*']>): PermissionKey[] {
  return list.flatMap(([resource, actions]) =>
    PERMISSION_CATALOGUE.filter((p) => p.resource === resource && (actions === '*' || actions.includes(p.action))).map(({ resource: r, action }) => ({ resource: r, action })),
  );
}

const DEMO_ROLES: Record<Exclude<UserType, 'administrator'>, { name: string; permissions: PermissionKey[] }> = {
  academic_affair: {
    name: 'Giáo vụ',
    permissions: grants([
      ['User', COMMON_ACTIONS],
      ['LearningClass', '*'],
      ['LearningClassSchedule', '*'],
      ['LearningClassEnrollments', '*'],
      ['LearningRoom', '*'],
      ['Product', ['GetAll', 'GetOne']],
      ['ProductDiscount', ['GetAll', 'GetOne']],
      ['LearningCenter', ['GetAll', 'GetOne']],
      ['NotificationSetting', '*'],
      ['LearningCompetition', '*'],
      ['LearningCompetitionExamineePoint', '*'],
      ['Order', ['GetAll', 'Export']],
      ['PayrollTimesheet', ['GetAll', 'Export']],
    ]),
  },
  teacher: {
    name: 'Giáo viên',
    permissions: grants([
      ['LearningClass', ['GetAll', 'GetOne']],
      ['LearningClassSchedule', ['GetAll', 'GetOne', 'UpdateAttendance']],
      ['LearningClassEnrollments', ['GetAll']],
      ['LearningCompetitionExamineePoint', ['GetAll', 'GetOne', 'Create', 'Update']],
      ['PayrollTimesheet', ['GetAll', 'Export']],
    ]),
  },
  student: {
    name: 'Học viên',
    permissions: grants([
      ['LearningClass', ['GetAll', 'GetOne']],
      ['LearningClassSchedule', ['GetAll']],
      ['LearningClassEnrollments', ['GetAll', 'GetOne']],
    ]),
  },
};

/** Signs in as the demo user of `type`: the administrator holds the Administrator role, the others the seed's. */
export function signInAsDemo(type: UserType, overrides: Parameters<typeof signInWith>[3] = {}) {
  if (type === 'administrator') return signInWith('administrator', 'Administrator', [], overrides);
  const role = DEMO_ROLES[type];
  return signInWith(type, role.name, role.permissions, overrides);
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
