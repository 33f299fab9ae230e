import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditTrail } from '../../apps/web/src/features/audit/audit-trail.js';
import { fakeFetch, renderPage, testUser } from './render.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the audit trail on the admin row', () => {
  it('shows each entry newest first in words: what was done, what changed, by whom, when and from where', async () => {
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
        seq: 6,
        at: '2026-11-25T10:30:00.000Z',
        actor: { id: 3, email: 'finance@agency.example' },
        clientAddress: '198.51.100.8',
        action: 'refund.requested',
        target: { type: 'refund', id: '2' },
        applicationId: 7,
        detail: { after: { paymentType: 'initial', amount: 1000, reason: 'Goodwill', status: 'pending_approval' } },
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
    await section.findByTestId('audit-9');
    expect(section.getByTestId('audit-9')).toHaveTextContent('Changed the statusStatus: Verified → Approvedreviewer@agency.example, Wednesday 25 November 2026 at 11:00 (UK time) from 198.51.100.7');
    expect(section.getByTestId('audit-6')).toHaveTextContent('Asked for a refundFee: Initial feeAmount: £10.00Status: Awaiting approvalReason: Goodwill');
    expect(section.getByTestId('audit-4')).toHaveTextContent('Exported applicationsOperator (command line), Wednesday 25 November 2026 at 10:00 (UK time)');
    // No raw value reaches the page: no pence, no status ids, no JSON.
    const text = screen.getByRole('region', { name: 'Audit trail' }).textContent!;
    expect(text).not.toMatch(/amount: 1000|pending_approval|\{|"|verified →/);
  });
});
