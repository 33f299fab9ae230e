export interface User {
  id: number;
  email: string;
  passwordHash: string;
  fullName: string;
  phoneNumber: string;
  isAdmin: boolean;
  /** Set for accounts created from the contact form: the first sign-in asks for a new password. */
  needsPasswordChange: boolean;
  applicationReminderSent: Date | null;
  createdAt: Date;
  /** When two-factor sign-in was turned on (null or absent: it is off). Written only by the TwoFactorStore. */
  twoFactorEnabledAt?: Date | null;
}

/** What a user may see of themselves (and what admins see of applicants): never the hash. */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  fullName: string;
  phoneNumber: string;
  isAdmin: boolean;
  needsPasswordChange: boolean;
  createdAt: Date;
  /** Signing in asks for a code from an authenticator app (docs/product.md §6.4). */
  twoFactorEnabled: boolean;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    isAdmin: user.isAdmin,
    needsPasswordChange: user.needsPasswordChange,
    createdAt: user.createdAt,
    twoFactorEnabled: Boolean(user.twoFactorEnabledAt),
  };
}

/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
