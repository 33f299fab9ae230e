import type { Readable } from 'node:stream';
import type { Application } from '../domain/application.js';
import type { GuaranteeView } from '../domain/guarantee.js';
import type { TimelineEntry } from '../domain/timeline.js';
import type { ListedStatus } from '../domain/status.js';
import type { StaffName } from '../domain/assignment.js';
import type { MailBounce } from '../domain/user.js';
import type { StaffRole } from '../domain/staff-role.js';
import type { PassportCheckView } from '../domain/passport-check.js';
import type { PortalLedgerView } from '../domain/portal-ledger.js';

/**
 * The types the use cases share — who is asking (`Actor`), what they are handed (`UploadedFile`)
 * and the views they answer with. Kept apart from use-cases.ts (which types `UseCases` by every
 * factory, so imports them all) and importing no use-case file: a use case that needs one of these
 * types imports it from here, and no type import leads back through index.ts to every other file.
 */

/** Who is asking: use cases check ownership and the admin flag themselves. */
export interface Actor {
  userId: number;
  isAdmin: boolean;
  email: string;
  /** The staff member's role; a staff actor without one (built before roles existed) is an admin. */
  role?: StaffRole | null;
  /** Where the request came from (the audit log records it); null or absent outside HTTP. */
  clientAddress?: string | null;
}

/** An application as sent to clients: the stored fields plus the guarantee, derived. */
/** What clients see of an application: staff's assignee is not the applicant's business (admin reads carry `assignee`). */
export interface ApplicationView extends Omit<Application, 'assigneeId'> {
  /** The guarantee clock (docs/product.md §16.3). */
  guarantee: GuaranteeView;
  /** The latest passport upload's MRZ against the typed fields (null until a passport is attached). */
  passportCheck: PassportCheckView | null;
}

/** An application as its owner reads it: with its timeline (docs/product.md §16.2). */
export interface OwnApplicationView extends ApplicationView {
  timeline: TimelineEntry[];
  /** When the e-visa mail last reached the mail server (null: never yet), so the card says "sent" only once it was (docs/product.md §3.4). */
  evisaSentAt: Date | null;
}

/** The user attached to an admin read (docs/product.md §7.6: email, username, fullName, phoneNumber). */
export type AdminListUser = AdminListEntry['user'];

/**
 * One element of the full admin list (GET /api/admin/applications without parameters, docs/product.md §7.6): an
 * application's own fields at the top level with its `user` attached (docs/product.md §10.2), or a
 * pseudo-entry — a registered user with no application (`id` null, status user_registered).
 */
export type AdminFullListEntry =
  | (ApplicationView & { user: AdminListUser; assignee: StaffName | null; portal: PortalLedgerView })
  | { id: null; userId: number; status: 'user_registered'; user: AdminListUser; assignee: null; portal: null };

export interface AdminListEntry {
  /** A real application, or null for a registered user with no application (pseudo-entry). */
  application: ApplicationView | null;
  /** 'user_registered' for pseudo-entries. */
  status: ListedStatus;
  user: { id: number; email: string; username: string; fullName: string; phoneNumber: string; createdAt: Date; mailBounce?: MailBounce };
  /** The member of staff the application is assigned to (always null for pseudo-entries). */
  assignee: StaffName | null;
  /** The application's portal ledger (docs/product.md §2.16; "to submit" without a row); null for pseudo-entries. */
  portal: PortalLedgerView | null;
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
