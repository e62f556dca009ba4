/**
 * The worker that sends the outbox's messages to families (db/outbox). The API server starts one per
 * process (server.ts), the test apps none unless a test starts it; closing the app stops it after the
 * message in hand.
 *
 * Every `pollMs` (and at once when nudged, after an event in this process wrote a message) it claims a
 * batch of due messages with a lease, sends each through its channel, and marks it sent, or queues it
 * again after a backoff (30 s, 2 min, 10 min, 1 h), failing it for good after `maxAttempts`. Several
 * workers, in one process or in several instances on one PostgreSQL database, never claim the same
 * message at once (db/outbox). Its log names messages by id and never holds an address or a text.
 */
import type { Queryable } from '../db/client';
import { claimDue, markFailed, markSent, type ClaimedMessage } from '../db/outbox';
import type { Mailer } from '../lib/mailer';

export interface OutboxWorkerOptions {
  db: Queryable;
  mailer: Mailer;
  log: { info(message: string): void; warn(message: string): void };
  /** The pause between two looks at the outbox when nothing was due. */
  pollMs?: number;
  /** Messages claimed at once. */
  batchSize?: number;
  /** How long a claimed message is this worker's; a worker that crashed leaves it to others after this. */
  leaseMs?: number;
  /** The waits before the 2nd, 3rd… attempt (the last one repeats). */
  backoffMs?: readonly number[];
  /** Attempts before a message is failed for good. */
  maxAttempts?: number;
}

export const OUTBOX_DEFAULTS = {
  pollMs: 1000,
  batchSize: 20,
  leaseMs: 2 * 60_000,
  backoffMs: [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000],
  maxAttempts: 5,
} as const;

/** The provider's reason, on one line, without what an error may append (stack, response dump). */
function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'Lỗi không rõ';
}

export class OutboxWorker {
  private readonly options: Required<Omit<OutboxWorkerOptions, 'db' | 'mailer' | 'log'>> & Pick<OutboxWorkerOptions, 'db' | 'mailer' | 'log'>;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** The pass in progress, awaited by stop(). */
  private pass: Promise<void> | undefined;
  /** A nudge that came during a pass: another pass follows at once. */
  private again = false;

  constructor(options: OutboxWorkerOptions) {
    this.options = { ...OUTBOX_DEFAULTS, ...options };
  }

  get started(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Look now (a message was just written in this process); nothing when the worker is not started. */
  nudge(): void {
    if (!this.running) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the pass in progress (its messages in hand are sent and marked). */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pass = this.loop().finally(() => {
        this.pass = undefined;
      });
    }, ms);
  }

  private async loop(): Promise<void> {
    let full = false;
    try {
      this.again = false;
      full = (await this.runOnce()) === this.options.batchSize;
    } catch (error) {
      // the database is not there (a restart, a failover): the next pass tries again
      this.options.log.warn(`Outbox: a pass failed (${reasonOf(error)})`);
    }
    if (this.running) this.schedule(full || this.again ? 0 : this.options.pollMs);
  }

  /** One pass: claims a batch and sends it. The number of messages claimed. */
  async runOnce(): Promise<number> {
    const batch = await claimDue(this.options.db, this.options.batchSize, this.options.leaseMs);
    for (const message of batch) await this.deliver(message);
    return batch.length;
  }

  private async deliver(message: ClaimedMessage): Promise<void> {
    const { db, log, backoffMs, maxAttempts } = this.options;
    try {
      await this.send(message);
    } catch (error) {
      const reason = reasonOf(error);
      const retryIn = message.attempt >= maxAttempts ? null : backoffMs[Math.min(message.attempt - 1, backoffMs.length - 1)];
      await markFailed(db, message, reason, retryIn);
      if (retryIn === null) log.warn(`Outbox: message #${message.id} failed after ${message.attempt} attempts`);
      else log.info(`Outbox: message #${message.id} not sent (attempt ${message.attempt}), retried in ${Math.round(retryIn / 1000)} s`);
      return;
    }
    await markSent(db, message);
  }

  private async send(message: ClaimedMessage): Promise<void> {
    switch (message.channel) {
      case 'email':
        await this.options.mailer.send({ to: message.recipient, subject: message.subject, text: message.text });
        return;
      default:
        throw new Error(`Kênh gửi chưa được cấu hình: ${message.channel}`);
    }
  }
}
