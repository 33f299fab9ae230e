import { errors } from '../domain/errors.js';
import { TWO_FACTOR_MESSAGES as M } from '../domain/two-factor.js';
import type { Ports } from '../ports/index.js';
import { requireUser } from './shared.js';
import type { Actor } from './types.js';

/** Starts setting up: a new secret (kept as pending), its otpauth address and QR code. */
export function makeSetUpTwoFactor(ports: Pick<Ports, 'users' | 'twoFactor' | 'oneTimeCodes' | 'qrCodes' | 'settings'>) {
  return async function setUpTwoFactor(actor: Actor): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
    const user = await requireUser(ports, actor.userId);
    if (user.twoFactorEnabledAt) throw errors.conflict(M.alreadyOn);
    const secret = ports.oneTimeCodes.generateSecret();
    await ports.twoFactor.setPending(user.id, secret);
    const otpauthUrl = ports.oneTimeCodes.otpauthUrl(secret, ports.settings.agencyName, user.email);
    return { secret, otpauthUrl, qrSvg: await ports.qrCodes.svg(otpauthUrl) };
  };
}
