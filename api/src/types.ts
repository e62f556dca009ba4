import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Actor } from './access/access';
import type { TokenService } from './lib/tokens';
import type { Mailer } from './lib/mailer';
import type { AttemptLimits } from './lib/attempts';

export interface AppContext {
  database: Database;
  config: AppConfig;
  tokens: TokenService;
  mailer: Mailer;
  /** The attempt limits (in Redis when REDIS_URL is set, shared by every instance). */
  limits: AttemptLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded from the database for this request; null on public routes. */
    user: Actor | null;
  }
  interface FastifyContextConfig {
    /** 'required' (default): bearer token needed; 'optional': used when sent; 'none': ignored. */
    auth?: 'required' | 'optional' | 'none';
  }
}
