import type { PublicUser } from '../../core/domain/user.js';
import type { Session } from '../../core/ports/session-store.js';
import type { AccessChange, AccessChanges } from '../../adapters/persistence/access-changes.js';

/** What lookup() answers while the feed cannot be trusted: no copy, and nothing may be kept. */
const UNTRUSTED = { signedIn: undefined, mark: -1 };

/** A session as last read from the database, with its user. */
export interface SignedIn {
  session: Session;
  user: PublicUser;
}

interface Entry extends SignedIn {
  /** When it was read from the database (the Clock's ms). */
  readAt: number;
}

export interface SignedInCacheOptions {
  /** At most this many sessions are kept; the oldest read goes first (default 10,000). */
  maxEntries?: number;
  /**
   * An entry is read again from the database after this long (default 60 s), whatever the change
   * feed says: a bound on staleness should a notification ever be lost unnoticed.
   */
  maxAgeMs?: number;
}

/**
 * This process's copy of the sessions it has recently checked, with their users, so a signed-in
 * request need not read both rows again. It is only ever as fresh as the change feed
 * (AccessChanges): an entry is dropped the moment a change to its session or user is announced,
 * from this process or another; everything is dropped, and nothing kept, while the feed cannot be
 * trusted. What it holds is access, never data: a request's own reads still go to the database.
 *
 * A read that races a change must not store what the change undid: `lookup()` answers a mark
 * with its miss, and `keep(…, mark)` after reading the database stores nothing if any change was
 * announced in between.
 */
export class SignedInCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly changes: AccessChanges,
    options: SignedInCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    changes.subscribe((change) => this.drop(change));
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The live copy for `idHash`, if any, once the feed has announced every change committed before
   * this call; and the mark to pass to keep() after reading the database instead.
   */
  async lookup(idHash: string, now: number): Promise<{ signedIn: SignedIn | undefined; mark: number }> {
    const synced = this.changes.sync();
    if (!(typeof synced === 'boolean' ? synced : await synced)) {
      this.drop('everything');
      return UNTRUSTED;
    }
    const mark = this.generation;
    const entry = this.entries.get(idHash);
    if (entry && (now - entry.readAt >= this.maxAgeMs || now < entry.readAt)) {
      this.entries.delete(idHash);
      return { signedIn: undefined, mark };
    }
    return { signedIn: entry, mark };
  }

  /** Keeps what was read since `mark`, unless a change was announced meanwhile. */
  keep(idHash: string, signedIn: SignedIn, now: number, mark: number): void {
    if (mark !== this.generation || mark < 0) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(idHash)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(idHash, { ...signedIn, readAt: now });
  }

  /** The session was touched by this process: the copy follows. */
  touched(idHash: string, lastSeenAt: Date): void {
    const entry = this.entries.get(idHash);
    if (entry) entry.session = { ...entry.session, lastSeenAt };
  }

  private drop(change: AccessChange): void {
    this.generation += 1;
    if (change === 'everything') {
      this.entries.clear();
    } else if ('session' in change) {
      this.entries.delete(change.session);
    } else {
      for (const [idHash, entry] of this.entries) if (entry.user.id === change.user) this.entries.delete(idHash);
    }
  }
}
