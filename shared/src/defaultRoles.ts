/**
 * The roles a new installation starts with beside Administrator, one per user type: their names and what
 * they may do. The API's seed writes them; the front ends' tests sign in with them to check that a screen
 * asks only for what each role may read. (An administrator edits them afterwards in the roles screen.)
 */
import { COMMON_ACTIONS, PERMISSION_CATALOGUE, type Action, type PermissionKey, type PermissionResource, type UserType } from './permissions';

/** A resource with the actions granted on it ('*': every action the catalogue has for it). */
export type Grant = readonly [PermissionResource, readonly Action[] | '*'];

export const DEFAULT_ROLES: Record<Exclude<UserType, 'administrator'>, { name: string; grants: readonly Grant[] }> = {
  academic_affair: {
    name: 'Giáo vụ',
    grants: [
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
      ['LessonAdjustment', '*'],
      ['Payment', '*'],
      ['BankStatement', '*'],
      ['EnrollmentTransfer', '*'],
      ['MessageTemplate', ['GetAll']],
      ['Insight', '*'],
    ],
  },
  teacher: {
    name: 'Giáo viên',
    grants: [
      ['LearningClass', ['GetAll', 'GetOne']],
      ['LearningClassSchedule', ['GetAll', 'GetOne', 'UpdateAttendance']],
      ['LearningClassEnrollments', ['GetAll']],
      ['LearningCompetitionExamineePoint', ['GetAll', 'GetOne', 'Create', 'Update']],
      ['PayrollTimesheet', ['GetAll', 'Export']],
    ],
  },
  student: {
    name: 'Học viên',
    grants: [
      ['LearningClass', ['GetAll', 'GetOne']],
      ['LearningClassSchedule', ['GetAll']],
      ['LearningClassEnrollments', ['GetAll', 'GetOne']],
    ],
  },
};

/** The catalogue's permissions that `grants` give. */
export function grantedPermissions(grants: readonly Grant[]): Array<PermissionKey & { id: number }> {
  return grants.flatMap(([resource, actions]) =>
    PERMISSION_CATALOGUE.filter((p) => p.resource === resource && (actions === '*' || actions.includes(p.action))).map(({ id, resource: r, action }) => ({ id, resource: r, action })),
  );
}
