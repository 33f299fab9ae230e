/**
 * Counts attempts per key within a sliding window. Asynchronous, so a store shared by several
 * server processes can stand behind it.
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
 * An in-memory sliding-window limiter: at most `limit` hits per key within any `windowMs`. Old hits
 * age out on their own, so nobody is ever locked out for good. Memory stays bounded: at most
 * `limit` timestamps per key and at most `maxKeys` keys (the stalest keys are dropped first).
 */
export class SlidingWindowLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly maxKeys: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    options: { maxKeys?: number } = {},
  ) {
    this.maxKeys = options.maxKeys ?? 50_000;
  }

  private live(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i] <= cutoff) i += 1;
    if (i > 0) list.splice(0, i);
    if (list.length === 0) this.hits.delete(key);
    return list;
  }

  async count(key: string): Promise<number> {
    return this.live(key, this.now()).length;
  }

  async retryAfterSeconds(key: string): Promise<number> {
    return this.waitFor(key, this.now());
  }

  async hit(key: string): Promise<void> {
    this.record(key, this.now());
  }

  async take(key: string): Promise<number> {
    const now = this.now();
    const wait = this.waitFor(key, now);
    if (wait === 0) this.record(key, now);
    return wait;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  private waitFor(key: string, now: number): number {
    const list = this.live(key, now);
    if (list.length < this.limit) return 0;
    return Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000));
  }

  private record(key: string, now: number): void {
    const list = this.live(key, now);
    if (list.length === 0) {
      if (this.hits.size >= this.maxKeys) this.evictOldest();
      this.hits.set(key, [now]);
      return;
    }
    list.push(now);
    if (list.length > this.limit) list.splice(0, list.length - this.limit);
    // Re-insert so Map order tracks recency for eviction.
    this.hits.delete(key);
    this.hits.set(key, list);
  }

  private evictOldest(): void {
    const excess = Math.max(1, Math.floor(this.maxKeys / 10));
    let removed = 0;
    for (const key of this.hits.keys()) {
      this.hits.delete(key);
      removed += 1;
      if (removed >= excess) break;
    }
  }
}
