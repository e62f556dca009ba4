/**
 * Notifications: what the system and staff send to users, and what each user reads; the list of
 * `/notifications` (an inbox, or for staff every row in their reach) and the records it answers with.
 * Composing, editing, sending and deleting staff messages: notification-messages.ts.
 */
import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { NOTIFICATION_READ } from '@trungtam/shared/contracts';
import type { Notification, NotificationList, NotificationTarget, NotificationTargetKind, NotificationTargetType, ReadAllResult } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_SEND } from '@trungtam/shared/contracts/notifications';
import { can } from '@trungtam/shared/permissions';
import type { Queryable } from '../db/client';
import { centers, notifications, users } from '../db/schema';
import type { AppContext } from '../types';
import { policy, type Actor } from '../access/access';
import { containsPattern, listResult, paging, relationships, sortBy } from '../lib/list';
import type { NotificationListQuery } from '@trungtam/shared/schemas/notifications';
import { writeAudit, type AuditContext } from '../factory/audit';

export type NotificationRow = typeof notifications.$inferSelect;

/** The largest number of rows one insert writes (well inside PostgreSQL's 65535 parameters). */
const INSERT_BATCH = 1000;

/**
 * Sends one notification to each of `userIds`, inside the caller's transaction so that it exists
 * exactly when the event that caused it does (an enrolment, a moved session, a staff message).
 */
export async function notifyUsers(
  db: Queryable,
  userIds: number[],
  message: { name: string; message: string; parentId?: number | null },
): Promise<void> {
  for (let start = 0; start < userIds.length; start += INSERT_BATCH) {
    await db.insert(notifications).values(
      userIds.slice(start, start + INSERT_BATCH).map((userId) => ({
        userId,
        name: message.name,
        message: message.message,
        parentId: message.parentId ?? null,
      })),
    );
  }
}

export const NOTIFICATION_SORT_COLUMNS = {
  notification_id: notifications.notificationId,
  created_at: notifications.createdAt,
  is_read: notifications.isRead,
  name: notifications.name,
  sent_at: notifications.sentAt,
};

// ---------------------------------------------------------------- records

/** A composed message's target as stored. */
export interface StoredTarget {
  kind: NotificationTargetKind;
  userId: number | null;
  type: NotificationTargetType | null;
  centerId: number | null;
}

export const isComposed = (row: NotificationRow) => row.userId === null;

export function storedTarget(row: NotificationRow): StoredTarget {
  return {
    kind: row.targetKind as NotificationTargetKind,
    userId: row.targetUserId,
    type: row.targetType as NotificationTargetType | null,
    centerId: row.targetCenterId,
  };
}

/** What a record adds to a composed message: the names its target shows, and its counts. */
export interface MessageDetails {
  userNames: Map<number, string>;
  centerNames: Map<number, string>;
  counts: Map<number, { recipients: number; read: number }>;
}

function targetRecord(target: StoredTarget, details: MessageDetails): NotificationTarget {
  const out: NotificationTarget = { kind: target.kind };
  if (target.userId !== null) Object.assign(out, { user_id: target.userId, user_name: details.userNames.get(target.userId) ?? null });
  if (target.type !== null) out.type = target.type;
  if (target.centerId !== null) Object.assign(out, { center_id: target.centerId, center_name: details.centerNames.get(target.centerId) ?? null });
  return out;
}

export function toRecord(row: NotificationRow, details?: MessageDetails): Notification {
  const record: Notification = {
    notification_id: row.notificationId,
    user_id: row.userId,
    name: row.name,
    message: row.message,
    is_read: row.isRead === NOTIFICATION_READ.READ ? 1 : 2,
    created_at: row.createdAt.toISOString(),
  };
  if (!isComposed(row)) return row.parentId === null ? record : { ...record, parent_id: row.parentId };
  const counts = details?.counts.get(row.notificationId);
  return {
    ...record,
    target: targetRecord(storedTarget(row), details ?? { userNames: new Map(), centerNames: new Map(), counts: new Map() }),
    is_send: row.isSend,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_by: row.createdBy,
    ...(counts ? { recipient_count: counts.recipients, read_count: counts.read } : {}),
  };
}

/** How many received each sent message of `ids`, and how many of them have read it (one grouped query). */
async function sentCounts(db: Queryable, ids: number[]): Promise<MessageDetails['counts']> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: notifications.parentId,
      recipients: count(),
      read: sql<number>`count(*) filter (where ${notifications.isRead} = ${NOTIFICATION_READ.READ})`,
    })
    .from(notifications)
    .where(inArray(notifications.parentId, ids))
    .groupBy(notifications.parentId);
  const out: MessageDetails['counts'] = new Map(ids.map((id) => [id, { recipients: 0, read: 0 }]));
  for (const row of rows) if (row.id !== null) out.set(row.id, { recipients: Number(row.recipients), read: Number(row.read) });
  return out;
}

/**
 * The details of the composed messages among `rows`: their targets' names, and the counts of the sent
 * ones (a draft's would-be count is the show route's: it costs one count per draft).
 */
export async function messageDetails(db: Queryable, rows: NotificationRow[]): Promise<MessageDetails> {
  const composed = rows.filter(isComposed);
  const userIds = [...new Set(composed.flatMap((row) => (row.targetUserId === null ? [] : [row.targetUserId])))];
  const centerIds = [...new Set(composed.flatMap((row) => (row.targetCenterId === null ? [] : [row.targetCenterId])))];
  const [userRows, centerRows, counts] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
    centerIds.length ? db.select({ id: centers.centerId, name: centers.name }).from(centers).where(inArray(centers.centerId, centerIds)) : [],
    sentCounts(db, composed.filter((row) => row.isSend === NOTIFICATION_SEND.SENT).map((row) => row.notificationId)),
  ]);
  return {
    userNames: new Map(userRows.map((row) => [row.id, row.name])),
    centerNames: new Map(centerRows.map((row) => [row.id, row.name])),
    counts,
  };
}

// ---------------------------------------------------------------- the list

async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, NOTIFICATION_READ.UNREAD)));
  return Number(row?.n ?? 0);
}

/** The list's own filters (the rows' scope aside). */
function filterConditions(query: Static<typeof NotificationListQuery>): Array<SQL | undefined> {
  const conditions: Array<SQL | undefined> = [];
  if (query.is_read === NOTIFICATION_READ.READ || query.is_read === NOTIFICATION_READ.UNREAD) {
    conditions.push(eq(notifications.isRead, query.is_read));
  }
  if (query.kind === 'message') conditions.push(isNull(notifications.userId));
  // received rows are all 'sent': the state filter is about composed messages
  if (query.is_send !== undefined) conditions.push(isNull(notifications.userId), eq(notifications.isSend, query.is_send));
  const search = query.search?.trim();
  if (search) conditions.push(or(ilike(notifications.name, containsPattern(search)), ilike(notifications.message, containsPattern(search))));
  return conditions;
}

/**
 * `GET /notifications`. `user_id` names an inbox, and only the caller's own (another's is a 403 for
 * everyone, administrators included). Without it, staff with NotificationSetting GetAll get every row in
 * their reach (the settings view: composed messages, drafts included, and what was received); everyone
 * else their own inbox, as with it.
 */
export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  query: Static<typeof NotificationListQuery>,
): Promise<NotificationList> {
  const { db } = ctx.database;
  // the list has no relationships: any name asked for is a 400, as on every other list
  relationships(query.relationships, []);
  const access = policy(actor);
  access.assertList('Notification', { userId: query.user_id });
  const staffView = !query.user_id && can(actor, 'NotificationSetting', 'GetAll');
  const order = sortBy(query, NOTIFICATION_SORT_COLUMNS, 'notification_id', notifications.notificationId);
  const p = paging(query);
  const where = and(access.where(staffView ? 'NotificationMessage' : 'Notification'), ...filterConditions(query));
  const [rows, [total]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(...order).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  const details = await messageDetails(db, rows);
  const result: NotificationList = listResult(
    rows.map((row) => toRecord(row, details)),
    Number(total?.n ?? 0),
    p,
  );
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
