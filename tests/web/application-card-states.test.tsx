import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { ApplicationCard } from './composed.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const PROCESSING = 'Initial Payment Complete - your application is being processed';
const PASSPORT_CHECK = 'Please check your passport details';
const DEADLINE = '2031-08-27T22:59:59.999Z';

/** A traveller whose passport was read in capitals (the scan fills the form from the MRZ). */
function app(overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 3,
    applicationNumber: 'EV-3108-7K3QX9',
    userId: 1,
    status: 'online_entry',
    givenName: 'MARIA OLIVIA',
    surname: 'GARCIA',
    nationality: 'Spain',
    entry: 'Single',
    expectedArrivalDate: '2031-08-21',
    expectedDepartureDate: '2031-08-30',
    createdAt: '2031-08-18T10:00:00.000Z',
    initialPaymentId: null,
    finalPaymentId: null,
    address: null,
    additionalInfoMessage: null,
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
    groupId: null,
    serviceStartRequestedAt: '2031-08-18T10:00:00.000Z',
    cancelledAt: null,
    cancellationRequestedAt: null,
    cancellationDeclinedAt: null,
    cancellationReason: null,
    cancellationResponse: null,
    refundedAmount: 0,
    passportCheck: { status: 'mismatch', mismatches: ['dateOfBirth'] },
    passportScan: null,
    dateOfBirth: '1990-05-15',
    timeline: [
      { at: '2031-08-18T10:00:00.000Z', kind: 'upload', message: 'Passport uploaded' },
      { at: '2031-08-18T10:05:00.000Z', kind: 'payment', message: 'Initial fee paid: £10.00' },
      { at: '2031-08-18T10:05:00.000Z', kind: 'status', status: 'application_created' },
    ],
    ...overrides,
  } as ApplicationDto;
}

const paid = { initialPaymentId: 'pi_1', address: '1 Calle Mayor', guarantee: { deadline: DEADLINE, breached: false, workingDaysUsed: 2, workingDaysTotal: 5 as const, paused: false } };

async function card(overrides: Partial<ApplicationDto>) {
  cleanup();
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/applications/3/documents': () => ({
        status: 200,
        body: [{ id: 12, applicationId: 3, type: 'visa', fileName: 'evisa-EV-3108-7K3QX9-maria-olivia-garcia-single-entry.pdf', uploadedAt: '2031-08-25T10:00:00.000Z' }],
      }),
      'GET /api/applications/3/receipts': () => ({ status: 200, body: [] }),
    }).fn,
  );
  await renderPage(<ApplicationCard application={app(overrides)} />, { path: '/dashboard', user: testUser() });
  const element = screen.getByTestId('application-3');
  return { c: within(element), text: () => element.textContent ?? '' };
}

/** What every state must hold: the traveller's name as people write it, and no date as '2031-08-21'. */
function expectWrittenForPeople(text: string) {
  expect(text).toContain('Maria Olivia Garcia');
  expect(text).not.toContain('MARIA');
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(text).toContain('Thursday 21 August 2031');
}

describe('each card state says only what is true in it (docs/product.md §3.4, issue 37)', () => {
  it('draft, unpaid: the £10 panel and the passport check (it can still be corrected)', async () => {
    const { c, text } = await card({});
    expect(c.getByText('Initial Payment Required')).toBeInTheDocument();
    expect(c.getByText(PASSPORT_CHECK)).toBeInTheDocument();
    expect(c.getByText(/you typed “Tuesday 15 May 1990”/)).toBeInTheDocument();
    expect(c.queryByText(PROCESSING)).toBeNull();
    expectWrittenForPeople(text());
  });

  it('paid: being processed, the address request, the guarantee day in words', async () => {
    const { c, text } = await card({ ...paid, status: 'application_created', address: null });
    expect(c.getByText(PROCESSING)).toBeInTheDocument();
    expect(c.getByText('Please complete your address and hotel details so we can finish your application.')).toBeInTheDocument();
    expect(c.getByText('Wednesday 27 August 2031')).toBeInTheDocument();
    expect(c.queryByText('Initial Payment Required')).toBeNull();
    expectWrittenForPeople(text());
  });

  it('information requested: the request and the paused clock — never “being processed” beside it', async () => {
    const { c, text } = await card({
      ...paid,
      status: 'additional_info_required',
      additionalInfoMessage: 'Please send your hotel booking.',
      guarantee: { deadline: DEADLINE, breached: false, workingDaysUsed: 2, workingDaysTotal: 5 as const, paused: true },
    });
    expect(c.getByText('Additional information required')).toBeInTheDocument();
    expect(c.getByText(/^Paused — waiting for your answer/)).toBeInTheDocument();
    expect(c.queryByText(PROCESSING)).toBeNull();
    expectWrittenForPeople(text());
  });

  it('approved: the £39 panel; the passport correction “before it is submitted” is gone', async () => {
    const { c, text } = await card({ ...paid, status: 'approved' });
    expect(c.getByText('Final Payment Required')).toBeInTheDocument();
    expect(c.queryByText('Guaranteed answer by')).toBeNull();
    expect(c.queryByText(PASSPORT_CHECK)).toBeNull();
    expect(c.queryByText(PROCESSING)).toBeNull();
    expectWrittenForPeople(text());
  });

  it('final fee paid, visa attached: the visa’s links, no fee, no correction, no processing', async () => {
    const { c, text } = await card({ ...paid, status: 'final_payment_received', finalPaymentId: 'pi_2', visaDocument: 'evisa-EV-3.pdf' });
    expect(await c.findByRole('link', { name: /Download your e-visa/ })).toBeInTheDocument();
    expect(c.getByRole('link', { name: 'Download border pack (PDF)' })).toBeInTheDocument();
    for (const stale of [PASSPORT_CHECK, PROCESSING, 'Final Payment Required', 'Please complete your address and hotel details so we can finish your application.']) {
      expect(c.queryByText(stale)).toBeNull();
    }
    expectWrittenForPeople(text());
  });

  it('cancelled: the cancellation and its refund once; no correction, no address request, no rejection', async () => {
    const { c, text } = await card({ ...paid, status: 'rejected', address: null, cancelledAt: '2031-08-19T10:00:00.000Z', refundedAmount: 1000 });
    expect(c.getByText('Cancelled')).toBeInTheDocument();
    expect(text().match(/refunded/gi)).toHaveLength(1);
    expect(c.getByText(/You cancelled this application/)).toHaveTextContent('£10.00 has been refunded to your card; your credit note was sent to you by email.');
    for (const stale of [PASSPORT_CHECK, PROCESSING, /has been rejected/, /address and hotel details/]) expect(c.queryByText(stale)).toBeNull();
    expect(c.queryByTestId('refunded')).toBeNull();
    expect(c.queryByText('Guaranteed answer by')).toBeNull();
    expectWrittenForPeople(text());
  });

  it('rejected by staff: the rejection and its reason; no correction, no processing', async () => {
    const { c, text } = await card({
      ...paid,
      status: 'rejected',
      timeline: [{ at: '2031-08-22T10:00:00.000Z', kind: 'status', status: 'rejected', message: 'Your passport expires too soon.' }],
    });
    expect(c.getByText('Your application has been rejected. Please contact support for more information.')).toBeInTheDocument();
    expect(c.getByTestId('rejection-reason')).toHaveTextContent('Your passport expires too soon.');
    for (const stale of [PASSPORT_CHECK, PROCESSING]) expect(c.queryByText(stale)).toBeNull();
    expectWrittenForPeople(text());
  });
});
