import type { Ports } from '../ports/index.js';
import { requireUser } from './shared.js';
import type { Actor } from './types.js';

/** How many recovery codes the signed-in user has left (the profile page says so). */
export function makeTwoFactorStatus(ports: Pick<Ports, 'users' | 'twoFactor'>) {
  return async function twoFactorStatus(actor: Actor): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const user = await requireUser(ports, actor.userId);
    const enabled = Boolean(user.twoFactorEnabledAt);
    return { enabled, recoveryCodesLeft: enabled ? await ports.twoFactor.unusedRecoveryCodes(user.id) : 0 };
  };
}
