/** The access policy of Notification: a user's own inbox (access.ts registers it). */
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { TEXT } from '../../lib/errors';
import { Actor, Decision, allow, deny, ResourcePolicy } from '../policy';

export interface InboxRow {
  /** Whose notifications. */
  userId: number;
}
export interface InboxFilter {
  /** The user_id a list asks for; absent, null or 0 mean "mine". */
  userId?: number | null;
}

export const ownInbox = (actor: Actor, userId: number | null | undefined): Decision =>
  userId === undefined || userId === null || userId === 0 || userId === actor.id ? allow : deny(TEXT.notOwnNotifications);

export const notificationPolicy: ResourcePolicy<InboxRow, never, InboxFilter> = {
  scope: (actor) => eq(notifications.userId, actor.id),
  list: (actor, filter) => ownInbox(actor, filter.userId),
  read: (actor, row) => ownInbox(actor, row.userId),
  // marking read
  update: (actor, row) => ownInbox(actor, row.userId),
};
