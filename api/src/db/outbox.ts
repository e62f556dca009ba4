/**
 * The outbox of messages to families (table message_outbox): written in the transaction of the event it
 * tells of, claimed and sent by workers (services/outbox-worker).
 *
 * Delivery is at least once towards the provider and once per idempotency key in the table: a key written
 * twice (the same roll saved again, two saves at once) is one row. A worker claims due rows with
 * FOR UPDATE SKIP LOCKED and marks them `sending` with a lease (next_attempt_at): another worker, in this
 * process or another instance on the same database, skips them while the lease runs, and takes them again
 * only once it has expired (the worker that held them crashed). Marking a row sent or failed names the
 * attempt it claimed, so a worker whose lease was taken over cannot overwrite the newer attempt's outcome.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import type { FamilyMessageKind, FamilyMessageStatus } from '@trungtam/shared/contracts/familyMessages';
import { messageOutbox } from './schema';

export type MessageStatus = FamilyMessageStatus;

/** A channel to try, with the address on it. */
export interface RouteEntry {
  channel: string;
  recipient: string;
}

export interface NewMessage {
  idempotencyKey: string;
  kind: FamilyMessageKind;
  /** The channels to try in order; the first is used first. Never empty. */
  route: RouteEntry[];
  guardianId: number | null;
  /** Every student the message is about. */
  studentIds: number[];
  urgent: boolean;
  /** Held by the quiet window until then (null: due now). */
  heldUntil: Date | null;
  /** What the text was made of (its placeholders' values): no secrets. */
  payload: Record<string, unknown>;
  subject: string;
  text: string;
}

/** Writes a message in the caller's transaction; a key already written changes nothing. True when it was written now. */
export async function enqueueMessage(tx: Queryable, message: NewMessage): Promise<boolean> {
  return (await enqueueMessages(tx, [message])) > 0;
}

/** Writes messages in one statement; the keys already written are left as they are. The number written now. */
export async function enqueueMessages(tx: Queryable, messages: NewMessage[]): Promise<number> {
  if (!messages.length) return 0;
  const written = await tx
    .insert(messageOutbox)
    .values(
      messages.map((message) => ({
        idempotencyKey: message.idempotencyKey,
        kind: message.kind,
        channel: message.route[0].channel,
        recipient: message.route[0].recipient,
        route: message.route,
        guardianId: message.guardianId,
        studentId: message.studentIds[0] ?? null,
        studentIds: message.studentIds,
        urgent: message.urgent,
        payload: message.payload,
        subject: message.subject.slice(0, 255),
        text: message.text,
        status: message.heldUntil ? 'held' : 'queued',
        nextAttemptAt: message.heldUntil ?? sql`now()`,
      })),
    )
    .onConflictDoNothing({ target: messageOutbox.idempotencyKey })
    .returning({ id: messageOutbox.id });
  return written.length;
}

export interface ClaimedMessage {
  id: number;
  kind: string;
  channel: string;
  recipient: string;
  route: RouteEntry[];
  guardianId: number | null;
  urgent: boolean;
  payload: Record<string, unknown>;
  subject: string;
  text: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
}

/**
 * Claims up to `limit` due messages (queued and due, or sending with an expired lease) for `leaseMs`, in
 * one short transaction: each is then `sending`, its attempts counted, and no other worker takes it before
 * the lease ends.
 */
export async function claimDue(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number }>(sql`
      select ${messageOutbox.id} as id from ${messageOutbox}
      where ${messageOutbox.status} in ('queued', 'sending', 'held') and ${messageOutbox.nextAttemptAt} <= now()
      order by ${messageOutbox.nextAttemptAt}, ${messageOutbox.id}
      limit ${limit}
      for update skip locked`);
    const ids = due.rows.map((row) => Number(row.id));
    if (!ids.length) return [];
    const claimed = await tx
      .update(messageOutbox)
      .set({
        status: 'sending',
        attempts: sql`${messageOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        updatedAt: new Date(),
      })
      .where(sql`${messageOutbox.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
      .returning({
        id: messageOutbox.id,
        kind: messageOutbox.kind,
        channel: messageOutbox.channel,
        recipient: messageOutbox.recipient,
        route: messageOutbox.route,
        guardianId: messageOutbox.guardianId,
        urgent: messageOutbox.urgent,
        payload: messageOutbox.payload,
        subject: messageOutbox.subject,
        text: messageOutbox.text,
        attempt: messageOutbox.attempts,
      });
    return claimed.map((row) => ({ ...row, payload: (row.payload ?? {}) as Record<string, unknown> })).sort((a, b) => a.id - b.id);
  });
}

const ofAttempt = (message: Pick<ClaimedMessage, 'id' | 'attempt'>) =>
  and(eq(messageOutbox.id, message.id), eq(messageOutbox.status, 'sending'), eq(messageOutbox.attempts, message.attempt));

/** The provider took the message (with its id there, when it gives one). */
export async function markSent(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'attempt'>, providerId?: string): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, providerId: providerId?.slice(0, 100) ?? null, updatedAt: new Date() })
    .where(ofAttempt(message));
}

/** The guardian asked not to receive this kind: not sent, for good. */
export async function markOptedOut(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'attempt'>): Promise<void> {
  await db.update(messageOutbox).set({ status: 'opted_out', updatedAt: new Date() }).where(ofAttempt(message));
}

/** Held by the quiet window until `until`; the claim's attempt is not counted. */
export async function markHeld(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'attempt'>, until: Date): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ status: 'held', nextAttemptAt: until, attempts: sql`${messageOutbox.attempts} - 1`, updatedAt: new Date() })
    .where(ofAttempt(message));
}

/**
 * The channel failed: the message moves to the next channel of its route (its text filled for that channel)
 * and is due at once; the failure's reason is kept.
 */
export async function switchChannel(
  db: Queryable,
  message: Pick<ClaimedMessage, 'id' | 'attempt'>,
  next: RouteEntry & { subject: string; text: string },
  reason: string,
): Promise<void> {
  await db
    .update(messageOutbox)
    .set({
      status: 'queued',
      channel: next.channel,
      recipient: next.recipient,
      subject: next.subject.slice(0, 255),
      text: next.text,
      lastError: reason.slice(0, 500),
      nextAttemptAt: sql`now()`,
      updatedAt: new Date(),
    })
    .where(ofAttempt(message));
}

/** The provider refused or was not there: retried after `retryInMs`, or failed for good when that is null. */
export async function markFailed(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'attempt'>, reason: string, retryInMs: number | null): Promise<void> {
  await db
    .update(messageOutbox)
    .set({
      status: retryInMs === null ? 'failed' : 'queued',
      lastError: reason.slice(0, 500),
      ...(retryInMs === null ? {} : { nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` }),
      updatedAt: new Date(),
    })
    .where(ofAttempt(message));
}

/** A failed message queued again, due now, with its attempts counted afresh. False when it is not failed. */
export async function requeueFailed(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .update(messageOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'failed')))
    .returning({ id: messageOutbox.id });
  return rows.length > 0;
}
