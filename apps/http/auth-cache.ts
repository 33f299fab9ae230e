import type { PublicUser } from '../../core/domain/user.js';
import type { Session } from '../../core/ports/session-store.js';

/**
 * A short-lived, in-process memo of "session id hash → session + user", so a signed-in request does
 * not read the session and the user from the database every time. It is only a read cache:
 * - this process forgets an entry the moment it ends the session (logout, new sign-in, password
 *   change) or changes the user (profile);
 * - what another process changes (the CLI erasing a user or promoting an admin) is seen after at most
 *   `ttlMs` (2 s by default);
 * - idle and absolute expiry are still checked on every request against the cached timestamps.
 */
export class AuthCache {
  private readonly entries = new Map<string, { session: Session; user: PublicUser; until: number }>();

  constructor(
    readonly ttlMs = 2000,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(idHash: string): { session: Session; user: PublicUser } | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(idHash);
      return undefined;
    }
    return entry;
  }

  set(session: Session, user: PublicUser): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest tenth (Map keeps insertion order).
      let n = Math.ceil(this.maxEntries / 10);
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--n <= 0) break;
      }
    }
    this.entries.set(session.idHash, { session, user, until: this.now() + this.ttlMs });
  }

  /** Keeps the entry's expiry but records a newer lastSeenAt. */
  touched(idHash: string, lastSeenAt: Date): void {
    const entry = this.entries.get(idHash);
    if (entry) entry.session = { ...entry.session, lastSeenAt };
  }

  forgetSession(idHash: string): void {
    this.entries.delete(idHash);
  }

  forgetUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.session.userId === userId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
