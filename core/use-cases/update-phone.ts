import { errors } from '../domain/errors.js';
import { toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { profileSchema } from '../schemas/profile.js';
import type { Actor } from './types.js';

/** The profile's one editable field (email and full name cannot be changed). */
export function makeUpdatePhone(ports: Pick<Ports, 'users'>) {
  return async function updatePhone(actor: Actor, input: { phoneNumber: string }): Promise<PublicUser> {
    const data = parseInput(profileSchema, input);
    const user = await ports.users.updatePhone(actor.userId, data.phoneNumber);
    if (!user) throw errors.notFound('User');
    return toPublicUser(user);
  };
}
