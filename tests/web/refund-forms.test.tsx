import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefundQueue } from '../../apps/web/src/features/refunds/refund-queue.js';
import { RefundsSection } from '../../apps/web/src/features/refunds/refunds-section.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('the refund form (docs/product.md §4.7): errors beside their fields, a toast that reads', () => {
  const app = { id: 7, initialPaymentId: 'pi_1', finalPaymentId: 'pi_2', refundedAmount: 0 };
  const finance = testUser({ id: 40, isAdmin: true, role: 'finance' });

  it("a missing amount and reason are said beside their fields; the server's refusal beside the field it names", async () => {
    const api = fakeFetch({
      'GET /api/admin/applications/7/refunds': () => ({ status: 200, body: [] }),
      'POST /api/admin/applications/7/refunds': () => ({
        status: 400,
        body: { message: 'The refund is more than is left of the initial fee (£7.00).', errors: { amountPence: ['The refund is more than is left of the initial fee (£7.00).'] } },
      }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<RefundsSection app={app} />, { path: '/admin', user: finance });
    const user = setupUser();
    const form = within(await screen.findByRole('form', { name: 'Refund a fee' }));
    await user.click(form.getByRole('button', { name: 'Refund' }));
    expect(form.getByLabelText('Amount (£)')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Amount (£)')).toHaveAccessibleDescription('Enter an amount in pounds, e.g. 5.00');
    expect(form.getByLabelText('Reason')).toHaveAccessibleDescription('Please give a reason for the refund (at most 500 characters)');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(form.getByLabelText('Amount (£)'), '8.00');
    await user.type(form.getByLabelText('Reason'), 'Goodwill');
    await user.click(form.getByRole('button', { name: 'Refund' }));
    expect(await form.findByText('The refund is more than is left of the initial fee (£7.00).')).toHaveAttribute('role', 'alert');
    expect(form.getByLabelText('Amount (£)')).toHaveAccessibleDescription('The refund is more than is left of the initial fee (£7.00).');
    expect(form.getByLabelText('Reason')).not.toHaveAttribute('aria-invalid');
  });

  it("a refund made reads 'Refund of £10.00 sent'; one above the limit says it waits for approval", async () => {
    let status = 'succeeded';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/admin/applications/7/refunds': () => ({ status: 200, body: [] }),
        'POST /api/admin/applications/7/refunds': (body) => ({
          status: 201,
          body: { id: 1, status, amountPence: (body as { amountPence: number }).amountPence, paymentType: (body as { paymentType: string }).paymentType, failureReason: null },
        }),
        'GET /api/admin/applications': () => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 25 } }),
        'GET /api/admin/refunds/awaiting-approval': () => ({ status: 200, body: { total: 0, refunds: [] } }),
      }).fn,
    );
    await renderPage(<RefundsSection app={app} />, { path: '/admin', user: finance });
    const user = setupUser();
    const form = within(await screen.findByRole('form', { name: 'Refund a fee' }));
    await user.type(form.getByLabelText('Amount (£)'), '10');
    await user.type(form.getByLabelText('Reason'), 'Cancelled in time');
    await user.click(form.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund of £10.00 sent')).toBeInTheDocument();
    expect(screen.queryByText(/Refund refunded/)).toBeNull();

    status = 'pending_approval';
    await user.selectOptions(form.getByLabelText('Fee'), 'final');
    await user.type(form.getByLabelText('Amount (£)'), '39');
    await user.type(form.getByLabelText('Reason'), 'Visa refused after payment');
    await user.click(form.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund of £39.00 waiting for approval')).toBeInTheDocument();
  });
});

describe('refunds awaiting approval (docs/product.md §4.7)', () => {
  const waiting = (id: number, canApprove: boolean) => ({
    id,
    applicationId: 7,
    paymentType: 'final',
    amountPence: 3900,
    currency: 'gbp',
    status: 'pending_approval',
    source: 'staff',
    reason: 'Visa refused after payment',
    requestedBy: canApprove ? 41 : 40,
    requestedByName: canApprove ? 'Fatima Finance' : 'Me Myself',
    approvedBy: null,
    approvedByName: null,
    gatewayRefundId: null,
    failureReason: null,
    createdAt: '2026-12-04T10:00:00.000Z',
    updatedAt: '2026-12-04T10:00:00.000Z',
    applicationNumber: 'EV-2026-000007',
    travellerName: 'Maria Olivia Garcia',
    canApprove,
  });

  it("lists them with their count; Approve on others', a word on one's own; approving empties it", async () => {
    let queue = [waiting(1, true), waiting(2, false)];
    const api = fakeFetch({
      'GET /api/admin/refunds/awaiting-approval': () => ({ status: 200, body: { total: queue.length, refunds: queue } }),
      'POST /api/admin/refunds/1/approve': () => {
        queue = queue.filter((r) => r.id !== 1);
        return { status: 200, body: { ...waiting(1, true), status: 'succeeded' } };
      },
      'GET /api/admin/applications/7/refunds': () => ({ status: 200, body: [] }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<RefundQueue />, { path: '/admin', user: testUser({ id: 40, isAdmin: true, role: 'finance' }) });
    const section = within(await screen.findByRole('region', { name: /Refunds awaiting approval/ }));
    expect(section.getByTestId('refund-queue-count')).toHaveTextContent('2');
    const first = within(screen.getByTestId('queued-refund-1'));
    expect(screen.getByTestId('queued-refund-1')).toHaveTextContent('£39.00 of the final fee · Maria Olivia Garcia · EV-2026-000007');
    expect(first.getByText('Visa refused after payment')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Open application' })).toHaveAttribute('href', '/admin?q=EV-2026-000007');
    expect(within(screen.getByTestId('queued-refund-2')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(screen.getByTestId('queued-refund-2')).getByText(/Waiting for another member of staff/)).toBeInTheDocument();

    await setupUser().click(first.getByRole('button', { name: 'Approve £39.00' }));
    expect(await screen.findByText('Refund of £39.00 approved and sent')).toBeInTheDocument();
    expect(await section.findByText('1')).toBeInTheDocument();
    expect(screen.queryByTestId('queued-refund-1')).toBeNull();
  });

  it('shows nothing while nothing waits', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/admin/refunds/awaiting-approval': () => ({ status: 200, body: { total: 0, refunds: [] } }) }).fn);
    const page = await renderPage(<RefundQueue />, { path: '/admin', user: testUser({ isAdmin: true, role: 'admin' }) });
    await vi.waitFor(() => expect(page.queryClient.getQueryData(['/api/admin/refunds/awaiting-approval'])).toEqual({ total: 0, refunds: [] }));
    expect(screen.queryByRole('region', { name: /Refunds awaiting approval/ })).toBeNull();
  });
});
