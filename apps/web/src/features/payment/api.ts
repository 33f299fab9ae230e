import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { applicationsQuery, refreshApplication } from '../../api/applications.js';
import { api, call } from '../../api/client.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';
import type { PaymentType } from '@core/domain/fees.js';
import { paymentPageApplicationsQuery } from './payment-query.js';

export type { PaymentType };

const paymentRoutes = api.payments[':type'];
export type StartedPayment = InferResponseType<(typeof paymentRoutes)[':applicationId']['$post'], 200>;
type ConfirmedPayment = InferResponseType<(typeof paymentRoutes)['confirm'][':applicationId']['$post'], 200>;
type TestCardPayment = InferResponseType<(typeof api)['test-payments'][':paymentIntentId']['confirm']['$post'], 200>;

export function usePaymentPageApplicationsQuery() {
  return useQuery(paymentPageApplicationsQuery);
}

interface PaymentRef {
  paymentType: PaymentType;
  applicationId: number;
}

const feeParam = ({ paymentType, applicationId }: PaymentRef) => ({ param: { type: paymentType, applicationId: String(applicationId) } });
/** The initial fee's payment is only ever opened after the applicant asked for the work to start at once (ServiceStartConsent). */
const startBody = (paymentType: PaymentType) => ({ json: paymentType === 'initial' ? { startNow: true as const } : {} });

/** POST /api/payments/{type}/{applicationId}: opens (or reuses) the payment; its client secret is required (docs/product.md §8.2). */
export function useStartPaymentMutation(config?: MutationConfig<StartedPayment, PaymentRef>) {
  return useApiMutation(
    async (ref: PaymentRef) => {
      const payment = await call(paymentRoutes[':applicationId'].$post({ ...feeParam(ref), ...startBody(ref.paymentType) }));
      if (!payment?.clientSecret) throw new Error('No client secret received from server');
      return payment;
    },
    refreshNothing,
    config,
  );
}

/**
 * POST /api/payments/{type}/confirm/{applicationId}: records a payment the provider says succeeded.
 * The application changed: its list and itself are refetched, without holding up the page.
 */
export function useConfirmPaymentMutation(config?: MutationConfig<ConfirmedPayment, PaymentRef & { paymentIntentId: string }>) {
  return useApiMutation(
    ({ paymentIntentId, ...ref }: PaymentRef & { paymentIntentId: string }) => call(paymentRoutes.confirm[':applicationId'].$post({ ...feeParam(ref), json: { paymentIntentId } })),
    (queryClient, _confirmed, { applicationId }) => {
      void refreshApplication(queryClient, applicationId);
    },
    config,
  );
}

/** POST /api/test-payments/{paymentIntentId}/confirm: the built-in test provider "charges" a test card. */
export function useTestCardPaymentMutation(paymentIntentId: string, config?: MutationConfig<TestCardPayment, string>) {
  return useApiMutation(
    (cardNumber: string) => call(api['test-payments'][':paymentIntentId'].confirm.$post({ param: { paymentIntentId: encodeURIComponent(paymentIntentId) }, json: { cardNumber } })),
    refreshNothing,
    config,
  );
}

const groupPayments = api.payments['initial-group'];
type ConfirmedGroupPayment = InferResponseType<(typeof groupPayments)['confirm'][':groupId']['$post'], 200>;

/** POST /api/payments/initial-group/{groupId}: one payment of £10 × N for a family application's initial fees. */
export function useStartGroupPaymentMutation(config?: MutationConfig<StartedPayment, { groupId: number }>) {
  return useApiMutation(
    async ({ groupId }: { groupId: number }) => {
      const payment = await call(groupPayments[':groupId'].$post({ param: { groupId: String(groupId) }, ...startBody('initial') }));
      if (!payment?.clientSecret) throw new Error('No client secret received from server');
      return payment;
    },
    refreshNothing,
    config,
  );
}

/** POST /api/payments/initial-group/confirm/{groupId}: every application of the family is paid; the list is refetched. */
export function useConfirmGroupPaymentMutation(config?: MutationConfig<ConfirmedGroupPayment, { groupId: number; paymentIntentId: string }>) {
  return useApiMutation(
    ({ groupId, paymentIntentId }: { groupId: number; paymentIntentId: string }) => call(groupPayments.confirm[':groupId'].$post({ param: { groupId: String(groupId) }, json: { paymentIntentId } })),
    (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: applicationsQuery.queryKey });
    },
    config,
  );
}
