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
import { feeName, personName } from '@core/domain/wording.js';
import { PriceInAll } from './price-in-all.js';
import { ServiceStartConsent } from './service-start-consent.js';

const INCLUDED = ['Application processing and verification', 'Document review by our visa experts', 'Real-time status updates by email', '5 working days guarantee'];

export function PaymentPage() {
  const { applicationId, groupId: searchGroupId, payment_intent: returnedIntent, redirect_status: redirectStatus } = useSearch({ from: '/_authed/payment' });
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
      toast({ title: 'Payment failed', description: `Payment status: ${redirectStatus ?? 'unknown'}. Please try again.`, variant: 'destructive' });
      void navigate({ to: '/payment', search: { applicationId: application.id, type: 'initial' }, replace: true });
      return;
    }
    confirm.mutateAsync({ paymentType: 'initial', applicationId: application.id, paymentIntentId: returnedIntent }).then(
      () => {
        track('payment_succeeded', { applicationId: application.id, paymentType: 'initial', amount: INITIAL_FEE.amount, currency: INITIAL_FEE.currency });
        toast({ title: 'Payment Successful!', description: 'Now please complete your address and hotel details.' });
        void navigate({ to: '/address-details', search: { applicationId: application.id } });
      },
      () => undefined,
    ); // told by the confirmation's toast
  }, [returnedIntent, redirectStatus, application, navigate, confirm]);

  useEffect(() => {
    if (applications.isError) {
      toast({ title: 'Payment Failed', description: serverMessage(applications.error) ?? 'Please try again or contact support.', variant: 'destructive' });
    }
  }, [applications.isError, applications.error]);

  if (applications.isLoading) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <Spinner />
        <h1 className="text-2xl font-semibold text-slate-900">Preparing Your Payment</h1>
        <p className="text-slate-600">Please wait while we load your application.</p>
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
            <h1 className="text-2xl font-semibold text-slate-900">Application Not Found</h1>
            <p className="text-slate-600">We could not find this application in your account. Please check the link or start from your dashboard.</p>
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              Go to Dashboard
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }

  const alreadyPaid = Boolean(application.initialPaymentId);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{alreadyPaid ? 'Payment Complete' : 'Complete Your Payment'}</h1>
      <p className="mt-1 text-slate-600">Application {application.applicationNumber}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          {alreadyPaid ? (
            <CardHeader>
              <CardTitle>Initial Payment Received</CardTitle>
              <CardDescription>Thank you: the {feeName('initial')} for this application has been paid and our experts are processing it.</CardDescription>
            </CardHeader>
          ) : (
            <CardHeader>
              <CardTitle>Initial Payment Required</CardTitle>
              <CardDescription>Secure card payment for your Egypt e-visa application.</CardDescription>
            </CardHeader>
          )}
          <CardContent className="space-y-6">
            {alreadyPaid ? (
              <div data-testid="initial-fee-paid" className="flex items-baseline justify-between rounded-lg bg-green-50 p-4 text-green-900">
                <span className="font-medium">{feeName('initial', { capital: true })}</span>
                <span className="text-2xl font-bold">
                  {formatPence(INITIAL_FEE.amount)} <span className="text-base font-semibold">Paid</span>
                </span>
              </div>
            ) : (
              <>
                <div className="flex items-baseline justify-between rounded-lg bg-gradient-to-r from-blue-50 to-purple-50 p-4">
                  <span className="font-medium text-slate-800">{feeName('initial', { capital: true })}</span>
                  <span className="text-3xl font-bold text-slate-900">{formatPence(INITIAL_FEE.amount)}</span>
                </div>
                {/* One total and the answer's date before paying (docs/product.md §14.4). */}
                <PriceInAll paymentType="initial" withCancellationRight />
              </>
            )}
            <div>
              <h3 className="text-sm font-semibold text-slate-900">What's included</h3>
              <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
                {INCLUDED.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="text-green-600">
                      ✓
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            {alreadyPaid ? (
              <PaidWayOn application={application} />
            ) : returnedIntent && redirectStatus === 'succeeded' ? (
              <p role="status" className="rounded-md bg-blue-50 p-4 text-sm text-blue-900">
                Confirming your payment…
              </p>
            ) : (
              <ServiceStartConsent given={application.serviceStartRequestedAt !== null}>
                {(consented) =>
                  consented ? (
                    <PaymentForm
                      applicationId={application.id}
                      paymentType="initial"
                      returnUrl={`${window.location.origin}/payment?applicationId=${application.id}&type=initial`}
                      successDescription="Now please complete your address and hotel details."
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
              <CardTitle className="text-lg">Application summary</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3 text-sm">
                <SummaryRow label="Application number" value={application.applicationNumber} />
                <SummaryRow label="Given name" value={personName(application.givenName)} />
                <SummaryRow label="Surname" value={personName(application.surname)} />
                <SummaryRow label="Nationality" value={application.nationality} />
                <SummaryRow label="Visa type" value="Egypt Tourist Visa" />
                <SummaryRow label="Status" value={statusLabel(application.status)} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="space-y-2 pt-6 text-sm text-slate-700">
              <h2 className="font-semibold text-slate-900">Secure payment</h2>
              <p className="flex gap-2">
                <LockIcon className="mt-0.5 shrink-0 text-green-700" /> 256-bit SSL encrypted connection
              </p>
              <p className="flex gap-2">
                <ShieldIcon className="mt-0.5 shrink-0 text-green-700" /> PCI DSS compliant card processing
              </p>
              <p className="flex gap-2">
                <CardIcon className="mt-0.5 shrink-0 text-green-700" /> Payments handled by a trusted card payment gateway — we never store your card details
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
  if (!application.address) {
    return (
      <div className="space-y-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
        <p>Now please complete your address and hotel details so we can finish your application.</p>
        <Link to="/address-details" search={{ applicationId: application.id }} className={buttonClasses('primary', 'md')}>
          Continue to Address Details
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <p>Your application is complete. Follow its progress on your dashboard; we will also email you at every step.</p>
      <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
        Go to Dashboard
      </Link>
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
