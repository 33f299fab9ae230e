import type { AdminEntryDto } from './api.js';
import { formatDateTime } from '../../lib/format.js';
import { EntryActions } from './entry-actions.js';
import { ApplicationFields, DocumentsList, StatusHistory } from './entry-details.js';
import { PassportCheckPanel } from './passport-check.js';
import { InternalNotes } from '../notes/internal-notes.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { useCan } from '../../lib/permissions.js';
import { CancellationDecisionPanel } from '../cancellation/cancellation-decision.js';

/** What an expanded row shows: every field, the actions, the documents and the status history. */
export function EntryPanel({ entry, id }: { entry: AdminEntryDto; id: string }) {
  const app = entry.application;
  // What the signed-in role may do (docs/product.md §6); the server refuses the rest anyway.
  const canDecideCancellation = useCan('refunds.manage');
  const canReview = useCan('applications.review');
  if (!app) {
    return (
      <div id={id} className="space-y-1 text-sm text-slate-800">
        <p>
          <span className="font-semibold">{entry.user.fullName}</span> registered on {formatDateTime(entry.user.createdAt)} and has no application yet.
        </p>
        <p>
          Email: <a className="text-blue-700 underline" href={`mailto:${entry.user.email}`}>{entry.user.email}</a> · Phone: {entry.user.phoneNumber}
        </p>
      </div>
    );
  }
  return (
    <div id={id} data-testid={`admin-panel-${app.id}`} className="grid gap-6 lg:grid-cols-3">
      {/* Names the panel in the page's outline; its sections (h3) sit under it. */}
      <h2 className="sr-only">
        Application {app.applicationNumber}: {app.givenName} {app.surname}
      </h2>
      <div className="space-y-5 lg:col-span-2">
        <PassportCheckPanel app={app} />
        <ApplicationFields entry={entry} app={app} />
      </div>
      <div className="space-y-6">
        {canDecideCancellation ? <CancellationDecisionPanel app={app} /> : null}
        {canReview ? <EntryActions app={app} /> : null}
        <DocumentsList app={app} />
        <InternalNotes applicationId={app.id} />
        <StatusHistory app={app} />
        <AuditTrail applicationId={app.id} />
      </div>
    </div>
  );
}

/** A pseudo-entry's user has one name field; the table's first/last name columns split it. */
export function namesOf(entry: AdminEntryDto): { first: string; last: string } {
  if (entry.application) return { first: entry.application.givenName, last: entry.application.surname };
  const [first = '', ...rest] = entry.user.fullName.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

export function entryKey(entry: AdminEntryDto): string {
  return entry.application ? `app-${entry.application.id}` : `user-${entry.user.id}`;
}
