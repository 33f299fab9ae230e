import type { ReactNode } from 'react';
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
import type { Locale } from '@core/domain/locale.js';
import type { Translate } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';

/** The side panel's header line: the status, the fees and the flags as they are now. */
export function EntrySummary({ entry }: { entry: AdminEntryDto }) {
  const app = entry.application;
  const { t } = useT();
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="panel-summary">
      <StatusBadge entry={entry} />
      {app ? <PaymentBadges app={app} /> : null}
      {app ? <FlagBadges app={app} /> : null}
      {entry.assignee ? (
        <span className="text-xs text-slate-600">
          <Sentence text={t('Assigned to {name}', { name: slot('name') })} parts={{ name: <bdi>{entry.assignee.fullName}</bdi> }} />
        </span>
      ) : null}
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
  const { t, tc, intl } = useT();
  if (!app) {
    return (
      <div id={id} className="space-y-1 pt-3 text-sm text-slate-800">
        <p>
          <Sentence
            text={t('{name} registered on {date} and has no application yet.', { name: slot('name'), date: formatDayAndTime(entry.user.createdAt, intl) })}
            parts={{ name: <bdi className="font-semibold">{entry.user.fullName}</bdi> }}
          />
        </p>
        <p>
          <Sentence
            text={t('Email: {email} · Phone: {phone}', { email: slot('email'), phone: slot('phone') })}
            parts={{
              email: (
                <a className="break-all text-blue-700 underline" href={`mailto:${entry.user.email}`} dir="ltr">
                  {entry.user.email}
                </a>
              ),
              phone: <bdi dir="ltr">{entry.user.phoneNumber}</bdi>,
            }}
          />
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
        <PanelSection id="replies" title={t('Replies from the applicant')} summary={app.repliedAt ? t('Replied') : undefined}>
          <Replies app={app} />
        </PanelSection>
      ) : null}
      {app.ruleNotice ? (
        <div role="note" className="mt-3 rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950" data-testid="rule-notice">
          <p className="font-semibold">{t('Egypt’s rules changed for this application ({date})', { date: formatShortDay(app.ruleNotice.at, intl) })}</p>
          <p className="mt-1">
            <Sentence text={t('The applicant was mailed: {message}', { message: slot('message') })} parts={{ message: <bdi>{app.ruleNotice.message}</bdi> }} />
          </p>
        </div>
      ) : null}
      <PanelSection id="assignment" title={t('Assignment')} summary={entry.assignee ? <bdi>{entry.assignee.fullName}</bdi> : t('Nobody')}>
        <AssigneeControl app={app} assignee={entry.assignee} />
      </PanelSection>
      {app.passportCheck ? (
        <PanelSection id="passport-check" title={t('Passport check (MRZ)')} summary={passportCheckSummary(app, t)} defaultOpen={app.passportCheck.status === 'mismatch'}>
          <PassportCheckPanel app={app} />
        </PanelSection>
      ) : null}
      <PanelSection id="applicant" title={t('Applicant')} summary={<bdi dir="ltr">{entry.user.email}</bdi>}>
        <ApplicantFields entry={entry} app={app} />
      </PanelSection>
      <PanelSection
        id="personal"
        title={t('Personal information')}
        summary={
          <>
            <bdi>{`${app.givenName} ${app.surname}`}</bdi> · <bdi>{app.nationality}</bdi>
          </>
        }
      >
        <PersonalFields app={app} />
      </PanelSection>
      <PanelSection id="passport" title={t('Passport')} summary={<PassportSummary app={app} />}>
        <PassportFields app={app} />
      </PanelSection>
      <PanelSection id="travel" title={t('Travel')} summary={t('Arrives {date}', { date: formatShort(app.expectedArrivalDate, intl) })}>
        <TravelFields app={app} />
      </PanelSection>
      <PanelSection id="travel-history" title={t('Travel history')} summary={travelHistorySummary(app, t)} defaultOpen={false}>
        <TravelHistoryFields app={app} />
      </PanelSection>
      {/* While the request is open its message is in the header's actions, to edit. */}
      {app.additionalInfoMessage && app.status !== 'additional_info_required' ? (
        <PanelSection id="information-requested" title={t('Information requested')}>
          <InformationRequested app={app} />
        </PanelSection>
      ) : null}
      <PanelSection id="payments" title={t('Payments and guarantee')} summary={paymentsSummary(app, t)}>
        <PaymentFields app={app} />
      </PanelSection>
      <PanelSection id="documents" title={t('Documents')}>
        <DocumentsList app={app} />
      </PanelSection>
      {/* Closed at first: the portal sheet lists every field with a Copy button (over 1,300 px). */}
      <PanelSection id="portal" title={t('Portal')} summary={portalSummary(entry, tc)} defaultOpen={false}>
        <Portal entry={entry} app={app} />
      </PanelSection>
      <PanelSection id="notes" title={t('Internal notes')}>
        <InternalNotes applicationId={app.id} />
      </PanelSection>
      <PanelSection id="messages" title={t('Messages')} defaultOpen={false}>
        <DeliveryLog applicationId={app.id} bounce={entry.user.mailBounce} />
      </PanelSection>
      <PanelSection id="status-history" title={t('Status history')}>
        <StatusHistory app={app} />
      </PanelSection>
      <PanelSection id="audit-trail" title={t('Audit trail')} defaultOpen={false}>
        <AuditTrail applicationId={app.id} />
      </PanelSection>
    </div>
  );
}

/** The closed Passport section's line: the number as shown (masked until revealed). */
function PassportSummary({ app }: { app: AdminApplicationDto }) {
  const { revealed } = useRevealedPassport(app.id);
  return <bdi dir="ltr">{shownPassportNumber(app, revealed)}</bdi>;
}

function passportCheckSummary(app: AdminApplicationDto, t: Translate) {
  const status = app.passportCheck?.status;
  if (status === 'mismatch') return <Badge tone="red">{t('MRZ MISMATCH')}</Badge>;
  return status === 'match' ? t('Matches') : status === 'pending' ? t('Being read') : t('Not readable');
}

function portalSummary(entry: AdminEntryDto, tc: Translate): ReactNode {
  const portal = entry.portal;
  if (!portal) return '';
  if (!portal.reference) return tc(PORTAL_STATE_LABELS[portal.state]);
  return (
    <>
      {tc(PORTAL_STATE_LABELS[portal.state])} · <bdi dir="ltr">{portal.reference}</bdi>
    </>
  );
}

function formatShort(value: string | null, intl: Locale): string {
  return value ? formatShortDay(value, intl) : '—';
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
