import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { DashboardPage } from './composed.js';
import { fakeFetch, renderApp, renderPage, requestStartNow, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

function member(id: number, givenName: string, overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id,
    applicationNumber: `EV-2026-00000${id}`,
    userId: 1,
    status: 'online_entry',
    givenName,
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
    groupId: 5,
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

describe('family application payment', () => {
  it('charges the family’s initial fees once (£10 × N) and confirms them for the group; a traveller’s own link leads there too', async () => {
    const family = [member(3, 'Amelia'), member(4, 'Oliver'), member(6, 'Isla')];
    const api = fakeFetch({
      'GET /api/applications': () => ({ status: 200, body: family }),
      'POST /api/payments/initial-group/5': () => ({ status: 200, body: { clientSecret: 'pi_g_secret', paymentIntentId: 'pi_g', amount: 3000, currency: 'gbp' } }),
      'POST /api/test-payments/pi_g/confirm': () => ({ status: 200, body: { paymentIntentId: 'pi_g', status: 'succeeded', amount: 3000, currency: 'gbp' } }),
      'POST /api/payments/initial-group/confirm/5': () => ({ status: 200, body: { applications: family.map((m) => ({ ...m, initialPaymentId: 'pi_g' })), recorded: true } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderApp('/payment?applicationId=4&type=initial', { user: testUser() });
    expect(await screen.findByText('Family application · 3 travellers')).toBeInTheDocument();
    expect(screen.getByTestId('group-fee')).toHaveTextContent('£30.00');
    for (const name of ['Amelia Traveller', 'Oliver Traveller', 'Isla Traveller']) expect(screen.getByText(name)).toBeInTheDocument();

    const user = setupUser();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await requestStartNow(user);
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £30.00' }));
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/payments/initial-group/5')).toHaveLength(1);
    expect(api.calls.find((c) => c.url === '/api/payments/initial-group/5')!.body).toEqual({ startNow: true });
    expect(api.calls.find((c) => c.url === '/api/payments/initial-group/confirm/5')!.body).toEqual({ paymentIntentId: 'pi_g' });
    expect(api.calls.some((c) => c.url.startsWith('/api/payments/initial/'))).toBe(false);
    expect(api.calls.find((c) => c.url === '/api/events' && (c.body as { name: string }).name === 'payment_succeeded')!.body).toMatchObject({
      properties: { amount: 3000, groupId: 5, groupSize: 3, paymentType: 'initial' },
    });
  });
});

describe('dashboard', () => {
  it('groups a family’s cards under one heading with the family’s one payment; other applications stay apart', async () => {
    const list = [member(9, 'Solo', { groupId: null }), member(6, 'Isla'), member(4, 'Oliver'), member(3, 'Amelia')];
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: list }) }).fn);
    await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser() });
    const family = await screen.findByRole('region', { name: 'Family application 5' });
    expect(within(family).getByText('Family application · 3 travellers')).toBeInTheDocument();
    expect(within(family).getByRole('link', { name: 'Pay £30.00 for the family' })).toHaveAttribute('href', '/payment?groupId=5');
    const names = within(family)
      .getAllByText(/^(Amelia|Oliver|Isla) Traveller$/)
      .map((e) => e.textContent);
    expect(names).toEqual(['Amelia Traveller', 'Oliver Traveller', 'Isla Traveller']);
    expect(within(family).queryByRole('button', { name: 'Pay £10.00 Now' })).toBeNull();
    expect(within(family).getAllByText('The initial fee is paid once for the whole family, above')).toHaveLength(3);
    expect(within(family).queryByText('Solo Traveller')).toBeNull();
    expect(screen.getByText('Solo Traveller')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Pay £10.00 Now' })).toHaveLength(1);
  });
});
