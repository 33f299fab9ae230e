import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { HonestPrice } from '../../apps/web/src/components/honest-price.js';
import { PaymentNotice } from '../../apps/web/src/features/apply/sections/payment-notice.js';
import { DashboardPage } from './composed.js';
import { PaymentPanel } from '../../apps/web/src/features/payment/payment-panel.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderApp, renderPage, requestStartNow, setupUser, testUser } from './render.js';

// docs/product.md §1.5: the honest price beside every call to action and on the payment screens.
// As the server writes it (officialRouteText of OFFICIAL_VISA_URL, _FEE and _FEE_EFFECTIVE).
const CONFIGURED = { url: 'https://www.visa2egypt.gov.eg/eVisa/', site: 'www.visa2egypt.gov.eg/eVisa', fee: 'US$30 single entry', effective: '2027-02-28', effectiveText: '28 February 2027' };
const STATEMENT = 'We are a private agency, not the Egyptian government. You can apply yourself at www.visa2egypt.gov.eg/eVisa for the official fee (US$30 single entry); our service costs £10 + £39.';

let meta: HTMLMetaElement;
beforeEach(() => {
  // What the server writes into every page it serves (apps/http/web-pages.ts).
  meta = document.createElement('meta');
  meta.name = 'evisa-official-route';
  meta.content = JSON.stringify(CONFIGURED);
  document.head.append(meta);
});
afterEach(() => {
  meta.remove();
  dismissToast();
  vi.unstubAllGlobals();
});

function member(id: number, overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id,
    applicationNumber: `EV-2026-00000${id}`,
    userId: 1,
    status: 'online_entry',
    givenName: `Traveller${id}`,
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
    groupId: null,
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

/** The statement in the call to action's own block: the nearest ancestor (at most 3 up) that holds one. */
function statementBeside(element: HTMLElement): HTMLElement {
  let box: HTMLElement | null = element.parentElement;
  for (let up = 0; box && up < 3; up++, box = box.parentElement) {
    const found = box.querySelectorAll<HTMLElement>('[data-testid="honest-price"]');
    if (found.length === 1) return found[0];
    expect(found.length, 'one statement per call to action').toBe(0);
  }
  throw new Error(`no statement beside ${element.textContent}`);
}

function expectStatement(statement: HTMLElement) {
  expect(statement.textContent).toContain(STATEMENT);
  expect(statement).toHaveTextContent('Official fee as of 28 February 2027.');
  const link = within(statement).getByRole('link', { name: 'www.visa2egypt.gov.eg/eVisa' });
  expect(link).toHaveAttribute('href', CONFIGURED.url);
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(link).toHaveAttribute('target', '_blank');
  expect(within(statement).getByText('28 February 2027')).toHaveAttribute('dateTime', '2027-02-28');
}

describe('the honest price', () => {
  it('says the defaults when the page carries no configuration', async () => {
    meta.remove();
    await renderPage(<HonestPrice />);
    const statement = screen.getByTestId('honest-price');
    expect(statement.textContent).toContain(
      'We are a private agency, not the Egyptian government. You can apply yourself at visa2egypt.gov.eg for the official fee (US$25 single entry); our service costs £10 + £39.',
    );
    expect(within(statement).getByRole('link', { name: 'visa2egypt.gov.eg' })).toHaveAttribute('href', 'https://visa2egypt.gov.eg');
  });

  it('stands beside Apply for Visa and each Apply Now on the landing page, and in the footer', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/events': () => ({ status: 204 }) }).fn);
    await renderApp('/', { user: null });
    const main = await screen.findByRole('main');
    expectStatement(statementBeside(within(main).getByRole('link', { name: 'Apply for Visa' })));
    const applyNow = within(main).getAllByRole('link', { name: /^Apply Now for a / });
    expect(applyNow).toHaveLength(3);
    for (const link of applyNow) expectStatement(statementBeside(link));
    const footer = screen.getByRole('contentinfo');
    expectStatement(within(footer).getByTestId('honest-price'));
  });

  it('stands beside the apply form’s payment notice', async () => {
    await renderPage(<PaymentNotice />);
    expectStatement(screen.getByTestId('honest-price'));
  });

  it.each([
    ['initial', 1000, 'Pay £10.00 Now'],
    ['final', 3900, 'Pay £39.00 Now'],
  ] as const)('stands beside the dashboard’s %s payment button', async (paymentType, amount, button) => {
    await renderPage(<PaymentPanel applicationId={3} paymentType={paymentType} amount={amount} serviceStartRequested />, { path: '/dashboard', user: testUser() });
    expectStatement(statementBeside(await screen.findByRole('button', { name: button })));
  });

  it('stands on the payment page beside the Pay button', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/applications': () => ({ status: 200, body: [member(3)] }),
        'POST /api/payments/initial/3': () => ({ status: 200, body: { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', amount: 1000, currency: 'gbp' } }),
        'POST /api/events': () => ({ status: 204 }),
      }).fn,
    );
    await renderApp('/payment?applicationId=3&type=initial', { user: testUser() });
    await requestStartNow(setupUser());
    const pay = await screen.findByRole('button', { name: 'Pay £10.00' });
    const card = pay.closest('[class*="lg:col-span-3"]') as HTMLElement;
    expectStatement(within(card).getByTestId('honest-price'));
  });

  it('stands beside the family’s payment, on the dashboard and on the group payment page', async () => {
    const family = [member(3, { groupId: 5 }), member(4, { groupId: 5 })];
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/applications': () => ({ status: 200, body: family }),
        'POST /api/payments/initial-group/5': () => ({ status: 200, body: { clientSecret: 'pi_g_secret', paymentIntentId: 'pi_g', amount: 2000, currency: 'gbp' } }),
        'POST /api/events': () => ({ status: 204 }),
      }).fn,
    );
    const dashboard = await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser() });
    expectStatement(statementBeside(await screen.findByRole('link', { name: 'Pay £20.00 for the family' })));
    dashboard.unmount();

    await renderApp('/payment?groupId=5', { user: testUser() });
    await requestStartNow(setupUser());
    const pay = await screen.findByRole('button', { name: 'Pay £20.00' });
    const card = pay.closest('[class*="lg:col-span-3"]') as HTMLElement;
    expectStatement(within(card).getByTestId('honest-price'));
  });
});
