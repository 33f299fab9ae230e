import type { Locale } from './locale.js';
import type { StaffRole } from './staff-role.js';

export interface User {
  id: number;
  email: string;
  passwordHash: string;
  fullName: string;
  phoneNumber: string;
  /** True for every member of staff, whatever their role (docs/product.md §6). */
  isAdmin: boolean;
  /** The staff role; null for applicants (and for staff made before roles, who count as admins). */
  role: StaffRole | null;
  /** A deactivated member of staff cannot sign in (docs/product.md §6); null while active. */
  deactivatedAt: Date | null;
  /** Set for accounts created from the contact form: the first sign-in asks for a new password. */
  needsPasswordChange: boolean;
  applicationReminderSent: Date | null;
  createdAt: Date;
  /** The language the account reads the product in: its pages, mails, texts and PDFs (docs/product.md, "Languages"). */
  locale: Locale;
  /** When two-factor sign-in was turned on (null or absent: it is off). Written only by the TwoFactorStore. */
  twoFactorEnabledAt?: Date | null;
  /**
   * A mail to the account's address was refused for good (docs/product.md §16.5); absent while
   * none was, once a later mail reached the address, or when the address is no longer the
   * account's. Written only by the MailOutbox.
   */
  mailBounce?: MailBounce | null;
}

/** The account's address bounced: which address, when, and the mail server's words. */
export interface MailBounce {
  address: string;
  at: Date;
  reason: string;
}

/** What the applicant is told while their address bounces (docs/product.md §16.5). */
export function mailBounceNotice(address: string): string {
  return `We could not reach you at ${address}. Please check your email address.`;
}

/** What a user may see of themselves (and what admins see of applicants): never the hash. */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  fullName: string;
  phoneNumber: string;
  isAdmin: boolean;
  /** The staff role (null for applicants): what the signed-in member of staff may do. */
  role: StaffRole | null;
  needsPasswordChange: boolean;
  createdAt: Date;
  locale: Locale;
  /** Signing in asks for a code from an authenticator app (docs/product.md §6.4). */
  twoFactorEnabled: boolean;
  /** Present while mail to the account's address bounces (docs/product.md §16.5). */
  mailBounce?: { address: string; at: Date };
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    isAdmin: user.isAdmin,
    role: staffRoleOf(user),
    needsPasswordChange: user.needsPasswordChange,
    createdAt: user.createdAt,
    locale: user.locale,
    twoFactorEnabled: Boolean(user.twoFactorEnabledAt),
    ...(user.mailBounce ? { mailBounce: { address: user.mailBounce.address, at: user.mailBounce.at } } : {}),
  };
}

/** A user's staff role: null for applicants; staff stored without a role are admins. */
export function staffRoleOf(user: Pick<User, 'isAdmin' | 'role'>): StaffRole | null {
  return user.isAdmin ? (user.role ?? 'admin') : null;
}

/** An admin who can sign in: the agency must always keep one (docs/product.md §6). */
export function isActiveAdmin(user: Pick<User, 'isAdmin' | 'role' | 'deactivatedAt'>): boolean {
  return staffRoleOf(user) === 'admin' && user.deactivatedAt === null;
}

/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
