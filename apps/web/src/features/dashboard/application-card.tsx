import { Link } from '@tanstack/react-router';
import type { ApplicationDto } from '../../api/applications.js';
import { FINAL_FEE, INITIAL_FEE } from '@core/domain/fees.js';
import { applicantStatusLabel, statusBadgeTone } from '@core/domain/status.js';
import { applicantCardBlocks } from '@core/domain/applicant-card.js';
import { formatDay, formatDayAndTime, personName } from '@core/domain/wording.js';
import { Badge } from '../../components/ui/badge.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader } from '../../components/ui/card.js';
import { ReceiptList } from '../../components/receipt-list.js';
import { useDashboardParts } from './parts.js';
import { PassportCheckNotice } from './passport-check-notice.js';
import { ApplicationTimeline, GuaranteeClock, GuaranteeMissedNotice, rejectionReasonOf } from '../../components/application-timeline.js';
import type { ReactNode } from 'react';
import { Sentence, slot } from '../../lib/sentence.js';
import { useT } from '../../lib/i18n.js';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** One application on the dashboard; what it offers depends on its status (docs/product.md §3.4). */
export function ApplicationCard({ application: app }: { application: ApplicationDto }) {
  const { t, tc, intl } = useT();
  const { PaymentPanel, EvisaStatus, ReplyToRequest, CancellationNotice, CancelApplication, RefundedNotice } = useDashboardParts();
  const status = app.status.toLowerCase();
  const initialPaid = Boolean(app.initialPaymentId);
  const finalPaid = Boolean(app.finalPaymentId);
  const show = applicantCardBlocks({
    status,
    initialPaid,
    finalPaid,
    inFamily: typeof app.groupId === 'number',
    hasAddress: Boolean(app.address),
    cancelled: Boolean(app.cancelledAt),
    waitingForApplicant: Boolean(app.guarantee?.paused),
    informationRequested: Boolean(app.additionalInfoMessage) || app.requiresPassportReupload || Boolean(app.passportReuploadedAt),
    passportMismatch: app.passportCheck?.status === 'mismatch',
    refundedPence: app.refundedAmount ?? 0,
  });

  return (
    <Card className="flex flex-col" data-testid={`application-${app.id}`}>
      <CardHeader className="pb-3">
        {/* In a narrow card the badge goes below rather than squeezing the number onto two lines. */}
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">
              <bdi>{personName(`${app.givenName} ${app.surname}`)}</bdi>
            </h2>
            <p className="text-sm text-slate-600">
              <Sentence
                text={t('Application {number}', { number: slot('number') })}
                parts={{
                  number: (
                    <span className="whitespace-nowrap" dir="ltr">
                      {app.applicationNumber}
                    </span>
                  ),
                }}
              />
            </p>
          </div>
          {app.cancelledAt ? <Badge tone="grey">{t('Cancelled')}</Badge> : <Badge tone={statusBadgeTone(status)}>{tc(applicantStatusLabel(status))}</Badge>}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3">
          <Detail label={t('Nationality')} value={<bdi>{app.nationality}</bdi>} />
          <Detail label={t('Entry')} value={t('{entry, select, Multiple {Multiple} other {Single}}', { entry: app.entry })} />
          <Detail label={t('Arrival')} value={formatDay(app.expectedArrivalDate, intl)} />
          <Detail label={t('Departure')} value={formatDay(app.expectedDepartureDate, intl)} />
          <Detail label={t('Submitted')} value={formatDay(app.createdAt, intl)} />
          {show.guaranteeDay && app.guarantee?.deadline ? <Detail label={t('Guaranteed answer by')} value={formatDay(app.guarantee.deadline, intl)} /> : null}
        </dl>
        <GuaranteeClock guarantee={app.guarantee} status={status} />
        {show.passportCheck ? <PassportCheckNotice application={app} /> : null}
        {show.refund ? <RefundedNotice application={app} /> : null}
        {finalPaid ? null : <GuaranteeMissedNotice guarantee={app.guarantee} status={status} />}

        {show.initialFee === 'panel' ? <PaymentPanel applicationId={app.id} paymentType="initial" amount={INITIAL_FEE.amount} serviceStartRequested={app.serviceStartRequestedAt !== null} /> : null}
        {show.initialFee === 'family' ? (
          // A family application's initial fees are one payment: its group's heading offers it.
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('The initial fee is paid once for the whole family, above')}</p>
        ) : null}

        {show.beingProcessed ? <p className="rounded-md bg-blue-50 p-3 text-sm font-medium text-blue-900">{t('Initial Payment Complete - your application is being processed')}</p> : null}

        {show.addressRequest ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>{t('Please complete your address and hotel details so we can finish your application.')}</p>
            <Link to="/address-details" search={{ applicationId: app.id }} className={buttonClasses('outline', 'sm', 'mt-2')}>
              {t('Add address details')}
            </Link>
          </div>
        ) : null}

        {show.informationRequest ? (
          <div className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
            <h3 className="font-semibold">{t('Additional information required')}</h3>
            {/* Staff's own words, as typed: never translated, kept in their own direction. */}
            {app.additionalInfoMessage ? (
              <p className="mt-1 whitespace-pre-line">
                <bdi>{app.additionalInfoMessage}</bdi>
              </p>
            ) : null}
            {app.requiresPassportReupload ? (
              <div className="mt-3">
                <p>{t('Our team needs a new copy of your passport.')}</p>
                <Link to="/passport-upload" search={{ applicationId: app.id }} className={buttonClasses('primary', 'sm', 'mt-2')}>
                  {t('Re-upload Passport')}
                </Link>
              </div>
            ) : app.passportReuploadedAt ? (
              <p className="mt-2 font-medium text-green-800">{t('Passport Re-uploaded Successfully ({when})', { when: formatDayAndTime(app.passportReuploadedAt, intl) })}</p>
            ) : null}
            <ReplyToRequest application={app} />
          </div>
        ) : null}

        {show.finalFee ? <PaymentPanel applicationId={app.id} paymentType="final" amount={FINAL_FEE.amount} serviceStartRequested /> : null}

        {status === 'final_payment_received' ? <EvisaStatus application={app} /> : null}

        <CancellationNotice application={app} />
        {show.rejection ? (
          <div className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            <p>{t('Your application has been rejected. Please contact support for more information.')}</p>
            {rejectionReasonOf(app.timeline) ? (
              <p className="mt-2 whitespace-pre-line" data-testid="rejection-reason">
                <span className="font-semibold">{t('Reason:')} </span>
                <bdi>{rejectionReasonOf(app.timeline)}</bdi>
              </p>
            ) : null}
          </div>
        ) : null}
        <ReceiptList application={app} />
        <ApplicationTimeline timeline={app.timeline} />
        <CancelApplication application={app} />
      </CardContent>
    </Card>
  );
}
