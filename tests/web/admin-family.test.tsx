import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newApplication } from '../../core/domain/application.js';
import type { ApplicationStatus } from '../../core/domain/status.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { AdminDashboard } from './composed.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { validForm } from '../core/helpers.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const admin = testUser({ id: 99, email: 'staff@agency.example', isAdmin: true });

function entry(id: number, groupId: number | null): AdminEntryDto {
  const stored = newApplication({
    form: validForm({ givenName: `Given${id}`, surname: 'Family', passportNumber: `P${id}0000` }),
    userId: 7,
    applicationNumber: `EV-2026-${String(id).padStart(6, '0')}`,
    now: new Date('2026-11-20T10:00:00.000Z'),
    groupId,
  });
  const application = {
    ...(JSON.parse(JSON.stringify({ ...stored, id, version: 1 })) as object),
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
  } as AdminApplicationDto;
  return {
    application,
    status: application.status,
    user: { id: 7, email: 'lead@example.com', username: 'lead@example.com', fullName: 'Lead Family', phoneNumber: '+447700900123', createdAt: '2026-11-19T09:00:00.000Z' },
    assignee: null,
    portal: null,
  };
}

describe('admin list: family applications', () => {
  it("shows a 'GROUP n' badge on each traveller, and the badge filters the list to the family", async () => {
    const family = [entry(3, 5), entry(4, 5)];
    const alone = entry(8, null);
    const api = fakeFetch({
      'GET /api/admin/applications': () => ({ status: 200, body: { items: [alone, ...family], total: 3, page: 1, pageSize: 25 } }),
      'GET /api/admin/applications/counts': () => ({ status: 200, body: {} }),
      'GET /api/admin/payment-issues': () => ({ status: 200, body: { checked: 0, issues: [] } }),
      'GET /api/admin/application-groups/5': () => ({ status: 200, body: family }),
    });
    // The list's URLs carry a query string: match on the path.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => api.fn(typeof input === 'string' ? input.split('?')[0]! : input, init));
    await renderPage(<AdminDashboard />, { path: '/admin', user: admin });
    expect(await screen.findByTestId('admin-row-3')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-row-3')).getByText('GROUP 5')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-row-4')).getByText('GROUP 5')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-row-8')).queryByText(/GROUP/)).toBeNull();

    const user = setupUser();
    await user.click(within(screen.getByTestId('admin-row-4')).getByRole('link', { name: 'Show family application 5' }));
    const section = await screen.findByRole('region', { name: 'Family application 5' });
    expect(await within(section).findByText('Family application 5 · 2 travellers')).toBeInTheDocument();
    expect(within(section).getByTestId('admin-row-3')).toBeInTheDocument();
    expect(within(section).queryByTestId('admin-row-8')).toBeNull();
    expect(api.calls.some((c) => c.url === '/api/admin/application-groups/5')).toBe(true);

    await user.click(within(section).getByRole('button', { name: 'Show all applications' }));
    expect(screen.queryByRole('region', { name: 'Family application 5' })).toBeNull();
  });

  it("shows a traveller's new status in the family list once it is saved", async () => {
    const family = [entry(3, 5), entry(4, 5)];
    const history = [{ id: 1, applicationId: 3, fromStatus: null, toStatus: 'online_entry', changedBy: null, changedByName: 'system', message: null, changedAt: '2026-11-20T10:00:00.000Z' }];
    const api = fakeFetch({
      'GET /api/admin/applications': () => ({ status: 200, body: { items: family, total: 2, page: 1, pageSize: 25 } }),
      'GET /api/admin/applications/counts': () => ({ status: 200, body: {} }),
      'GET /api/admin/payment-issues': () => ({ status: 200, body: { checked: 0, issues: [] } }),
      'GET /api/admin/application-groups/5': () => ({ status: 200, body: family }),
      'GET /api/admin/applications/3/history': () => ({ status: 200, body: history }),
      'GET /api/applications/3/documents': () => ({ status: 200, body: [] }),
      // The server saves the status: the family's entries (what it answers next) carry it.
      'PUT /api/admin/applications/3/status': (body) => {
        const { status } = body as { status: ApplicationStatus };
        const application = { ...family[0].application!, status };
        family[0] = { ...family[0], application, status };
        return { status: 200, body: application };
      },
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => api.fn(typeof input === 'string' ? input.split('?')[0]! : input, init));
    await renderPage(<AdminDashboard />, { path: '/admin?group=5', user: admin });
    const section = await screen.findByRole('region', { name: 'Family application 5' });
    const row = await within(section).findByTestId('admin-row-3');
    expect(within(row).getByText('Online entry')).toBeInTheDocument();

    const user = setupUser();
    await user.click(within(row).getByRole('button', { name: 'Manage EV-2026-000003' }));
    // The details open in the side panel beside the list.
    const panel = await screen.findByTestId('admin-side-panel');
    await user.click(await within(panel).findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Under process' }));
    await user.click(within(panel).getByRole('button', { name: 'Apply Changes' }));
    await screen.findByText('Changes Saved');
    await user.click(within(panel).getByRole('button', { name: 'Close the details' }));

    // The family list is asked again after the change, and shows what was saved.
    await waitFor(() => expect(within(within(section).getByTestId('admin-row-3')).getByText('Under process')).toBeInTheDocument());
    expect(within(within(section).getByTestId('admin-row-3')).queryByText('Online entry')).toBeNull();
  });
});
