import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportsSummary } from '../../core/domain/reports.js';
import { addCalendarDays, londonDateOf } from '../../core/domain/working-days.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderApp, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const FINANCE = testUser({ id: 9, isAdmin: true, role: 'finance', twoFactorEnabled: true });
const REVIEWER = testUser({ id: 8, isAdmin: true, role: 'reviewer', twoFactorEnabled: true });

function summaryFor(from: string, to: string): ReportsSummary {
  return {
    range: { from, to },
    onTime: { finished: 1234, withinGuarantee: 1203, rate: 0.9749 },
    turnaround: { medianHours: 31.2, p90Hours: 70 },
    waivers: { count: 3, pence: 11700 },
    refunds: { count: 2, pence: 7800 },
    revenue: [
      { month: '2026-10', initialPence: 100000, finalPence: 390000, refundedPence: 3900, governmentFeePence: 250000, absorbedFeePence: 20000, marginPence: 236100 },
      { month: '2026-11', initialPence: 50000, finalPence: 0, refundedPence: 3900, governmentFeePence: 60000, absorbedFeePence: 0, marginPence: -13900 },
    ],
    funnel: { registered: 900, applied: 800, initialPaid: 600, addressGiven: 500, approved: 400, finalPaid: 380 },
    nationalities: [
      { nationality: 'United Kingdom', count: 500 },
      { nationality: 'Ireland {Republic}', count: 300 },
    ],
  };
}

/**
 * The API as the reports page sees it: the summary answered by `answer` for the query asked (every
 * request recorded), the dashboard's own calls answered empty.
 */
function stubApi(answer: (query: URLSearchParams) => { status: number; body: unknown } = (q) => ({ status: 200, body: summaryFor(q.get('from')!, q.get('to')!) })) {
  const summaries: URLSearchParams[] = [];
  const others = fakeFetch({
    'POST /api/events': () => ({ status: 204 }),
    'GET /api/admin/applications/counts': () => ({ status: 200, body: {} }),
  });
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === '/api/admin/reports/summary') {
      summaries.push(url.searchParams);
      const { status, body } = answer(url.searchParams);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }
    return others.fn(url.pathname, init);
  };
  vi.stubGlobal('fetch', fn);
  return { summaries };
}

const table = (name: string) => within(screen.getByRole('table', { name }));
const rowText = (name: string) =>
  table(name)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));

describe('the reports page (/admin/reports)', () => {
  it('asks for the range in the address and shows each figure in a captioned table, with the CSV of the same range', async () => {
    const api = stubApi();
    const app = await renderApp('/admin/reports?from=2026-10-01&to=2026-11-30', { user: FINANCE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'On time, 1 Oct 2026 to 30 Nov 2026' });
    expect(api.summaries.map((q) => q.toString())).toEqual(['from=2026-10-01&to=2026-11-30']);
    await waitFor(() => expect(document.title).toMatch(/^Reports — /));

    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/reports/summary?from=2026-10-01&to=2026-11-30&format=csv');

    expect(rowText('On time, 1 Oct 2026 to 30 Nov 2026')).toEqual([
      ['Measure', 'Value'],
      ['Decided', '1,234'],
      ['Decided within 5 working days', '1,203'],
      ['On-time rate', '97.4%'],
    ]);
    expect(rowText('Turnaround, 1 Oct 2026 to 30 Nov 2026').slice(1)).toEqual([
      ['Median', '31.2 hours'],
      ['90th percentile', '70.0 hours'],
    ]);
    expect(rowText('Revenue by month, 1 Oct 2026 to 30 Nov 2026')).toEqual([
      ['Month', 'Initial fees', 'Final fees', 'Refunds', 'Government fees', 'Fee changes absorbed', 'Margin'],
      ['Oct 2026', '£1000.00', '£3900.00', '£39.00', '£2500.00', '£200.00', '£2361.00'],
      ['Nov 2026', '£500.00', '£0.00', '£39.00', '£600.00', '£0.00', '−£139.00'],
      ['Total', '£1500.00', '£3900.00', '£78.00', '£3100.00', '£200.00', '£2222.00'],
    ]);
    expect(rowText('Funnel, 1 Oct 2026 to 30 Nov 2026').slice(1)).toEqual([
      ['Accounts registered', '900', '—'],
      ['Applied', '800', '100%'],
      ['Paid the initial fee', '600', '75%'],
      ['Gave an address', '500', '62.5%'],
      ['Approved', '400', '50%'],
      ['Paid the final fee', '380', '47.5%'],
    ]);
    expect(rowText('Nationalities, 1 Oct 2026 to 30 Nov 2026').slice(1)).toEqual([
      ['United Kingdom', '500', '62.5%'],
      ['Ireland {Republic}', '300', '37.5%'],
    ]);
    expect(rowText('Waivers and refunds, 1 Oct 2026 to 30 Nov 2026').slice(1)).toEqual([
      ['Final fees waived', '3', '£117.00'],
      ['Refunds', '2', '£78.00'],
    ]);
    expect(app.path()).toBe('/admin/reports?from=2026-10-01&to=2026-11-30');
  });

  it('puts a chosen range and a preset in the address, and asks for that range', async () => {
    const api = stubApi();
    const app = await renderApp('/admin/reports?from=2026-10-01&to=2026-11-30', { user: FINANCE });
    await screen.findByRole('table', { name: /^On time/ });
    const user = setupUser();

    // jsdom's date inputs take no typing: a picked date arrives as one change.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-15' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(app.path()).toBe('/admin/reports?from=2026-09-15&to=2026-11-30'));
    await screen.findByRole('table', { name: 'On time, 15 Sept 2026 to 30 Nov 2026' });
    expect(app.path()).toBe('/admin/reports?from=2026-09-15&to=2026-11-30');
    expect(api.summaries.at(-1)!.toString()).toBe('from=2026-09-15&to=2026-11-30');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/reports/summary?from=2026-09-15&to=2026-11-30&format=csv');

    const today = londonDateOf(new Date());
    await user.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(app.path()).toBe(`/admin/reports?from=${today.slice(0, 4)}-01-01&to=${today}`));
    await waitFor(() => expect(api.summaries.at(-1)!.toString()).toBe(`from=${today.slice(0, 4)}-01-01&to=${today}`));
    expect(await screen.findByRole('button', { name: 'This year' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('without a range (or with a malformed one) shows the last 30 days up to today', async () => {
    const api = stubApi();
    await renderApp('/admin/reports?from=yesterday', { user: FINANCE });
    await screen.findByRole('table', { name: /^On time/ });
    const today = londonDateOf(new Date());
    expect(api.summaries.map((q) => q.toString())).toEqual([`from=${addCalendarDays(today, -29)}&to=${today}`]);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's 400 message in an alert", async () => {
    stubApi(() => ({ status: 400, body: { message: 'to must not be before from' } }));
    await renderApp('/admin/reports?from=2026-11-30&to=2026-11-01', { user: FINANCE });
    expect(await screen.findByRole('alert')).toHaveTextContent('to must not be before from');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when a figure has nothing in the range', async () => {
    stubApi((q) => ({
      status: 200,
      body: {
        ...summaryFor(q.get('from')!, q.get('to')!),
        onTime: { finished: 0, withinGuarantee: 0, rate: null },
        turnaround: { medianHours: null, p90Hours: null },
        revenue: [{ month: '2026-11', initialPence: 0, finalPence: 0, refundedPence: 0, governmentFeePence: 0, marginPence: 0 }],
        funnel: { registered: 0, applied: 0, initialPaid: 0, addressGiven: 0, approved: 0, finalPaid: 0 },
        nationalities: [],
      },
    }));
    await renderApp('/admin/reports?from=2026-11-01&to=2026-11-30', { user: FINANCE });
    expect(await screen.findAllByText('No decisions in this range.')).toHaveLength(2);
    expect(screen.getByText('No money moved in this range.')).toBeInTheDocument();
    expect(screen.getByText('No accounts or applications were started in this range.')).toBeInTheDocument();
    expect(screen.getByText('No applications in this range.')).toBeInTheDocument();
    expect(screen.getAllByRole('table').map((t) => t.querySelector('caption')!.textContent)).toEqual(['Waivers and refunds, 1 Nov 2026 to 30 Nov 2026']);
  });

  it('is for roles with reports.read: a reviewer is sent back to the dashboard, which offers no Reports link', async () => {
    const api = stubApi();
    const reviewer = await renderApp('/admin/reports', { user: REVIEWER });
    await waitFor(() => expect(reviewer.path()).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(api.summaries).toEqual([]);
    reviewer.unmount();

    const finance = await renderApp('/admin', { user: FINANCE });
    const user = setupUser();
    await user.click(await screen.findByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(finance.path()).toMatch(/^\/admin\/reports/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });
});
