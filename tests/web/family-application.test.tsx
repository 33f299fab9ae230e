import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplicationFormView, PAYMENT_REDIRECT_DELAY_MS } from '../../apps/web/src/features/apply/apply-page.js';
import { AddressForm } from '../../apps/web/src/features/address/address-details-page.js';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { installFakeXhr } from './fake-xhr.js';
import { chooseOption, expectBesideField, expectInSummary, fakeFetch, fill, renderPage, setupUser, testUser, toastText, type User } from './render.js';

const NOW = new Date('2026-12-01T12:00:00Z');
let restoreXhr: (() => void) | null = null;
afterEach(() => {
  vi.useRealTimers();
  dismissToast();
  vi.unstubAllGlobals();
  restoreXhr?.();
  restoreXhr = null;
});

function passportFile(name: string): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });
}

/** Fills one traveller's own sections (`prefix` is its fields' id prefix). */
async function fillTraveller(user: User, prefix: string, givenName: string, passportNumber: string) {
  await fill(user, document.getElementById(`${prefix}-givenName`)!, givenName);
  await fill(user, document.getElementById(`${prefix}-surname`)!, 'Traveller');
  await chooseOption(user, `${prefix}-gender`, 'Female');
  fireEvent.change(document.getElementById(`${prefix}-dateOfBirth`)!, { target: { value: '1990-05-15' } });
  await chooseOption(user, `${prefix}-maritalStatus`, 'Single');
  await fill(user, document.getElementById(`${prefix}-profession`)!, 'Architect');
  await fill(user, document.getElementById(`${prefix}-passportNumber`)!, passportNumber);
  fireEvent.change(document.getElementById(`${prefix}-passportExpiry`)!, { target: { value: '2028-01-01' } });
  await user.upload(document.getElementById(`${prefix}-passport-file`) as HTMLInputElement, passportFile(`${givenName}.png`));
}

describe('apply page: a family application', () => {
  it('adds a traveller with the trip copied, submits the family once, uploads each passport to its own application and opens the family payment', async () => {
    const api = fakeFetch({
      'POST /api/application-groups': () => ({
        status: 201,
        body: {
          groupId: 5,
          applications: [
            { id: 11, applicationNumber: 'EV-11' },
            { id: 12, applicationNumber: 'EV-12' },
          ],
        },
      }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr((url) => ({ status: 201, body: { id: url.includes('/11/') ? 110 : 120, type: 'passport' } }));
    restoreXhr = xhr.restore;
    // The clock runs on its own, and the test moves it past the payment redirect's delay.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser();
    const page = await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={NOW} />, { path: '/apply', user: testUser() });

    await fillTraveller(user, 'app', 'Amelia', '111111111');
    fireEvent.change(document.getElementById('app-expectedArrivalDate')!, { target: { value: '2026-12-10' } });
    fireEvent.change(document.getElementById('app-expectedDepartureDate')!, { target: { value: '2026-12-20' } });
    await user.click(document.getElementById('app-privacyPolicyAccepted')!);

    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    const second = screen.getByRole('region', { name: 'Traveller 2' });
    expect(within(second).queryByLabelText(/Arrival/)).toBeNull();
    await fillTraveller(user, 'traveller0', 'Oliver', '222222222');

    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Application Submitted')).toBeInTheDocument();
    expect(page.path()).toBe('/apply');
    const posted = api.calls.find((c) => c.url === '/api/application-groups')!.body as { travellers: Record<string, unknown>[] };
    expect(posted.travellers).toHaveLength(2);
    expect(posted.travellers.map((t) => [t.givenName, t.passportNumber, t.expectedArrivalDate, t.expectedDepartureDate, t.privacyPolicyAccepted])).toEqual([
      ['Amelia', '111111111', '2026-12-10', '2026-12-20', true],
      ['Oliver', '222222222', '2026-12-10', '2026-12-20', true],
    ]);
    expect(api.calls.some((c) => c.url === '/api/applications')).toBe(false);
    expect(xhr.requests.map((r) => [r.url, (r.body.get('file') as File).name])).toEqual([
      ['/api/applications/11/documents', 'Amelia.png'],
      ['/api/applications/12/documents', 'Oliver.png'],
    ]);
    expect(api.calls.find((c) => c.url === '/api/events')!.body).toMatchObject({ name: 'application_submitted', properties: { groupId: 5, groupSize: 2 } });
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_REDIRECT_DELAY_MS));
    expect(page.path()).toBe('/payment?groupId=5');
  });

  it('does not submit while a traveller’s details or passport are missing', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={NOW} />, { path: '/apply', user: testUser() });
    await fillTraveller(user, 'app', 'Amelia', '111111111');
    fireEvent.change(document.getElementById('app-expectedArrivalDate')!, { target: { value: '2026-12-10' } });
    fireEvent.change(document.getElementById('app-expectedDepartureDate')!, { target: { value: '2026-12-20' } });
    await user.click(document.getElementById('app-privacyPolicyAccepted')!);
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    // Each of the second traveller's problems beside its field, and all of them in the summary at the top.
    await expectBesideField('traveller0-givenName', 'Given name is required');
    await expectBesideField('traveller0-passport-file', 'Please upload the passport copy of every traveller.');
    const summary = await expectInSummary('Please upload the passport copy of every traveller.', 'traveller0-passport-file');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Given name is required' })).toHaveAttribute('href', '#traveller0-givenName');
    // The trip is the first traveller's: nothing is listed twice for the second's hidden copy of it.
    expect(within(summary).queryByRole('link', { name: /arrival/i })).toBeNull();
    expect(screen.queryByText('Please check the travellers')).toBeNull();
    expect(toastText()).not.toMatch(/Please check|Missing Documents/);
    expect(api.calls.some((c) => c.url === '/api/application-groups')).toBe(false);
  });

  it('shows the server’s refusal of a traveller’s field (travellers.N.field) beside that traveller’s field', async () => {
    const message = 'Passport must be valid for at least 6 months from today';
    const api = fakeFetch({
      'POST /api/application-groups': () => ({ status: 400, body: { message, errors: { 'travellers.1.passportExpiry': [message] } } }),
    });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 1 } }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={NOW} />, { path: '/apply', user: testUser() });
    await fillTraveller(user, 'app', 'Amelia', '111111111');
    fireEvent.change(document.getElementById('app-expectedArrivalDate')!, { target: { value: '2026-12-10' } });
    fireEvent.change(document.getElementById('app-expectedDepartureDate')!, { target: { value: '2026-12-20' } });
    await user.click(document.getElementById('app-privacyPolicyAccepted')!);
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    await fillTraveller(user, 'traveller0', 'Oliver', '222222222');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await expectBesideField('traveller0-passportExpiry', message);
    await expectInSummary(message, 'traveller0-passportExpiry');
    expect(document.getElementById('app-passportExpiry')).not.toHaveAttribute('aria-invalid');
    expect(xhr.requests).toHaveLength(0);
  });
});

describe('address details of a family application', () => {
  const member = (id: number, overrides: Record<string, unknown> = {}) =>
    ({
      id,
      applicationNumber: `EV-${id}`,
      givenName: `G${id}`,
      surname: 'Family',
      expectedArrivalDate: '2026-12-10',
      expectedDepartureDate: '2026-12-20',
      address: null,
      city: null,
      postcode: null,
      hotelDetails: null,
      status: 'application_created',
      groupId: 5,
      ...overrides,
    }) as unknown as ApplicationDto;

  it('copies the address and hotel to the other travellers still without them (unless unticked)', async () => {
    const family = [member(3), member(4), member(6, { address: 'Already given' }), member(8, { groupId: null })];
    const api = fakeFetch({
      'GET /api/applications': () => ({ status: 200, body: family }),
      'PATCH /api/applications/3': (body) => ({ status: 200, body: { ...family[0], ...(body as object) } }),
      'PATCH /api/applications/4': (body) => ({ status: 200, body: { ...family[1], ...(body as object) } }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<AddressForm application={family[0]!} />, { path: '/address-details', user: testUser() });
    const user = setupUser();
    expect(await screen.findByLabelText('Use the same address and hotel for the other traveller of the family')).toBeChecked();
    await user.type(screen.getByLabelText(/Home address/), '12 Acacia Avenue');
    await user.type(screen.getByLabelText(/City/), 'Manchester');
    await user.type(screen.getByLabelText(/Postcode/), 'M1 1AA');
    await user.type(screen.getByLabelText(/Hotel details/), 'Mena House');
    await user.click(screen.getByRole('button', { name: 'Save and Complete Application' }));
    expect(await screen.findByText('Application Complete')).toBeInTheDocument();
    const details = { address: '12 Acacia Avenue', city: 'Manchester', postcode: 'M1 1AA', hotelDetails: 'Mena House' };
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => [c.url, c.body])).toEqual([
      ['/api/applications/3', details],
      ['/api/applications/4', details],
    ]);
  });
});
