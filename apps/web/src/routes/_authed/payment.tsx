import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { paymentPageApplicationsQuery, PaymentPage } from '../../features/payment/index.js';
import { parseIdSearch } from '../../lib/search.js';

export const Route = createFileRoute('/_authed/payment')({
  staticData: { title: msg('Payment') },
  validateSearch: (search: Record<string, unknown>): { applicationId?: number; groupId?: number; type?: 'initial'; payment_intent?: string; redirect_status?: string } => ({
    ...parseIdSearch(search),
    // A family application's initial fees (one payment for the group).
    ...(parseIdSearch({ applicationId: search.groupId }).applicationId ? { groupId: parseIdSearch({ applicationId: search.groupId }).applicationId } : {}),
    ...(search.type === 'initial' ? { type: 'initial' as const } : {}),
    // Stripe adds these when a card needed a redirect (3-D Secure) and sends the payer back here.
    ...(typeof search.payment_intent === 'string' ? { payment_intent: search.payment_intent } : {}),
    ...(typeof search.redirect_status === 'string' ? { redirect_status: search.redirect_status } : {}),
  }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(paymentPageApplicationsQuery);
  },
  component: PaymentPage,
});
