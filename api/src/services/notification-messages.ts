/**
 * Messages staff compose (the notification settings screen, NotificationSetting): a draft row of
 * `notification` with a target and no recipient. Editing and deleting it is possible while it is a
 * draft; sending it adds, in one transaction, one notification per recipient (each then in that user's
 * bell and /notifications) and marks it sent, after which it is never edited, sent or deleted again (409).
 *
 * Recipients, computed when it is sent:
 * - `user`: that account, while it is not deleted (a locked one too: it reads it once unlocked);
 * - `type`: every active, not deleted account of that type (of the target's centre when it has one);
 * - `center`, `all`: every active, not deleted teacher, student and giáo vụ (of the centre when given).
 * Group targets never reach an administrator. Who may compose for whom: access.ts (NotificationMessage);
 * a giáo vụ with a centre composes within it, and their type and 'all' targets are limited to it.
 */
import { and, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import type { Notification, NotificationTargetRequest } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_SEND, NOTIFICATION_TARGET_TYPES } from '@trungtam/shared/contracts/notifications';
import type { Queryable, Tx } from '../db/client';
import { notifications, users } from '../db/schema';
import type { AppContext } from '../types';
import { defaultCenterFor, policy, type Actor, type NotificationAudience } from '../access/access';
import { accountsInReach, centreReference, REFERENCE_TEXT } from '../access/references';
import { conflict, invalid, notFound } from '../lib/errors';
import type { NotificationCreateBody, NotificationUpdateBody } from '@trungtam/shared/schemas/notifications';
import { writeAudit, type AuditContext } from '../factory/audit';
import { eachRow } from '../factory/bulk';
import type { BulkResult } from '@trungtam/shared/contracts';
import { isComposed, messageDetails, notifyUsers, storedTarget, toRecord, type NotificationRow, type StoredTarget } from './notifications';

export const MESSAGE_TEXT = {
  sent: 'Thông báo đã được gửi: không thể sửa, gửi lại hoặc xoá',
  notAMessage: 'Đây là thông báo của một người nhận, không phải thông báo do nhân viên soạn: không thể sửa, gửi hoặc xoá',
  noRecipients: 'Không có người nhận nào phù hợp với đối tượng nhận (tài khoản đã xoá hoặc không có tài khoản đang hoạt động): thông báo chưa được gửi',
  userRequired: 'Cần chọn tài khoản nhận',
  typeRequired: 'Cần chọn loại tài khoản nhận',
  centerRequired: 'Cần chọn trung tâm nhận',
  notForKind: 'Không dùng với đối tượng nhận này',
} as const;

const RESOURCE = 'Notification';

// ---------------------------------------------------------------- targets

type TargetField = 'user_id' | 'type' | 'center_id';
/** The fields each kind of target takes: the required ones, and the ones it may add. */
const TARGET_FIELDS: Record<StoredTarget['kind'], { required: TargetField[]; optional: TargetField[] }> = {
  user: { required: ['user_id'], optional: [] },
  type: { required: ['type'], optional: ['center_id'] },
  center: { required: ['center_id'], optional: [] },
  all: { required: [], optional: ['center_id'] },
};
const REQUIRED_TEXT: Record<TargetField, string> = {
  user_id: MESSAGE_TEXT.userRequired,
  type: MESSAGE_TEXT.typeRequired,
  center_id: MESSAGE_TEXT.centerRequired,
};

/** 400 naming the field unless the target has exactly its kind's fields. */
function checkTargetFields(input: NotificationTargetRequest): void {
  const fields: Record<string, string> = {};
  const { required, optional } = TARGET_FIELDS[input.kind];
  for (const field of ['user_id', 'type', 'center_id'] as const) {
    const given = input[field] !== undefined;
    if (!given && required.includes(field)) fields[`target.${field}`] = REQUIRED_TEXT[field];
    if (given && !required.includes(field) && !optional.includes(field)) fields[`target.${field}`] = MESSAGE_TEXT.notForKind;
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

async function accountOf(db: Queryable, id: number) {
  const [row] = await db.select({ type: users.type, centerId: users.centerId }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The target as it will be stored, and whom it concerns. A giáo vụ's type and 'all' targets without a
 * centre are limited to theirs (stored, so that the message reaches the same people whoever sends it).
 * The recipient account and the centre must be within the actor's reach (references.ts): one of another
 * centre answers as a missing one.
 */
async function resolveTarget(db: Queryable, actor: Actor, input: NotificationTargetRequest): Promise<{ target: StoredTarget; audience: NotificationAudience }> {
  checkTargetFields(input);
  if (input.kind === 'user') {
    const account = (await accountsInReach(db, actor, [input.user_id!])).get(input.user_id!);
    if (!account) throw invalid({ 'target.user_id': REFERENCE_TEXT.recipient });
    return {
      target: { kind: 'user', userId: input.user_id!, type: null, centerId: null },
      audience: { centerId: account.centerId, administrator: account.type === 'administrator' },
    };
  }
  const centerId = input.center_id ?? (input.kind === 'center' ? null : defaultCenterFor(actor));
  if (centerId !== null) await centreReference(db, actor, 'target.center_id', centerId);
  return {
    target: { kind: input.kind, userId: null, type: input.kind === 'type' ? input.type! : null, centerId },
    audience: { centerId, administrator: false },
  };
}

/** Whom a stored row concerns: the recipient of a received one, the audience of a composed one. */
async function audienceOf(db: Queryable, row: NotificationRow): Promise<NotificationAudience> {
  const accountId = isComposed(row) ? row.targetUserId : row.userId;
  if (accountId === null) return { centerId: row.targetCenterId, administrator: false };
  const account = await accountOf(db, accountId);
  return { centerId: account?.centerId ?? null, administrator: account?.type === 'administrator' };
}

/** The accounts a target reaches now (see the module's comment). */
function recipientsWhere(target: StoredTarget): SQL {
  const live = isNull(users.deletedAt);
  if (target.kind === 'user') return and(live, eq(users.id, target.userId ?? 0)) as SQL;
  const types = target.kind === 'type' && target.type ? [target.type] : [...NOTIFICATION_TARGET_TYPES];
  return and(
    live,
    eq(users.status, ACCOUNT_STATUS.ACTIVE),
    inArray(users.type, types),
    target.centerId !== null ? eq(users.centerId, target.centerId) : undefined,
  ) as SQL;
}

// ---------------------------------------------------------------- one message

interface Found {
  row: NotificationRow;
  audience: NotificationAudience;
}

/** The row `id` if the actor may `verb` it (404 when there is none, 403 out of the actor's reach), and whom it concerns. */
async function findInReach(db: Queryable, actor: Actor, id: number, verb: 'read' | 'update' | 'delete', lock = false): Promise<Found> {
  const query = db.select().from(notifications).where(eq(notifications.notificationId, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const audience = await audienceOf(db, row);
  policy(actor).assert('NotificationMessage', verb, audience);
  return { row, audience };
}

/** A composed draft, locked until the transaction ends (so that an edit and a send never cross). */
async function findDraft(tx: Tx, actor: Actor, id: number, verb: 'update' | 'delete'): Promise<Found> {
  const found = await findInReach(tx, actor, id, verb, true);
  if (!isComposed(found.row)) throw conflict(MESSAGE_TEXT.notAMessage);
  if (found.row.isSend !== NOTIFICATION_SEND.DRAFT) throw conflict(MESSAGE_TEXT.sent);
  return found;
}

/** The record with its names and counts; a draft's count is how many it would reach if sent now. */
async function detailedRecord(db: Queryable, row: NotificationRow): Promise<Notification> {
  const details = await messageDetails(db, [row]);
  if (isComposed(row) && row.isSend === NOTIFICATION_SEND.DRAFT) {
    const [wouldReach] = await db.select({ n: count() }).from(users).where(recipientsWhere(storedTarget(row)));
    details.counts.set(row.notificationId, { recipients: Number(wouldReach?.n ?? 0), read: 0 });
  }
  return toRecord(row, details);
}

const targetColumns = (target: StoredTarget) => ({
  targetKind: target.kind,
  targetUserId: target.userId,
  targetType: target.type,
  targetCenterId: target.centerId,
});

// ---------------------------------------------------------------- the routes' operations

/** `POST /notifications`: a draft; nobody receives it until it is sent. */
export async function composeMessage(ctx: AppContext, actor: Actor, body: Static<typeof NotificationCreateBody>, audit: AuditContext): Promise<Notification> {
  const { db } = ctx.database;
  const { target, audience } = await resolveTarget(db, actor, body.target);
  policy(actor).assert('NotificationMessage', 'create', audience);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(notifications)
      .values({ userId: null, name: body.name.trim(), message: body.message.trim(), isRead: 1, isSend: NOTIFICATION_SEND.DRAFT, createdBy: actor.id, ...targetColumns(target) })
      .returning();
    await writeAudit(tx, audit, { action: 'create', resource: RESOURCE, resourceId: created.notificationId, after: toRecord(created) });
    return created;
  });
  return detailedRecord(db, row);
}

/** `GET /notifications/{id}`: one row in reach; a composed one with its recipient and read counts. */
export async function showNotification(ctx: AppContext, actor: Actor, id: number): Promise<Notification> {
  const { db } = ctx.database;
  return detailedRecord(db, (await findInReach(db, actor, id, 'read')).row);
}

/**
 * Sends a locked draft: one notification per recipient, then the draft marked sent (the caller's
 * transaction: all of it or nothing). No recipient: a 409, and the draft stays a draft.
 */
async function send(tx: Tx, draft: NotificationRow, audit: AuditContext): Promise<NotificationRow> {
  const recipients = (await tx.select({ id: users.id }).from(users).where(recipientsWhere(storedTarget(draft)))).map((row) => row.id);
  if (recipients.length === 0) throw conflict(MESSAGE_TEXT.noRecipients);
  await notifyUsers(tx, recipients, { name: draft.name, message: draft.message, parentId: draft.notificationId });
  const now = new Date();
  const [sent] = await tx
    .update(notifications)
    .set({ isSend: NOTIFICATION_SEND.SENT, sentAt: now, updatedAt: now })
    .where(eq(notifications.notificationId, draft.notificationId))
    .returning();
  await writeAudit(tx, audit, { action: 'notification.send', resource: RESOURCE, resourceId: draft.notificationId, after: { recipient_count: recipients.length } });
  return sent;
}

/** `PUT /notifications`: edits a draft (name, message, target) and, with `is_send: 1`, sends it. */
export async function updateMessage(ctx: AppContext, actor: Actor, body: Static<typeof NotificationUpdateBody>, audit: AuditContext): Promise<Notification> {
  const { db } = ctx.database;
  const row = await db.transaction(async (tx) => {
    const found = await findDraft(tx, actor, body.notification_id, 'update');
    let draft = found.row;
    const changes: Partial<typeof notifications.$inferInsert> = {};
    if (body.name !== undefined) changes.name = body.name.trim();
    if (body.message !== undefined) changes.message = body.message.trim();
    if (body.target) {
      const { target, audience } = await resolveTarget(tx, actor, body.target);
      policy(actor).assert('NotificationMessage', 'update', found.audience, audience);
      Object.assign(changes, targetColumns(target));
    }
    if (Object.keys(changes).length) {
      const [updated] = await tx
        .update(notifications)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(notifications.notificationId, draft.notificationId))
        .returning();
      await writeAudit(tx, audit, { action: 'update', resource: RESOURCE, resourceId: draft.notificationId, before: toRecord(draft), after: toRecord(updated) });
      draft = updated;
    }
    return body.is_send === NOTIFICATION_SEND.SENT ? send(tx, draft, audit) : draft;
  });
  return detailedRecord(db, row);
}

/** `DELETE /notifications/{id}`: a draft only (a sent message stays: its recipients have it). */
export async function deleteMessage(ctx: AppContext, actor: Actor, id: number, audit: AuditContext): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const { row } = await findDraft(tx, actor, id, 'delete');
    await tx.delete(notifications).where(eq(notifications.notificationId, id));
    await writeAudit(tx, audit, { action: 'delete', resource: RESOURCE, resourceId: id, before: toRecord(row) });
  });
}

// ---------------------------------------------------------------- to accounts chosen in a list

/**
 * A message to the accounts chosen in a list (a bulk action of the account lists): each account must be
 * one the actor may send a message to, as the single send to one account (the target's reach and the
 * NotificationMessage rule; refused with the reason otherwise). Those that pass receive it in their bell
 * and /notifications, in one transaction with one audit entry naming them.
 */
export async function sendToAccounts(
  ctx: AppContext,
  actor: Actor,
  ids: readonly number[],
  text: { name: string; message: string },
  audit: AuditContext,
): Promise<BulkResult> {
  const { db } = ctx.database;
  const result = await eachRow(ids, async (id) => {
    const { audience } = await resolveTarget(db, actor, { kind: 'user', user_id: id });
    policy(actor).assert('NotificationMessage', 'create', audience);
  });
  if (result.succeeded.length) {
    await db.transaction(async (tx) => {
      await notifyUsers(tx, result.succeeded, { name: text.name.trim(), message: text.message.trim() });
      await writeAudit(tx, audit, { action: 'notification.send', resource: RESOURCE, after: { name: text.name.trim(), recipients: result.succeeded } });
    });
  }
  return result;
}
