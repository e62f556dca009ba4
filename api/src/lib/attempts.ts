/**
 * Attempt limits: counters per key (an account, a client address) over a window. A key
 * past its limit is refused with a 429 and the time to wait. The counters live in Redis when the API
 * has one (so that every instance behind a load balancer counts the same attempts) and in this
 * process's memory otherwise; rate-limiter-flexible keeps them in both cases.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitName, RateLimitSetting } from '../config';
import { ApiError, TEXT } from './errors';

/** Thrown (as its 429) when a key has used up its attempts; carries which limit it was. */
export class RateLimitedError extends ApiError {
  constructor(
    readonly limit: string,
    msBeforeNext: number,
    message: string,
  ) {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    super(429, 'RATE_LIMITED', message.replace('{after}', `${Math.max(1, Math.ceil(seconds / 60))} phút`));
    this.retryAfterSeconds = seconds;
  }
}

export class AttemptLimit {
  constructor(
    readonly name: string,
    private readonly setting: RateLimitSetting,
    private readonly limiter: RateLimiterAbstract,
    private readonly message: string,
  ) {}

  /** Throws a 429 when `key` has used up its attempts; counts nothing. */
  async assertAllowed(key: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.setting.max) throw new RateLimitedError(this.name, state.msBeforeNext, this.message);
  }

  /** Counts one attempt (a failure) of `key` without refusing it. */
  async count(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }

  /** Forgets the attempts of `key` (a successful sign-in clears its account's failures). */
  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** What a refused caller reads, per limit ({after}: the wait in minutes). */
const LIMIT_TEXT: Record<RateLimitName, string> = {
  LOGIN_ACCOUNT: TEXT.rateLimited,
  LOGIN_ADDRESS: TEXT.rateLimited,
  FORGOT_ACCOUNT: 'Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau {after}',
  FORGOT_ADDRESS: 'Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau {after}',
  RESET_ACCOUNT: 'Bạn đã đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau {after}',
  RESET_ADDRESS: 'Bạn đã đặt lại mật khẩu quá nhiều lần, vui lòng thử lại sau {after}',
  REGISTER_ACCOUNT: 'Bạn đã đăng ký quá nhiều lần, vui lòng thử lại sau {after}',
  REGISTER_ADDRESS: 'Bạn đã đăng ký quá nhiều lần, vui lòng thử lại sau {after}',
  PASSWORD_ACCOUNT: 'Bạn đã nhập sai mật khẩu hiện tại quá nhiều lần, vui lòng thử lại sau {after}',
  PASSWORD_ADDRESS: 'Bạn đã nhập sai mật khẩu hiện tại quá nhiều lần, vui lòng thử lại sau {after}',
  TELEMETRY_SESSION: 'Trình duyệt đã gửi quá nhiều dữ liệu đo lường, vui lòng thử lại sau {after}',
};

/** The limits of one API instance, all in one store; each limit is made once and kept. */
export class AttemptLimits {
  private readonly made = new Map<RateLimitName, AttemptLimit>();

  constructor(
    private readonly settings: Record<RateLimitName, RateLimitSetting>,
    private readonly redis?: { client: Redis; prefix: string },
  ) {}

  get(name: RateLimitName): AttemptLimit {
    let limit = this.made.get(name);
    if (limit) return limit;
    const setting = this.settings[name];
    const options = {
      keyPrefix: `${this.redis?.prefix ?? 'local'}:limit:${name.toLowerCase()}`,
      points: setting.max,
      duration: Math.max(1, Math.ceil(setting.timeWindowMs / 1000)),
    };
    const limiter = this.redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: this.redis.client,
          useRedisPackage: false,
          // while Redis is unreachable, this instance keeps counting on its own rather than failing
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
    limit = new AttemptLimit(name, setting, limiter, LIMIT_TEXT[name]);
    this.made.set(name, limit);
    return limit;
  }

  /** Refuses (429) when any of the keys is past its limit; counts nothing. */
  async assertAllowed(checks: Array<[RateLimitName, string]>): Promise<void> {
    for (const [name, key] of checks) await this.get(name).assertAllowed(key);
  }

  /** Counts one attempt for each key, without refusing. */
  async count(checks: Array<[RateLimitName, string]>): Promise<void> {
    for (const [name, key] of checks) await this.get(name).count(key);
  }

  /** Refuses (429) when any key is past its limit, otherwise counts the attempt for each. */
  async consume(checks: Array<[RateLimitName, string]>): Promise<void> {
    await this.assertAllowed(checks);
    await this.count(checks);
  }
}

/** The key of an account by its email: trimmed and lower-cased (so that letter case does not get around a limit). */
export const accountKey = (email: string) => email.trim().toLowerCase();
