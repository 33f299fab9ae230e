import { toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';

/** The signed-in user, or null when the account no longer exists or is deactivated (its sessions end). */
export function makeCurrentUser(ports: Pick<Ports, 'users'>) {
  return async function currentUser(userId: number): Promise<PublicUser | null> {
    const user = await ports.users.findById(userId);
    return user && !user.deactivatedAt ? toPublicUser(user) : null;
  };
}
