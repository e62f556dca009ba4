/** The access policy of NotificationMessage: the staff messages a user reaches and composes (access.ts registers it). */
import { and, eq, exists, isNotNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import { Actor, POLICY_TEXT, isAdmin, Decision, allow, deny, NO_ROWS, ResourcePolicy } from '../policy';
import { affairCenter } from './accounts';

/**
 * Whom a notification row concerns: the recipient of a received one; the audience of a composed one
 * (the target user, or the centre a group target is limited to).
 */
export interface NotificationAudience {
  /** Their centre; null: every centre (a group target without one), or an account without a centre. */
  centerId: number | null;
  /** Whether an administrator is concerned (an administrator's notifications, a message to one). */
  administrator: boolean;
}

export function reachesAudience(actor: Actor, audience: NotificationAudience): boolean {
  if (isAdmin(actor)) return true;
  if (actor.type !== 'academic_affair' || audience.administrator) return false;
  const center = affairCenter(actor);
  return !center || audience.centerId === center;
}

export const messageDecision = (actor: Actor, audience: NotificationAudience): Decision => {
  if (reachesAudience(actor, audience)) return allow;
  return actor.type === 'academic_affair' && !isAdmin(actor) ? deny(POLICY_TEXT.messageOutsideReach) : deny();
};

export const notificationMessagePolicy: ResourcePolicy<NotificationAudience, NotificationAudience> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type !== 'academic_affair') return NO_ROWS;
    const center = affairCenter(actor);
    // an account the giáo vụ sees (userPolicy's scope), by the column holding its id
    const seen = (id: AnyColumn) =>
      exists(
        sql`(select 1 from ${users} where ${users.id} = ${id} and ${users.type} <> 'administrator'${center ? sql` and ${users.centerId} = ${center}` : sql``})`,
      );
    return or(
      and(isNotNull(notifications.userId), seen(notifications.userId)),
      and(eq(notifications.targetKind, 'user'), seen(notifications.targetUserId)),
      and(isNotNull(notifications.targetKind), ne(notifications.targetKind, 'user'), center ? eq(notifications.targetCenterId, center) : undefined),
    ) as SQL;
  },
  read: messageDecision,
  create: messageDecision,
  update(actor, row, change) {
    const now = messageDecision(actor, row);
    if (!now.allowed || change.centerId === undefined) return now;
    return messageDecision(actor, { centerId: change.centerId, administrator: change.administrator ?? false });
  },
  delete: messageDecision,
};
