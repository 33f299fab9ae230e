import { errors } from '../domain/errors.js';
import { TWO_FACTOR_MESSAGES as M } from '../domain/two-factor.js';
import { toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { secondStepSchema } from '../schemas/two-factor.js';
import { requireUser } from './shared.js';
import { acceptTwoFactorCode } from './two-factor-code.js';

/**
 * The second step of signing in, after the password was accepted: a code from the app (once, in
 * its 30 seconds or one either side) or an unused recovery code. Wrong input is a 400.
 */
export function makeCompleteTwoFactorSignIn(ports: Pick<Ports, 'users' | 'twoFactor' | 'oneTimeCodes' | 'clock'>) {
  return async function completeTwoFactorSignIn(userId: number, input: { code: string } | { recoveryCode: string }): Promise<{ user: PublicUser; needsPasswordChange: boolean }> {
    const data = parseInput(secondStepSchema, input);
    const user = await requireUser(ports, userId);
    const state = await ports.twoFactor.find(user.id);
    if (!state?.secret) throw errors.unauthenticated();
    if ('code' in data) {
      const step = await acceptTwoFactorCode(ports, state.secret, data.code, 'code');
      if (!(await ports.twoFactor.useStep(user.id, step))) throw errors.validation(M.reusedCode, { code: [M.reusedCode] });
    } else if (!(await ports.twoFactor.useRecoveryCode(user.id, ports.oneTimeCodes.hashRecoveryCode(data.recoveryCode), ports.clock.now()))) {
      throw errors.validation(M.wrongRecoveryCode, { recoveryCode: [M.wrongRecoveryCode] });
    }
    return { user: toPublicUser(user), needsPasswordChange: user.needsPasswordChange };
  };
}
