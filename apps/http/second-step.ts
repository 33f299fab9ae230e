import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SIGN_IN_CHALLENGE_MS } from '../../core/domain/two-factor.js';
import type { Ports } from '../../core/ports/index.js';
import type { TwoFactorChallenge } from '../../core/ports/two-factor-store.js';
import { hashSessionId } from './sessions.js';

/** The pending sign-in's token carries 256 random bits, like a session id. */
const TOKEN_BYTES = 32;

/**
 * The second step of signing in with two-factor sign-in: after the right password the browser gets
 * a short-lived HttpOnly cookie holding a random token, and the store keeps only its SHA-256 with
 * the user and its expiry (two_factor_challenges). The token opens no session and grants nothing
 * but answering the code (POST /api/login/two-factor); that answer opens the session.
 */
export class SecondStep {
  readonly cookieName: string;

  constructor(
    private readonly ports: Pick<Ports, 'twoFactor' | 'ids' | 'clock'>,
    private readonly secure: boolean,
  ) {
    this.cookieName = secure ? '__Host-evisa_two_factor' : 'evisa_two_factor';
  }

  /** The password was right for an account with two-factor sign-in: waits for its code on this browser. */
  async begin(c: Context, userId: number): Promise<void> {
    const previous = await this.pending(c);
    if (previous) await this.ports.twoFactor.deleteChallenge(previous.idHash);
    const token = this.ports.ids.secret(TOKEN_BYTES);
    const now = this.ports.clock.now();
    await this.ports.twoFactor.createChallenge({ idHash: hashSessionId(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_MS) });
    setCookie(c, this.cookieName, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: this.secure, maxAge: SIGN_IN_CHALLENGE_MS / 1000 });
  }

  /** This browser's pending sign-in, unless it is missing or expired. */
  async pending(c: Context): Promise<TwoFactorChallenge | null> {
    const token = getCookie(c, this.cookieName);
    if (!token || token.length > 256) return null;
    const challenge = await this.ports.twoFactor.findChallenge(hashSessionId(token));
    if (!challenge || challenge.expiresAt.getTime() <= this.ports.clock.now().getTime()) return null;
    return challenge;
  }

  /** The code was accepted (or the sign-in abandoned): the pending sign-in and its cookie go. */
  async end(c: Context, challenge: TwoFactorChallenge | null): Promise<void> {
    if (challenge) await this.ports.twoFactor.deleteChallenge(challenge.idHash);
    deleteCookie(c, this.cookieName, { path: '/', secure: this.secure, httpOnly: true, sameSite: 'Lax' });
  }
}
