import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditTrail } from '../../apps/web/src/features/audit/audit-trail.js';
import { fakeFetch, renderPage, testUser } from './render.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the audit trail on the admin row', () => {
  it('shows each entry newest first: what was done, what changed, by whom, when and from where', async () => {
    const trail = [
      {
        seq: 9,
        at: '2026-11-25T11:00:00.000Z',
        actor: { id: 2, email: 'reviewer@agency.example' },
        clientAddress: '198.51.100.7',
        action: 'application.status_changed',
        target: { type: 'application', id: '7' },
        applicationId: 7,
        detail: { before: { status: 'verified', additionalInfoMessage: null }, after: { status: 'approved', additionalInfoMessage: null } },
      },
      {
        seq: 4,
        at: '2026-11-25T10:00:00.000Z',
        actor: { id: null, email: null },
        clientAddress: null,
        action: 'applications.exported',
        target: { type: 'applications', id: null },
        applicationId: 7,
        detail: {},
      },
    ];
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/admin/applications/7/audit': () => ({ status: 200, body: trail }) }).fn);
    await renderPage(<AuditTrail applicationId={7} />, { path: '/admin', user: testUser({ isAdmin: true }) });
    const section = within(screen.getByRole('region', { name: 'Audit trail' }));
    const items = await section.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Changed the statusstatus: verified → approvedreviewer@agency\.example, 25 November 2026.* from 198\.51\.100\.7$/),
      expect.stringMatching(/^Exported applicationsoperator \(CLI\), 25 November 2026/),
    ]);
  });
});
