import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { track } from '../../lib/analytics.js';
import { serverMessage } from '../../api/client.js';
import { toast } from '../../lib/toast-store.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { statusLabel } from '@core/domain/status.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { CardIcon, LockIcon, ShieldIcon } from '../../components/ui/icons.js';
import { Spinner } from '../../components/ui/spinner.js';
import { formatPence } from '../../lib/format.js';
import type { ApplicationDto } from '../../api/applications.js';
import { usePaymentPageApplicationsQuery } from './api.js';
import { GroupPayment } from './group-payment.js';
import { PaymentForm, useConfirmPayment } from './payment-form.js';
import { HonestPrice } from '../../components/honest-price.js';
import { personName } from '@core/domain/wording.js';
import { PriceInAll } from './price-in-all.js';
import { ServiceStartConsent } from './service-start-consent.js';
import type { ReactNode } from 'react';
import { isolate } from '../../lib/bidi.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

const INCLUDED = [msg('Application processing and verification'), msg('Document review by our visa experts'), msg('Real-time status updates by email'), msg('5 working days guarantee')];

export function PaymentPage() {
  const { applicationId, groupId: searchGroupId, payment_intent: returnedIntent, redirect_status: redirectStatus } = useSearch({ from: '/_authed/payment' });
  const { t, tc, intl, dir } = useT();
  const navigate = useNavigate();
  const applications = usePaymentPageApplicationsQuery();
  const single = applications.data?.find((a) => a.id === applicationId);
  // A family application's initial fees are paid once for the group (also when a traveller's link is followed).
  const groupId = searchGroupId ?? (single && typeof single.groupId === 'number' && !single.initialPaymentId ? single.groupId : undefined);
  const members = groupId === undefined ? [] : (applications.data ?? []).filter((a) => a.groupId === groupId).sort((a, b) => a.id - b.id);
  const application = groupId === undefined ? single : undefined;
  const confirm = useConfirmPayment();

  // Back from a Stripe redirect (3-D Secure): record the payment, or say it failed.
  const handledReturn = useRef(false);
  useEffect(() => {
    if (!returnedIntent || !application || handledReturn.current) return;
    handledReturn.current = true;
    if (redirectStatus !== 'succeeded') {
      toast({ title: t('Payment failed'), description: t('Payment status: {status}. Please try again.', { status: redirectStatus ?? 'unknown' }), variant: 'destructive' });
      void navigate({ to: '/payment', search: { applicationId: application.id, type: 'initial' }, replace: true });
      return;
    }
    confirm.mutateAsync({ paymentType: 'initial', applicationId: application.id, paymentIntentId: returnedIntent }).then(
      () => {
        track('payment_succeeded', { applicationId: application.id, paymentType: 'initial', amount: INITIAL_FEE.amount, currency: INITIAL_FEE.currency });
        toast({ title: t('Payment Successful!'), description: t('Now please complete your address and hotel details.') });
        void navigate({ to: '/address-details', search: { applicationId: application.id } });
      },
      () => undefined,
    ); // told by the confirmation's toast
  }, [returnedIntent, redirectStatus, application, navigate, confirm, t]);

  useEffect(() => {
    if (applications.isError) {
      toast({ title: t('Payment Failed'), description: serverMessage(applications.error) ?? t('Please try again or contact support.'), variant: 'destructive' });
    }
  }, [applications.isError, applications.error, t]);

  if (applications.isLoading) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <Spinner />
        <h1 className="text-2xl font-semibold text-slate-900">{t('Preparing Your Payment')}</h1>
        <p className="text-slate-600">{t('Please wait while we load your application.')}</p>
      </div>
    );
  }

  if (groupId !== undefined && members.length > 0) {
    return <GroupPayment groupId={groupId} members={members} returned={returnedIntent ? { paymentIntentId: returnedIntent, status: redirectStatus } : undefined} />;
  }

  if (!application) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <CardContent className="space-y-4 pt-8">
            <h1 className="text-2xl font-semibold text-slate-900">{t('Application Not Found')}</h1>
            <p className="text-slate-600">{t('We could not find this application in your account. Please check the link or start from your dashboard.')}</p>
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              {t('Go to Dashboard')}
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }

  const alreadyPaid = Boolean(application.initialPaymentId);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{alreadyPaid ? t('Payment Complete') : t('Complete Your Payment')}</h1>
      <p className="mt-1 text-slate-600">{t('Application {number}', { number: isolate(application.applicationNumber, dir) })}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          {alreadyPaid ? (
            <CardHeader>
              <CardTitle>{t('Initial Payment Received')}</CardTitle>
              <CardDescription>{t('Thank you: the initial fee for this application has been paid and our experts are processing it.')}</CardDescription>
            </CardHeader>
          ) : (
            <CardHeader>
              <CardTitle>{t('Initial Payment Required')}</CardTitle>
              <CardDescription>{t('Secure card payment for your Egypt e-visa application.')}</CardDescription>
            </CardHeader>
          )}
          <CardContent className="space-y-6">
            {alreadyPaid ? (
              <div data-testid="initial-fee-paid" className="flex items-baseline justify-between rounded-lg bg-green-50 p-4 text-green-900">
                <span className="font-medium">{t('Initial fee')}</span>
                <span className="text-2xl font-bold">
                  {formatPence(INITIAL_FEE.amount, intl)} <span className="text-base font-semibold">{t('Paid')}</span>
                </span>
              </div>
            ) : (
              <>
                <div className="flex items-baseline justify-between rounded-lg bg-gradient-to-r from-blue-50 to-purple-50 p-4">
                  <span className="font-medium text-slate-800">{t('Initial fee')}</span>
                  <span className="text-3xl font-bold text-slate-900">{formatPence(INITIAL_FEE.amount, intl)}</span>
                </div>
                {/* One total and the answer's date before paying (docs/product.md §14.4). */}
                <PriceInAll paymentType="initial" withCancellationRight />
              </>
            )}
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t("What's included")}</h3>
              <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
                {INCLUDED.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="text-green-600">
                      ✓
                    </span>
                    {t(item)}
                  </li>
                ))}
              </ul>
            </div>
            {alreadyPaid ? (
              <PaidWayOn application={application} />
            ) : returnedIntent && redirectStatus === 'succeeded' ? (
              <p role="status" className="rounded-md bg-blue-50 p-4 text-sm text-blue-900">
                {t('Confirming your payment…')}
              </p>
            ) : (
              <ServiceStartConsent given={application.serviceStartRequestedAt !== null}>
                {(consented) =>
                  consented ? (
                    <PaymentForm
                      applicationId={application.id}
                      paymentType="initial"
                      returnUrl={`${window.location.origin}/payment?applicationId=${application.id}&type=initial`}
                      successDescription={t('Now please complete your address and hotel details.')}
                      onSuccess={() => {
                        void navigate({ to: '/address-details', search: { applicationId: application.id } });
                      }}
                    />
                  ) : null
                }
              </ServiceStartConsent>
            )}
            <HonestPrice />
          </CardContent>
        </Card>
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('Application summary')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3 text-sm">
                <SummaryRow label={t('Application number')} value={<bdi dir="ltr">{application.applicationNumber}</bdi>} />
                <SummaryRow label={t('Given name')} value={<bdi>{personName(application.givenName)}</bdi>} />
                <SummaryRow label={t('Surname')} value={<bdi>{personName(application.surname)}</bdi>} />
                <SummaryRow label={t('Nationality')} value={<bdi>{application.nationality}</bdi>} />
                <SummaryRow label={t('Visa type')} value={t('Egypt Tourist Visa')} />
                <SummaryRow label={t('Status')} value={tc(statusLabel(application.status))} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="space-y-2 pt-6 text-sm text-slate-700">
              <h2 className="font-semibold text-slate-900">{t('Secure payment')}</h2>
              <p className="flex gap-2">
                <LockIcon className="mt-0.5 shrink-0 text-green-700" /> {t('256-bit SSL encrypted connection')}
              </p>
              <p className="flex gap-2">
                <ShieldIcon className="mt-0.5 shrink-0 text-green-700" /> {t('PCI DSS compliant card processing')}
              </p>
              <p className="flex gap-2">
                <CardIcon className="mt-0.5 shrink-0 text-green-700" /> {t('Payments handled by a trusted card payment gateway — we never store your card details')}
              </p>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** After the initial fee: the address details while they are missing, else the dashboard. */
function PaidWayOn({ application }: { application: ApplicationDto }) {
  const { t } = useT();
  if (!application.address) {
    return (
      <div className="space-y-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
        <p>{t('Now please complete your address and hotel details so we can finish your application.')}</p>
        <Link to="/address-details" search={{ applicationId: application.id }} className={buttonClasses('primary', 'md')}>
          {t('Continue to Address Details')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <p>{t('Your application is complete. Follow its progress on your dashboard; we will also email you at every step.')}</p>
      <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
        {t('Go to Dashboard')}
      </Link>
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-end font-medium text-slate-900">{value}</dd>
    </div>
  );
}
