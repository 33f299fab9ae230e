import { errors } from '../domain/errors.js';
import { TWO_FACTOR_MESSAGES as M } from '../domain/two-factor.js';
import type { Ports } from '../ports/index.js';

/** The time step of `code` when it is right now and later than every step used before; else a 400 on `field`. */
export async function acceptTwoFactorCode(ports: Pick<Ports, 'oneTimeCodes' | 'clock'>, secret: string, code: string, field: string): Promise<number> {
  const step = await ports.oneTimeCodes.verify(secret, code, ports.clock.now());
  if (step === null) throw errors.validation(M.wrongCode, { [field]: [M.wrongCode] });
  return step;
}
