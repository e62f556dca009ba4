/** The access policy of PayrollTimesheet and Order: the report lines a user may list (access.ts registers it). */
import { eq, exists, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { classes, classSchedules, orders } from '../../db/schema';
import { isAdmin, NO_ROWS, ResourcePolicy, type Actor, type Scope } from '../policy';
import { affairCenter } from './accounts';

export const payrollPolicy: ResourcePolicy<never> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    switch (actor.type) {
      case 'teacher':
        return eq(classSchedules.teacherId, actor.id);
      case 'academic_affair': {
        const center = affairCenter(actor);
        return center ? eq(classSchedules.centerId, center) : 'all';
      }
      default:
        return NO_ROWS;
    }
  },
};

export const orderPolicy: ResourcePolicy<never> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    switch (actor.type) {
      case 'student':
        return eq(orders.userId, actor.id);
      case 'teacher':
        return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${orders.classId} and ${classes.teacherId} = ${actor.id})`);
      case 'academic_affair': {
        const center = affairCenter(actor);
        return center ? exists(sql`(select 1 from ${classes} where ${classes.classId} = ${orders.classId} and ${classes.centerId} = ${center})`) : 'all';
      }
      default:
        return NO_ROWS;
    }
  },
};

/**
 * The operator's insights (Insight), read over class sessions: an administrator, or a giáo vụ without a
 * centre, every centre; a giáo vụ with a centre that centre's sessions (a filter on another centre simply
 * finds none); teachers and students none, whatever a role grants them.
 */
export const insightPolicy: ResourcePolicy<never> = {
  scope: (actor) => insightReach(actor, classSchedules.centerId),
};

/** The Insight policy's reach over rows whose centre is `centre` (a session's, or an enrolment's class's). */
export function insightReach(actor: Actor, centre: AnyColumn): Scope {
  if (isAdmin(actor)) return 'all';
  if (actor.type !== 'academic_affair') return NO_ROWS;
  const center = affairCenter(actor);
  return center ? eq(centre, center) : 'all';
}

/** The Insight reach over `centre` as a WHERE condition (none when every row is in reach). */
export function insightReachWhere(actor: Actor, centre: AnyColumn): SQL | undefined {
  const reach = insightReach(actor, centre);
  return reach === 'all' ? undefined : reach;
}
