import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newApplication } from '../../core/domain/application.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { PortalSection } from '../../apps/web/src/features/portal/portal-section.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { validForm } from '../core/helpers.js';
import { chooseOption, fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const SEEDED = { effectiveFrom: '2020-01-01', amountCents: 2500, pence: 1975, createdAt: '2020-01-01T00:00:00.000Z', createdBy: null };

function entry(portal: AdminEntryDto['portal'] = null): { entry: AdminEntryDto; app: AdminApplicationDto } {
  const stored = newApplication({
    form: validForm({ givenName: 'Alice Mary', surname: 'Smith', passportNumber: 'P1234567', originalNationality: 'Ireland', otherNationalities: true, otherNationality: 'Canada' }),
    userId: 7,
    applicationNumber: 'EV-2026-000007',
    now: new Date('2026-11-20T10:00:00.000Z'),
  });
  const withAddress = { ...stored, address: '1 High Street', city: 'London', postcode: 'SW1A 1AA', hotelDetails: 'Nile Hotel, Cairo' };
  const app = {
    ...(JSON.parse(JSON.stringify({ ...withAddress, id: 7, version: 1 })) as object),
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
  } as AdminApplicationDto;
  return {
    app,
    entry: {
      application: app,
      status: app.status,
      user: { id: 7, email: 'alice@example.com', username: 'alice@example.com', fullName: 'Alice Smith', phoneNumber: '+447700900123', createdAt: '2026-11-19T09:00:00.000Z' },
      assignee: null,
      portal,
    },
  };
}

describe('the Portal section of the admin row', () => {
  it('shows the portal sheet in the portal’s order with DD/MM/YYYY dates; Copy and Copy all fill the clipboard and say so', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/admin/government-fees': () => ({ status: 200, body: { fees: [SEEDED], current: SEEDED } }) }).fn);
    const { entry: e, app } = entry();
    await renderPage(<PortalSection entry={e} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'reviewer' }) });
    const user = setupUser();
    const section = within(screen.getByRole('region', { name: 'Portal' }));
    expect(section.getByTestId('portal-state')).toHaveTextContent('To submit');
    expect(section.getByText('None uploaded')).toBeInTheDocument();

    const sheet = within(screen.getByRole('region', { name: 'Portal sheet' }));
    const labels = sheet.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(labels).toEqual([
      'Nationality',
      'Visa type',
      'Expected arrival date',
      'Surname',
      'Given names',
      'Gender',
      'Date of birth',
      'Country of birth',
      'Marital status',
      'Profession',
      'Passport number',
      'Passport expiry',
      'Previous nationality',
      'Other nationality',
      'Address in home country',
      'Hotel or address in Egypt',
      'Email',
      'Phone',
    ]);
    const row = (label: string) => within(sheet.getByRole('rowheader', { name: label }).closest('tr')!);
    expect(row('Date of birth').getByText('01/05/1990')).toBeInTheDocument();
    expect(row('Visa type').getByText('Tourist, Single entry')).toBeInTheDocument();
    expect(row('Address in home country').getByText('1 High Street, London, SW1A 1AA')).toBeInTheDocument();

    await user.click(sheet.getByRole('button', { name: 'Copy Passport number' }));
    expect(await navigator.clipboard.readText()).toBe('P1234567');
    expect(screen.getByRole('status')).toHaveTextContent('Copied Passport number');
    expect(sheet.getByRole('button', { name: 'Copy Passport number' })).toHaveTextContent('Copied');

    await user.click(sheet.getByRole('button', { name: 'Copy all' }));
    const all = (await navigator.clipboard.readText()).split('\t');
    expect(all).toHaveLength(18);
    expect(all.slice(0, 5)).toEqual(['United Kingdom', 'Tourist, Single entry', '10/12/2026', 'Smith', 'Alice Mary']);
    expect(all.slice(12)).toEqual(['Ireland', 'Canada', '1 High Street, London, SW1A 1AA', 'Nile Hotel, Cairo', 'alice@example.com', '+447700900123']);
    expect(screen.getByRole('status')).toHaveTextContent('Copied all the fields');
  });

  it('saves the record: the fee in effect today fills in with the payment date; a server refusal is shown', async () => {
    const puts: unknown[] = [];
    let refuse = true;
    const api = fakeFetch({
      'GET /api/admin/government-fees': () => ({ status: 200, body: { fees: [SEEDED], current: SEEDED } }),
      'PUT /api/admin/applications/7/portal': (body) => {
        puts.push(body);
        if (refuse) {
          refuse = false;
          return { status: 400, body: { message: 'The government fee cannot be paid in the future.' } };
        }
        return { status: 200, body: { ...(body as object), governmentFeePence: 1975, receipt: null, updatedAt: '2026-11-20T10:00:00.000Z', updatedBy: 99 } };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    const { entry: e, app } = entry();
    await renderPage(<PortalSection entry={e} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'finance' }) });
    const user = setupUser();
    const form = within(screen.getByRole('form', { name: 'Edit the portal record' }));
    await screen.findByText(/In effect today: US\$25.00 \(booked at £19.75\)/);
    const stateTrigger = form.getByLabelText('Portal state');
    await chooseOption(user, stateTrigger.id, 'Submitted');
    await user.type(form.getByLabelText('Portal reference'), 'EG-77');
    await user.type(form.getByLabelText('Paid on'), '2026-11-19');
    expect(form.getByLabelText('Government fee (US$)')).toHaveValue('25.00');
    await user.click(form.getByRole('button', { name: 'Save portal record' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The government fee cannot be paid in the future.');
    await user.click(form.getByRole('button', { name: 'Save portal record' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ state: 'submitted', reference: 'EG-77', governmentFeeCents: 2500, governmentFeeCurrency: 'USD', paidAt: '2026-11-19' });
    expect(await screen.findByText('Portal record saved')).toBeInTheDocument();
  });

  it('shows a recorded ledger with its receipt link; roles without portal.manage get no form', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const { entry: e, app } = entry({
      reference: 'EG-77',
      state: 'granted',
      governmentFeeCents: 2500,
      governmentFeeCurrency: 'USD',
      governmentFeePence: 1975,
      feeAtPaymentCents: 2500,
      feeAtPaymentPence: 1975,
      absorbedFeeCents: 0,
      absorbedFeePence: 0,
      paidAt: '2026-11-19T00:00:00.000Z',
      receipt: { fileName: 'receipt.pdf', contentType: 'application/pdf', size: 1200, uploadedAt: '2026-11-19T10:00:00.000Z' },
      updatedAt: '2026-11-19T10:00:00.000Z',
      updatedBy: 99,
    });
    await renderPage(<PortalSection entry={e} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'support' }) });
    const section = within(screen.getByRole('region', { name: 'Portal' }));
    expect(section.getByTestId('portal-state')).toHaveTextContent('Granted');
    // The fee paid, and (the shield) the same fee when the traveller paid us.
    expect(section.getAllByText('US$25.00 (booked at £19.75)')).toHaveLength(2);
    expect(section.getByText('19 November 2026')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'receipt.pdf' })).toHaveAttribute('href', '/api/admin/applications/7/portal/receipt');
    expect(screen.queryByRole('form', { name: 'Edit the portal record' })).toBeNull();
    // The shield (decision 0033): the fee had not risen, so nothing was absorbed.
    expect(section.getByTestId('portal-fee-at-payment')).toHaveTextContent('US$25.00 (booked at £19.75)');
    expect(section.getByTestId('portal-fee-absorbed')).toHaveTextContent("None: Egypt's fee had not risen since the traveller paid us.");
  });

  it('shows the fee when the traveller paid us and the rise the agency paid, in words', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const { entry: e, app } = entry({
      reference: 'EG-78',
      state: 'submitted',
      governmentFeeCents: 4500,
      governmentFeeCurrency: 'USD',
      governmentFeePence: 3555,
      feeAtPaymentCents: 2500,
      feeAtPaymentPence: 1975,
      absorbedFeeCents: 2000,
      absorbedFeePence: 1580,
      paidAt: '2026-12-02T00:00:00.000Z',
      receipt: null,
      updatedAt: '2026-12-02T10:00:00.000Z',
      updatedBy: 99,
    });
    await renderPage(<PortalSection entry={e} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'support' }) });
    const section = within(screen.getByRole('region', { name: 'Portal' }));
    expect(section.getByText('US$45.00 (booked at £35.55)')).toBeInTheDocument();
    expect(section.getByText('Fee when the traveller paid us')).toBeInTheDocument();
    expect(section.getByTestId('portal-fee-at-payment')).toHaveTextContent('US$25.00 (booked at £19.75)');
    expect(section.getByText('Fee rise paid by the agency')).toBeInTheDocument();
    expect(section.getByTestId('portal-fee-absorbed')).toHaveTextContent(
      "US$20.00 (£15.80): Egypt's fee rose after the traveller paid us, so the agency paid the difference. The traveller's price does not change.",
    );
  });

  it('says nothing of the shield while no fee is recorded for a paying traveller', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const { entry: e, app } = entry(null);
    await renderPage(<PortalSection entry={e} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'support' }) });
    const section = within(screen.getByRole('region', { name: 'Portal' }));
    expect(section.queryByTestId('portal-fee-absorbed')).toBeNull();
  });
});
