/** Notifications: what the system and staff send to users, and what each user reads. */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { NOTIFICATION_READ } from '@trungtam/shared/contracts';
import type { Notification, NotificationList, ReadAllResult } from '@trungtam/shared/contracts/notifications';
import type { Queryable } from '../db/client';
import { notifications } from '../db/schema';
import type { AppContext } from '../types';
import { policy, type Actor } from '../access/access';
import { listResult, paging, sortBy } from '../lib/list';
import type { NotificationListQuery } from '../schemas/notifications';
import { writeAudit, type AuditContext } from './audit';

/**
 * Sends one notification to each of `userIds`, inside the caller's transaction so that it exists
 * exactly when the event that caused it does (an enrolment, a moved session, a staff message).
 */
export async function notifyUsers(
  db: Queryable,
  userIds: number[],
  message: { name: string; message: string; settingId?: number | null },
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(
    userIds.map((userId) => ({
      userId,
      name: message.name,
      message: message.message,
      settingId: message.settingId ?? null,
    })),
  );
}

export const NOTIFICATION_SORT_COLUMNS = {
  notification_id: notifications.notificationId,
  created_at: notifications.createdAt,
  is_read: notifications.isRead,
};

type Row = typeof notifications.$inferSelect;

function toDto(row: Row): Notification {
  return {
    notification_id: row.notificationId,
    user_id: row.userId,
    name: row.name,
    message: row.message,
    is_read: row.isRead === NOTIFICATION_READ.READ ? 1 : 2,
    created_at: row.createdAt.toISOString(),
  };
}

async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, NOTIFICATION_READ.UNREAD)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  query: Static<typeof NotificationListQuery>,
): Promise<NotificationList> {
  const { db } = ctx.database;
  const access = policy(actor);
  access.assertList('Notification', { userId: query.user_id });
  const order = sortBy(query, NOTIFICATION_SORT_COLUMNS, 'notification_id', notifications.notificationId);
  const p = paging(query);
  const conditions: (SQL | undefined)[] = [access.where('Notification')];
  if (query.is_read === NOTIFICATION_READ.READ || query.is_read === NOTIFICATION_READ.UNREAD) {
    conditions.push(eq(notifications.isRead, query.is_read));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(...order).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  const result: NotificationList = listResult(rows.map(toDto), Number(total?.n ?? 0), p);
  if (query.count_unread) result.unread_rows = await unreadCount(db, actor.id);
  return result;
}

/** Marks every unread notification of the caller read (the bell's click). */
export async function markAllRead(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  audit: AuditContext,
): Promise<ReadAllResult> {
  const access = policy(actor);
  access.assert('Notification', 'update', { userId });
  return ctx.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ isRead: NOTIFICATION_READ.READ, updatedAt: new Date() })
      .where(and(access.where('Notification'), eq(notifications.isRead, NOTIFICATION_READ.UNREAD)))
      .returning({ id: notifications.notificationId });
    if (changed.length > 0) {
      await writeAudit(tx, audit, {
        action: 'notification.read-all',
        resource: 'Notification',
        resourceId: actor.id,
        after: { updated: changed.length },
      });
    }
    return { result: true as const, updated: changed.length };
  });
}
