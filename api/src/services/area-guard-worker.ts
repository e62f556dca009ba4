/**
 * The rollout guard's schedule (services/area-guard has its rule): every `intervalMs` it judges every area
 * and, once an hour, deletes the expired aggregates; after a batch that reported on a candidate it judges
 * that area soon, at most once per area per DEBOUNCE_MS. One per API instance, started by the server (the
 * guard's conditional switch keeps two instances from acting twice); the test apps start it when a test
 * wants it. A failed pass (the database away) is logged and the next one tries again.
 */
const DEBOUNCE_MS = 5000;
const RETENTION_EVERY_MS = 3_600_000;

interface AreaGuardLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The guard's timer and its debounced judgements after ingest (one per API instance). */
export class AreaGuard {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private retainedAt = 0;
  /** When each area was last judged, and the judgements waiting for their turn. */
  private readonly judgedAt = new Map<string, number>();
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  /** The passes in progress, awaited by stop() and settled(). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly options: {
      /** Judges the areas named (all without names); the areas whose judgement decided something. */
      judge: (names?: string[]) => Promise<string[]>;
      /** Deletes the expired aggregates. */
      retain: () => Promise<void>;
      intervalMs: number;
      debounceMs?: number;
      log: AreaGuardLog;
    },
  ) {}

  get started(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const timeout of this.waiting.values()) clearTimeout(timeout);
    this.waiting.clear();
    await this.settled();
  }

  /** Resolves when no judgement is in progress (tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** A batch reported on these areas' candidates: each is judged soon, at most once per DEBOUNCE_MS. */
  nudge(areas: string[]): void {
    if (!this.running) return;
    const debounce = this.options.debounceMs ?? DEBOUNCE_MS;
    for (const area of areas) {
      if (this.waiting.has(area)) continue;
      const wait = Math.max(0, (this.judgedAt.get(area) ?? 0) + debounce - Date.now());
      this.waiting.set(
        area,
        setTimeout(() => {
          this.waiting.delete(area);
          if (this.running) this.track(this.judge([area]));
        }, wait),
      );
    }
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.track(this.pass().finally(() => this.running && this.schedule(this.options.intervalMs)));
    }, ms);
  }

  private track(promise: Promise<unknown>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private async pass(): Promise<void> {
    await this.judge();
    if (Date.now() - this.retainedAt < RETENTION_EVERY_MS) return;
    this.retainedAt = Date.now();
    try {
      await this.options.retain();
    } catch (error) {
      this.options.log.warn(`Area guard: deleting expired health failed (${(error as Error).message})`);
    }
  }

  private async judge(names?: string[]): Promise<void> {
    const now = Date.now();
    for (const name of names ?? []) this.judgedAt.set(name, now);
    try {
      for (const area of await this.options.judge(names)) this.judgedAt.set(area, now);
    } catch (error) {
      // the database is not there (a restart, a failover): the next pass tries again
      this.options.log.warn(`Area guard: a pass failed (${(error as Error).message})`);
    }
  }
}
