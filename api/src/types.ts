import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Actor } from './access/access';
import type { TokenService } from './lib/tokens';
import type { Mailer } from './lib/mailer';
import type { AttemptLimits } from './lib/attempts';
import type { Caches, DataRevisions } from './services/revisions';
import type { SheetWorkers } from './lib/sheet/writers';
import type { OutboxWorker } from './services/outbox-worker';
import type { AreaGuard } from './services/area-guard-worker';
import type { AreaHealthBuffer } from './services/area-health-buffer';

export interface AppContext {
  database: Database;
  config: AppConfig;
  tokens: TokenService;
  mailer: Mailer;
  /** The attempt limits (in Redis when REDIS_URL is set, shared by every instance). */
  limits: AttemptLimits;
  /** Derived data kept in this process, each entry as good as the table revision it was read under. */
  caches: Caches;
  /** The worker threads that write large sheets (lib/sheet/writers). */
  sheetWorkers: SheetWorkers;
  /** The sender of the messages to families (services/outbox-worker): started by the server, not by the test apps. */
  outbox: OutboxWorker;
  /** The rollout guard's schedule (services/area-guard-worker): started by the server, not by the test apps. */
  areaGuard: AreaGuard;
  /** The shells' health batches, written once a second once started (the server). */
  areaHealthBuffer: AreaHealthBuffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded from the database for this request; null on public routes. */
    user: Actor | null;
    /** The data revisions read with the signed-in user's session (null on public routes). */
    revisions: DataRevisions | null;
  }
  interface FastifyContextConfig {
    /** 'required' (default): bearer token needed; 'optional': used when sent; 'none': ignored. */
    auth?: 'required' | 'optional' | 'none';
    /** An account waiting for approval may call it (its own account, sign-out); every other route refuses it. */
    pendingAllowed?: boolean;
  }
}
