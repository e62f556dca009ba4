/** The access policy of LearningClassSchedule: which class sessions a user sees and manages (access.ts registers it). */
import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import { classSchedules, enrollments, makeupStudents } from '../../db/schema';
import { isAdmin, allow, deny, NO_ROWS, ResourcePolicy } from '../policy';
import { managesClassAt } from './classes';

export interface SessionRow {
  teacherId: number | null;
  centerId: number | null;
  studentId: number | null;
  /** Whether the actor takes part (an active enrolment in the class; a make-up session: listed in it); only a student's access uses it. */
  actorEnrolled?: boolean;
}

export const schedulePolicy: ResourcePolicy<SessionRow> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    switch (actor.type) {
      case 'teacher':
        return eq(classSchedules.teacherId, actor.id);
      case 'student':
        // a make-up session is only its own students'
        return or(
          eq(classSchedules.studentId, actor.id),
          and(
            isNull(classSchedules.makeupOf),
            exists(
              sql`(select 1 from ${enrollments} where ${enrollments.classId} = ${classSchedules.classId} and ${enrollments.userId} = ${actor.id} and ${enrollments.status} = ${ENROLLMENT_STATUS.ACTIVE})`,
            ),
          ),
          exists(sql`(select 1 from ${makeupStudents} where ${makeupStudents.scheduleId} = ${classSchedules.scheduleId} and ${makeupStudents.userId} = ${actor.id})`),
        ) as SQL;
      case 'academic_affair':
        return actor.center_id ? eq(classSchedules.centerId, actor.center_id) : 'all';
      default:
        // an unknown type sees nothing
        return NO_ROWS;
    }
  },
  read(actor, session) {
    if (isAdmin(actor)) return allow;
    switch (actor.type) {
      case 'teacher':
        return session.teacherId === actor.id ? allow : deny();
      case 'student':
        return session.studentId === actor.id || session.actorEnrolled === true ? allow : deny();
      case 'academic_affair':
        return !actor.center_id || session.centerId === actor.center_id ? allow : deny();
      default:
        return deny();
    }
  },
  // adding, moving and cancelling sessions is the staff's, within their centre
  create: (actor, session) => managesClassAt(actor, session.centerId),
  update: (actor, session) => managesClassAt(actor, session.centerId),
  delete: (actor, session) => managesClassAt(actor, session.centerId),
};
