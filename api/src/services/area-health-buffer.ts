/**
 * Write-behind for the shells' health batches: a server takes each batch into memory and writes what came in
 * once a second (FLUSH_MS), one additive upsert per table for all of it, instead of a transaction per batch.
 * Twenty batches a second from a thousand shells then cost the database one short transaction a second,
 * and the batches, which all add to the same few rows (one per area, build and window), no longer queue on
 * those rows' locks. Several instances still add up exactly (the upserts are additive).
 *
 * Until started (the test apps), a batch is written at once, as before. Started, at most MAX_PENDING events
 * wait (the rest of a burst is dropped: health figures are samples, a user's action never waits on them);
 * a write that fails (the database away) is logged and its events dropped, and so is what a crash leaves
 * (at most a second's reports). Stopping writes what waits.
 */
import type { TelemetryEventInput } from '@trungtam/shared/schemas/telemetry';

const FLUSH_MS = 1000;
const MAX_PENDING = 100_000;
/** Received events are counted in the 5-minute window of when they came. */
const WINDOW_MS = 5 * 60_000;

interface BufferLog {
  warn(message: string): void;
}

export class AreaHealthBuffer {
  private timer: NodeJS.Timeout | undefined;
  /** Waiting events by the start of the window they came in (ms), with when the last of them came. */
  private pending = new Map<number, { events: TelemetryEventInput[]; at: Date }>();
  private pendingCount = 0;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly options: {
      /** Counts events received at `at` (services/area-health's ingestEvents); the areas whose candidate they reported on. */
      write: (events: TelemetryEventInput[], at: Date) => Promise<string[]>;
      /** Told the areas whose candidate a write reported on (the guard judges them soon). */
      onCandidates: (areas: string[]) => void;
      log: BufferLog;
    },
  ) {}

  get started(): boolean {
    return this.timer !== undefined;
  }

  /** Writes what waits every `everyMs` from now on. */
  start(everyMs = FLUSH_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what waits. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Takes a checked batch's events: written at once until started, else with the next flush. */
  async add(events: TelemetryEventInput[], now = new Date()): Promise<void> {
    if (!this.timer) {
      this.options.onCandidates(await this.options.write(events, now));
      return;
    }
    const room = MAX_PENDING - this.pendingCount;
    if (room <= 0) return;
    const taken = events.length > room ? events.slice(0, room) : events;
    const window = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
    const waiting = this.pending.get(window);
    if (waiting) {
      waiting.events.push(...taken);
      if (now > waiting.at) waiting.at = now;
    } else this.pending.set(window, { events: [...taken], at: now });
    this.pendingCount += taken.length;
  }

  /** Writes what waits (one flush at a time). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pendingCount === 0) return;
    const batches = this.pending;
    this.pending = new Map();
    this.pendingCount = 0;
    this.flushing = (async () => {
      for (const [, { events, at }] of [...batches.entries()].sort(([a], [b]) => a - b)) {
        try {
          this.options.onCandidates(await this.options.write(events, at));
        } catch (error) {
          this.options.log.warn(`Area health: ${events.length} reported events could not be written (${(error as Error).message})`);
        }
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }
}
