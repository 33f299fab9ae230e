import type { TwoFactorState, TwoFactorStore } from '../../../core/ports/two-factor-store.js';
import { appendAudit, copy, time, type MemoryState } from './state.js';

const OFF: TwoFactorState = { secret: null, pendingSecret: null, enabledAt: null, lastStep: null };

export function twoFactorStore(s: MemoryState): TwoFactorStore {
  const stateOf = (userId: number): TwoFactorState => s.twoFactor.get(userId) ?? { ...OFF };
  /** enabledAt lives on the user as well: the users store reads it from there, as SQL reads the column. */
  const write = (userId: number, state: TwoFactorState) => {
    s.twoFactor.set(userId, state);
    const user = s.users.get(userId);
    if (user && state.enabledAt) user.twoFactorEnabledAt = state.enabledAt;
    else if (user) delete user.twoFactorEnabledAt;
  };
  return {
    async find(userId) {
      return s.users.has(userId) ? copy(stateOf(userId)) : null;
    },
    async setPending(userId, secret) {
      if (s.users.has(userId)) write(userId, { ...stateOf(userId), pendingSecret: secret });
    },
    async enable(userId, secret, step, enabledAt, recoveryCodeHashes) {
      try {
        const state = stateOf(userId);
        if (!s.users.has(userId) || state.pendingSecret !== secret) return false;
        write(userId, { secret, pendingSecret: null, enabledAt: new Date(time(enabledAt)), lastStep: step });
        s.recoveryCodes.set(
          userId,
          recoveryCodeHashes.map((codeHash) => ({ codeHash, usedAt: null })),
        );
        return true;
      } finally {
        s.access.announce({ user: userId });
      }
    },
    async disable(userId, audit = []) {
      if (s.users.has(userId)) write(userId, { ...OFF });
      s.recoveryCodes.delete(userId);
      for (const [key, challenge] of s.challenges) if (challenge.userId === userId) s.challenges.delete(key);
      appendAudit(s, audit);
      s.access.announce({ user: userId });
    },
    async useStep(userId, step) {
      const state = stateOf(userId);
      if (!s.users.has(userId) || (state.lastStep !== null && state.lastStep >= step)) return false;
      write(userId, { ...state, lastStep: step });
      return true;
    },
    async useRecoveryCode(userId, codeHash, at) {
      const code = s.recoveryCodes.get(userId)?.find((c) => c.codeHash === codeHash && c.usedAt === null);
      if (!code) return false;
      code.usedAt = new Date(time(at));
      return true;
    },
    async unusedRecoveryCodes(userId) {
      return (s.recoveryCodes.get(userId) ?? []).filter((c) => c.usedAt === null).length;
    },
    async createChallenge(challenge) {
      s.challenges.set(challenge.idHash, copy(challenge));
    },
    async findChallenge(idHash) {
      const challenge = s.challenges.get(idHash);
      return challenge ? copy(challenge) : null;
    },
    async deleteChallenge(idHash) {
      s.challenges.delete(idHash);
    },
    async deleteExpiredChallenges(now) {
      let n = 0;
      for (const [key, challenge] of s.challenges) {
        if (time(challenge.expiresAt) < time(now)) {
          s.challenges.delete(key);
          n += 1;
        }
      }
      return n;
    },
  };
}
