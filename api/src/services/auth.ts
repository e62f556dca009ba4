/** Sign-in, self sign-up, password reset and password changes. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, type LoginResponse, type User } from '@trungtam/shared/contracts';
import { MESSAGES } from '@trungtam/shared/validation';
import type { AppContext } from '../types';
import { passwordResets, roles, users } from '../db/schema';
import { ApiError, conflict, forbidden, invalid, notFound, TEXT } from '../lib/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../lib/password';
import { isUniqueViolation } from '../lib/db-errors';
import type { Actor } from '../access/access';
import { auditableUser, findActiveUser, findUserByEmail, loadUserDto } from './accounts';
import { writeAudit, type AuditContext } from './audit';

const RESET_TTL_MS = 60 * 60 * 1000;
export const STUDENT_ROLE_NAME = 'Học viên';

const loginFailed = () => new ApiError(401, 'UNAUTHENTICATED', MESSAGES.loginFailed);

export async function login(ctx: AppContext, email: string, password: string): Promise<LoginResponse> {
  const { db } = ctx.database;
  const row = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok || row.status === ACCOUNT_STATUS.LOCKED) throw loginFailed();
  await db.update(users).set({ lastTimeLogin: new Date() }).where(eq(users.id, row.id));
  const user = (await loadUserDto(db, row.id)) as User;
  return { auth: ctx.tokens.sign(row.id, row.tokenVersion), user };
}

/**
 * Self sign-up: a student account with the student role, named in Vietnamese order ("lastname firstname",
 * family name first), signed in at once.
 */
export async function selfRegister(
  ctx: AppContext,
  body: { email: string; firstname: string; lastname: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  const { db } = ctx.database;
  const email = body.email.trim();
  if (await findUserByEmail(db, email)) {
    throw conflict(MESSAGES.registrationFailed, { email: MESSAGES.accountCreateFailed });
  }
  const passwordHash = await hashPassword(body.password);
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
        .values({ name, email, passwordHash, type: 'student', roleId: role.id, status: ACCOUNT_STATUS.ACTIVE, lastTimeLogin: new Date() })
        .returning();
      await writeAudit(tx, { actorId: row.id, ip }, { action: 'register', resource: 'User', resourceId: row.id, after: auditableUser(row) });
      return row;
    });
    const user = (await loadUserDto(db, created.id)) as User;
    return { auth: ctx.tokens.sign(created.id, created.tokenVersion), user };
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

export async function resetPassword(ctx: AppContext, token: string, password: string, ip: string): Promise<void> {
  const { db } = ctx.database;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
    const user = reset ? await findActiveUser(tx, reset.userId) : undefined;
    if (!reset || !user || user.status === ACCOUNT_STATUS.LOCKED) throw invalid({ token: TEXT.resetTokenInvalid }, TEXT.resetTokenInvalid);
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await writeAudit(tx, { actorId: null, ip }, { action: 'password.reset', resource: 'User', resourceId: user.id });
  });
}

/** Own password change: signs out every other session and returns a new token for this one. */
export async function changeOwnPassword(
  ctx: AppContext,
  actor: Actor,
  body: { email: string; password: string; new_password: string; confirm_password: string },
  audit: AuditContext,
) {
  if (body.email.trim().toLowerCase() !== actor.email.toLowerCase()) throw forbidden(TEXT.notOwnAccount);
  if (body.new_password !== body.confirm_password) throw invalid({ confirm_password: TEXT.confirmMismatch });
  const { db } = ctx.database;
  const row = await findActiveUser(db, actor.id);
  if (!row || !(await verifyPassword(body.password, row.passwordHash))) {
    throw invalid({ password: TEXT.wrongCurrentPassword }, TEXT.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(body.new_password);
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    await writeAudit(tx, audit, { action: 'password.change', resource: 'User', resourceId: actor.id });
    return next;
  });
  return { result: true as const, auth: ctx.tokens.sign(updated.id, updated.tokenVersion) };
}
