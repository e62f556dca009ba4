/**
 * The access policy of FamilyMessage: the messages to families (the outbox) staff see and send again,
 * behind the NotificationSetting permissions (access.ts registers it). An administrator reaches every
 * message; a giáo vụ with a centre the messages about students of that centre (every one without a
 * centre); a teacher or a student none. The scope reads the student's account: the list joins it.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { Actor, POLICY_TEXT, isAdmin, allow, deny, NO_ROWS, ResourcePolicy, Decision } from '../policy';
import { affairCenter } from './accounts';

/** A message, by the centre of the student it concerns (null: no centre, or no student any more). */
export interface FamilyMessageRow {
  centerId: number | null;
}

function reach(actor: Actor, row: FamilyMessageRow): Decision {
  if (isAdmin(actor)) return allow;
  if (actor.type !== 'academic_affair') return deny();
  const center = affairCenter(actor);
  return !center || row.centerId === center ? allow : deny(POLICY_TEXT.familyMessageOutsideReach);
}

export const familyMessagePolicy: ResourcePolicy<FamilyMessageRow, never> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type !== 'academic_affair') return NO_ROWS;
    const center = affairCenter(actor);
    return center ? eq(users.centerId, center) : 'all';
  },
  read: reach,
  update: reach,
};
