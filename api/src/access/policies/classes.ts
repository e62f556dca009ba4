/** The access policy of LearningClass: which classes a user sees and manages (access.ts registers it). */
import { eq, exists, sql } from 'drizzle-orm';
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import { classes, enrollments } from '../../db/schema';
import { Actor, POLICY_TEXT, isAdmin, Decision, allow, deny, ResourcePolicy } from '../policy';
import { affairCenter } from './accounts';

export interface ClassRow {
  teacherId: number | null;
  centerId: number | null;
  /** Whether the actor holds a (not removed) enrolment in this class; only a student's access uses it. */
  actorEnrolled?: boolean;
}

export function seesClass(actor: Actor, cls: ClassRow): boolean {
  if (isAdmin(actor)) return true;
  if (actor.type === 'teacher') return cls.teacherId === actor.id;
  if (actor.type === 'student') return cls.actorEnrolled === true;
  const center = affairCenter(actor);
  return center ? cls.centerId === center : true;
}

export interface ClassChange {
  teacherId: number | null;
  centerId: number | null;
}

/** Staff write classes: an administrator any, a giáo vụ with a centre those of that centre (without one: any). */
export function managesClassAt(actor: Actor, centerId: number | null): Decision {
  if (isAdmin(actor)) return allow;
  if (actor.type !== 'academic_affair') return deny();
  const center = affairCenter(actor);
  return !center || centerId === center ? allow : deny(POLICY_TEXT.ownCenterClasses);
}

export const classPolicy: ResourcePolicy<ClassRow, ClassChange> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type === 'teacher') return eq(classes.teacherId, actor.id);
    if (actor.type === 'student') {
      return exists(
        sql`(select 1 from ${enrollments} where ${enrollments.classId} = ${classes.classId} and ${enrollments.userId} = ${actor.id} and ${enrollments.status} <> ${ENROLLMENT_STATUS.REMOVED})`,
      );
    }
    const center = affairCenter(actor);
    return center ? eq(classes.centerId, center) : 'all';
  },
  read(actor, cls) {
    return seesClass(actor, cls) ? allow : deny();
  },
  create: (actor, cls) => managesClassAt(actor, cls.centerId),
  update(actor, cls, change) {
    const now = managesClassAt(actor, cls.centerId);
    return now.allowed && change.centerId !== undefined ? managesClassAt(actor, change.centerId) : now;
  },
  delete: (actor, cls) => managesClassAt(actor, cls.centerId),
};
