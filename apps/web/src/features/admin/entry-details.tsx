import type { ReactNode } from 'react';
import { formatDay, formatDayAndTime, formatShortDay } from '@core/domain/wording.js';
import { DOCUMENT_TYPE_LABELS } from '@core/domain/document.js';
import { statusLabel } from '@core/domain/status.js';
import { useDocumentsQuery } from '../../api/applications.js';
import { Badge } from '../../components/ui/badge.js';
import { Spinner } from '../../components/ui/spinner.js';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { ReceiptList } from '../../components/receipt-list.js';

import { finalPaidLabel, initialPaidLabel, isOverdue, isWaived } from './badges.js';
import { useAdminParts } from './parts.js';
import { PassportNumberReveal } from '../../components/passport-reveal.js';
import { portalCopyUrl, useAdminHistoryQuery, type AdminApplicationDto as ApplicationDto, type AdminEntryDto } from './api.js';
import { staffGuaranteeText, type GuaranteeClockView } from '@core/domain/guarantee-text.js';
import type { Locale } from '@core/domain/locale.js';
import { msg, type Translate } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';

/** How the panel has always written a civil status (statusLabel's words: 'Widow'), marked for the catalog. */
const MARITAL_STATUS_LABELS: Partial<Record<string, string>> = { single: msg('Single'), married: msg('Married'), divorced: msg('Divorced'), widow: msg('Widow') };

function yesNo(value: boolean, t: Translate): string {
  return value ? t('Yes') : t('No');
}

/** A section's fields, two columns from the small breakpoint (its title is the panel section's). */
function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">{children}</dl>;
}

/** `data`: what the applicant typed (or a reference), shown as it is and isolated from the page's direction ('ltr' for emails, numbers, references). */
function Item({ label, value, data }: { label: string; value: ReactNode; data?: 'typed' | 'ltr' }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{empty ? '—' : data === 'ltr' ? <bdi dir="ltr">{value}</bdi> : data === 'typed' ? <bdi>{value}</bdi> : value}</dd>
    </div>
  );
}

// Every field of an application (docs/product.md §10.2), grouped as the applicant filled them in:
// one component per side-panel section.

export function ApplicantFields({ entry, app }: { entry: AdminEntryDto; app: ApplicationDto }) {
  const { t } = useT();
  return (
    <Fields>
      <Item label={t('Account email')} value={entry.user.email} data="ltr" />
      <Item label={t('Account name')} value={entry.user.fullName} data="typed" />
      <Item label={t('Phone number')} value={entry.user.phoneNumber} data="ltr" />
      <Item label={t('Application number')} value={app.applicationNumber} data="ltr" />
    </Fields>
  );
}

export function PersonalFields({ app }: { app: ApplicationDto }) {
  const { t, intl } = useT();
  return (
    <Fields>
      <Item label={t('Given name')} value={app.givenName} data="typed" />
      <Item label={t('Surname')} value={app.surname} data="typed" />
      <Item label={t('Gender')} value={app.gender === 'male' ? t('Male') : t('Female')} />
      <Item label={t('Date of birth')} value={formatShortDay(app.dateOfBirth, intl)} />
      <Item label={t('Nationality')} value={app.nationality} data="typed" />
      <Item label={t('Country of birth')} value={app.countryOfBirth} data="typed" />
      <Item label={t('Original nationality')} value={app.originalNationality} data="typed" />
      <Item
        label={t('Other nationalities')}
        value={app.otherNationalities ? <Sentence text={t('Yes: {nationality}', { nationality: slot('nationality') })} parts={{ nationality: <bdi>{app.otherNationality ?? ''}</bdi> }} /> : t('No')}
      />
      <Item label={t('Marital status')} value={t(MARITAL_STATUS_LABELS[app.maritalStatus] ?? statusLabel(app.maritalStatus))} />
      <Item label={t('Profession')} value={app.profession} data="typed" />
    </Fields>
  );
}

export function PassportFields({ app }: { app: ApplicationDto }) {
  const { t, intl } = useT();
  return (
    <Fields>
      <Item label={t('Passport number')} value={<PassportNumberReveal app={app} />} />
      <Item label={t('Passport expiry')} value={formatShortDay(app.passportExpiry, intl)} />
      <Item label={t('Re-upload requested')} value={yesNo(app.requiresPassportReupload, t)} />
      <Item label={t('Re-uploaded at')} value={app.passportReuploadedAt ? formatDayAndTime(app.passportReuploadedAt, intl) : null} />
    </Fields>
  );
}

export function TravelFields({ app }: { app: ApplicationDto }) {
  const { t, intl } = useT();
  return (
    <Fields>
      <Item label={t('Purpose of visit')} value={t(app.purposeOfVisit === 'tourism' ? msg('Tourism') : statusLabel(app.purposeOfVisit))} />
      <Item label={t('Entry')} value={app.entry} data="typed" />
      <Item label={t('Expected arrival')} value={formatShortDay(app.expectedArrivalDate, intl)} />
      <Item label={t('Expected departure')} value={formatShortDay(app.expectedDepartureDate, intl)} />
      <Item label={t('Address')} value={app.address} data="typed" />
      <Item label={t('City')} value={app.city} data="typed" />
      <Item label={t('Postcode')} value={app.postcode} data="typed" />
      <Item label={t('Hotel details')} value={app.hotelDetails} data="typed" />
    </Fields>
  );
}

/** What a closed 'Travel history' says: the two answers that matter. */
export function travelHistorySummary(app: ApplicationDto, t: Translate): string {
  return t('Visited before: {visited} · Deported: {deported}', { visited: yesNo(app.visitedEgyptBefore, t), deported: yesNo(app.hasBeenDeported, t) });
}

export function TravelHistoryFields({ app }: { app: ApplicationDto }) {
  const { t, intl } = useT();
  return (
    <Fields>
      <Item label={t('Visited Egypt before')} value={yesNo(app.visitedEgyptBefore, t)} />
      {app.visitedEgyptBefore ? (
        <>
          <Item label={t('Last visit')} value={t('{from} – {to}', { from: formatShortDay(app.lastVisitDateFrom, intl), to: formatShortDay(app.lastVisitDateTo, intl) })} />
          <Item label={t('Stayed at')} value={app.lastVisitStayLocation} data="typed" />
        </>
      ) : null}
      <Item label={t('Has been deported')} value={yesNo(app.hasBeenDeported, t)} />
      {app.hasBeenDeported ? (
        <>
          <Item label={t('Deported from')} value={app.deportedFrom} data="typed" />
          <Item label={t('Deportation date')} value={formatShortDay(app.deportationDate, intl)} />
          <Item label={t('Deportation reason')} value={app.deportationReason} data="typed" />
        </>
      ) : null}
    </Fields>
  );
}

/** What a closed 'Payments and guarantee' says: the fees' state and an overdue guarantee. */
export function paymentsSummary(app: ApplicationDto, t: Translate): string {
  const final = isWaived(app) ? 'waived' : app.finalPaymentId ? 'paid' : 'unpaid';
  const values = { initial: app.initialPaymentId ? 'paid' : 'unpaid', final };
  const summary = t('{initial, select, paid {Initial fee paid} other {Initial fee unpaid}} · {final, select, waived {final fee waived} paid {final fee paid} other {final fee not paid}}', values);
  return isOverdue(app) ? t('{summary} · OVERDUE', { summary }) : summary;
}

/**
 * staffGuaranteeText's line in the page's language, built from the same facts (the English is the
 * core's, word for word).
 */
export function staffGuaranteeLine(guarantee: GuaranteeClockView | null | undefined, status: string, t: Translate, intl: Locale): string | null {
  if (!guarantee || staffGuaranteeText(guarantee, status) === null) return null;
  const values = { used: guarantee.workingDaysUsed, total: guarantee.workingDaysTotal, by: formatDay(guarantee.deadline, intl) };
  if (guarantee.breached) return t('Guarantee missed (deadline {by})', values);
  if (guarantee.paused && guarantee.pausedFor === 'portal') return t('Paused — the official portal is down ({used} of {total} working days used)', values);
  if (guarantee.paused) return t('Paused — waiting on the applicant ({used} of {total} working days used)', values);
  return t('Working day {used} of {total} — due {by}', values);
}

/** The fees, the guarantee, the refunds and the receipts. */
export function PaymentFields({ app }: { app: ApplicationDto }) {
  const { Refunds } = useAdminParts();
  const { t, intl } = useT();
  const guaranteeText = staffGuaranteeLine(app.guarantee, app.status, t, intl);
  return (
    <div className="space-y-5">
      <Fields>
        <Item label={t('Initial fee')} value={app.initialPaymentId ? initialPaidLabel(t, intl) : t('Unpaid')} />
        <Item label={t('Initial payment reference')} value={app.initialPaymentId} data="ltr" />
        <Item label={t('Final fee')} value={isWaived(app) ? t('Waived (guarantee)') : app.finalPaymentId ? finalPaidLabel(t, intl) : t('Not paid')} />
        <Item label={t('Final payment reference')} value={isWaived(app) ? null : app.finalPaymentId} data="ltr" />
        <Item
          label={t('Guarantee deadline (5 working days)')}
          value={
            app.guarantee.deadline ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                {formatDayAndTime(app.guarantee.deadline, intl)}
                {isOverdue(app) ? <Badge tone="red">{t('OVERDUE')}</Badge> : null}
                {guaranteeText ? (
                  <span className="basis-full text-slate-600" data-testid="guarantee-clock">
                    {guaranteeText}
                  </span>
                ) : null}
              </span>
            ) : (
              t('Starts when the initial fee is paid')
            )
          }
        />
        <Item label={t('Privacy policy accepted')} value={yesNo(app.privacyPolicyAccepted, t)} />
        <Item label={t('Submitted')} value={formatDayAndTime(app.createdAt, intl)} />
        <Item label={t('Last payment reminder')} value={app.paymentReminderSent ? formatDayAndTime(app.paymentReminderSent, intl) : null} />
      </Fields>
      <Refunds app={app} />
      <ReceiptList application={app} staff />
    </div>
  );
}

/** The message of the information request the applicant has (or last had) to answer. */
export function InformationRequested({ app }: { app: ApplicationDto }) {
  const { t } = useT();
  return (
    <Fields>
      <Item label={t('Message to the applicant')} value={app.additionalInfoMessage} data="typed" />
    </Fields>
  );
}

/** The application's documents: a preview of images, a download link for every file. */
export function DocumentsList({ app }: { app: ApplicationDto }) {
  const documents = useDocumentsQuery(app.id);
  const { t, tc, intl } = useT();
  return (
    <div>
      {documents.isLoading ? (
        <Spinner label={t('Loading documents')} />
      ) : (documents.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">{t('No documents uploaded.')}</p>
      ) : (
        <ul className="space-y-3">
          {documents.data!.map((doc) => (
            <li key={doc.id} className="rounded-lg border border-slate-200 p-3" data-testid={`document-${doc.id}`}>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={doc.type === 'visa' ? 'green' : 'blue'}>{tc(DOCUMENT_TYPE_LABELS[doc.type])}</Badge>
                <bdi className="font-medium text-slate-900">{doc.fileName}</bdi>
                <span className="text-slate-500">{t('uploaded {when}', { when: formatDayAndTime(doc.uploadedAt, intl) })}</span>
                {doc.fileUrl ? (
                  <a href={doc.fileUrl} download={doc.fileName} className={textLinkClasses()}>
                    <Sentence text={t('Download {fileName}', { fileName: slot('fileName') })} parts={{ fileName: <bdi>{doc.fileName}</bdi> }} />
                  </a>
                ) : null}
                {doc.type === 'passport' ? (
                  <a href={portalCopyUrl(doc.id)} download title={t('A JPEG of at most 500 KB, as the official portal takes it')} className={textLinkClasses()}>
                    {t('Portal copy')}
                  </a>
                ) : null}
              </div>
              {doc.fileUrl && doc.contentType.startsWith('image/') ? (
                <img
                  src={doc.fileUrl}
                  alt={t('{kind, select, visa {E-visa} reply {Document sent with a reply} other {Passport copy}} of {name}', { kind: doc.type, name: `${app.givenName} ${app.surname}` })}
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
  const { t, tc, intl } = useT();
  return (
    <div>
      {history.isLoading ? (
        <Spinner label={t('Loading the status history')} />
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('The history could not be loaded: {error}', { error: history.error.message })}
        </p>
      ) : (history.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">{t('No status changes yet.')}</p>
      ) : (
        <ol className="space-y-2">
          {history.data!.map((h) => (
            <li key={h.id} className="text-sm text-slate-800">
              <Sentence
                text={t('{when} — {who}: {from} → {to}', { when: slot('when'), who: slot('who'), from: h.fromStatus ? tc(statusLabel(h.fromStatus)) : t('New'), to: tc(statusLabel(h.toStatus)) })}
                parts={{ when: <span className="font-medium">{formatDayAndTime(h.changedAt, intl)}</span>, who: <bdi>{h.changedByName}</bdi> }}
              />
              {h.message ? (
                <span className="block text-slate-600">
                  “<bdi>{h.message}</bdi>”
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
