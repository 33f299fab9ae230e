import type { Locale } from '../domain/locale.js';
import type { StaffRole } from '../domain/staff-role.js';
import type { User } from '../domain/user.js';
import type { OutboxMailInput } from './mail-outbox.js';
import type { AuditDraft, NewAuditEntry } from '../domain/audit.js';

/** A new account: its locale is English unless given. */
export type NewUser = Omit<User, 'id' | 'locale'> & { locale?: Locale };

/** One page of the admin's pseudo-entries (see UserRepository.pageWithoutApplication). */
export interface PseudoEntryPageQuery {
  /** Case-insensitive prefix of the user's email or full name (trimmed; blank means every user). */
  q?: string;
  /** How many matching users to skip (newest first). */
  offset: number;
  /** At most this many users; 0 answers the total alone. */
  limit: number;
}

/** A change to a member of staff (docs/product.md §6): their role, or deactivating (a date) or reactivating (null). */
export interface StaffChange {
  role?: StaffRole;
  deactivatedAt?: Date | null;
}

/** What updateStaff did: the member of staff as now stored, or why nothing was written. */
export type StaffChangeResult = { user: User } | { refused: 'not-found' | 'last-admin' };

export interface UserRepository {
  /**
   * Creates the user (and queues `mails` and appends the staff action's `audit` rows — naming the
   * new user with `targetIsNew: 'user'` — in the same operation). A taken email throws Conflict.
   */
  create(user: NewUser, mails?: OutboxMailInput[], audit?: AuditDraft[]): Promise<User>;
  findById(id: number): Promise<User | null>;
  /** `email` is compared case-insensitively. */
  findByEmail(email: string): Promise<User | null>;
  updatePhone(id: number, phoneNumber: string): Promise<User | null>;
  /** The account's language (pages, mails, texts, PDFs). */
  updateLocale(id: number, locale: Locale): Promise<User | null>;
  /** Sets the new hash and needsPasswordChange; queues `mails` in the same operation. `now` (the
   * Clock's time) dates the queued mails; without it they are due at once. */
  updatePassword(id: number, passwordHash: string, needsPasswordChange: boolean, mails?: OutboxMailInput[], now?: Date): Promise<void>;
  setAdmin(id: number, isAdmin: boolean): Promise<void>;
  /** Every member of staff (is_admin), active or not, oldest first. */
  listStaff(): Promise<User[]>;
  /**
   * Makes the user a member of staff (is_admin) with `change` applied, in one operation: deactivating
   * also ends all their sessions. Refused, with nothing written, when the user does not exist, or
   * when they are an active admin and the change would leave the agency without another one.
   * `audit`: the staff action's rows, appended with the change when it is made (decision 0010).
   */
  updateStaff(id: number, change: StaffChange, audit?: NewAuditEntry[]): Promise<StaffChangeResult>;
  /** Registered users who have no application (the admin's pseudo-entries), newest first. */
  listWithoutApplication(): Promise<User[]>;
  /**
   * The admin's pseudo-entries, paged in the query: registered users who are not admins and have no
   * application, matching `q` when given, newest first (createdAt, then id), with their total.
   */
  pageWithoutApplication(query: PseudoEntryPageQuery): Promise<{ items: User[]; total: number }>;
  /** Every pseudo-entry (as pageWithoutApplication, no search), newest first, read in pages as pulled. */
  streamWithoutApplication(): AsyncIterable<User>;
  /**
   * Atomically claims an application reminder for a user with no application who was not reminded
   * at or after `notRemindedSince`: sets applicationReminderSent = now and queues `mail`. Returns
   * false (and changes nothing) when another run claimed it first or the user has applied.
   */
  claimApplicationReminder(userId: number, now: Date, notRemindedSince: Date, mail: OutboxMailInput): Promise<boolean>;
  /** Removes the user with their sessions, applications, documents rows, history and enquiries;
   * payments are kept with userId set to null. */
  erase(id: number): Promise<void>;
}
