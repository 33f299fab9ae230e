import { DEFAULT_LOCALE, type Locale } from '../domain/locale.js';
import { errors } from '../domain/errors.js';
import { normaliseEmail, toPublicUser, type PublicUser } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { registrationSchema } from '../schemas/auth.js';
import { parseInput } from '../schemas/parse.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

/** Sign-up: one account per email (compared case-insensitively), password hashed. */
export function makeRegisterUser(ports: Pick<Ports, 'users' | 'hasher' | 'clock'>) {
  return async function registerUser(input: { email: string; password: string; fullName: string; phoneNumber: string; locale?: Locale }): Promise<PublicUser> {
    const data = parseInput(registrationSchema, input);
    const email = normaliseEmail(data.email);
    if (await ports.users.findByEmail(email)) throw errors.conflict(EMAIL_TAKEN_MESSAGE);
    const passwordHash = await ports.hasher.hash(data.password);
    const user = await ports.users.create({
      email,
      passwordHash,
      fullName: data.fullName,
      phoneNumber: data.phoneNumber,
      isAdmin: false,
      role: null,
      deactivatedAt: null,
      needsPasswordChange: false,
      applicationReminderSent: null,
      createdAt: ports.clock.now(),
      locale: data.locale ?? DEFAULT_LOCALE,
    });
    return toPublicUser(user);
  };
}
