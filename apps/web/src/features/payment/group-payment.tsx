import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { serverMessage } from '../../api/client.js';
import { track } from '../../lib/analytics.js';
import { toast } from '../../lib/toast-store.js';
import { useConfirmGroupPaymentMutation } from './api.js';
import { groupInitialFee } from '@core/domain/application-group.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { statusLabel } from '@core/domain/status.js';
import type { ApplicationDto } from '../../api/applications.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { formatPence } from '../../lib/format.js';
import { PaymentForm } from './payment-form.js';
import { HonestPrice } from '../../components/honest-price.js';
import { feeName, personName } from '@core/domain/wording.js';
import { PriceInAll } from './price-in-all.js';
import { ServiceStartConsent } from './service-start-consent.js';

/**
 * A family application's initial fees, paid once: £10 per traveller in one card payment (the amount
 * is the server's), after which every traveller's application is being processed.
 */
export function GroupPayment({
  groupId,
  members,
  returned,
}: {
  groupId: number;
  members: ApplicationDto[];
  /** Back from a Stripe redirect (3-D Secure). */
  returned?: { paymentIntentId: string; status: string | undefined };
}) {
  const navigate = useNavigate();
  const confirm = useConfirmGroupPaymentMutation();
  const handledReturn = useRef(false);
  useEffect(() => {
    if (!returned || handledReturn.current) return;
    handledReturn.current = true;
    if (returned.status !== 'succeeded') {
      toast({ title: 'Payment failed', description: `Payment status: ${returned.status ?? 'unknown'}. Please try again.`, variant: 'destructive' });
      void navigate({ to: '/payment', search: { groupId }, replace: true });
      return;
    }
    confirm.mutateAsync({ groupId, paymentIntentId: returned.paymentIntentId }).then(
      () => {
        track('payment_succeeded', { applicationId: members[0]!.id, paymentType: 'initial', amount: groupInitialFee(members.length).amount, currency: 'gbp', groupId, groupSize: members.length });
        toast({ title: 'Payment Successful!', description: 'Every traveller’s application is now being processed.' });
        void navigate({ to: '/dashboard' });
      },
      (error: unknown) => {
        toast({ title: 'Payment Confirmation Failed', description: serverMessage(error) ?? 'Please contact support if needed.', variant: 'destructive' });
      },
    );
  }, [returned, groupId, members, confirm, navigate]);
  const lead = members[0]!;
  const due = groupInitialFee(members.length);
  const paid = members.every((m) => Boolean(m.initialPaymentId));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{paid ? 'Payment Complete' : 'Complete Your Payment'}</h1>
      <p className="mt-1 text-slate-600">Family application · {members.length} travellers</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{paid ? 'Initial Payments Received' : 'Initial Payment Required'}</CardTitle>
            <CardDescription>
              {paid
                ? `Thank you: the ${feeName('initial')}s of every traveller have been paid and our experts are processing the applications.`
                : `One secure card payment for the ${members.length} travellers of your family application.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <div className="flex items-baseline justify-between rounded-lg bg-gradient-to-r from-blue-50 to-purple-50 p-4">
              <span className="font-medium text-slate-800">
                {feeName('initial', { capital: true })} · {members.length} × {formatPence(INITIAL_FEE.amount)}
              </span>
              <span data-testid="group-fee" className="text-3xl font-bold text-slate-900">
                {formatPence(due.amount)}
                {paid ? <span className="text-base font-semibold"> Paid</span> : null}
              </span>
            </div>
            {/* One total and the answer's date before paying (docs/product.md §14.4). */}
            {paid ? null : <PriceInAll paymentType="initial" travellers={members.length} withCancellationRight />}
            {paid ? (
              <div className="space-y-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
                <p>Now please complete the address and hotel details of each traveller from your dashboard.</p>
                <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
                  Go to Dashboard
                </Link>
              </div>
            ) : returned && returned.status === 'succeeded' ? (
              <p role="status" className="rounded-md bg-blue-50 p-4 text-sm text-blue-900">
                Confirming your payment…
              </p>
            ) : (
              <ServiceStartConsent given={members.every((m) => m.serviceStartRequestedAt !== null)}>
                {(consented) =>
                  consented ? (
                    <PaymentForm
                      applicationId={lead.id}
                      paymentType="initial"
                      groupId={groupId}
                      groupSize={members.length}
                      returnUrl={`${window.location.origin}/payment?groupId=${groupId}`}
                      successDescription="Every traveller's application is now being processed. Please complete their address and hotel details."
                      onSuccess={() => {
                        void navigate({ to: '/dashboard' });
                      }}
                    />
                  ) : null
                }
              </ServiceStartConsent>
            )}
            <HonestPrice />
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="text-lg">Travellers</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3 text-sm">
              {members.map((m) => (
                <li key={m.id} className="flex justify-between gap-4">
                  <span className="font-medium text-slate-900">{personName(`${m.givenName} ${m.surname}`)}</span>
                  <span className="text-right text-slate-600">
                    {m.applicationNumber} · {statusLabel(m.status)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
