import type { ReactNode } from 'react';
import { DOCUMENT_TYPE_LABELS } from '../../../../../core/domain/document.js';
import { statusLabel } from '../../../../../core/domain/status.js';
import { useDocumentsQuery } from '../../api/applications.js';
import { Badge } from '../../components/ui/badge.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ReceiptList } from '../receipts/receipt-list.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { FINAL_PAID_LABEL, INITIAL_PAID_LABEL, isOverdue, isWaived } from './badges.js';
import { RefundsSection } from '../refunds/refunds-section.js';
import { portalCopyUrl, useAdminHistoryQuery, type AdminApplicationDto as ApplicationDto, type AdminEntryDto } from './api.js';
import { staffGuaranteeText } from '../../../../../core/domain/guarantee-text.js';

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}

/** Every field of an application (docs/product.md §10.2), grouped as the applicant filled them in. */
export function ApplicationFields({ entry, app }: { entry: AdminEntryDto; app: ApplicationDto }) {
  return (
    <div className="space-y-5">
      <Section title="Applicant">
        <Item label="Account email" value={entry.user.email} />
        <Item label="Account name" value={entry.user.fullName} />
        <Item label="Phone number" value={entry.user.phoneNumber} />
        <Item label="Application number" value={app.applicationNumber} />
      </Section>
      <Section title="Personal information">
        <Item label="Given name" value={app.givenName} />
        <Item label="Surname" value={app.surname} />
        <Item label="Gender" value={app.gender === 'male' ? 'Male' : 'Female'} />
        <Item label="Date of birth" value={formatDate(app.dateOfBirth)} />
        <Item label="Nationality" value={app.nationality} />
        <Item label="Country of birth" value={app.countryOfBirth} />
        <Item label="Original nationality" value={app.originalNationality} />
        <Item label="Other nationalities" value={app.otherNationalities ? `Yes: ${app.otherNationality ?? ''}` : 'No'} />
        <Item label="Marital status" value={statusLabel(app.maritalStatus)} />
        <Item label="Profession" value={app.profession} />
      </Section>
      <Section title="Passport">
        <Item label="Passport number" value={app.passportNumber} />
        <Item label="Passport expiry" value={formatDate(app.passportExpiry)} />
        <Item label="Re-upload requested" value={yesNo(app.requiresPassportReupload)} />
        <Item label="Re-uploaded at" value={app.passportReuploadedAt ? formatDateTime(app.passportReuploadedAt) : null} />
      </Section>
      <Section title="Travel">
        <Item label="Purpose of visit" value={statusLabel(app.purposeOfVisit)} />
        <Item label="Entry" value={app.entry} />
        <Item label="Expected arrival" value={formatDate(app.expectedArrivalDate)} />
        <Item label="Expected departure" value={formatDate(app.expectedDepartureDate)} />
        <Item label="Address" value={app.address} />
        <Item label="City" value={app.city} />
        <Item label="Postcode" value={app.postcode} />
        <Item label="Hotel details" value={app.hotelDetails} />
      </Section>
      <Section title="Travel history">
        <Item label="Visited Egypt before" value={yesNo(app.visitedEgyptBefore)} />
        {app.visitedEgyptBefore ? (
          <>
            <Item label="Last visit" value={`${formatDate(app.lastVisitDateFrom)} – ${formatDate(app.lastVisitDateTo)}`} />
            <Item label="Stayed at" value={app.lastVisitStayLocation} />
          </>
        ) : null}
        <Item label="Has been deported" value={yesNo(app.hasBeenDeported)} />
        {app.hasBeenDeported ? (
          <>
            <Item label="Deported from" value={app.deportedFrom} />
            <Item label="Deportation date" value={formatDate(app.deportationDate)} />
            <Item label="Deportation reason" value={app.deportationReason} />
          </>
        ) : null}
      </Section>
      <Section title="Payments and guarantee">
        <Item label="Initial fee" value={app.initialPaymentId ? INITIAL_PAID_LABEL : 'Unpaid'} />
        <Item label="Initial payment reference" value={app.initialPaymentId} />
        <Item label="Final fee" value={isWaived(app) ? 'Waived (guarantee)' : app.finalPaymentId ? FINAL_PAID_LABEL : 'Not paid'} />
        <Item label="Final payment reference" value={isWaived(app) ? null : app.finalPaymentId} />
        <Item
          label="Guarantee deadline (5 working days)"
          value={
            app.guarantee.deadline ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                {formatDateTime(app.guarantee.deadline)}
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
        <Item label="Submitted" value={formatDateTime(app.createdAt)} />
        <Item label="Last payment reminder" value={app.paymentReminderSent ? formatDateTime(app.paymentReminderSent) : null} />
      </Section>
      <RefundsSection app={app} />
      <ReceiptList application={app} staff />
      {app.additionalInfoMessage ? (
        <Section title="Information requested">
          <Item label="Message to the applicant" value={app.additionalInfoMessage} />
        </Section>
      ) : null}
    </div>
  );
}

/** The application's documents: a preview of images, a download link for every file. */
export function DocumentsList({ app }: { app: ApplicationDto }) {
  const documents = useDocumentsQuery(app.id);
  return (
    <section>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Documents</h3>
      {documents.isLoading ? (
        <Spinner className="mt-2" label="Loading documents" />
      ) : (documents.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No documents uploaded.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {documents.data!.map((doc) => (
            <li key={doc.id} className="rounded-lg border border-slate-200 p-3" data-testid={`document-${doc.id}`}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={doc.type === 'visa' ? 'green' : 'blue'}>{DOCUMENT_TYPE_LABELS[doc.type]}</Badge>
                <span className="font-medium text-slate-900">{doc.fileName}</span>
                <span className="text-slate-500">uploaded {formatDateTime(doc.uploadedAt)}</span>
                {doc.fileUrl ? (
                  <a href={doc.fileUrl} download={doc.fileName} className="text-blue-700 underline hover:text-blue-900">
                    Download {doc.fileName}
                  </a>
                ) : null}
                {doc.type === 'passport' ? (
                  <a
                    href={portalCopyUrl(doc.id)}
                    download
                    title="A JPEG of at most 500 KB, as the official portal takes it"
                    className="text-blue-700 underline hover:text-blue-900"
                  >
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
    </section>
  );
}

/** Who changed the status, when, from what to what, with which message. */
export function StatusHistory({ app }: { app: ApplicationDto }) {
  const history = useAdminHistoryQuery(app.id);
  return (
    <section>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Status history</h3>
      {history.isLoading ? (
        <Spinner className="mt-2" label="Loading the status history" />
      ) : history.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The history could not be loaded: {history.error.message}
        </p>
      ) : (history.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No status changes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {history.data!.map((h) => (
            <li key={h.id} className="text-sm text-slate-800">
              <span className="font-medium">{formatDateTime(h.changedAt)}</span> — {h.changedByName}:{' '}
              {h.fromStatus ? statusLabel(h.fromStatus) : 'New'} → {statusLabel(h.toStatus)}
              {h.message ? <span className="block text-slate-600">“{h.message}”</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
