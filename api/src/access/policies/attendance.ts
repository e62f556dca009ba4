/** The access policy of ScheduleAttendance: who takes a session's roll (access.ts registers it). */
import { POLICY_TEXT, isAdmin, allow, deny, ResourcePolicy } from '../policy';
import { managesClassAt } from './classes';
import { SessionRow, schedulePolicy } from './sessions';

export const attendancePolicy: ResourcePolicy<SessionRow> = {
  scope: (actor) => schedulePolicy.scope(actor),
  read: (actor, session) => schedulePolicy.read!(actor, session),
  update(actor, session) {
    if (isAdmin(actor)) return allow;
    if (actor.type === 'teacher') return session.teacherId === actor.id ? allow : deny(POLICY_TEXT.notOwnSession);
    return managesClassAt(actor, session.centerId);
  },
};
