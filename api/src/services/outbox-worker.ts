/**
 * The worker that sends the outbox's messages to families (db/outbox). The API server starts one per
 * process (server.ts), the test apps none unless a test starts it; closing the app stops it after the
 * message in hand.
 *
 * Every `pollMs` (and at once when nudged, after an event in this process wrote a message) it claims a
 * batch of due messages with a lease and, for each:
 * - a guardian who opted out of the message's group: marked opted_out, not sent (decided at send time);
 * - a non-urgent message inside the quiet window (a retry that fell in it): held until the window ends;
 * - otherwise sent through its channel and marked sent. When the channel fails, the message moves to the
 *   next channel of its route at once (its text filled for that channel); on the last one it is queued
 *   again after a backoff (30 s, 2 min, 10 min, 1 h), or failed for good after `maxAttempts` or when the
 *   provider refused it for good.
 * Several workers, in one process or in several instances on one PostgreSQL database, never claim the same
 * message at once (db/outbox). Its log names messages by id and never holds an address or a text.
 */
import { eq } from 'drizzle-orm';
import { MESSAGE_CHANNELS, MESSAGE_GROUP_OF, type FamilyMessageKind, type MessageChannel } from '@trungtam/shared/contracts/familyMessages';
import type { Queryable } from '../db/client';
import { claimDue, markFailed, markHeld, markOptedOut, markSent, switchChannel, type ClaimedMessage } from '../db/outbox';
import { guardians } from '../db/schema';
import { PermanentChannelError, type ChannelSender, type OutgoingMessage } from '../lib/channels/types';
import { heldUntil, quietWindow, renderMessage, templatesFor } from './message-texts';

export interface OutboxWorkerOptions {
  db: Queryable;
  /** The configured channels' senders (e-mail always). */
  channels: ReadonlyMap<string, ChannelSender>;
  /** The scan for messages no write causes (payment reminders, the day-before reminder), run every `scanMs`. */
  scan?: () => Promise<number>;
  scanMs?: number;
  /** The files a message carries on e-mail (a receipt's PDF). */
  attachmentsOf?: (message: ClaimedMessage) => Promise<OutgoingMessage['attachments']>;
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
  scanMs: 5 * 60_000,
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
  private readonly options: Required<Omit<OutboxWorkerOptions, 'db' | 'channels' | 'log' | 'attachmentsOf' | 'scan'>> &
    Pick<OutboxWorkerOptions, 'db' | 'channels' | 'log' | 'attachmentsOf' | 'scan'>;
  /** When the scan last ran (0: not yet; the first pass runs it). */
  private scannedAt = 0;
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

  /** The senders of the configured channels (a test's own worker sends by the app's). */
  get senders(): ReadonlyMap<string, ChannelSender> {
    return this.options.channels;
  }

  /** Another worker with this one's options but `overrides` (a second worker of the same instance, a test's). */
  copy(overrides: Partial<OutboxWorkerOptions>): OutboxWorker {
    return new OutboxWorker({ ...this.options, ...overrides });
  }

  /** The channels messages can be routed by, in the order they are tried after a guardian's preferred one. */
  get channelNames(): MessageChannel[] {
    return MESSAGE_CHANNELS.filter((channel) => this.options.channels.has(channel));
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
      await this.scanWhenDue();
      full = (await this.runOnce()) === this.options.batchSize;
    } catch (error) {
      // the database is not there (a restart, a failover): the next pass tries again
      this.options.log.warn(`Outbox: a pass failed (${reasonOf(error)})`);
    }
    if (this.running) this.schedule(full || this.again ? 0 : this.options.pollMs);
  }

  /** Runs the scan when `scanMs` has passed since the last one (its failure is logged, and tried next time). */
  private async scanWhenDue(): Promise<void> {
    const { scan, scanMs, log } = this.options;
    if (!scan || Date.now() - this.scannedAt < scanMs) return;
    this.scannedAt = Date.now();
    try {
      const written = await scan();
      if (written) log.info(`Outbox: the scan wrote ${written} reminders`);
    } catch (error) {
      log.warn(`Outbox: the scan failed (${reasonOf(error)})`);
    }
  }

  /** One pass: claims a batch and sends its messages side by side (a provider's latency is mostly waiting). The number claimed. */
  async runOnce(): Promise<number> {
    const batch = await claimDue(this.options.db, this.options.batchSize, this.options.leaseMs);
    await Promise.all(batch.map((message) => this.deliver(message)));
    return batch.length;
  }

  private async deliver(message: ClaimedMessage): Promise<void> {
    const { db, log, backoffMs, maxAttempts } = this.options;
    if (await this.optedOut(message)) {
      await markOptedOut(db, message);
      return;
    }
    if (!message.urgent) {
      const until = heldUntil(await quietWindow(db));
      if (until) {
        await markHeld(db, message, until);
        return;
      }
    }
    let providerId: string | undefined;
    try {
      providerId = (await this.send(message)).providerId;
    } catch (error) {
      const reason = reasonOf(error);
      const next = this.nextOnRoute(message);
      if (next) {
        const values = (message.payload.values ?? {}) as Record<string, string>;
        const text = renderMessage(await templatesFor(db, message.kind), message.kind, next.channel, values);
        await switchChannel(db, message, { ...next, ...text }, reason);
        log.info(`Outbox: message #${message.id} not sent by ${message.channel}, tried by ${next.channel} now`);
        return;
      }
      const permanent = error instanceof PermanentChannelError;
      const retryIn = permanent || message.attempt >= maxAttempts ? null : backoffMs[Math.min(message.attempt - 1, backoffMs.length - 1)];
      await markFailed(db, message, reason, retryIn);
      if (retryIn === null) log.warn(`Outbox: message #${message.id} failed after ${message.attempt} attempts`);
      else log.info(`Outbox: message #${message.id} not sent (attempt ${message.attempt}), retried in ${Math.round(retryIn / 1000)} s`);
      return;
    }
    await markSent(db, message, providerId);
  }

  /** Whether the message's guardian opted out of its group (read now: a change since it was written counts). */
  private async optedOut(message: ClaimedMessage): Promise<boolean> {
    if (message.guardianId === null) return false;
    const [guardian] = await this.options.db.select({ optedOut: guardians.optedOut }).from(guardians).where(eq(guardians.id, message.guardianId));
    const group = MESSAGE_GROUP_OF[message.kind as FamilyMessageKind];
    return Boolean(group && guardian?.optedOut.includes(group));
  }

  /** The route's next channel after the one in use that this worker can send by. */
  private nextOnRoute(message: ClaimedMessage) {
    const index = message.route.findIndex((entry) => entry.channel === message.channel && entry.recipient === message.recipient);
    return message.route.slice(index + 1).find((entry) => this.options.channels.has(entry.channel));
  }

  private async send(message: ClaimedMessage): Promise<{ providerId?: string }> {
    const sender = this.options.channels.get(message.channel);
    if (!sender) throw new PermanentChannelError(`Kênh gửi chưa được cấu hình: ${message.channel}`);
    const attachments = message.channel === 'email' && this.options.attachmentsOf ? await this.options.attachmentsOf(message) : undefined;
    return sender.send({
      recipient: message.recipient,
      subject: message.subject,
      text: message.text,
      kind: message.kind,
      templateData: (message.payload.values ?? {}) as Record<string, string>,
      trackingId: `msg-${message.id}`,
      ...(attachments?.length ? { attachments } : {}),
    });
  }
}
