import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import type { ReceiptDto } from '../../apps/web/src/api/receipts.js';
import { ApplicationCard } from './composed.js';
import { ReceiptList } from '../../apps/web/src/components/receipt-list.js';
import { fakeFetch, renderPage, testUser } from './render.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paidApp = (overrides: Partial<ApplicationDto> = {}) =>
  ({
    id: 7,
    applicationNumber: 'EV-2611-000007',
    userId: 1,
    status: 'application_created',
    givenName: 'Ada',
    surname: 'Lovelace',
    nationality: 'United Kingdom',
    entry: 'Single',
    expectedArrivalDate: '2026-12-10',
    expectedDepartureDate: '2026-12-20',
    createdAt: '2026-11-23T10:00:00.000Z',
    initialPaymentId: 'pi_1',
    finalPaymentId: null,
    address: 'x',
    additionalInfoMessage: null,
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
    ...overrides,
  }) as ApplicationDto;

const RECEIPTS: ReceiptDto[] = [
  { number: 'R-2026-000001', kind: 'payment', paymentType: 'initial', amountPence: 1000, currency: 'gbp', issuedAt: '2026-11-23T10:00:00.000Z', url: '/api/applications/7/receipts/R-2026-000001' },
  { number: 'R-2026-000009', kind: 'refund', paymentType: 'initial', amountPence: 500, currency: 'gbp', issuedAt: '2026-11-24T09:30:00.000Z', url: '/api/applications/7/receipts/R-2026-000009' },
];

describe('receipts on the applicant’s dashboard card', () => {
  it('lists each receipt and credit note as a link to its PDF', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications/7/receipts': () => ({ status: 200, body: RECEIPTS }) }).fn);
    await renderPage(<ApplicationCard application={paidApp()} />, { path: '/dashboard', user: testUser() });
    const card = within(screen.getByTestId('application-7'));
    const receipt = await card.findByRole('link', { name: /^Receipt R-2026-000001 \(initial fee\): £10\.00, Monday 23 November 2026 at/ });
    expect(receipt).toHaveAttribute('href', '/api/applications/7/receipts/R-2026-000001');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(card.getByRole('link', { name: /^Credit note R-2026-000009 \(refund of the initial fee\): £5\.00/ })).toHaveAttribute('href', '/api/applications/7/receipts/R-2026-000009');
  });

  it('asks for nothing and shows nothing before the first payment', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<ApplicationCard application={paidApp({ status: 'online_entry', initialPaymentId: null })} />, { path: '/dashboard', user: testUser() });
    expect(screen.getByTestId('application-7')).toBeInTheDocument();
    expect(screen.queryByTestId('receipts-7')).toBeNull();
    expect(api.calls.filter((c) => c.url.endsWith('/receipts'))).toEqual([]);
  });
});

describe('receipts in the admin row', () => {
  it('says when there are none, and when they could not be read', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications/7/receipts': () => ({ status: 200, body: [] }) }).fn);
    await renderPage(<ReceiptList application={paidApp()} staff />, { path: '/admin', user: testUser() });
    expect(await screen.findByText('No receipts yet.')).toBeInTheDocument();
    cleanup();

    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications/7/receipts': () => ({ status: 500, body: { message: 'Something went wrong on our side.' } }) }).fn);
    await renderPage(<ReceiptList application={paidApp()} staff />, { path: '/admin', user: testUser() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The receipts could not be loaded');
  });
});
