import { errors } from '../domain/errors.js';
import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { loginSchema } from '../schemas/auth.js';
import { parseInput } from '../schemas/parse.js';

export const ACCOUNT_DEACTIVATED_MESSAGE = 'This account has been deactivated. Please ask an administrator of the agency.';

/**
 * Checks email and password. An unknown email costs the same hashing work as a wrong password, so
 * response times do not reveal which emails have accounts. A deactivated member of staff is
 * refused (403) once the password is right. Rate limiting is the HTTP app's job.
 */
export function makeLogIn(ports: Pick<Ports, 'users' | 'hasher' | 'ids'>) {
  let dummyHash: Promise<string> | null = null;
  return async function logIn(input: { email: string; password: string }): Promise<{ user: PublicUser; needsPasswordChange: boolean }> {
    const data = parseInput(loginSchema, input);
    const user = await ports.users.findByEmail(normaliseEmail(data.email));
    if (!user) {
      dummyHash ??= ports.hasher.hash(ports.ids.secret());
      await ports.hasher.verify(await dummyHash, data.password);
      throw errors.invalidCredentials();
    }
    if (!(await ports.hasher.verify(user.passwordHash, data.password))) throw errors.invalidCredentials();
    // Told only to whoever knows the password: a stranger learns nothing more than from a wrong one.
    if (user.deactivatedAt) throw errors.forbidden(ACCOUNT_DEACTIVATED_MESSAGE);
    return { user: toPublicUser(user), needsPasswordChange: user.needsPasswordChange };
  };
}
