import type { ReactNode } from 'react';
import { formatDayAndTime, formatShortDay } from '@core/domain/wording.js';
import { DOCUMENT_TYPE_LABELS } from '@core/domain/document.js';
import { statusLabel } from '@core/domain/status.js';
import { useDocumentsQuery } from '../../api/applications.js';
import { Badge } from '../../components/ui/badge.js';
import { Spinner } from '../../components/ui/spinner.js';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { ReceiptList } from '../../components/receipt-list.js';

import { FINAL_PAID_LABEL, INITIAL_PAID_LABEL, isOverdue, isWaived } from './badges.js';
import { useAdminParts } from './parts.js';
import { PassportNumberReveal } from '../../components/passport-reveal.js';
import { portalCopyUrl, useAdminHistoryQuery, type AdminApplicationDto as ApplicationDto, type AdminEntryDto } from './api.js';
import { staffGuaranteeText } from '@core/domain/guarantee-text.js';

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** A section's fields, two columns from the small breakpoint (its title is the panel section's). */
function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">{children}</dl>;
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}

// Every field of an application (docs/product.md §10.2), grouped as the applicant filled them in:
// one component per side-panel section.

export function ApplicantFields({ entry, app }: { entry: AdminEntryDto; app: ApplicationDto }) {
  return (
    <Fields>
      <Item label="Account email" value={entry.user.email} />
      <Item label="Account name" value={entry.user.fullName} />
      <Item label="Phone number" value={entry.user.phoneNumber} />
      <Item label="Application number" value={app.applicationNumber} />
    </Fields>
  );
}

export function PersonalFields({ app }: { app: ApplicationDto }) {
  return (
    <Fields>
      <Item label="Given name" value={app.givenName} />
      <Item label="Surname" value={app.surname} />
      <Item label="Gender" value={app.gender === 'male' ? 'Male' : 'Female'} />
      <Item label="Date of birth" value={formatShortDay(app.dateOfBirth)} />
      <Item label="Nationality" value={app.nationality} />
      <Item label="Country of birth" value={app.countryOfBirth} />
      <Item label="Original nationality" value={app.originalNationality} />
      <Item label="Other nationalities" value={app.otherNationalities ? `Yes: ${app.otherNationality ?? ''}` : 'No'} />
      <Item label="Marital status" value={statusLabel(app.maritalStatus)} />
      <Item label="Profession" value={app.profession} />
    </Fields>
  );
}

export function PassportFields({ app }: { app: ApplicationDto }) {
  return (
    <Fields>
      <Item label="Passport number" value={<PassportNumberReveal app={app} />} />
      <Item label="Passport expiry" value={formatShortDay(app.passportExpiry)} />
      <Item label="Re-upload requested" value={yesNo(app.requiresPassportReupload)} />
      <Item label="Re-uploaded at" value={app.passportReuploadedAt ? formatDayAndTime(app.passportReuploadedAt) : null} />
    </Fields>
  );
}

export function TravelFields({ app }: { app: ApplicationDto }) {
  return (
    <Fields>
      <Item label="Purpose of visit" value={statusLabel(app.purposeOfVisit)} />
      <Item label="Entry" value={app.entry} />
      <Item label="Expected arrival" value={formatShortDay(app.expectedArrivalDate)} />
      <Item label="Expected departure" value={formatShortDay(app.expectedDepartureDate)} />
      <Item label="Address" value={app.address} />
      <Item label="City" value={app.city} />
      <Item label="Postcode" value={app.postcode} />
      <Item label="Hotel details" value={app.hotelDetails} />
    </Fields>
  );
}

/** What a closed 'Travel history' says: the two answers that matter. */
export function travelHistorySummary(app: ApplicationDto): string {
  return `Visited before: ${yesNo(app.visitedEgyptBefore)} · Deported: ${yesNo(app.hasBeenDeported)}`;
}

export function TravelHistoryFields({ app }: { app: ApplicationDto }) {
  return (
    <Fields>
      <Item label="Visited Egypt before" value={yesNo(app.visitedEgyptBefore)} />
      {app.visitedEgyptBefore ? (
        <>
          <Item label="Last visit" value={`${formatShortDay(app.lastVisitDateFrom)} – ${formatShortDay(app.lastVisitDateTo)}`} />
          <Item label="Stayed at" value={app.lastVisitStayLocation} />
        </>
      ) : null}
      <Item label="Has been deported" value={yesNo(app.hasBeenDeported)} />
      {app.hasBeenDeported ? (
        <>
          <Item label="Deported from" value={app.deportedFrom} />
          <Item label="Deportation date" value={formatShortDay(app.deportationDate)} />
          <Item label="Deportation reason" value={app.deportationReason} />
        </>
      ) : null}
    </Fields>
  );
}

/** What a closed 'Payments and guarantee' says: the fees' state and an overdue guarantee. */
export function paymentsSummary(app: ApplicationDto): string {
  const initial = app.initialPaymentId ? 'Initial fee paid' : 'Initial fee unpaid';
  const final = isWaived(app) ? 'final fee waived' : app.finalPaymentId ? 'final fee paid' : 'final fee not paid';
  return `${initial} · ${final}${isOverdue(app) ? ' · OVERDUE' : ''}`;
}

/** The fees, the guarantee, the refunds and the receipts. */
export function PaymentFields({ app }: { app: ApplicationDto }) {
  const { Refunds } = useAdminParts();
  return (
    <div className="space-y-5">
      <Fields>
        <Item label="Initial fee" value={app.initialPaymentId ? INITIAL_PAID_LABEL : 'Unpaid'} />
        <Item label="Initial payment reference" value={app.initialPaymentId} />
        <Item label="Final fee" value={isWaived(app) ? 'Waived (guarantee)' : app.finalPaymentId ? FINAL_PAID_LABEL : 'Not paid'} />
        <Item label="Final payment reference" value={isWaived(app) ? null : app.finalPaymentId} />
        <Item
          label="Guarantee deadline (5 working days)"
          value={
            app.guarantee.deadline ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                {formatDayAndTime(app.guarantee.deadline)}
                {isOverdue(app) ? <Badge tone="red">OVERDUE</Badge> : null}
                {staffGuaranteeText(app.guarantee, app.status) ? (
                  <span className="basis-full text-slate-600" data-testid="guarantee-clock">
                    {staffGuaranteeText(app.guarantee, app.status)}
                  </span>
                ) : null}
              </span>
            ) : (
              'Starts when the initial fee is paid'
            )
          }
        />
        <Item label="Privacy policy accepted" value={yesNo(app.privacyPolicyAccepted)} />
        <Item label="Submitted" value={formatDayAndTime(app.createdAt)} />
        <Item label="Last payment reminder" value={app.paymentReminderSent ? formatDayAndTime(app.paymentReminderSent) : null} />
      </Fields>
      <Refunds app={app} />
      <ReceiptList application={app} staff />
    </div>
  );
}

/** The message of the information request the applicant has (or last had) to answer. */
export function InformationRequested({ app }: { app: ApplicationDto }) {
  return (
    <Fields>
      <Item label="Message to the applicant" value={app.additionalInfoMessage} />
    </Fields>
  );
}

/** The application's documents: a preview of images, a download link for every file. */
export function DocumentsList({ app }: { app: ApplicationDto }) {
  const documents = useDocumentsQuery(app.id);
  return (
    <div>
      {documents.isLoading ? (
        <Spinner label="Loading documents" />
      ) : (documents.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No documents uploaded.</p>
      ) : (
        <ul className="space-y-3">
          {documents.data!.map((doc) => (
            <li key={doc.id} className="rounded-lg border border-slate-200 p-3" data-testid={`document-${doc.id}`}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={doc.type === 'visa' ? 'green' : 'blue'}>{DOCUMENT_TYPE_LABELS[doc.type]}</Badge>
                <span className="font-medium text-slate-900">{doc.fileName}</span>
                <span className="text-slate-500">uploaded {formatDayAndTime(doc.uploadedAt)}</span>
                {doc.fileUrl ? (
                  <a href={doc.fileUrl} download={doc.fileName} className={textLinkClasses()}>
                    Download {doc.fileName}
                  </a>
                ) : null}
                {doc.type === 'passport' ? (
                  <a href={portalCopyUrl(doc.id)} download title="A JPEG of at most 500 KB, as the official portal takes it" className={textLinkClasses()}>
                    Portal copy
                  </a>
                ) : null}
              </div>
              {doc.fileUrl && doc.contentType.startsWith('image/') ? (
                <img
                  src={doc.fileUrl}
                  alt={`${doc.type === 'visa' ? 'E-visa' : doc.type === 'reply' ? 'Document sent with a reply' : 'Passport copy'} of ${app.givenName} ${app.surname}`}
                  loading="lazy"
                  className="mt-2 max-h-64 rounded border border-slate-200 object-contain"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Who changed the status, when, from what to what, with which message. */
export function StatusHistory({ app }: { app: ApplicationDto }) {
  const history = useAdminHistoryQuery(app.id);
  return (
    <div>
      {history.isLoading ? (
        <Spinner label="Loading the status history" />
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The history could not be loaded: {history.error.message}
        </p>
      ) : (history.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No status changes yet.</p>
      ) : (
        <ol className="space-y-2">
          {history.data!.map((h) => (
            <li key={h.id} className="text-sm text-slate-800">
              <span className="font-medium">{formatDayAndTime(h.changedAt)}</span> — {h.changedByName}: {h.fromStatus ? statusLabel(h.fromStatus) : 'New'} → {statusLabel(h.toStatus)}
              {h.message ? <span className="block text-slate-600">“{h.message}”</span> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
