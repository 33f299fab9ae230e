import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newApplication } from '../../core/domain/application.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { AdminDashboard } from '../../apps/web/src/features/admin/admin-dashboard.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { validForm } from '../core/helpers.js';
import { fakeFetch, renderPage, testUser } from './render.js';

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
  const application = { ...(JSON.parse(JSON.stringify({ ...stored, id, version: 1 })) as object), guarantee: { deadline: null, breached: false } } as AdminApplicationDto;
  return {
    application,
    status: application.status,
    user: { id: 7, email: 'lead@example.com', username: 'lead@example.com', fullName: 'Lead Family', phoneNumber: '+447700900123', createdAt: '2026-11-19T09:00:00.000Z' },
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

    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('admin-row-4')).getByRole('link', { name: 'Show family application 5' }));
    const section = await screen.findByRole('region', { name: 'Family application 5' });
    expect(await within(section).findByText('Family application 5 · 2 travellers')).toBeInTheDocument();
    expect(within(section).getByTestId('admin-row-3')).toBeInTheDocument();
    expect(within(section).queryByTestId('admin-row-8')).toBeNull();
    expect(api.calls.some((c) => c.url === '/api/admin/application-groups/5')).toBe(true);

    await user.click(within(section).getByRole('button', { name: 'Show all applications' }));
    expect(screen.queryByRole('region', { name: 'Family application 5' })).toBeNull();
  });
});
