import { errors } from '../domain/errors.js';
import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { loginSchema } from '../schemas/auth.js';
import { parseInput } from '../schemas/parse.js';

/**
 * Checks email and password. An unknown email costs the same hashing work as a wrong password, so
 * response times do not reveal which emails have accounts. Rate limiting is the HTTP app's job.
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
    return { user: toPublicUser(user), needsPasswordChange: user.needsPasswordChange };
  };
}
