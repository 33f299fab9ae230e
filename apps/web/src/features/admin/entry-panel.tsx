import type { AdminEntryDto } from './api.js';
import { formatDateTime } from '../../lib/format.js';
import { AssigneeControl } from './assignee-control.js';
import { EntryActions } from './entry-actions.js';
import { ApplicationFields, DocumentsList, StatusHistory } from './entry-details.js';
import { PassportCheckPanel } from './passport-check.js';
import { InternalNotes } from '../notes/internal-notes.js';
import { PortalSection } from '../portal/portal-section.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { DeliveryLog } from '../messages/delivery-log.js';
import { RepliesSection } from '../replies/replies-section.js';
import { useCan } from '../../lib/permissions.js';
import { CancellationDecisionPanel } from '../cancellation/cancellation-decision.js';

/** What the side panel shows: every field, the actions, the documents and the status history. */
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
    // One column: the panel sits beside the list (or fills a phone's screen); the side panel's title names it.
    <div id={id} data-testid={`admin-panel-${app.id}`} className="grid gap-6">
      <AssigneeControl app={app} assignee={entry.assignee} />
      <div className="space-y-5">
        <PassportCheckPanel app={app} />
        <ApplicationFields entry={entry} app={app} />
      </div>
      <div className="space-y-6">
        {canDecideCancellation ? <CancellationDecisionPanel app={app} /> : null}
        {canReview ? <EntryActions app={app} /> : null}
        <RepliesSection app={app} />
        <DocumentsList app={app} />
        <PortalSection entry={entry} app={app} />
        <InternalNotes applicationId={app.id} />
        <DeliveryLog applicationId={app.id} bounce={entry.user.mailBounce} />
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
