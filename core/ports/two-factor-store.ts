import type { NewAuditEntry } from '../domain/audit.js';

/** A user's two-factor sign-in as stored (users.two_factor_*). */
export interface TwoFactorState {
  /** The confirmed secret: set while two-factor sign-in is on. */
  secret: string | null;
  /** A secret being set up, until its first code confirms it. */
  pendingSecret: string | null;
  enabledAt: Date | null;
  /** The latest time step whose code was accepted: a code at or before it is refused. */
  lastStep: number | null;
}

/** A password accepted for an account with two-factor sign-in, waiting for its code. */
export interface TwoFactorChallenge {
  /** SHA-256 of the token in the second step's cookie. */
  idHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Two-factor secrets, recovery codes and pending sign-ins. Every write that turns two-factor sign-in
 * on or off is announced as a change to the user (the signed-in user carries `twoFactorEnabled`).
 */
export interface TwoFactorStore {
  find(userId: number): Promise<TwoFactorState | null>;
  /** Keeps `secret` as the one being set up (replacing an earlier one). */
  setPending(userId: number, secret: string): Promise<void>;
  /**
   * Turns two-factor sign-in on with the pending secret, if it is still `secret`: records `step` as
   * used and replaces the recovery codes with `recoveryCodeHashes`, in one operation. False (nothing
   * written) when the pending secret is another one or gone.
   */
  enable(userId: number, secret: string, step: number, enabledAt: Date, recoveryCodeHashes: string[]): Promise<boolean>;
  /** Turns it off: clears the secrets, the recovery codes and the pending sign-ins (with the staff action's `audit` rows, decision 0010). */
  disable(userId: number, audit?: NewAuditEntry[]): Promise<void>;
  /** Records `step` as used when it is later than the last one used; false (nothing written) otherwise. */
  useStep(userId: number, step: number): Promise<boolean>;
  /** Marks the unused recovery code with this hash as used at `at`; false when there is none. */
  useRecoveryCode(userId: number, codeHash: string, at: Date): Promise<boolean>;
  /** How many recovery codes are left unused. */
  unusedRecoveryCodes(userId: number): Promise<number>;
  createChallenge(challenge: TwoFactorChallenge): Promise<void>;
  findChallenge(idHash: string): Promise<TwoFactorChallenge | null>;
  deleteChallenge(idHash: string): Promise<void>;
  /** Removes pending sign-ins that expired before `now`; answers how many. */
  deleteExpiredChallenges(now: Date): Promise<number>;
}
