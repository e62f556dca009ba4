/**
 * The account lists' bulk actions, each row through the checks of its single-row route (factory/bulk.ts):
 * lock and unlock (an account's status, as its edit sets it: a lock ends its sessions for good), a message
 * to the accounts chosen (notification-messages.ts), and enrolling the students chosen into one class
 * (enrollments.ts, per student: already in the class, out of reach, not a student…). The rows are the ids
 * chosen, or every account the list's filter matches (at most BULK_LIMIT).
 */
import { asc, eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ACCOUNT_STATUS, type BulkResult } from '@trungtam/shared/contracts';
import { BulkBody } from '@trungtam/shared/schemas/builders';
import { EnrollmentCreateBody } from '@trungtam/shared/schemas/learning';
import { MessageTextProps } from '@trungtam/shared/schemas/notifications';
import type { AppContext } from '../types';
import { users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { classReference } from '../access/references';
import { conflict, forbidden, notFound } from '../lib/errors';
import { auditedWrite, eachRow, selectedIds, type AuditContext, type AuditEntry } from '../factory';
import { UserListQuery } from '../schemas/users';
import { auditableUser, findActiveUser } from './accounts';
import { createEnrollment } from './enrollments';
import { sendToAccounts } from './notification-messages';
import { endUserSessions } from './sessions';
import { userFilters } from './users';

export const ACCOUNT_BULK_TEXT = {
  lockSelf: 'Bạn không thể khoá chính tài khoản của mình',
  alreadyLocked: 'Tài khoản đã bị khoá từ trước',
  alreadyActive: 'Tài khoản đang hoạt động, không bị khoá',
} as const;

/** The account list's filters (its query without paging and order): "all N matching" sends them. */
const { limit: _limit, page: _page, sort_column: _column, sort_type: _type, relationships: _relationships, ...accountFilterProps } = UserListQuery.properties;
export const AccountBulkBody = BulkBody(accountFilterProps);
export const AccountMessageBody = BulkBody(accountFilterProps, MessageTextProps);
/** The class, the discount and the bonus lessons, as the single enrolment takes them. */
const { class_id, discount_id, total_lesson_promote } = EnrollmentCreateBody.properties;
export const StudentEnrollBody = BulkBody(accountFilterProps, { class_id, discount_id, total_lesson_promote });

type Selection = Static<typeof AccountBulkBody>;

/** The accounts chosen, or those the list's filter shows `actor` (at most BULK_LIMIT). */
function accountIds(ctx: AppContext, actor: Actor, body: Selection): Promise<number[]> {
  return selectedIds(body, async (filter, limit) =>
    (
      await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(userFilters(actor, filter as Parameters<typeof userFilters>[1]))
        .orderBy(asc(users.id))
        .limit(limit)
    ).map((row) => row.id),
  );
}

/** Locks or unlocks one account as its edit would: the same reach and rules; a lock ends its sessions. */
async function setStatus(ctx: AppContext, actor: Actor, id: number, status: number, audit: AuditContext): Promise<void> {
  const { db } = ctx.database;
  const target = await findActiveUser(db, id);
  if (!target) throw notFound();
  policy(actor).assert('User', 'update', target, {});
  const locking = status === ACCOUNT_STATUS.LOCKED;
  if (locking && target.id === actor.id) throw forbidden(ACCOUNT_BULK_TEXT.lockSelf);
  if (target.status === status) throw conflict(locking ? ACCOUNT_BULK_TEXT.alreadyLocked : ACCOUNT_BULK_TEXT.alreadyActive);
  await auditedWrite(db, audit, async (tx) => {
    const [row] = await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    const updated: AuditEntry = { action: 'update', resource: 'User', resourceId: id, before: auditableUser(target), after: auditableUser(row) };
    if (!locking) return { result: undefined, audit: updated };
    const ended = await endUserSessions(tx, id, 'locked');
    return { result: undefined, audit: [updated, { action: 'session.end_all', resource: 'User', resourceId: id, after: { reason: 'locked', sessions: ended } }] };
  });
}

/** `POST /user/bulk-lock` and `/user/bulk-unlock`. */
export async function setAccountsStatus(ctx: AppContext, actor: Actor, body: Selection, status: number, audit: AuditContext): Promise<BulkResult> {
  const ids = await accountIds(ctx, actor, body);
  return eachRow(ids, (id) => setStatus(ctx, actor, id, status, audit));
}

/** `POST /user/bulk-message`: the message to each account chosen that the actor may write to. */
export async function messageAccounts(ctx: AppContext, actor: Actor, body: Static<typeof AccountMessageBody>, audit: AuditContext): Promise<BulkResult> {
  const ids = await accountIds(ctx, actor, body);
  return sendToAccounts(ctx, actor, ids, { name: body.name, message: body.message }, audit);
}

/**
 * `POST /user/bulk-enroll`: each student chosen into the class, as the single enrolment does (its price,
 * order, ledger lines and notice). The class itself is checked once: one out of reach is a 400 for the call.
 */
export async function enrollStudents(ctx: AppContext, actor: Actor, body: Static<typeof StudentEnrollBody>, audit: AuditContext): Promise<BulkResult> {
  await classReference(ctx.database.db, actor, 'class_id', body.class_id);
  const ids = await accountIds(ctx, actor, body);
  return eachRow(ids, (id) =>
    createEnrollment(ctx, actor, { user_id: id, class_id: body.class_id, discount_id: body.discount_id, total_lesson_promote: body.total_lesson_promote }, audit),
  );
}
