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
import { messageOutbox } from './schema';

export type MessageKind = 'absence' | 'absence_correction';
export type MessageChannel = 'email';
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'held';

export const MESSAGE_STATUSES: readonly MessageStatus[] = ['queued', 'sending', 'sent', 'failed', 'held'];

export interface NewMessage {
  idempotencyKey: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  studentId: number | null;
  /** What the text was made of, for the staff and later templates: no secrets. */
  payload: Record<string, unknown>;
  subject: string;
  text: string;
}

/** Writes a message in the caller's transaction; a key already written changes nothing. True when it was written now. */
export async function enqueueMessage(tx: Queryable, message: NewMessage): Promise<boolean> {
  const written = await tx
    .insert(messageOutbox)
    .values({ ...message, subject: message.subject.slice(0, 255), status: 'queued' })
    .onConflictDoNothing({ target: messageOutbox.idempotencyKey })
    .returning({ id: messageOutbox.id });
  return written.length > 0;
}

export interface ClaimedMessage {
  id: number;
  channel: string;
  recipient: string;
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
      where ${messageOutbox.status} in ('queued', 'sending') and ${messageOutbox.nextAttemptAt} <= now()
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
        channel: messageOutbox.channel,
        recipient: messageOutbox.recipient,
        subject: messageOutbox.subject,
        text: messageOutbox.text,
        attempt: messageOutbox.attempts,
      });
    return claimed.sort((a, b) => a.id - b.id);
  });
}

const ofAttempt = (message: Pick<ClaimedMessage, 'id' | 'attempt'>) =>
  and(eq(messageOutbox.id, message.id), eq(messageOutbox.status, 'sending'), eq(messageOutbox.attempts, message.attempt));

/** The provider took the message. */
export async function markSent(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'attempt'>): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, updatedAt: new Date() })
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
