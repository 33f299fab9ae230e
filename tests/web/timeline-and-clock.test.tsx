import { cleanup, within } from '@testing-library/react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { ApplicationCard } from './composed.js';
import { renderPage, setupUser, testUser } from './render.js';

afterEach(() => cleanup());

function app(overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 7,
    applicationNumber: 'EV-2026-000007',
    userId: 1,
    status: 'under_process',
    givenName: 'Amelia',
    surname: 'Traveller',
    nationality: 'United Kingdom',
    entry: 'Single',
    expectedArrivalDate: '2026-12-20',
    expectedDepartureDate: '2026-12-27',
    createdAt: '2026-11-26T10:00:00.000Z',
    initialPaymentId: 'pi_1',
    finalPaymentId: null,
    address: '1 High St',
    additionalInfoMessage: null,
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    guarantee: { deadline: '2026-12-04T23:59:59.999Z', breached: false, workingDaysUsed: 3, workingDaysTotal: 5, paused: false },
    timeline: [],
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

async function card(overrides: Partial<ApplicationDto>) {
  await renderPage(<ApplicationCard application={app(overrides)} />, { path: '/dashboard', user: testUser() });
  return within(screen.getByTestId('application-7'));
}

describe('the guarantee clock on the dashboard card (docs/product.md §16.3)', () => {
  it('says which working day it is and the day of the answer', async () => {
    const c = await card({});
    expect(c.getByTestId('guarantee-clock')).toHaveTextContent('Working day 3 of 5 — we answer by Friday 4 December 2026');
  });

  it('says plainly when the clock waits for the applicant', async () => {
    const c = await card({
      status: 'additional_info_required',
      additionalInfoMessage: 'Please send your hotel booking.',
      guarantee: { deadline: '2026-12-09T23:59:59.999Z', breached: false, workingDaysUsed: 2, workingDaysTotal: 5, paused: true },
    });
    expect(c.getByTestId('guarantee-clock')).toHaveTextContent('Paused — waiting for your answer (2 of 5 working days used)');
  });

  it('shows no clock once the guarantee is missed: the card says the balance is not due instead', async () => {
    const c = await card({ guarantee: { deadline: '2026-12-04T23:59:59.999Z', breached: true, workingDaysUsed: 5, workingDaysTotal: 5, paused: false } });
    expect(c.queryByTestId('guarantee-clock')).toBeNull();
    expect(c.getByText('We missed our 5 working days guarantee for this application: you will not pay the outstanding balance.')).toBeInTheDocument();
  });
});

describe('the timeline on the dashboard card (docs/product.md §16.2)', () => {
  const timeline = [
    { at: '2026-11-26T10:00:00.000Z', kind: 'upload' as const, message: 'Passport uploaded' },
    { at: '2026-11-26T10:05:00.000Z', kind: 'payment' as const, message: 'Initial fee paid: £10.00' },
    { at: '2026-11-26T10:05:00.000Z', kind: 'status' as const, status: 'application_created' as const, message: 'Initial fee paid' },
    { at: '2026-11-30T09:00:00.000Z', kind: 'status' as const, status: 'rejected' as const, message: 'Your passport expires within six months of arrival.' },
  ];

  it('opens and closes behind an accessible disclosure', async () => {
    const user = setupUser();
    const c = await card({ status: 'rejected', timeline });
    const toggle = c.getByRole('button', { name: 'Show timeline' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list).not.toBeVisible();

    await user.click(toggle);
    expect(c.getByRole('button', { name: 'Hide timeline' })).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    const steps = within(c.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Passport uploaded'),
      expect.stringContaining('Initial fee paid: £10.00'),
      expect.stringContaining('Application created'),
      expect.stringContaining('RejectedYour passport expires within six months of arrival.'),
    ]);
    expect(steps[0]).toHaveTextContent('26 November 2026');

    await user.click(c.getByRole('button', { name: 'Hide timeline' }));
    expect(c.getByRole('button', { name: 'Show timeline' })).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });

  it('shows the rejection reason under the rejection sentence', async () => {
    const c = await card({ status: 'rejected', timeline });
    expect(c.getByText('Your application has been rejected. Please contact support for more information.')).toBeInTheDocument();
    expect(c.getByTestId('rejection-reason')).toHaveTextContent('Reason: Your passport expires within six months of arrival.');
  });

  it('shows no reason when staff gave none, and no disclosure without steps', async () => {
    const c = await card({ status: 'rejected', timeline: [] });
    expect(c.queryByTestId('rejection-reason')).toBeNull();
    expect(c.queryByRole('button', { name: /timeline/ })).toBeNull();
  });
});
