import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { registrationSchema } from '../schemas/auth.js';
import { parseInput } from '../schemas/parse.js';

/**
 * Operator task (CLI): creates an admin account, or promotes an existing account with this email
 * (its password and details are left as they are).
 */
export function makeCreateAdmin(ports: Pick<Ports, 'users' | 'hasher' | 'clock'>) {
  return async function createAdmin(input: {
    email: string;
    password: string;
    fullName: string;
    phoneNumber: string;
  }): Promise<{ user: PublicUser; created: boolean }> {
    const data = parseInput(registrationSchema, input);
    const email = normaliseEmail(data.email);
    const existing = await ports.users.findByEmail(email);
    if (existing) {
      await ports.users.setAdmin(existing.id, true);
      return { user: toPublicUser({ ...existing, isAdmin: true }), created: false };
    }
    const user = await ports.users.create({
      email,
      passwordHash: await ports.hasher.hash(data.password),
      fullName: data.fullName,
      phoneNumber: data.phoneNumber,
      isAdmin: true,
      needsPasswordChange: false,
      applicationReminderSent: null,
      createdAt: ports.clock.now(),
    });
    return { user: toPublicUser(user), created: true };
  };
}
