import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { startI18n } from '../../apps/web/src/lib/i18n.js';
import { AdminDashboard } from './composed.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';
import { adminEntry as entry } from './admin-entries.js';
import { catalogsOf } from './catalogs.js';

afterEach(async () => {
  vi.unstubAllGlobals();
  await startI18n('en-GB', {});
});

const admin = testUser({ id: 99, email: 'staff@agency.example', fullName: 'Agency Admin', isAdmin: true });

function serve(entries: AdminEntryDto[]) {
  const zero = { 'online-entries': 0, 'initial-payment': 0, 'submitted-portal': 0, approved: 0, completed: 0, rejected: 0 };
  const counts = { ...zero, 'online-entries': entries.length, mine: zero, unassigned: { ...zero, 'online-entries': entries.length } };
  const api = fakeFetch({
    'GET /api/admin/applications': () => ({ status: 200, body: { items: entries, total: entries.length, page: 1, pageSize: 25 } }),
    'GET /api/admin/applications/counts': () => ({ status: 200, body: counts }),
    'GET /api/admin/payment-issues': () => ({ status: 200, body: { checked: 0, issues: [] } }),
    'GET /api/admin/applications/1/history': () => ({ status: 200, body: [] }),
    'GET /api/admin/applications/1/notes': () => ({ status: 200, body: [] }),
    'GET /api/admin/applications/1/assignments': () => ({ status: 200, body: [] }),
    'GET /api/applications/1/documents': () => ({ status: 200, body: [] }),
    'GET /api/applications/1/receipts': () => ({ status: 200, body: [] }),
    'GET /api/admin/assignees': () => ({ status: 200, body: [{ id: 99, fullName: 'Agency Admin', role: 'admin' }] }),
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => api.fn(typeof input === 'string' ? input.split('?')[0]! : input, init));
}

describe('staff read the admin dashboard in their language', () => {
  it('German: tabs, filters, the list and the side panel; the applicant’s values as typed', async () => {
    await startI18n('de', catalogsOf('de'));
    serve([entry(1)]);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin-Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('tab-online-entries')).toHaveTextContent('Online-Einträge');
    await waitFor(() => expect(screen.getByTestId('filter-none')).toHaveTextContent('Nicht zugewiesen (1)'));
    const row = await screen.findByTestId('admin-row-1');
    await setupUser().click(within(row).getByRole('button', { name: 'EV-2026-000001 bearbeiten' }));
    const panel = await screen.findByTestId('admin-side-panel');
    expect(within(panel).getByText('Antrag EV-2026-000001')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Änderungen übernehmen' })).toBeInTheDocument();
    expect(within(panel).getByTestId('panel-assignee')).toHaveTextContent('Niemandem zugewiesen.');
    expect(within(panel).getByText('Given1')).toBeInTheDocument();
  });

  it('Arabic: the tab names from the core catalog, the panel’s sections in Arabic', async () => {
    await startI18n('ar', catalogsOf('ar'));
    serve([entry(1)]);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    expect(screen.getByTestId('tab-submitted-portal')).toHaveTextContent('مُقدَّمة إلى البوابة');
    expect(await screen.findByRole('list', { name: 'الطلبات' })).toBeInTheDocument();
    const row = await screen.findByTestId('admin-row-1');
    await setupUser().click(within(row).getByRole('button', { name: 'إدارة EV-2026-000001' }));
    const panel = await screen.findByTestId('admin-side-panel');
    expect(within(panel).getByText('المعلومات الشخصية')).toBeInTheDocument();
  });
});
