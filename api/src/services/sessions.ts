/**
 * Server-side sessions. Every sign-in opens one; its token is good only while the session is open, used
 * within the idle timeout and inside its absolute lifetime. Ending sessions is for good: sign-out ends
 * one, locking an account, changing or resetting its password, deleting it or an administrator's
 * 'end all sessions' end all of the account's, and unlocking the account brings none back.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import type { Queryable } from '../db/client';
import { rowReader } from '../db/rows';
import { sessions, users } from '../db/schema';
import type { UserRow } from './accounts';
import type { AppContext } from '../types';
import { writeAudit } from '../factory/audit';
import type { DataRevisions } from './revisions';

export type SessionEndReason = 'logout' | 'idle' | 'locked' | 'password' | 'admin' | 'deleted';

/** last_seen_at is written at most this often per session (the idle timeout is precise to this). */
const TOUCH_EVERY_MS = 60_000;

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

/** Opens a session for `userId` and returns its token. */
export async function startSession(ctx: AppContext, db: Queryable, userId: number, ip: string | null): Promise<IssuedToken> {
  const id = randomBytes(24).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxAgeSeconds * 1000);
  await db.insert(sessions).values({ id, userId, createdAt: now, lastSeenAt: now, expiresAt, ip });
  return ctx.tokens.sign(userId, id, expiresAt);
}

/**
 * The session lookup of every authenticated request, in one query: the session and its account, with the
 * revisions that say whether the in-process caches are still good. Sent as prepared SQL text and read
 * without the query builder, as it runs on every call.
 */
export const SESSION_ACCOUNT_SQL = `
  select s.expires_at as session_expires_at, s.last_seen_at as session_last_seen_at, u.*,
    (select revision from table_revision where name = 'user') as user_revision,
    (select revision from table_revision where name = 'role') as role_revision
  from "session" s join "user" u on u.id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.ended_at is null and u.deleted_at is null`;

interface SessionAccountRow extends Record<string, unknown> {
  session_expires_at: Date;
  session_last_seen_at: Date;
  /** bigint: a string or a number depending on the driver */
  user_revision: string | number;
  role_revision: string | number;
}

const readUser = rowReader(users);

export interface SessionAccount {
  user: UserRow;
  revisions: DataRevisions;
}

/**
 * The account of a token's session while the session is good (open, used within the idle timeout, inside
 * its lifetime, its account not deleted), read in one query with the data revisions; touches the session.
 * An idle session is ended here, so that it stays ended even if the idle timeout is raised later.
 */
export async function sessionAccount(ctx: AppContext, userId: number, sessionId: string, ip: string | null): Promise<SessionAccount | undefined> {
  const { db } = ctx.database;
  const [found] = await ctx.database.query<SessionAccountRow>(SESSION_ACCOUNT_SQL, [sessionId, userId], 'session_account');
  if (!found) return undefined;
  const session = { expiresAt: found.session_expires_at, lastSeenAt: found.session_last_seen_at };
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) return undefined;
  if (now - session.lastSeenAt.getTime() > ctx.config.sessionIdleSeconds * 1000) {
    await db.transaction(async (tx) => {
      await tx.update(sessions).set({ endedAt: new Date(now), endReason: 'idle' }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
      await writeAudit(tx, { actorId: userId, ip }, { action: 'session.end', resource: 'User', resourceId: userId, after: { reason: 'idle' } });
    });
    return undefined;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, sessionId));
  }
  return { user: readUser(found), revisions: { user: Number(found.user_revision), role: Number(found.role_revision) } };
}

/**
 * Whether a session is good now (open, used within the idle timeout, inside its lifetime, its account
 * active): the check of a telemetry proof. It does not touch the session: the shell's health reports are
 * no activity of the user, and must not keep an idle session open.
 */
export async function sessionIsActive(ctx: AppContext, userId: number, sessionId: string): Promise<boolean> {
  const rows = await ctx.database.query(
    `select 1 from "session" s join "user" u on u.id = s.user_id
     where s.id = $1 and s.user_id = $2 and s.ended_at is null and u.deleted_at is null and u.status = $3
       and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => $4)`,
    [sessionId, userId, ACCOUNT_STATUS.ACTIVE, ctx.config.sessionIdleSeconds],
    'session_active',
  );
  return rows.length > 0;
}

/** Ends one session (sign-out). */
export async function endSession(db: Queryable, sessionId: string, reason: SessionEndReason): Promise<void> {
  await db.update(sessions).set({ endedAt: new Date(), endReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of `userId`; answers how many ended. */
export async function endUserSessions(db: Queryable, userId: number, reason: SessionEndReason): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
