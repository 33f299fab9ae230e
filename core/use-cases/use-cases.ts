import type { Readable } from 'node:stream';
import type { Application } from '../domain/application.js';
import type { ListedStatus } from '../domain/status.js';
import type { User } from '../domain/user.js';
import type { PassportCheckView } from '../domain/passport-check.js';
import type { makeUseCases } from './index.js';

/** Who is asking: use cases check ownership and the admin flag themselves. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
  email: string;
}

/** An application as sent to clients: the stored fields plus the guarantee, derived. */
export interface ApplicationView extends Application {
  guarantee: { deadline: Date | null; breached: boolean };
  /** The latest passport upload's MRZ against the typed fields (null until a passport is attached). */
  passportCheck: PassportCheckView | null;
}

/** The user attached to an admin read (docs/product.md §7.6: email, username, fullName, phoneNumber). */
export type AdminListUser = AdminListEntry['user'];

/**
 * One element of the full admin list (GET /api/admin/applications without parameters, docs/product.md §7.6): an
 * application's own fields at the top level with its `user` attached (docs/product.md §10.2), or a
 * pseudo-entry — a registered user with no application (`id` null, status user_registered).
 */
export type AdminFullListEntry = (ApplicationView & { user: AdminListUser }) | { id: null; userId: number; status: 'user_registered'; user: AdminListUser };

export interface AdminListEntry {
  /** A real application, or null for a registered user with no application (pseudo-entry). */
  application: ApplicationView | null;
  /** 'user_registered' for pseudo-entries. */
  status: ListedStatus;
  user: { id: number; email: string; username: string; fullName: string; phoneNumber: string; createdAt: Date };
}

export interface UploadedFile {
  body: Readable | Buffer;
  fileName: string;
  /** Decided from the file's content (magic bytes) by the app before calling. */
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
}

export interface ReminderRunResult {
  sent: number;
  skipped: number;
  /** Who was (or, in a dry run, would be) reminded. */
  recipients: { email: string; applicationId: number | null; reason: string }[];
}

/**
 * Everything the apps can ask of the core: what `makeUseCases` (index.ts) builds, one use case per
 * file in this folder. Derived, so a use case's signature is written once, beside its implementation.
 */
export type UseCases = ReturnType<typeof makeUseCases>;

export type { User };
