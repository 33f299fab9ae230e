import { hash } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_LIFETIME } from '../../core/domain/session.js';
import type { PublicUser } from '../../core/domain/user.js';
import type { Ports } from '../../core/ports/index.js';
import type { Session } from '../../core/ports/session-store.js';
import type { SignedIn, SignedInCache } from './signed-in-cache.js';

export interface SessionPolicy {
  /** A session not used for this long ends (default 7 days). */
  idleMs: number;
  /** A session ends this long after sign-in, however active (default 30 days). */
  absoluteMs: number;
  /** lastSeenAt is written at most this often, so reads stay cheap (default 1 minute). */
  touchEveryMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  ...SESSION_LIFETIME,
  touchEveryMs: 60 * 1000,
};

/** Session ids carry 256 random bits (the port's `secret(32)`). */
const SESSION_ID_BYTES = 32;

export function hashSessionId(rawId: string): string {
  // The one-shot crypto.hash is half the cost of createHash().update().digest() on this hot path.
  return hash('sha256', rawId, 'hex');
}

const NO_CACHE = { signedIn: undefined, mark: -1 };

/** A User-Agent longer than this is cut (it is only shown to the session's owner). */
const MAX_USER_AGENT = 512;

/**
 * The name a session is shown by in its owner's list (and ended by): a hash of the stored hash, cut
 * to 128 bits. It cannot be turned back into the cookie's id nor into the stored id_hash, so a page
 * that leaks it leaks no way to use or look up the session.
 */
export function sessionHandle(idHash: string): string {
  return hash('sha256', `session-handle:${idHash}`, 'hex').slice(0, 32);
}

/** One session as its owner sees it (GET /api/user/sessions). */
export interface SessionListing {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  clientAddress: string | null;
  /** The session this request was made with. */
  current: boolean;
}

/** Not secret: tells the SPA a session may exist (apps/web/src/lib/seo.ts reads it). */
export const SIGNED_IN_HINT_COOKIE = 'evisa_signed_in';

/**
 * Server-side sessions: the cookie holds a random id, the store keeps only its SHA-256 hash, so a
 * leaked database does not leak live sessions. A new id is issued at every sign-in; sign-out deletes
 * the session; idle and absolute expiry are checked on every read.
 */
export class SessionManager {
  readonly cookieName: string;
  readonly secure: boolean;
  readonly policy: SessionPolicy;

  constructor(
    private readonly ports: Pick<Ports, 'sessions' | 'ids' | 'clock'>,
    publicUrl: string,
    policy: Partial<SessionPolicy> = {},
    /** Sessions this process checked recently, dropped whenever any process changes them (null: none kept). */
    private readonly cache: SignedInCache | null = null,
    /** The client's address as the trusted proxies saw it, recorded with each new session. */
    private readonly clientAddress: (c: Context) => string = () => 'unknown',
  ) {
    this.secure = new URL(publicUrl).protocol === 'https:';
    // __Host- binds the cookie to this exact host, path / and HTTPS (it cannot be set over http).
    this.cookieName = this.secure ? '__Host-evisa_session' : 'evisa_session';
    this.policy = { ...DEFAULT_SESSION_POLICY, ...policy };
  }

  private cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'Lax' as const,
      path: '/',
      secure: this.secure,
      maxAge: Math.floor(this.policy.absoluteMs / 1000),
    };
  }

  /**
   * The signed-in hint: a cookie the page's script may read, holding nothing secret ("1"), set and
   * cleared with the session cookie. Without it the SPA knows the visitor is signed out and does
   * not ask GET /api/user (whose 401 browsers log as an error on every public page).
   */
  private setHint(c: Context): void {
    setCookie(c, SIGNED_IN_HINT_COOKIE, '1', { ...this.cookieOptions(), httpOnly: false });
  }

  /** The raw id from the request's cookie, if any. */
  rawId(c: Context): string | undefined {
    const value = getCookie(c, this.cookieName);
    return value && value.length <= 256 ? value : undefined;
  }

  /** Signs `userId` in on this browser: ends the browser's previous session, issues a fresh id. */
  async start(c: Context, userId: number): Promise<void> {
    const previous = this.rawId(c);
    if (previous) {
      const previousHash = hashSessionId(previous);
      await this.ports.sessions.delete(previousHash);
    }
    await this.open(c, userId);
  }

  /** A new session for `userId` on this browser: stored with where it was opened, its cookie set. */
  private async open(c: Context, userId: number): Promise<void> {
    const rawId = this.ports.ids.secret(SESSION_ID_BYTES);
    const now = this.ports.clock.now();
    const userAgent = (c.req.header('user-agent') ?? '').slice(0, MAX_USER_AGENT) || null;
    await this.ports.sessions.create({ idHash: hashSessionId(rawId), userId, createdAt: now, lastSeenAt: now, userAgent, clientAddress: this.clientAddress(c) });
    setCookie(c, this.cookieName, rawId, this.cookieOptions());
    this.setHint(c);
  }

  /**
   * The live session behind the request's cookie with its user (`loadUser`), or null. A session
   * ended, or a user changed, by any server process or the CLI is refused at once: either both are
   * read from the database, or they come from this process's cache, which drops an entry the moment
   * any process announces a change to it (SignedInCache). An expired session is deleted (and its
   * cookie cleared), decided on what the database holds; a live one is touched at most once per
   * `touchEveryMs`. A session whose user no longer exists is ended.
   */
  async signedIn(c: Context, loadUser: (userId: number) => Promise<PublicUser | null>): Promise<SignedIn | null> {
    const rawId = this.rawId(c);
    if (!rawId) {
      // A hint without a session (the session cookie is gone): the browser is signed out.
      if (getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined) this.clearCookie(c);
      return null;
    }
    const idHash = hashSessionId(rawId);
    const now = this.ports.clock.now().getTime();
    const { signedIn: cached, mark } = this.cache ? await this.cache.lookup(idHash, now) : NO_CACHE;
    // A copy that looks expired is not trusted to say so: another node may have seen it since.
    if (cached && !this.expired(cached.session, now)) {
      await this.touchIfDue(idHash, cached.session, now);
      return cached;
    }
    const session = await this.ports.sessions.find(idHash);
    if (!session) {
      this.clearCookie(c);
      return null;
    }
    if (this.expired(session, now)) {
      await this.ports.sessions.delete(idHash);
      this.clearCookie(c);
      return null;
    }
    const user = await loadUser(session.userId);
    if (!user) {
      await this.end(c);
      return null;
    }
    const signedIn = { session: await this.touchIfDue(idHash, session, now), user };
    this.cache?.keep(idHash, signedIn, now, mark);
    return signedIn;
  }

  private expired(session: Session, now: number): boolean {
    return now - session.lastSeenAt.getTime() > this.policy.idleMs || now - session.createdAt.getTime() > this.policy.absoluteMs;
  }

  /** Writes lastSeenAt when the last write is `touchEveryMs` old; answers the session as it now is. */
  private async touchIfDue(idHash: string, session: Session, now: number): Promise<Session> {
    if (now - session.lastSeenAt.getTime() < this.policy.touchEveryMs) return session;
    const lastSeenAt = new Date(now);
    await this.ports.sessions.touch(idHash, lastSeenAt);
    this.cache?.touched(idHash, lastSeenAt);
    return { ...session, lastSeenAt };
  }

  /** Signs this browser out: deletes its session and clears the cookie. */
  async end(c: Context): Promise<void> {
    const rawId = this.rawId(c);
    if (rawId) {
      const idHash = hashSessionId(rawId);
      await this.ports.sessions.delete(idHash);
    }
    this.clearCookie(c);
  }

  /** Ends every session of a user (password change), then signs this browser in afresh. */
  async restartAllFor(c: Context, userId: number): Promise<void> {
    await this.ports.sessions.deleteAllForUser(userId);
    await this.open(c, userId);
  }

  /** The user's live sessions, newest first, each named by its handle (sessionHandle), never its id. */
  async list(userId: number, currentIdHash: string): Promise<SessionListing[]> {
    const now = this.ports.clock.now().getTime();
    const sessions = await this.ports.sessions.listForUser(userId);
    return sessions
      .filter((session) => !this.expired(session, now))
      .map((session) => ({
        id: sessionHandle(session.idHash),
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        userAgent: session.userAgent ?? null,
        clientAddress: session.clientAddress ?? null,
        current: session.idHash === currentIdHash,
      }));
  }

  /**
   * Ends the user's session with this handle (every node's cache drops it: the store announces it);
   * false when the user has none by that handle. Ending the current one also clears this browser's cookie.
   */
  async endByHandle(c: Context, userId: number, handle: string, currentIdHash: string): Promise<boolean> {
    const session = (await this.ports.sessions.listForUser(userId)).find((s) => sessionHandle(s.idHash) === handle);
    if (!session) return false;
    await this.ports.sessions.delete(session.idHash);
    if (session.idHash === currentIdHash) this.clearCookie(c);
    return true;
  }

  clearCookie(c: Context): void {
    deleteCookie(c, this.cookieName, { path: '/', secure: this.secure, httpOnly: true, sameSite: 'Lax' });
    deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: this.secure, sameSite: 'Lax' });
  }
}
