/**
 * Self sign-up's setting and its "Chờ duyệt" queue. The mode (open, approval, closed; default approval)
 * is a row of app_setting. In approval mode a new account is a student with status 2 (PENDING): it signs
 * in, but every call but its own account and sign-out is refused (plugins/auth.ts), until staff approve
 * it into a centre (a giáo vụ of a centre: their own) and, optionally, a class (the enrolment service),
 * or reject it (the account is deleted and its sessions end).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_STATUS, DEFAULT_SELF_SIGNUP_MODE, SELF_SIGNUP_MODES, type SelfSignupMode, type User } from '@trungtam/shared/contracts';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { appSettings, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { affairCenter } from '../access/policies/accounts';
import { centreReference, classReference, REFERENCE_TEXT } from '../access/references';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { writeAudit, type AuditContext } from '../factory/audit';
import { auditableUser, findActiveUser, loadUserDto } from './accounts';
import { createEnrollment } from './enrollments';
import { endUserSessions } from './sessions';

const SETTING_KEY = 'self_signup';

export const SIGNUP_TEXT = {
  closed: 'Trung tâm hiện không nhận đăng ký tài khoản trực tuyến. Vui lòng liên hệ trung tâm để được tạo tài khoản.',
  pending: 'Tài khoản của bạn đang chờ trung tâm duyệt. Bạn sẽ dùng được hệ thống sau khi được duyệt.',
  notPending: 'Tài khoản này không ở trạng thái chờ duyệt',
  classOfCentre: 'Lớp học không thuộc trung tâm đã chọn',
  discountRequired: 'Ưu đãi cần được chọn khi xếp lớp',
  mode: 'Chế độ đăng ký phải là open, approval hoặc closed',
} as const;

const isMode = (value: string | undefined): value is SelfSignupMode => (SELF_SIGNUP_MODES as readonly string[]).includes(value ?? '');

/** The self sign-up mode now (approval when never set). */
export async function signupMode(db: Queryable): Promise<SelfSignupMode> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  return isMode(row?.value) ? row.value : DEFAULT_SELF_SIGNUP_MODE;
}

/** Sets the mode (System Update), audited with the mode before and after. */
export async function setSignupMode(ctx: AppContext, mode: SelfSignupMode, audit: AuditContext): Promise<{ mode: SelfSignupMode }> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const before = await signupMode(tx);
    await tx
      .insert(appSettings)
      .values({ key: SETTING_KEY, value: mode })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: mode } });
    await writeAudit(tx, audit, { action: 'update', resource: 'SelfSignup', resourceId: null, before: { mode: before }, after: { mode } });
  });
  return { mode };
}

/** A live account waiting for approval, that `actor` reaches (404 missing, 403 out of reach, as the accounts' routes). */
async function pendingAccount(db: Queryable, actor: Actor, userId: number) {
  const row = await findActiveUser(db, userId);
  if (!row) throw notFound();
  if (!policy(actor).can('User', 'read', row)) throw forbidden();
  if (row.status !== ACCOUNT_STATUS.PENDING) throw conflict(SIGNUP_TEXT.notPending, { user_id: SIGNUP_TEXT.notPending });
  return row;
}

/**
 * Approval: the account becomes active in the centre (one the approver reaches: a giáo vụ's own) and, when
 * a class is given (of that centre), is enrolled in it by the enrolment service (its order, ledger lines and
 * notice), all in one transaction: a refused enrolment leaves the account waiting.
 */
export async function approvePending(
  ctx: AppContext,
  actor: Actor,
  body: { user_id: number; center_id: number; class_id?: number | null; discount_id?: number | null },
  audit: AuditContext,
): Promise<User> {
  const { db } = ctx.database;
  const target = await pendingAccount(db, actor, body.user_id);
  const own = affairCenter(actor);
  // another centre than a giáo vụ's own is out of their reach: the neutral refusal of a reference
  if (own !== null && body.center_id !== own) throw invalid({ center_id: REFERENCE_TEXT.center });
  await centreReference(db, actor, 'center_id', body.center_id);
  if (body.class_id) {
    const cls = await classReference(db, actor, 'class_id', body.class_id);
    if (cls.centerId !== body.center_id) throw invalid({ class_id: SIGNUP_TEXT.classOfCentre });
    if (!body.discount_id) throw invalid({ discount_id: SIGNUP_TEXT.discountRequired });
  }
  await db.transaction(async (tx) => {
    // the account's status is read again under the lock: two approvals at once make one
    const [updated] = await tx
      .update(users)
      .set({ status: ACCOUNT_STATUS.ACTIVE, centerId: body.center_id, updatedAt: new Date() })
      .where(and(eq(users.id, target.id), eq(users.status, ACCOUNT_STATUS.PENDING), isNull(users.deletedAt)))
      .returning();
    if (!updated) throw conflict(SIGNUP_TEXT.notPending, { user_id: SIGNUP_TEXT.notPending });
    await writeAudit(tx, audit, {
      action: 'approve',
      resource: 'User',
      resourceId: target.id,
      before: auditableUser(target),
      after: { ...auditableUser(updated), class_id: body.class_id ?? null },
    });
    if (body.class_id && body.discount_id) {
      await createEnrollment(ctx, actor, { user_id: target.id, class_id: body.class_id, discount_id: body.discount_id }, audit, tx);
    }
  });
  return (await loadUserDto(db, target.id)) as User;
}

/** Rejection: the waiting account is deleted (as staff delete an account) and its sessions end. */
export async function rejectPending(ctx: AppContext, actor: Actor, userId: number, audit: AuditContext): Promise<void> {
  const { db } = ctx.database;
  const target = await pendingAccount(db, actor, userId);
  if (!policy(actor).can('User', 'delete', target)) throw forbidden();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ deletedAt: new Date() })
      .where(and(eq(users.id, target.id), eq(users.status, ACCOUNT_STATUS.PENDING), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!deleted) throw conflict(SIGNUP_TEXT.notPending, { user_id: SIGNUP_TEXT.notPending });
    await endUserSessions(tx, target.id, 'deleted');
    await writeAudit(tx, audit, { action: 'reject', resource: 'User', resourceId: target.id, before: auditableUser(target) });
  });
}
