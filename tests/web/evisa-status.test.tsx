import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { ApplicationCard } from './composed.js';
import { visaStagedToast } from '../../apps/web/src/features/admin/visa-staged-toast.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

/** A completed application (final fee paid) as the owner's read sends it. */
function completed(overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 3,
    applicationNumber: 'EV-2026-000003',
    userId: 1,
    status: 'final_payment_received',
    givenName: 'Amelia',
    surname: 'Traveller',
    nationality: 'United Kingdom',
    entry: 'Single',
    expectedArrivalDate: '2026-12-10',
    expectedDepartureDate: '2026-12-20',
    createdAt: '2026-12-01T10:00:00.000Z',
    initialPaymentId: 'pi_1',
    finalPaymentId: 'pi_2',
    address: '1 High St',
    visaDocument: null,
    evisaMailedAt: null,
    evisaSentAt: null,
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
    timeline: [],
    ...overrides,
  } as ApplicationDto;
}

const VISA_DOCUMENTS = {
  'GET /api/applications/3/documents': () => ({ status: 200, body: [{ id: 12, applicationId: 3, type: 'visa', fileName: 'evisa-EV-3.pdf', uploadedAt: '2026-12-04T10:00:00.000Z' }] }),
};

describe("the card's e-visa (docs/product.md §3.4): only what is true", () => {
  async function evisaOf(overrides: Partial<ApplicationDto>) {
    vi.stubGlobal('fetch', fakeFetch(VISA_DOCUMENTS).fn);
    await renderPage(<ApplicationCard application={completed(overrides)} />, { path: '/dashboard', user: testUser() });
    return within(screen.getByTestId('evisa-status'));
  }

  it('paid, no visa yet: being prepared, nothing to download, nothing "sent"', async () => {
    const e = await evisaOf({});
    expect(screen.getByTestId('evisa-status')).toHaveAttribute('data-state', 'preparing');
    expect(e.getByRole('status')).toHaveTextContent("We're preparing your e-visa — we'll email it to you as soon as Egypt issues it.");
    expect(screen.queryByText(/sent to your email/i)).toBeNull();
    expect(e.queryByRole('link')).toBeNull();
  });

  it('attached and its mail queued: ready, on its way, and downloadable', async () => {
    const e = await evisaOf({ visaDocument: 'evisa-EV-3.pdf', evisaMailedAt: '2026-12-04T10:00:00.000Z' });
    expect(e.getByRole('status')).toHaveTextContent("Your e-visa is ready. We're emailing it to you now, and you can download it below.");
    expect(await e.findByRole('link', { name: 'Download your e-visa (evisa-EV-3.pdf)' })).toHaveAttribute('href', '/api/documents/12/file');
    expect(e.getByRole('link', { name: 'Download border pack (PDF)' })).toHaveAttribute('href', '/api/applications/3/border-pack');
    expect(screen.queryByText(/sent to your email/i)).toBeNull();
  });

  it('attached with no mail ever queued (demo data): ready to download, no promise of a mail', async () => {
    const e = await evisaOf({ visaDocument: 'evisa-EV-3.pdf' });
    expect(e.getByRole('status')).toHaveTextContent('Your e-visa is ready: download it below.');
    expect(await e.findByRole('link', { name: 'Download your e-visa (evisa-EV-3.pdf)' })).toBeInTheDocument();
  });

  it('sent: the day the mail server took it, written for people', async () => {
    const e = await evisaOf({ visaDocument: 'evisa-EV-3.pdf', evisaMailedAt: '2026-12-04T10:00:00.000Z', evisaSentAt: '2026-12-04T10:00:07.000Z' });
    expect(e.getByRole('status')).toHaveTextContent('E-visa sent to your email on Friday 4 December 2026');
    expect(await e.findByRole('link', { name: 'Download your e-visa (evisa-EV-3.pdf)' })).toBeInTheDocument();
  });
});

describe("the admin's toast for a staged visa says what 'Apply Changes' will do", () => {
  it('emailed at once when the fee is settled and nothing was mailed; later otherwise; a replacement by the button', () => {
    expect(visaStagedToast({ finalPaymentId: 'pi_2', evisaMailedAt: null }).description).toBe("It is uploaded when you click 'Apply Changes', and emailed to the applicant at once.");
    expect(visaStagedToast({ finalPaymentId: null }).description).toBe("It is uploaded when you click 'Apply Changes', and emailed to the applicant once the final fee is paid or waived.");
    expect(visaStagedToast({ finalPaymentId: 'waived_3', evisaMailedAt: '2026-12-04T10:00:00.000Z' }).description).toContain("use 'Send E-Visa Email' to send them this one");
    for (const app of [{ finalPaymentId: null }, { finalPaymentId: 'pi_2' }]) expect(visaStagedToast(app).description).not.toMatch(/uploaded successfully/);
  });
});
