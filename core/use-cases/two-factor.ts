import { errors } from '../domain/errors.js';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES as M } from '../domain/two-factor.js';
import { toPublicUser, type PublicUser, type User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { disableTwoFactorSchema, enableTwoFactorSchema, secondStepSchema } from '../schemas/two-factor.js';
import { recordAudit } from './audit.js';
import { requirePermission, requireUser } from './shared.js';
import type { Actor } from './types.js';

type TwoFactorPorts = Pick<Ports, 'users' | 'twoFactor' | 'oneTimeCodes' | 'qrCodes' | 'hasher' | 'sessions' | 'clock' | 'settings' | 'audit'>;

/**
 * Two-factor sign-in (docs/product.md §6.4): set up with an authenticator app, turn on with its
 * first code (which hands out the recovery codes), turn off with the password, the second step of
 * signing in, and staff resetting a colleague's (a lost phone). A code is accepted once: the last
 * time step used is stored and a code at or before it is refused.
 */
export function makeTwoFactor(ports: TwoFactorPorts) {
  /** The time step of `code` when it is right now and later than every step used before; else a 400. */
  async function acceptCode(user: User, secret: string, code: string, field: string): Promise<number> {
    const step = await ports.oneTimeCodes.verify(secret, code, ports.clock.now());
    if (step === null) throw errors.validation(M.wrongCode, { [field]: [M.wrongCode] });
    return step;
  }

  return {
    /** Starts setting up: a new secret (kept as pending), its otpauth address and QR code. */
    async setUpTwoFactor(actor: Actor): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
      const user = await requireUser(ports, actor.userId);
      if (user.twoFactorEnabledAt) throw errors.conflict(M.alreadyOn);
      const secret = ports.oneTimeCodes.generateSecret();
      await ports.twoFactor.setPending(user.id, secret);
      const otpauthUrl = ports.oneTimeCodes.otpauthUrl(secret, ports.settings.agencyName, user.email);
      return { secret, otpauthUrl, qrSvg: await ports.qrCodes.svg(otpauthUrl) };
    },

    /** Turns it on with the app's first code; answers the recovery codes (shown once, stored hashed). */
    async enableTwoFactor(actor: Actor, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
      const { code } = parseInput(enableTwoFactorSchema, input);
      const user = await requireUser(ports, actor.userId);
      if (user.twoFactorEnabledAt) throw errors.conflict(M.alreadyOn);
      const state = await ports.twoFactor.find(user.id);
      if (!state?.pendingSecret) throw errors.conflict(M.notStarted);
      const step = await acceptCode(user, state.pendingSecret, code, 'code');
      const recoveryCodes = ports.oneTimeCodes.recoveryCodes(RECOVERY_CODE_COUNT);
      const hashes = recoveryCodes.map((c) => ports.oneTimeCodes.hashRecoveryCode(c));
      // Another set-up started meanwhile (a second tab) replaced the pending secret: this code confirmed the old one.
      if (!(await ports.twoFactor.enable(user.id, state.pendingSecret, step, ports.clock.now(), hashes))) throw errors.conflict(M.notStarted);
      return { recoveryCodes };
    },

    /** Turns it off for oneself, with the account's password. */
    async disableTwoFactor(actor: Actor, input: { password: string }): Promise<void> {
      const { password } = parseInput(disableTwoFactorSchema, input);
      const user = await requireUser(ports, actor.userId);
      if (!(await ports.hasher.verify(user.passwordHash, password))) throw errors.validation(M.wrongPassword, { password: [M.wrongPassword] });
      if (!user.twoFactorEnabledAt) throw errors.conflict(M.notOn);
      await ports.twoFactor.disable(user.id);
    },

    /**
     * Staff with 'staff.manage' clear a member of staff's two-factor sign-in (a lost phone): the
     * secret, the recovery codes and every session of theirs end; they set it up again at their next
     * sign-in. Only staff accounts: anyone else is "not found".
     */
    async resetStaffTwoFactor(actor: Actor, userId: number): Promise<void> {
      requirePermission(actor, 'staff.manage');
      const user = await ports.users.findById(userId);
      if (!user?.isAdmin) throw errors.notFound('Staff member');
      await ports.twoFactor.disable(user.id);
      await ports.sessions.deleteAllForUser(user.id);
      await recordAudit(ports, actor, { action: 'two_factor.reset', target: { type: 'user', id: user.id } });
    },

    /**
     * The second step of signing in, after the password was accepted: a code from the app (once, in
     * its 30 seconds or one either side) or an unused recovery code. Wrong input is a 400.
     */
    async completeTwoFactorSignIn(userId: number, input: { code: string } | { recoveryCode: string }): Promise<{ user: PublicUser; needsPasswordChange: boolean }> {
      const data = parseInput(secondStepSchema, input);
      const user = await requireUser(ports, userId);
      const state = await ports.twoFactor.find(user.id);
      if (!state?.secret) throw errors.unauthenticated();
      if ('code' in data) {
        const step = await acceptCode(user, state.secret, data.code, 'code');
        if (!(await ports.twoFactor.useStep(user.id, step))) throw errors.validation(M.reusedCode, { code: [M.reusedCode] });
      } else if (!(await ports.twoFactor.useRecoveryCode(user.id, ports.oneTimeCodes.hashRecoveryCode(data.recoveryCode), ports.clock.now()))) {
        throw errors.validation(M.wrongRecoveryCode, { recoveryCode: [M.wrongRecoveryCode] });
      }
      return { user: toPublicUser(user), needsPasswordChange: user.needsPasswordChange };
    },

    /** How many recovery codes the signed-in user has left (the profile page says so). */
    async twoFactorStatus(actor: Actor): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const user = await requireUser(ports, actor.userId);
      const enabled = Boolean(user.twoFactorEnabledAt);
      return { enabled, recoveryCodesLeft: enabled ? await ports.twoFactor.unusedRecoveryCodes(user.id) : 0 };
    },
  };
}
