/**
 * Counts failed attempts per key (for sign-in: the account and the address) over a window, so that a
 * key past its limit is refused with a 429 and the time to wait, while successful attempts never count.
 * In memory, per API instance (rate-limiter-flexible keeps the counters).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError, TEXT } from './errors';

export interface AttemptLimit {
  max: number;
  timeWindowMs: number;
}

export class FailedAttempts {
  private readonly limiter: RateLimiterMemory;

  constructor(private readonly limit: AttemptLimit) {
    this.limiter = new RateLimiterMemory({ points: limit.max, duration: Math.max(1, Math.ceil(limit.timeWindowMs / 1000)) });
  }

  /** Throws a 429 (with the seconds to wait) when `key` has used up its failures. */
  async assertAllowed(key: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.limit.max) throw rateLimited(state.msBeforeNext);
  }

  /** Records one failure of `key`. */
  async fail(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }

  /** A success clears the failures of `key`. */
  async succeed(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** 429 with the Vietnamese message naming the wait in minutes, and the seconds in `retryAfter`. */
export function rateLimited(msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const error = new ApiError(429, 'RATE_LIMITED', TEXT.rateLimited.replace('{after}', `${Math.max(1, Math.ceil(seconds / 60))} phút`));
  error.retryAfterSeconds = seconds;
  return error;
}
