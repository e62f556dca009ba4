/** The access policy of LearningClassEnrollments: the enrolments of the classes and students in reach (access.ts registers it). */
import { eq, exists, sql } from 'drizzle-orm';
import { classes, enrollments } from '../../db/schema';
import { TEXT } from '../../lib/errors';
import { Actor, isAdmin, Decision, allow, deny, ResourcePolicy } from '../policy';
import { AccountRow, isSelfOnly, affairCenter, seesAccount } from './accounts';
import { ClassRow, seesClass } from './classes';

export interface EnrollmentRow {
  /** The enrolled (or to be enrolled) student. */
  student: AccountRow & { id: number };
  cls: ClassRow;
}
export interface EnrollmentFilter {
  userId?: number;
  /** The class asked for (with actorEnrolled), when the list is filtered by one that exists. */
  cls?: ClassRow | null;
}

/** Staff enrol, update and remove, within their reach: a student they see, a class they see. */
export function managesEnrollment(actor: Actor, row: EnrollmentRow): Decision {
  if (isSelfOnly(actor)) return deny();
  if (!seesAccount(actor, row.student)) return deny();
  return seesClass(actor, row.cls) ? allow : deny(TEXT.centerNotAllowed);
}

export const enrollmentPolicy: ResourcePolicy<EnrollmentRow, never, EnrollmentFilter> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type === 'student') return eq(enrollments.userId, actor.id);
    if (actor.type === 'teacher') {
      return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${enrollments.classId} and ${classes.teacherId} = ${actor.id})`);
    }
    const center = affairCenter(actor);
    if (!center) return 'all';
    return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${enrollments.classId} and ${classes.centerId} = ${center})`);
  },
  list(actor, filter) {
    if (!isSelfOnly(actor)) return allow;
    if (filter.userId && filter.userId !== actor.id) return deny();
    if (filter.cls && !seesClass(actor, filter.cls)) return deny();
    return allow;
  },
  read(actor, row) {
    if (actor.type === 'student' && !isAdmin(actor)) return row.student.id === actor.id ? allow : deny();
    return seesClass(actor, row.cls) ? allow : deny();
  },
  create: managesEnrollment,
  update: (actor, row) => managesEnrollment(actor, row),
  delete: managesEnrollment,
};
