import type { AttemptCounter } from '../../core/ports/attempt-counter.js';
import { StoredLimiter, type RateLimiter } from './rate-limit.js';

/**
 * Keeps password guessing out without letting anyone lock an account's owner out (OWASP, "Blocking
 * brute force attacks"). Failed logins are counted per (account, address), per address and per
 * account, each within a window that opens at its first failure:
 * - an address that failed `limit` times at one account waits before guessing at it again;
 * - an address that failed `3 × limit` times across accounts waits (password spraying);
 * - an account that failed `limit` times from anywhere (a distributed attack) refuses only the
 *   addresses that are failing themselves: its owner, from an address with no failures, signs in.
 * A success forgives that account's failures, never the address's: a guesser cannot reset its own
 * count by signing in to an account of its own.
 */
export class LoginThrottle {
  constructor(
    private readonly pairs: RateLimiter,
    private readonly addresses: RateLimiter,
    private readonly accounts: RateLimiter,
  ) {}

  /** The three counts kept in the shared AttemptCounter, so every server process sees every failure. */
  static stored(store: AttemptCounter, limit: number, windowMs: number, now: () => Date): LoginThrottle {
    return new LoginThrottle(
      new StoredLimiter(store, 'login-pair', limit, windowMs, now),
      new StoredLimiter(store, 'login-address', limit * 3, windowMs, now),
      new StoredLimiter(store, 'login-account', limit, windowMs, now),
    );
  }

  /** Seconds this address must wait before trying this account again; 0 when it may now. */
  async wait(account: string, address: string): Promise<number> {
    const [pair, byAddress] = await Promise.all([this.pairs.retryAfterSeconds(pairKey(account, address)), this.addresses.retryAfterSeconds(address)]);
    const wait = Math.max(pair, byAddress);
    if (wait > 0) return wait;
    const byAccount = await this.accounts.retryAfterSeconds(account);
    if (byAccount > 0 && (await this.addresses.count(address)) > 0) return byAccount;
    return 0;
  }

  async failed(account: string, address: string): Promise<void> {
    await Promise.all([this.pairs.hit(pairKey(account, address)), this.addresses.hit(address), this.accounts.hit(account)]);
  }

  async succeeded(account: string, address: string): Promise<void> {
    await Promise.all([this.pairs.reset(pairKey(account, address)), this.accounts.reset(account)]);
  }
}

const pairKey = (account: string, address: string) => `${account}|${address}`;
