/** Sign-in, self sign-up, password reset and password changes. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, type LoginResponse, type User } from '@trungtam/shared/contracts';
import { MESSAGES } from '@trungtam/shared/validation';
import type { AppContext } from '../types';
import type { RateLimitName } from '../config';
import { passwordResets, roles, users } from '../db/schema';
import { ApiError, conflict, forbidden, invalid, notFound, TEXT } from '../lib/errors';
import { dummyPasswordHash, hashNewPassword, hashPassword, needsRehash, verifyPassword } from '../lib/password';
import { isUniqueViolation } from '../lib/db-errors';
import type { Actor } from '../access/access';
import { auditableUser, findActiveUser, findUserByEmail, loadUserDto } from './accounts';
import { writeAudit, type AuditContext } from '../factory/audit';
import { endUserSessions, startSession } from './sessions';
import { SIGNUP_TEXT, signupMode } from './self-signup';

const RESET_TTL_MS = 60 * 60 * 1000;
export const STUDENT_ROLE_NAME = 'Học viên';

const loginFailed = () => new ApiError(401, 'UNAUTHENTICATED', MESSAGES.loginFailed);

/**
 * Sign-in: a new session on success. Every outcome is a security event of the audit log (the address
 * is the client's real one: forwarded headers count only through the configured proxies). A hash of an
 * older scheme is replaced by an argon2id one now that the password is known.
 */
export async function login(ctx: AppContext, email: string, password: string, ip: string): Promise<LoginResponse> {
  const { db } = ctx.database;
  const row = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !ok || row.status === ACCOUNT_STATUS.LOCKED) {
    const reason = !row ? 'unknown_account' : !ok ? 'wrong_password' : 'locked';
    await writeAudit(db, { actorId: null, ip }, {
      action: 'login.failed',
      resource: 'User',
      resourceId: row?.id ?? null,
      after: { reason, ...(row ? {} : { email: email.trim().toLowerCase() }) },
    });
    throw loginFailed();
  }
  const rehashed = needsRehash(row.passwordHash) ? await hashPassword(password) : undefined;
  const auth = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastTimeLogin: new Date(), ...(rehashed ? { passwordHash: rehashed } : {}) })
      .where(eq(users.id, row.id));
    await writeAudit(tx, { actorId: row.id, ip }, { action: 'login', resource: 'User', resourceId: row.id, ...(rehashed ? { after: { password_rehashed: true } } : {}) });
    return startSession(ctx, tx, row.id, ip);
  });
  const user = (await loadUserDto(db, row.id)) as User;
  return { auth, user };
}

/**
 * Self sign-up: a student account with the student role, named in Vietnamese order ("lastname firstname",
 * family name first), signed in at once. The self sign-up setting decides its fate: closed refuses it
 * (403); approval (the default) makes it wait (status PENDING: its token reaches only its own account and
 * sign-out, until staff approve it: services/self-signup.ts); open makes it active at once.
 */
export async function selfRegister(
  ctx: AppContext,
  body: { email: string; firstname: string; lastname: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  const { db } = ctx.database;
  const mode = await signupMode(db);
  if (mode === 'closed') throw new ApiError(403, 'REGISTRATION_CLOSED', SIGNUP_TEXT.closed);
  const email = body.email.trim();
  if (await findUserByEmail(db, email)) {
    throw conflict(MESSAGES.registrationFailed, { email: MESSAGES.accountCreateFailed });
  }
  const passwordHash = await hashNewPassword(body.password, 'password');
  const name = `${body.lastname.trim()} ${body.firstname.trim()}`;
  try {
    const created = await db.transaction(async (tx) => {
      const [role] = await tx
        .select()
        .from(roles)
        .where(eq(roles.guardName, 'student'))
        .orderBy(sql`case when ${roles.name} = ${STUDENT_ROLE_NAME} then 0 else 1 end`, roles.id)
        .limit(1);
      if (!role) throw new ApiError(409, 'CONFLICT', MESSAGES.registrationFailed);
      const [row] = await tx
        .insert(users)
        .values({ name, email, passwordHash, type: 'student', roleId: role.id, status: mode === 'open' ? ACCOUNT_STATUS.ACTIVE : ACCOUNT_STATUS.PENDING, lastTimeLogin: new Date() })
        .returning();
      await writeAudit(tx, { actorId: row.id, ip }, { action: 'register', resource: 'User', resourceId: row.id, after: auditableUser(row) });
      return { row, auth: await startSession(ctx, tx, row.id, ip) };
    });
    const user = (await loadUserDto(db, created.row.id)) as User;
    return { auth: created.auth, user };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.registrationFailed, { email: MESSAGES.accountCreateFailed });
    throw error;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function forgotPassword(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<{ result: true; delivery: 'smtp' | 'outbox' }> {
  const { db } = ctx.database;
  const row = await findUserByEmail(db, email);
  if (!row || row.status === ACCOUNT_STATUS.LOCKED) throw notFound(MESSAGES.forgotPasswordStatusFailed);
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: row.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await writeAudit(tx, { actorId: null, ip }, { action: 'password.forgot', resource: 'User', resourceId: row.id });
  });
  const link = `${ctx.config.publicAppUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const sent = await ctx.mailer.send({
    to: row.email,
    subject: 'Đặt lại mật khẩu tài khoản',
    text: [
      `Xin chào ${row.name},`,
      '',
      'Bạn (hoặc ai đó) vừa yêu cầu đặt lại mật khẩu cho tài khoản của bạn.',
      `Mở liên kết sau trong vòng 1 giờ để đặt mật khẩu mới: ${link}`,
      '',
      'Nếu bạn không yêu cầu, hãy bỏ qua thư này.',
    ].join('\n'),
  });
  return { result: true, delivery: sent.delivery };
}

/** The account a reset token belongs to, while the token is unused and unexpired. */
export async function resetTokenAccount(ctx: AppContext, token: string): Promise<number | undefined> {
  const [reset] = await ctx.database.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
  return reset?.userId;
}

/** A new password through a reset link: every session of the account ends. */
export async function resetPassword(ctx: AppContext, token: string, password: string, ip: string): Promise<void> {
  const { db } = ctx.database;
  const passwordHash = await hashNewPassword(password, 'password');
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
    const user = reset ? await findActiveUser(tx, reset.userId) : undefined;
    if (!reset || !user || user.status === ACCOUNT_STATUS.LOCKED) throw invalid({ token: TEXT.resetTokenInvalid }, TEXT.resetTokenInvalid);
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const ended = await endUserSessions(tx, user.id, 'password');
    await writeAudit(tx, { actorId: null, ip }, { action: 'password.reset', resource: 'User', resourceId: user.id, after: { sessions_ended: ended } });
  });
}

/**
 * Own password change: every session of the account ends, this one included, and a new session is
 * opened for whoever changed it (its token is in the answer). A wrong current password is a 400 the
 * route counts toward the change-password limits.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  actor: Actor,
  body: { email: string; password: string; new_password: string; confirm_password: string },
  audit: AuditContext,
) {
  if (body.email.trim().toLowerCase() !== actor.email.toLowerCase()) throw forbidden(TEXT.notOwnAccount);
  if (body.new_password !== body.confirm_password) throw invalid({ confirm_password: TEXT.confirmMismatch });
  const { db } = ctx.database;
  // wrong current passwords count per account and per address: the call must not become a way to guess
  const checks: Array<[RateLimitName, string]> = [['PASSWORD_ACCOUNT', `user:${actor.id}`], ['PASSWORD_ADDRESS', audit.ip ?? '']];
  await ctx.limits.assertAllowed(checks);
  const row = await findActiveUser(db, actor.id);
  if (!row || !(await verifyPassword(body.password, row.passwordHash))) {
    await ctx.limits.count(checks);
    throw invalid({ password: TEXT.wrongCurrentPassword }, TEXT.wrongCurrentPassword);
  }
  const passwordHash = await hashNewPassword(body.new_password, 'new_password');
  const auth = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.id));
    const ended = await endUserSessions(tx, actor.id, 'password');
    await writeAudit(tx, audit, { action: 'password.change', resource: 'User', resourceId: actor.id, after: { sessions_ended: ended } });
    return startSession(ctx, tx, actor.id, audit.ip);
  });
  return { result: true as const, auth };
}
