import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import type { AdminApplicationDto } from '../../apps/web/src/features/admin/api.js';
import { CancellationDecisionPanel } from '../../apps/web/src/features/cancellation/cancellation-decision.js';
import { ApplicationCard } from './composed.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { expectBesideField, fakeFetch, renderPage, setupUser, testUser, toastText } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

function app(overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 3,
    applicationNumber: 'EV-2026-000003',
    userId: 1,
    status: 'application_created',
    givenName: 'Amelia',
    surname: 'Traveller',
    nationality: 'United Kingdom',
    entry: 'Single',
    expectedArrivalDate: '2026-12-10',
    expectedDepartureDate: '2026-12-20',
    createdAt: '2026-12-01T10:00:00.000Z',
    initialPaymentId: 'pi_1',
    finalPaymentId: null,
    address: null,
    additionalInfoMessage: null,
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
    groupId: null,
    serviceStartRequestedAt: '2026-12-01T10:00:00.000Z',
    cancelledAt: null,
    cancellationRequestedAt: null,
    cancellationDeclinedAt: null,
    cancellationReason: null,
    cancellationResponse: null,
    refundedAmount: 0,
    ...overrides,
  } as ApplicationDto;
}

describe('the applicant cancels from the dashboard card', () => {
  it('asks for a reason in a dialog, sends it and says what happened', async () => {
    const api = fakeFetch({
      'POST /api/applications/3/cancel': () => ({ status: 200, body: { outcome: 'cancelled', refundPence: 1000, application: app({ status: 'rejected', cancelledAt: '2026-12-02T10:00:00.000Z' }) } }),
      'GET /api/applications': () => ({ status: 200, body: [] }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<ApplicationCard application={app()} />, { path: '/dashboard', user: testUser() });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Cancel application' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('your £10 is refunded at once');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Trip called off');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel application' }));
    expect(await screen.findByText('Application cancelled')).toBeInTheDocument();
    expect(screen.getByText('£10.00 is being refunded to your card.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/applications/3/cancel')!.body).toEqual({ reason: 'Trip called off' });
  });

  it('says a refusal in the dialog — the reason’s beside it, any other in the summary — not in a toast behind it', async () => {
    const tooLong = 'The reason can be at most 1000 characters.';
    const late = 'This application can no longer be cancelled.';
    let answer = { status: 400, body: { message: tooLong, errors: { reason: [tooLong] } } as unknown };
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/applications/3/cancel': () => answer as { status: number; body: unknown } }).fn);
    await renderPage(<ApplicationCard application={app()} />, { path: '/dashboard', user: testUser() });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Cancel application' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText('Reason (optional)');
    await user.type(reason, 'Trip called off');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel application' }));
    await expectBesideField(reason.id, tooLong);
    const summary = within(dialog).getByTestId('error-summary');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: tooLong })).toHaveAttribute('href', `#${reason.id}`);
    expect(toastText()).toBe('');

    answer = { status: 409, body: { message: late } };
    await user.click(within(dialog).getByRole('button', { name: 'Cancel application' }));
    expect(await within(dialog).findByText(late)).toBeInTheDocument();
    expect(within(dialog).getByTestId('error-summary')).toHaveFocus();
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Could not cancel')).toBeNull();
    expect(toastText()).toBe('');
  });

  it('shows a cancelled application as Cancelled, with its refund, and offers nothing more', async () => {
    await renderPage(<ApplicationCard application={app({ status: 'rejected', cancelledAt: '2026-12-02T10:00:00.000Z', refundedAmount: 1000 })} />, { path: '/dashboard', user: testUser() });
    const card = within(screen.getByTestId('application-3'));
    expect(card.getByText('Cancelled')).toBeInTheDocument();
    expect(card.getByText(/£10.00 has been refunded to your card/)).toBeInTheDocument();
    expect(card.queryByText(/has been rejected/)).toBeNull();
    expect(card.queryByRole('button', { name: 'Cancel application' })).toBeNull();
  });

  it('offers no cancellation once the application went to the portal, and tells a pending request', async () => {
    const first = await renderPage(<ApplicationCard application={app({ status: 'verified' })} />, { path: '/dashboard', user: testUser() });
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
    first.unmount();
    await renderPage(<ApplicationCard application={app({ status: 'under_process', cancellationRequestedAt: '2026-12-02T10:00:00.000Z' })} />, { path: '/dashboard', user: testUser() });
    expect(screen.getByText(/You asked to cancel this application/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
  });
});

describe('staff decide a cancellation request on the admin row', () => {
  const requested = () => app({ status: 'under_process', cancellationRequestedAt: '2026-12-02T10:00:00.000Z', cancellationReason: 'Changed plans' }) as unknown as AdminApplicationDto;

  it('accepts with the refund typed in pounds, or declines only with a message', async () => {
    const api = fakeFetch({
      'POST /api/admin/applications/3/cancellation': (body) => ({
        status: 200,
        body: { outcome: (body as { decision: string }).decision === 'accept' ? 'cancelled' : 'requested', refundPence: 400, application: app() },
      }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<CancellationDecisionPanel app={requested()} />, { path: '/admin', user: testUser({ isAdmin: true }) });
    const panel = within(screen.getByRole('region', { name: 'Cancellation request' }));
    expect(panel.getByText('Reason: “Changed plans”')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Decline' })).toBeDisabled();
    const user = setupUser();
    const refund = panel.getByLabelText(/Refund of the initial fee/);
    await user.clear(refund);
    await user.type(refund, '4');
    await user.click(panel.getByRole('button', { name: 'Accept and refund £4.00' }));
    expect(api.calls.find((c) => c.url === '/api/admin/applications/3/cancellation')!.body).toEqual({ decision: 'accept', refundPence: 400, message: null });

    await user.clear(refund);
    await user.type(refund, '11');
    expect(panel.getByRole('button', { name: /Accept and refund/ })).toBeDisabled();
  });
});
