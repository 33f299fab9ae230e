import { errors } from '../domain/errors.js';
import { TWO_FACTOR_MESSAGES as M } from '../domain/two-factor.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { disableTwoFactorSchema } from '../schemas/two-factor.js';
import { requireUser } from './shared.js';
import type { Actor } from './types.js';

/** Turns it off for oneself, with the account's password. */
export function makeDisableTwoFactor(ports: Pick<Ports, 'users' | 'twoFactor' | 'hasher'>) {
  return async function disableTwoFactor(actor: Actor, input: { password: string }): Promise<void> {
    const { password } = parseInput(disableTwoFactorSchema, input);
    const user = await requireUser(ports, actor.userId);
    if (!(await ports.hasher.verify(user.passwordHash, password))) throw errors.validation(M.wrongPassword, { password: [M.wrongPassword] });
    if (!user.twoFactorEnabledAt) throw errors.conflict(M.notOn);
    await ports.twoFactor.disable(user.id);
  };
}
