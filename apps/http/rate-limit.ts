import { hash } from 'node:crypto';
import type { AttemptCounter } from '../../core/ports/attempt-counter.js';

/**
 * Counts attempts per key within a window. Asynchronous: the counts are kept in the database
 * (the AttemptCounter port), so every server process counts the same attempts.
 */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Attempts recorded for `key` within the window. */
  count(key: string): Promise<number>;
  /** Seconds until `key` may try again; 0 when it may now. */
  retryAfterSeconds(key: string): Promise<number>;
  /** Records one attempt (a failed login, a submitted form…). */
  hit(key: string): Promise<void>;
  /** Records an attempt unless `key` is over the limit; answers the wait (0 = allowed and recorded). */
  take(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * At most `limit` attempts per key in a window of `windowMs` that opens at the key's first attempt
 * (a fixed window per key: once it ends, the next attempt opens a new one, so nobody is locked out
 * for good). The counts live in the shared AttemptCounter: N server processes allow `limit`
 * together, not N × `limit`. Keys are stored as `scope:sha256(key)`, so the table holds no
 * addresses or emails and every key has the same small size.
 */
export class StoredLimiter implements RateLimiter {
  constructor(
    private readonly store: AttemptCounter,
    readonly scope: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  private key(key: string): string {
    return `${this.scope}:${hash('sha256', key, 'hex')}`;
  }

  async count(key: string): Promise<number> {
    return (await this.store.peek(this.key(key), this.now()))?.count ?? 0;
  }

  async retryAfterSeconds(key: string): Promise<number> {
    const now = this.now();
    const window = await this.store.peek(this.key(key), now);
    return window && window.count >= this.limit ? secondsUntil(window.resetAt, now) : 0;
  }

  async hit(key: string): Promise<void> {
    await this.store.hit(this.key(key), this.now(), this.windowMs);
  }

  async take(key: string): Promise<number> {
    const now = this.now();
    const taken = await this.store.take(this.key(key), now, this.windowMs, this.limit);
    return taken.counted ? 0 : secondsUntil(taken.resetAt, now);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key));
  }
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
