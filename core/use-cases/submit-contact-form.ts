import { DEFAULT_LOCALE, type Locale } from '../domain/locale.js';
import { isDomainError } from '../domain/errors.js';
import { createPasswordResetToken } from '../domain/password-reset.js';
import { normaliseEmail, type User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { contactSchema } from '../schemas/contact.js';
import { parseInput } from '../schemas/parse.js';

export const CONTACT_ACCOUNT_CREATED_MESSAGE = "We've received your inquiry and will contact you soon. An account has been created for you: your sign-in details are on their way to your email.";
export const CONTACT_EXISTING_ACCOUNT_MESSAGE =
  "We've received your inquiry and will contact you soon. An account already exists for this email: please sign in. We've emailed you how, and how to reset your password if you've forgotten it.";

/** Random bytes of a temporary password (128 bits, 22 base64url characters). */
const TEMPORARY_PASSWORD_BYTES = 16;

/**
 * The contact form (docs/product.md §2.12 Contact page): keeps the enquiry and creates an account for the visitor
 * with a random password, mailed to them in the same operation, to be changed at first sign-in. An
 * email that already has an account gets no second account: the enquiry is kept all the same, and
 * its owner is mailed how to sign in, with a password-reset link in case it is forgotten (the page
 * says only that an account exists, which the registration form reveals anyway).
 */
export function makeSubmitContactForm(ports: Pick<Ports, 'users' | 'enquiries' | 'outbox' | 'hasher' | 'ids' | 'clock' | 'settings' | 'secrets'>) {
  return async function submitContactForm(input: {
    fullName: string;
    email: string;
    phoneNumber: string;
    nationality: string;
    purposeOfTravel: string;
    locale?: Locale;
  }): Promise<{ userId: number; accountCreated: boolean; message: string }> {
    const data = parseInput(contactSchema, input);
    const email = normaliseEmail(data.email);
    const now = ports.clock.now();

    let user: User | null = await ports.users.findByEmail(email);
    let accountCreated = false;
    if (!user) {
      const temporaryPassword = ports.ids.secret(TEMPORARY_PASSWORD_BYTES);
      const passwordHash = await ports.hasher.hash(temporaryPassword);
      try {
        user = await ports.users.create(
          {
            email,
            passwordHash,
            fullName: data.fullName,
            phoneNumber: data.phoneNumber,
            isAdmin: false,
            role: null,
            deactivatedAt: null,
            needsPasswordChange: true,
            applicationReminderSent: null,
            createdAt: now,
            locale: data.locale ?? DEFAULT_LOCALE,
          },
          [
            {
              to: email,
              template: 'account_created',
              data: { fullName: data.fullName, email, temporaryPassword, signInUrl: `${ports.settings.publicUrl}/auth` },
            },
          ],
        );
        accountCreated = true;
      } catch (error) {
        // Someone registered this email a moment ago: treat it as an existing account.
        if (!isDomainError(error, 'Conflict')) throw error;
        user = await ports.users.findByEmail(email);
        if (!user) throw error;
      }
    }

    await ports.enquiries.create({
      fullName: data.fullName,
      email,
      phoneNumber: data.phoneNumber,
      nationality: data.nationality,
      purposeOfTravel: data.purposeOfTravel,
      userId: user.id,
      existingAccount: !accountCreated,
      createdAt: now,
    });

    if (!accountCreated) {
      const resetToken = await createPasswordResetToken(user, ports.secrets.tokenKey, now);
      await ports.outbox.enqueue({ to: user.email, template: 'account_exists', data: { fullName: user.fullName, email: user.email, resetToken } }, now);
    }

    return {
      userId: user.id,
      accountCreated,
      message: accountCreated ? CONTACT_ACCOUNT_CREATED_MESSAGE : CONTACT_EXISTING_ACCOUNT_MESSAGE,
    };
  };
}
