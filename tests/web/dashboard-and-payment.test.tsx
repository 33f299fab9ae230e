import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../apps/web/src/api/keys.js';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { ApplicationCard } from './composed.js';
import { DashboardPage } from './composed.js';
import { PaymentPanel } from '../../apps/web/src/features/payment/payment-panel.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderApp, renderPage, requestStartNow, setupUser, testUser } from './render.js';
import { BRITISH_FIELDS, BRITISH_TRAVELLER, td3Lines } from '../../bench/support/synthetic-passport.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

function app(overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 3,
    applicationNumber: 'EV-2026-000003',
    userId: 1,
    status: 'online_entry',
    givenName: 'Amelia',
    surname: 'Traveller',
    nationality: 'United Kingdom',
    entry: 'Single',
    expectedArrivalDate: '2026-12-10',
    expectedDepartureDate: '2026-12-20',
    createdAt: '2026-12-01T10:00:00.000Z',
    initialPaymentId: null,
    finalPaymentId: null,
    address: null,
    additionalInfoMessage: null,
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
    serviceStartRequestedAt: null,
    cancelledAt: null,
    cancellationRequestedAt: null,
    cancellationDeclinedAt: null,
    cancellationReason: null,
    cancellationResponse: null,
    refundedAmount: 0,
    ...overrides,
  } as ApplicationDto;
}

describe('dashboard', () => {
  it('shows the title, the New Application button and the empty state', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }), 'GET /api/application-draft': () => ({ status: 200, body: null }) }).fn);
    await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser() });
    expect(await screen.findByText('No Applications Yet')).toBeInTheDocument();
    expect(screen.getByText('Manage your e-visa applications')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Application' })).toHaveAttribute('href', '/apply');
    expect(screen.getByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/apply');
  });

  it('says where a saved draft is instead of "No Applications Yet", in the name as people write it', async () => {
    const draft = { givenName: 'MARIA', surname: 'OLIVIA', profession: 'Nurse' };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }), 'GET /api/application-draft': () => ({ status: 200, body: draft }) }).fn);
    await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser() });
    const card = within(await screen.findByTestId('draft-card'));
    expect(card.getByText(/You started an application for Maria Olivia\./)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Continue application' })).toHaveAttribute('href', '/apply');
    expect(screen.queryByText('No Applications Yet')).not.toBeInTheDocument();
  });

  it('shows no draft card for a draft with nothing typed in it', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }), 'GET /api/application-draft': () => ({ status: 200, body: { givenName: '', otherNationalities: false } }) }).fn,
    );
    await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser() });
    expect(await screen.findByText('No Applications Yet')).toBeInTheDocument();
    expect(screen.queryByTestId('draft-card')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in and fetches nothing', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<DashboardPage />, { path: '/dashboard', user: null });
    expect(screen.getByText('Please log in to view your dashboard.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/applications')).toHaveLength(0);
  });
});

describe('application cards per status (docs/product.md §3.4)', () => {
  async function card(overrides: Partial<ApplicationDto>) {
    await renderPage(<ApplicationCard application={app(overrides)} />, { path: '/dashboard', user: testUser() });
    return within(screen.getByTestId('application-3'));
  }

  it('offers the £10 initial payment before it is paid', async () => {
    const c = await card({});
    expect(c.getByText('Initial Payment Required')).toBeInTheDocument();
    // Only once the applicant asked for the work to start at once (docs/product.md, "Cancelling an application").
    expect(c.getByRole('button', { name: 'Pay £10.00 Now' })).toBeDisabled();
    await requestStartNow(setupUser());
    expect(c.getByRole('button', { name: 'Pay £10.00 Now' })).toBeEnabled();
    expect(c.getByText('Online entry')).toHaveAttribute('data-tone', 'grey');
  });

  it('says the initial payment is complete and shows the guarantee deadline', async () => {
    const c = await card({
      status: 'application_created',
      initialPaymentId: 'pi_1',
      address: '1 High St',
      guarantee: { deadline: '2026-12-08T23:59:59.999Z', breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
    });
    expect(c.getByText('Initial Payment Complete - your application is being processed')).toBeInTheDocument();
    expect(c.getByText('Guaranteed answer by')).toBeInTheDocument();
    expect(c.getByText('Tuesday 8 December 2026')).toBeInTheDocument();
    expect(c.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('shows an under-process badge in yellow', async () => {
    const c = await card({ status: 'under_process', initialPaymentId: 'pi_1', address: 'x' });
    expect(c.getByText('Under process')).toHaveAttribute('data-tone', 'yellow');
  });

  it('shows the reviewer message and the passport re-upload prompt', async () => {
    const c = await card({
      status: 'additional_info_required',
      initialPaymentId: 'pi_1',
      address: 'x',
      additionalInfoMessage: 'The photo page is blurred.',
      requiresPassportReupload: true,
    });
    expect(c.getByText('The photo page is blurred.')).toBeInTheDocument();
    expect(c.getByText('Additional info required')).toHaveAttribute('data-tone', 'orange');
    expect(c.getByRole('link', { name: 'Re-upload Passport' })).toHaveAttribute('href', '/passport-upload?applicationId=3');
  });

  it("asks the applicant to check the fields their passport's MRZ contradicts, and says nothing when they match", async () => {
    const scan = { fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: td3Lines(BRITISH_TRAVELLER) };
    const c = await card({
      status: 'under_process',
      initialPaymentId: 'pi_1',
      address: 'x',
      surname: 'Smyth',
      passportNumber: '925076478',
      passportCheck: { status: 'mismatch', mismatches: ['surname', 'passportNumber'] },
      passportScan: { documentId: 30, status: 'read', scan },
    });
    const notice = c.getByTestId('passport-check-notice-3');
    expect(within(notice).getByText('Please check your passport details')).toBeInTheDocument();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // Names as people write them, not in the passport's capitals (docs/product.md §14.4).
      'Surname: you typed “Smyth”, your passport reads “Smith”',
      'Passport number: you typed “925076478”, your passport reads “925076473”',
    ]);
    expect(within(notice).getByRole('link')).toHaveAttribute('href', expect.stringContaining('mailto:'));
  });

  it('shows no passport notice for a matching, unread or pending check', async () => {
    for (const status of ['match', 'unreadable', 'pending'] as const) {
      const c = await card({ passportCheck: { status, mismatches: [] }, passportScan: null });
      expect(c.queryByText('Please check your passport details')).toBeNull();
      cleanup();
    }
  });

  it('confirms a passport re-upload with its date', async () => {
    const c = await card({
      status: 'additional_info_required',
      initialPaymentId: 'pi_1',
      address: 'x',
      additionalInfoMessage: 'Please send a new copy.',
      passportReuploadedAt: '2026-12-03T09:30:00.000Z',
    });
    expect(c.getByText(/Passport Re-uploaded Successfully/)).toHaveTextContent('3 December 2026');
    expect(c.queryByRole('link', { name: 'Re-upload Passport' })).toBeNull();
  });

  it('offers the £39 final payment once approved', async () => {
    const c = await card({ status: 'approved', initialPaymentId: 'pi_1', address: 'x' });
    expect(c.getByText('Approved')).toHaveAttribute('data-tone', 'green');
    expect(c.getByRole('button', { name: 'Pay £39.00 Now' })).toBeInTheDocument();
  });

  it('labels final_payment_received Approved and says the e-visa is being prepared until it is attached', async () => {
    const c = await card({ status: 'final_payment_received', initialPaymentId: 'pi_1', finalPaymentId: 'pi_2', address: 'x', visaDocument: null, evisaSentAt: null });
    expect(c.getByText('Approved')).toHaveAttribute('data-tone', 'green');
    expect(c.getByTestId('evisa-status')).toHaveTextContent("We're preparing your e-visa — we'll email it to you as soon as Egypt issues it.");
    expect(c.queryByText(/sent to your email/i)).toBeNull();
  });

  it('links to the issued e-visa once the agency has attached it', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/applications/3/documents': () => ({
          status: 200,
          body: [
            { id: 11, applicationId: 3, type: 'passport', fileName: 'passport.png', uploadedAt: '2026-12-01T10:00:00.000Z' },
            { id: 12, applicationId: 3, type: 'visa', fileName: 'evisa-EV-3.pdf', uploadedAt: '2026-12-05T10:00:00.000Z' },
          ],
        }),
      }).fn,
    );
    const c = await card({ status: 'final_payment_received', initialPaymentId: 'pi_1', finalPaymentId: 'pi_2', address: 'x', visaDocument: 'evisa-EV-3.pdf' });
    expect(await c.findByRole('link', { name: 'Download your e-visa (evisa-EV-3.pdf)' })).toHaveAttribute('href', '/api/documents/12/file');
  });

  it('explains a rejection in red', async () => {
    const c = await card({ status: 'rejected', initialPaymentId: 'pi_1', address: 'x' });
    expect(c.getByText('Rejected')).toHaveAttribute('data-tone', 'red');
    expect(c.getByText('Your application has been rejected. Please contact support for more information.')).toBeInTheDocument();
  });
});

describe('payment panel', () => {
  it("reads 'Payment system unavailable' when no provider key is configured", async () => {
    await renderPage(<PaymentPanel applicationId={3} paymentType="initial" amount={1000} serviceStartRequested />, {
      path: '/dashboard',
      user: testUser(),
      config: { paymentProvider: 'stripe', agencyEmail: 'a@b.example', agencyName: 'Agency' },
    });
    expect(screen.getByRole('button', { name: 'Payment system unavailable' })).toBeDisabled();
  });

  it('goes from the offer to the card form and back; a decline keeps it unpaid; a good card refreshes the list', async () => {
    let confirmed = 0;
    const api = fakeFetch({
      'POST /api/payments/initial/3': () => ({ status: 200, body: { clientSecret: 'pi_t_secret', paymentIntentId: 'pi_t', amount: 1000, currency: 'gbp' } }),
      'POST /api/test-payments/pi_t/confirm': (body) =>
        (body as { cardNumber: string }).cardNumber === '4000000000000002'
          ? { status: 402, body: { message: 'Your card was declined.' } }
          : { status: 200, body: { paymentIntentId: 'pi_t', status: 'succeeded', amount: 1000, currency: 'gbp' } },
      'POST /api/payments/initial/confirm/3': () => {
        confirmed += 1;
        return { status: 200, body: { application: app({ initialPaymentId: 'pi_t' }) } };
      },
      'GET /api/applications': () => ({ status: 200, body: [] }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const page = await renderPage(<PaymentPanel applicationId={3} paymentType="initial" amount={1000} serviceStartRequested={false} />, { path: '/dashboard', user: testUser() });
    page.queryClient.setQueryData(keys.applications, [app()]);
    const user = setupUser();
    await requestStartNow(user);
    await user.click(screen.getByRole('button', { name: 'Pay £10.00 Now' }));
    await user.click(await screen.findByRole('button', { name: '← Back' }));
    expect(screen.getByRole('button', { name: 'Pay £10.00 Now' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay £10.00 Now' }));

    await user.type(await screen.findByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £10.00' }));
    // The decline is said beside the card number, announced, not in a corner toast.
    const declined = await screen.findByText('Your card was declined.');
    expect(declined).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Your card was declined.');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(screen.queryByText('Payment failed')).toBeNull();
    expect(confirmed).toBe(0);

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    const pay = screen.getByRole('button', { name: 'Pay £10.00' });
    await user.click(pay);
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText('Your application is now being processed.')).toBeInTheDocument();
    expect(confirmed).toBe(1);
    expect(api.calls.find((c) => c.url === '/api/payments/initial/confirm/3')!.body).toEqual({ paymentIntentId: 'pi_t' });
    expect(api.calls.find((c) => c.url === '/api/payments/initial/3')!.body).toEqual({ startNow: true });
    expect(api.calls.find((c) => c.url === '/api/events')!.body).toMatchObject({
      name: 'payment_succeeded',
      properties: { paymentType: 'initial', amount: 1000, currency: 'gbp', applicationId: 3 },
    });
    // The applications list is marked stale (the dashboard, which observes it, refetches it).
    await waitFor(() => expect(page.queryClient.getQueryState(keys.applications)?.isInvalidated).toBe(true));
    // One payment intent per opening of the card form (opened twice), none per click.
    expect(api.calls.filter((c) => c.url === '/api/payments/initial/3')).toHaveLength(2);
  });

  it('reports a failed initialisation', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/payments/final/3': () => ({ status: 409, body: { message: 'The final fee is due only once the application is approved.' } }) }).fn);
    await renderPage(<PaymentPanel applicationId={3} paymentType="final" amount={3900} serviceStartRequested />, { path: '/dashboard', user: testUser() });
    await setupUser().click(screen.getByRole('button', { name: 'Pay £39.00 Now' }));
    expect(await screen.findByText('Payment initialization failed')).toBeInTheDocument();
    expect(screen.getAllByText('The final fee is due only once the application is approved.').length).toBeGreaterThan(0);
  });
});

describe('an ended session', () => {
  it('clears the user when reading data answers 401, so the guard sends the visitor to sign in', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 401, body: { message: 'Please sign in to continue.' } }) }).fn);
    const page = await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser() });
    expect(await screen.findByText('Please log in to view your dashboard.')).toBeInTheDocument();
    expect(page.queryClient.getQueryData(keys.user)).toBeNull();
  });
});

describe('payment page', () => {
  async function openPayment(application: ApplicationDto) {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [application] }), 'POST /api/events': () => ({ status: 204 }) }).fn);
    return renderApp(`/payment?applicationId=${application.id}&type=initial`, { user: testUser() });
  }

  it('asks for the initial payment while it is due', async () => {
    await openPayment(app());
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Payment' })).toBeInTheDocument();
    expect(screen.getByText('Initial Payment Required')).toBeInTheDocument();
    expect(screen.getByText('Initial fee')).toBeInTheDocument();
    expect(screen.queryByText('Processing Fee')).toBeNull();
    // One total and the guaranteed answer's date, before paying.
    expect(screen.getByTestId('price-in-all')).toHaveTextContent('£49.00 in all: £10.00 now, £39.00 only if your visa is approved — the official Egypt e-visa fee included.');
    expect(screen.getByTestId('price-in-all')).toHaveTextContent(
      /Guaranteed answer by (Monday|Tuesday|Wednesday|Thursday|Friday) \d{1,2} \w+ \d{4} \(5 working days after you pay today\), or you do not pay the £39\.00 final fee\./,
    );
  });

  it("promises no date while staff have marked Egypt's portal down: the outage's working days are added", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/applications': () => ({ status: 200, body: [app()] }),
        'GET /api/public/status': () => ({ status: 200, body: { state: 'down', message: 'The portal is not answering.', since: '2026-11-28T08:00:00.000Z' } }),
        'POST /api/events': () => ({ status: 204 }),
      }).fn,
    );
    await renderApp(`/payment?applicationId=3&type=initial`, { user: testUser() });
    expect(await screen.findByText(/Egypt's e-visa portal is down now/)).toHaveTextContent(
      "Egypt's e-visa portal is down now: your guaranteed answer comes 5 working days after you pay, not counting the working days until the portal is back, or you do not pay the £39.00 final fee.",
    );
    expect(screen.getByTestId('price-in-all')).not.toHaveTextContent('Guaranteed answer by');
  });

  it('shows a paid fee as paid, and leads on to the address details while they are missing', async () => {
    await openPayment(app({ status: 'application_created', initialPaymentId: 'pi_1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Complete' })).toBeInTheDocument();
    expect(screen.queryByText('Complete Your Payment')).toBeNull();
    expect(screen.queryByText('Initial Payment Required')).toBeNull();
    expect(screen.getByText('Initial Payment Received')).toBeInTheDocument();
    expect(screen.getByTestId('initial-fee-paid')).toHaveTextContent('£10.00 Paid');
    expect(screen.getByRole('link', { name: 'Continue to Address Details' })).toHaveAttribute('href', '/address-details?applicationId=3');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('leads a paid application with its address details to the dashboard', async () => {
    await openPayment(app({ status: 'under_process', initialPaymentId: 'pi_1', address: '1 Nile St', city: 'London', postcode: 'W1', hotelDetails: 'Cairo' } as Partial<ApplicationDto>));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Continue to Address Details' })).toBeNull();
  });
});
