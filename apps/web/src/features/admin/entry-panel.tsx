import type { AdminEntryDto, AdminApplicationDto } from './api.js';

import { AssigneeControl } from './assignee-control.js';
import { EntryActions } from './entry-actions.js';
import {
  ApplicantFields,
  DocumentsList,
  InformationRequested,
  PassportFields,
  PaymentFields,
  paymentsSummary,
  PersonalFields,
  StatusHistory,
  TravelFields,
  TravelHistoryFields,
  travelHistorySummary,
} from './entry-details.js';
import { PassportCheckPanel } from './passport-check.js';
import { shownPassportNumber, useRevealedPassport } from '../../components/passport-reveal.js';
import { PanelSection } from './panel-section.js';
import { useAdminParts } from './parts.js';
import { FlagBadges, PaymentBadges, StatusBadge } from './badges.js';
import { useCan } from '../../lib/permissions.js';
import { Badge } from '../../components/ui/badge.js';
import { PORTAL_STATE_LABELS } from '@core/domain/portal-ledger.js';
import { formatDayAndTime, formatShortDay } from '@core/domain/wording.js';

/** The side panel's header line: the status, the fees and the flags as they are now. */
export function EntrySummary({ entry }: { entry: AdminEntryDto }) {
  const app = entry.application;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="panel-summary">
      <StatusBadge entry={entry} />
      {app ? <PaymentBadges app={app} /> : null}
      {app ? <FlagBadges app={app} /> : null}
      {entry.assignee ? <span className="text-xs text-slate-600">Assigned to {entry.assignee.fullName}</span> : null}
    </div>
  );
}

/** The side panel's primary actions (docs/product.md §2.15), for staff who may review an application (not a pseudo-entry). */
export function EntryPrimaryActions({ entry }: { entry: AdminEntryDto }) {
  return entry.application ? <EntryActions app={entry.application} /> : null;
}

/**
 * The side panel's sections: every field of the application, the passport check, the documents,
 * the portal ledger, notes, messages, the status history and the audit trail (docs/product.md
 * §2.14), each collapsible. A cancellation request waiting for a decision comes first, open.
 * Another feature's section mounts here with one line, `<PanelSection id="…" title="…">…</PanelSection>`,
 * from the parts the /admin route composed (parts.tsx).
 */
export function EntryPanel({ entry, id }: { entry: AdminEntryDto; id: string }) {
  const app = entry.application;
  // What the signed-in role may do (docs/product.md §6); the server refuses the rest anyway.
  const canDecideCancellation = useCan('refunds.manage');
  const { CancellationDecision, Replies, Portal, InternalNotes, DeliveryLog, AuditTrail } = useAdminParts();
  if (!app) {
    return (
      <div id={id} className="space-y-1 pt-3 text-sm text-slate-800">
        <p>
          <span className="font-semibold">{entry.user.fullName}</span> registered on {formatDayAndTime(entry.user.createdAt)} and has no application yet.
        </p>
        <p>
          Email:{' '}
          <a className="break-all text-blue-700 underline" href={`mailto:${entry.user.email}`}>
            {entry.user.email}
          </a>{' '}
          · Phone: {entry.user.phoneNumber}
        </p>
      </div>
    );
  }
  return (
    <div id={id} data-testid={`admin-panel-${app.id}`}>
      {canDecideCancellation ? (
        <div className="pt-3 empty:hidden">
          <CancellationDecision app={app} />
        </div>
      ) : null}
      {/* An open request and the applicant's answers come first: they are what to act on (§16.7). */}
      {app.status === 'additional_info_required' || app.additionalInfoMessage || app.repliedAt ? (
        <PanelSection id="replies" title="Replies from the applicant" summary={app.repliedAt ? 'Replied' : undefined}>
          <Replies app={app} />
        </PanelSection>
      ) : null}
      {app.ruleNotice ? (
        <div role="note" className="mt-3 rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950" data-testid="rule-notice">
          <p className="font-semibold">Egypt&rsquo;s rules changed for this application ({formatShortDay(app.ruleNotice.at)})</p>
          <p className="mt-1">The applicant was mailed: {app.ruleNotice.message}</p>
        </div>
      ) : null}
      <PanelSection id="assignment" title="Assignment" summary={entry.assignee ? entry.assignee.fullName : 'Nobody'}>
        <AssigneeControl app={app} assignee={entry.assignee} />
      </PanelSection>
      {app.passportCheck ? (
        <PanelSection id="passport-check" title="Passport check (MRZ)" summary={passportCheckSummary(app)} defaultOpen={app.passportCheck.status === 'mismatch'}>
          <PassportCheckPanel app={app} />
        </PanelSection>
      ) : null}
      <PanelSection id="applicant" title="Applicant" summary={entry.user.email}>
        <ApplicantFields entry={entry} app={app} />
      </PanelSection>
      <PanelSection id="personal" title="Personal information" summary={`${app.givenName} ${app.surname} · ${app.nationality}`}>
        <PersonalFields app={app} />
      </PanelSection>
      <PanelSection id="passport" title="Passport" summary={<PassportSummary app={app} />}>
        <PassportFields app={app} />
      </PanelSection>
      <PanelSection id="travel" title="Travel" summary={`Arrives ${formatShort(app.expectedArrivalDate)}`}>
        <TravelFields app={app} />
      </PanelSection>
      <PanelSection id="travel-history" title="Travel history" summary={travelHistorySummary(app)} defaultOpen={false}>
        <TravelHistoryFields app={app} />
      </PanelSection>
      {/* While the request is open its message is in the header's actions, to edit. */}
      {app.additionalInfoMessage && app.status !== 'additional_info_required' ? (
        <PanelSection id="information-requested" title="Information requested">
          <InformationRequested app={app} />
        </PanelSection>
      ) : null}
      <PanelSection id="payments" title="Payments and guarantee" summary={paymentsSummary(app)}>
        <PaymentFields app={app} />
      </PanelSection>
      <PanelSection id="documents" title="Documents">
        <DocumentsList app={app} />
      </PanelSection>
      {/* Closed at first: the portal sheet lists every field with a Copy button (over 1,300 px). */}
      <PanelSection id="portal" title="Portal" summary={portalSummary(entry)} defaultOpen={false}>
        <Portal entry={entry} app={app} />
      </PanelSection>
      <PanelSection id="notes" title="Internal notes">
        <InternalNotes applicationId={app.id} />
      </PanelSection>
      <PanelSection id="messages" title="Messages" defaultOpen={false}>
        <DeliveryLog applicationId={app.id} bounce={entry.user.mailBounce} />
      </PanelSection>
      <PanelSection id="status-history" title="Status history">
        <StatusHistory app={app} />
      </PanelSection>
      <PanelSection id="audit-trail" title="Audit trail" defaultOpen={false}>
        <AuditTrail applicationId={app.id} />
      </PanelSection>
    </div>
  );
}

/** The closed Passport section's line: the number as shown (masked until revealed). */
function PassportSummary({ app }: { app: AdminApplicationDto }) {
  const { revealed } = useRevealedPassport(app.id);
  return <>{shownPassportNumber(app, revealed)}</>;
}

function passportCheckSummary(app: AdminApplicationDto) {
  const status = app.passportCheck?.status;
  if (status === 'mismatch') return <Badge tone="red">MRZ MISMATCH</Badge>;
  return status === 'match' ? 'Matches' : status === 'pending' ? 'Being read' : 'Not readable';
}

function portalSummary(entry: AdminEntryDto): string {
  const portal = entry.portal;
  if (!portal) return '';
  return [PORTAL_STATE_LABELS[portal.state], portal.reference].filter(Boolean).join(' · ');
}

function formatShort(value: string | null): string {
  return value ? formatShortDay(value) : '—';
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
