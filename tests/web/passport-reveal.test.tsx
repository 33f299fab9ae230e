import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newApplication } from '../../core/domain/application.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { PassportFields } from '../../apps/web/src/features/admin/entry-details.js';
import { PassportCell } from '../../apps/web/src/components/passport-reveal.js';
import { PortalSection } from '../../apps/web/src/features/portal/portal-section.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { validForm } from '../core/helpers.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const SEEDED = { effectiveFrom: '2020-01-01', amountCents: 2500, pence: 1975, createdAt: '2020-01-01T00:00:00.000Z', createdBy: null };
const REVEALED = { passportNumber: 'P1234567', scanned: null };

/** An application as an admin answer carries it: its passport number masked (decision 0030). */
function maskedEntry(): { entry: AdminEntryDto; app: AdminApplicationDto } {
  const stored = newApplication({ form: validForm({ passportNumber: 'P1234567' }), userId: 7, applicationNumber: 'EV-2026-000007', now: new Date('2026-11-20T10:00:00.000Z') });
  const app = {
    ...(JSON.parse(JSON.stringify({ ...stored, id: 7, version: 1, passportNumber: '•••••4567' })) as object),
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
  } as AdminApplicationDto;
  return {
    app,
    entry: {
      application: app,
      status: app.status,
      user: { id: 7, email: 'alice@example.com', username: 'alice@example.com', fullName: 'Alice Smith', phoneNumber: '+447700900123', createdAt: '2026-11-19T09:00:00.000Z' },
      assignee: null,
      portal: null,
    },
  };
}

function Screen({ entry, app }: { entry: AdminEntryDto; app: AdminApplicationDto }) {
  return (
    <>
      <PassportCell app={app} />
      <PassportFields app={app} />
      <PortalSection entry={entry} app={app} />
    </>
  );
}

describe('a passport number masked for staff, and "Reveal"', () => {
  it('shows •••••4567 until Reveal; the reveal asks the server once and shows the number in the list, the panel and the portal sheet', async () => {
    const api = fakeFetch({
      'GET /api/admin/government-fees': () => ({ status: 200, body: { fees: [SEEDED], current: SEEDED } }),
      'POST /api/admin/applications/7/reveal-passport': () => ({ status: 200, body: REVEALED }),
    });
    vi.stubGlobal('fetch', api.fn);
    const { entry, app } = maskedEntry();
    await renderPage(<Screen entry={entry} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'reviewer' }) });
    const user = setupUser();
    expect(screen.getByTestId('passport-number-7')).toHaveTextContent('•••••4567');
    expect(screen.getByTestId('passport-cell-7')).toHaveTextContent('•••••4567');
    expect(screen.queryByText('P1234567')).toBeNull();
    const sheet = within(screen.getByRole('region', { name: 'Portal sheet' }));
    expect(sheet.getByText(/Copy all reveals the passport number/)).toBeInTheDocument();

    const reveals = () => api.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/reveal-passport'));
    expect(reveals()).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: 'Reveal the passport number' })[0]!);
    await waitFor(() => expect(screen.getByTestId('passport-number-7')).toHaveTextContent('P1234567'));
    expect(screen.getByTestId('passport-cell-7')).toHaveTextContent('P1234567');
    expect(reveals()).toHaveLength(1);
    // Revealed once, shown everywhere: the sheet copies it without asking again.
    expect(screen.queryByRole('button', { name: 'Reveal the passport number' })).toBeNull();
    await user.click(sheet.getByRole('button', { name: 'Copy Passport number' }));
    expect(await navigator.clipboard.readText()).toBe('P1234567');
    expect(reveals()).toHaveLength(1);
  });

  it("Copy all on a masked sheet reveals the number first and copies it in the passport's cell", async () => {
    const api = fakeFetch({
      'GET /api/admin/government-fees': () => ({ status: 200, body: { fees: [SEEDED], current: SEEDED } }),
      'POST /api/admin/applications/7/reveal-passport': () => ({ status: 200, body: REVEALED }),
    });
    vi.stubGlobal('fetch', api.fn);
    const { entry, app } = maskedEntry();
    await renderPage(<PortalSection entry={entry} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'finance' }) });
    const user = setupUser();
    const sheet = within(screen.getByRole('region', { name: 'Portal sheet' }));
    await user.click(sheet.getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied all the fields'));
    const all = (await navigator.clipboard.readText()).split('\t');
    expect(all[10]).toBe('P1234567');
    expect(api.calls.filter((c) => c.url.endsWith('/reveal-passport'))).toHaveLength(1);
  });

  it('offers no Reveal to a role without it (support), and Copy all leaves the masked number out', async () => {
    const api = fakeFetch({ 'GET /api/admin/government-fees': () => ({ status: 200, body: { fees: [SEEDED], current: SEEDED } }) });
    vi.stubGlobal('fetch', api.fn);
    const { entry, app } = maskedEntry();
    await renderPage(<Screen entry={entry} app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'support' }) });
    const user = setupUser();
    expect(screen.getByTestId('passport-number-7')).toHaveTextContent('•••••4567');
    expect(screen.getByText('Your role does not show passport numbers in full.')).toBeInTheDocument();
    const sheet = within(screen.getByRole('region', { name: 'Portal sheet' }));
    expect(sheet.getByRole('button', { name: 'Reveal the passport number' })).toBeDisabled();
    await user.click(sheet.getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied all the fields'));
    const all = (await navigator.clipboard.readText()).split('\t');
    expect(all).toHaveLength(18);
    expect(all[10]).toBe('');
    expect(api.calls.filter((c) => c.url.endsWith('/reveal-passport'))).toHaveLength(0);
  });

  it('says why when the server refuses the reveal', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/admin/applications/7/reveal-passport': () => ({ status: 403, body: { message: 'Your role does not allow this (passports.reveal).' } }) }).fn);
    const { app } = maskedEntry();
    await renderPage(<PassportFields app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'admin' }) });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Reveal the passport number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role cannot reveal passport numbers.');
    expect(screen.getByTestId('passport-number-7')).toHaveTextContent('•••••4567');
  });
});
