import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditPage } from '../../apps/web/src/features/audit/audit-page.js';
import { fill, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = testUser({ id: 1, email: 'ada@agency.example', fullName: 'Ada Admin', isAdmin: true, role: 'admin' });

function entry(seq: number, overrides: Record<string, unknown> = {}) {
  return {
    seq,
    at: '2026-11-25T11:00:00.000Z',
    actor: { id: 7, email: 'rita@agency.example' },
    clientAddress: '198.51.100.7',
    action: 'application.status_changed',
    target: { type: 'application', id: '12' },
    applicationId: 12,
    applicationNumber: 'EV-2611-7K3QX9',
    detail: { before: { status: 'under_process' }, after: { status: 'verified' } },
    ...overrides,
  };
}

/** A stand-in for GET /api/admin/audit (and the staff list, the chain check): records each query. */
function serve(options: { refuseNumber?: boolean; items?: ReturnType<typeof entry>[]; hasMore?: boolean } = {}) {
  const asked: URLSearchParams[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://agency.test');
    if (url.pathname === '/api/admin/audit') {
      asked.push(url.searchParams);
      if (options.refuseNumber && url.searchParams.get('applicationNumber')) {
        return json(400, { message: 'No application has this number.', errors: { applicationNumber: ['No application has this number.'] } });
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      return json(200, { items: page === 1 ? (options.items ?? [entry(2)]) : [entry(1)], page, pageSize: 50, hasMore: page === 1 && (options.hasMore ?? false) });
    }
    if (url.pathname === '/api/admin/staff') {
      return json(200, [
        { id: 1, email: 'ada@agency.example', fullName: 'Ada Admin', phoneNumber: '+441234567890', role: 'admin', active: true, twoFactorEnabled: true, createdAt: '2026-01-01T00:00:00.000Z' },
        {
          id: 7,
          email: 'rita@agency.example',
          fullName: 'Rita Reviewer',
          phoneNumber: '+441234567891',
          role: 'reviewer',
          active: false,
          twoFactorEnabled: true,
          createdAt: '2026-01-02T00:00:00.000Z',
        },
      ]);
    }
    if (url.pathname === '/api/admin/audit/verification') return json(200, { ok: true, rows: 1234, head: { seq: 1234, hash: 'ab12cd34ef56ab12cd34ef56' } });
    return json(404, { message: 'Not found.' });
  });
  return asked;
}

describe('the audit log screen (docs/product.md §6.5)', () => {
  it('lists the whole log in words, newest first, with who, when and from where', async () => {
    serve({
      items: [
        entry(3, { action: 'refund.requested', target: { type: 'refund', id: '4' }, detail: { after: { paymentType: 'initial', amount: 1000, reason: 'Goodwill', status: 'pending_approval' } } }),
        entry(2),
        entry(1, { action: 'application.portal_updated', detail: { before: { state: 'to_submit' }, after: { state: 'submitted', paidAt: '2026-11-02T00:00:00.000Z' } } }),
      ],
    });
    await renderPage(<AuditPage />, { path: '/admin/audit', user: admin });
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const refund = await screen.findByTestId('audit-3');
    expect(refund).toHaveTextContent('Wednesday 25 November 2026 at 11:00 (UK time)');
    expect(refund).toHaveTextContent('rita@agency.examplefrom 198.51.100.7');
    expect(refund).toHaveTextContent('Asked for a refund · Refund 4 · Application EV-2611-7K3QX9Fee: Initial feeAmount: £10.00Status: Awaiting approvalReason: Goodwill');
    expect(screen.getByTestId('audit-2')).toHaveTextContent('Changed the status · Application EV-2611-7K3QX9Status: Under process → Verified');
    expect(screen.getByTestId('audit-1')).toHaveTextContent('Portal state: To submit → SubmittedPaid on: Monday 2 November 2026');
    expect(screen.getByRole('region', { name: 'Entries' }).textContent).not.toMatch(/1000|pending_approval|under_process|2026-11-02|\{/);
  });

  it('filters by who, what, which application and UK days, and keeps the filters in the address', async () => {
    const asked = serve();
    const { path } = await renderPage(<AuditPage />, { path: '/admin/audit', user: admin });
    await screen.findByTestId('audit-2');
    const user = setupUser();
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Rita Reviewer (rita@agency.example), deactivated' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Who'), 'Rita Reviewer (rita@agency.example), deactivated');
    await user.selectOptions(within(form).getByLabelText('What'), 'Asked for a refund');
    await fill(user, within(form).getByLabelText('Application number'), ' ev-2611-7k3qx9 ');
    await fill(user, within(form).getByLabelText('From (UK day)'), '2026-07-01');
    await fill(user, within(form).getByLabelText('To (UK day)'), '2026-07-31');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));

    await waitFor(() => expect(asked.length).toBe(2));
    const query = Object.fromEntries(asked[1]!.entries());
    // London days in summer time: from 23:00 UTC the day before, to the last millisecond of 31 July in London.
    expect(query).toEqual({ actorId: '7', action: 'refund.requested', applicationNumber: 'ev-2611-7k3qx9', from: '2026-06-30T23:00:00.000Z', to: '2026-07-31T22:59:59.999Z' });
    expect(path()).toBe('/admin/audit?actorId=7&action=refund.requested&applicationNumber=ev-2611-7k3qx9&from=2026-07-01&to=2026-07-31');

    await user.click(within(screen.getByRole('form', { name: 'Filter the audit log' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(path()).toBe('/admin/audit'));
  });

  it("shows the server's refusal of an application number beside its field", async () => {
    serve({ refuseNumber: true });
    await renderPage(<AuditPage />, { path: '/admin/audit?applicationNumber=EV-2611-7K3QX9', user: admin });
    const field = await screen.findByLabelText('Application number');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)).toHaveTextContent('No application has this number.');
    expect(field).toHaveValue('EV-2611-7K3QX9');
  });

  it('refuses a range that ends before it starts, beside the field, without asking the server', async () => {
    const asked = serve();
    await renderPage(<AuditPage />, { path: '/admin/audit', user: admin });
    await screen.findByTestId('audit-2');
    const user = setupUser();
    await fill(user, screen.getByLabelText('From (UK day)'), '2026-07-31');
    await fill(user, screen.getByLabelText('To (UK day)'), '2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const from = screen.getByLabelText('From (UK day)');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)).toHaveTextContent('The first day must not be after the last day.');
    expect(asked).toHaveLength(1);
  });

  it('pages with Next and Previous, and verifies the chain only when asked', async () => {
    const asked = serve({ hasMore: true });
    const { path } = await renderPage(<AuditPage />, { path: '/admin/audit', user: admin });
    await screen.findByTestId('audit-2');
    const user = setupUser();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByTestId('audit-1');
    expect(path()).toBe('/admin/audit?page=2');
    expect(asked.at(-1)!.get('page')).toBe('2');
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Verify the chain' }));
    expect(await screen.findByText('Intact: 1,234 entries checked, up to no. 1,234 (hash ab12cd34ef56…).')).toBeInTheDocument();
  });
});
