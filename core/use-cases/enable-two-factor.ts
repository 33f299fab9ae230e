import { errors } from '../domain/errors.js';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES as M } from '../domain/two-factor.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { enableTwoFactorSchema } from '../schemas/two-factor.js';
import { requireUser } from './shared.js';
import { acceptTwoFactorCode } from './two-factor-code.js';
import type { Actor } from './types.js';

/** Turns it on with the app's first code; answers the recovery codes (shown once, stored hashed). */
export function makeEnableTwoFactor(ports: Pick<Ports, 'users' | 'twoFactor' | 'oneTimeCodes' | 'clock'>) {
  return async function enableTwoFactor(actor: Actor, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
    const { code } = parseInput(enableTwoFactorSchema, input);
    const user = await requireUser(ports, actor.userId);
    if (user.twoFactorEnabledAt) throw errors.conflict(M.alreadyOn);
    const state = await ports.twoFactor.find(user.id);
    if (!state?.pendingSecret) throw errors.conflict(M.notStarted);
    const step = await acceptTwoFactorCode(ports, state.pendingSecret, code, 'code');
    const recoveryCodes = ports.oneTimeCodes.recoveryCodes(RECOVERY_CODE_COUNT);
    const hashes = recoveryCodes.map((c) => ports.oneTimeCodes.hashRecoveryCode(c));
    // Another set-up started meanwhile (a second tab) replaced the pending secret: this code confirmed the old one.
    if (!(await ports.twoFactor.enable(user.id, state.pendingSecret, step, ports.clock.now(), hashes))) throw errors.conflict(M.notStarted);
    return { recoveryCodes };
  };
}
