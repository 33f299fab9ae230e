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
import { personName } from '@core/domain/wording.js';
import { PriceInAll } from './price-in-all.js';
import { ServiceStartConsent } from './service-start-consent.js';
import { isolate } from '../../lib/bidi.js';
import { useT } from '../../lib/i18n.js';

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
  const { t, tc, intl, dir } = useT();
  const navigate = useNavigate();
  const confirm = useConfirmGroupPaymentMutation();
  const handledReturn = useRef(false);
  useEffect(() => {
    if (!returned || handledReturn.current) return;
    handledReturn.current = true;
    if (returned.status !== 'succeeded') {
      toast({ title: t('Payment failed'), description: t('Payment status: {status}. Please try again.', { status: returned.status ?? 'unknown' }), variant: 'destructive' });
      void navigate({ to: '/payment', search: { groupId }, replace: true });
      return;
    }
    confirm.mutateAsync({ groupId, paymentIntentId: returned.paymentIntentId }).then(
      () => {
        track('payment_succeeded', { applicationId: members[0]!.id, paymentType: 'initial', amount: groupInitialFee(members.length).amount, currency: 'gbp', groupId, groupSize: members.length });
        toast({ title: t('Payment Successful!'), description: t('Every traveller’s application is now being processed.') });
        void navigate({ to: '/dashboard' });
      },
      (error: unknown) => {
        toast({ title: t('Payment Confirmation Failed'), description: serverMessage(error) ?? t('Please contact support if needed.'), variant: 'destructive' });
      },
    );
  }, [returned, groupId, members, confirm, navigate, t]);
  const lead = members[0]!;
  const due = groupInitialFee(members.length);
  const paid = members.every((m) => Boolean(m.initialPaymentId));
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{paid ? t('Payment Complete') : t('Complete Your Payment')}</h1>
      <p className="mt-1 text-slate-600">{t('Family application · {count, plural, one {# traveller} other {# travellers}}', { count: members.length })}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{paid ? t('Initial Payments Received') : t('Initial Payment Required')}</CardTitle>
            <CardDescription>
              {paid
                ? t('Thank you: the initial fees of every traveller have been paid and our experts are processing the applications.')
                : t('One secure card payment for the {count, plural, one {# traveller} other {# travellers}} of your family application.', { count: members.length })}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <div className="flex items-baseline justify-between rounded-lg bg-gradient-to-r from-blue-50 to-purple-50 p-4">
              <span className="font-medium text-slate-800">{t('Initial fee · {count} × {amount}', { count: members.length, amount: formatPence(INITIAL_FEE.amount, intl) })}</span>
              <span data-testid="group-fee" className="text-3xl font-bold text-slate-900">
                {formatPence(due.amount, intl)}
                {paid ? <span className="text-base font-semibold"> {t('Paid')}</span> : null}
              </span>
            </div>
            {/* One total and the answer's date before paying (docs/product.md §14.4). */}
            {paid ? null : <PriceInAll paymentType="initial" travellers={members.length} withCancellationRight />}
            {paid ? (
              <div className="space-y-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
                <p>{t('Now please complete the address and hotel details of each traveller from your dashboard.')}</p>
                <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
                  {t('Go to Dashboard')}
                </Link>
              </div>
            ) : returned && returned.status === 'succeeded' ? (
              <p role="status" className="rounded-md bg-blue-50 p-4 text-sm text-blue-900">
                {t('Confirming your payment…')}
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
                      successDescription={t("Every traveller's application is now being processed. Please complete their address and hotel details.")}
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
            <CardTitle className="text-lg">{t('Travellers')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3 text-sm">
              {members.map((m) => (
                <li key={m.id} className="flex justify-between gap-4">
                  <bdi className="font-medium text-slate-900">{personName(`${m.givenName} ${m.surname}`)}</bdi>
                  <span className="text-end text-slate-600">
                    {isolate(m.applicationNumber, dir)} · {tc(statusLabel(m.status))}
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
