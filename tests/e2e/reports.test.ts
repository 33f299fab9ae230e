import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPence } from '../../core/domain/money.js';
import { accessibilityProblems, axeViolations } from './support/a11y.js';
import { see, until } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { openAdminAs } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The agency's numbers in Chromium (docs/product.md §17.3, §17.4) on a seeded agency: a finance
 * member opens the reports page from the dashboard at 1280×800, picks a preset and sees every figure
 * as a chart beside its table, and the CSV of the same range; a visitor on a phone (390×844) sees
 * the live record on the landing page and /our-record. axe finds nothing and the console stays clean.
 */
const { available } = browserAvailability();
const FINANCE = { email: 'finance@evisa-e2e.example', password: 'figures-2026', name: 'Fin Ance', phone: '+441234567802' };

interface OnTimeRecord {
  weeks: { weekStart: string; finished: number; onTimeRate: number | null }[];
  medianHours: number | null;
}

describe.skipIf(!available)('reports and the on-time record in Chromium', { timeout: 240_000 }, () => {
  let server: AgencyServer;
  let desktop: BrowserSession;
  let phone: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', FINANCE.email, '--password', FINANCE.password, '--name', FINANCE.name, '--phone', FINANCE.phone, '--role', 'finance']);
    // Decisions spread over the last 180 days: the last 12 weeks have some.
    await runCli(server, ['seed-demo', '--applications', '200', '--no-files', '--seed', '26']);
    desktop = await launchBrowser({ viewport: { width: 1280, height: 800 } });
    phone = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
  }, 240_000);

  afterAll(async () => {
    await desktop?.close();
    await phone?.close();
    await server?.stop();
  });

  it('finance opens the reports from the dashboard, picks the last 12 months and downloads the same range as CSV', async () => {
    const page = await openAdminAs(desktop, server.url, FINANCE);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));

    await page.getByRole('link', { name: 'Reports' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Reports' }));
    await see(page.getByRole('table', { name: /^On time, / }));
    await page.getByRole('button', { name: 'Last 12 months' }).click();
    await until(async () => expect(await page.getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed')).toBe('true'));
    const search = new URL(page.url()).searchParams;
    expect(search.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(search.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await see(page.getByRole('table', { name: /^Revenue by month, / }));
    await until(async () => expect(await page.locator('[aria-busy="true"]').count()).toBe(0));

    // Twelve months in the revenue table (and its total), every figure drawn beside its table.
    expect(
      await page
        .getByRole('table', { name: /^Revenue by month, / })
        .locator('tbody tr')
        .count(),
    ).toBe(12);
    expect(
      Number(
        (await page
          .getByRole('table', { name: /^On time, / })
          .locator('tbody tr')
          .first()
          .locator('td')
          .textContent())!.replace(/,/g, ''),
      ),
    ).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('table', { name: /^Nationalities, / })
        .locator('tbody tr')
        .count(),
    ).toBeGreaterThan(0);
    expect(await page.locator('section .recharts-wrapper').count()).toBe(5);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['On time', 'Turnaround', 'Revenue by month', 'Funnel', 'Nationalities', 'Waivers and refunds']);

    // seed-demo's refunds and the government fees paid on the portal are in the figures, as the API counts them.
    const summary = (await page.evaluate(async ({ from, to }) => (await fetch(`/api/admin/reports/summary?from=${from}&to=${to}`)).json(), { from: search.get('from')!, to: search.get('to')! })) as {
      refunds: { count: number; pence: number };
      revenue: { refundedPence: number; governmentFeePence: number }[];
    };
    const government = summary.revenue.reduce((sum, m) => sum + m.governmentFeePence, 0);
    expect(summary.refunds.count).toBeGreaterThan(0);
    expect(summary.refunds.pence).toBeGreaterThan(0);
    expect(government).toBeGreaterThan(0);
    const totals = await page
      .getByRole('table', { name: /^Revenue by month, / })
      .locator('tfoot')
      .getByRole('cell')
      .allTextContents();
    expect(totals.slice(2, 4)).toEqual([formatPence(summary.revenue.reduce((sum, m) => sum + m.refundedPence, 0)), formatPence(government)]);
    const refundsRow = page.getByRole('table', { name: /^Waivers and refunds, / }).getByRole('row', { name: /^Refunds/ });
    expect(await refundsRow.getByRole('cell').allTextContents()).toEqual([String(summary.refunds.count), formatPence(summary.refunds.pence)]);

    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(href).toBe(`/api/admin/reports/summary?from=${search.get('from')}&to=${search.get('to')}&format=csv`);
    const csv = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, href!);
    expect(csv.type).toContain('text/csv');
    expect(csv.text.split('\r\n').slice(0, 3)).toEqual(['figure,month,measure,value', `range,,from,${search.get('from')}`, `range,,to,${search.get('to')}`]);

    expect([...(await accessibilityProblems(page)), ...(await axeViolations(page))]).toEqual([]);
    await screenshot(page, 'reports-desktop');
    expect(consoleErrors).toEqual([]);
  });

  it("a reversed range shows the server's message", async () => {
    const page = await openAdminAs(desktop, server.url, FINANCE);
    await page.goto(`${server.url}/admin/reports?from=2026-11-30&to=2026-11-01`);
    await see(page.getByRole('alert'));
    expect(await page.getByRole('alert').textContent()).toContain('to must not be before from');
  });

  it('a visitor on a phone sees the live record on the landing page and the 12 weeks on /our-record', async () => {
    const record = (await (await fetch(`${server.url}/api/public/on-time`)).json()) as OnTimeRecord;
    expect(record.weeks).toHaveLength(12);
    const finished = record.weeks.reduce((sum, w) => sum + w.finished, 0);
    expect(finished).toBeGreaterThan(0);

    const page = await phone.context.newPage();
    page.setDefaultTimeout(15_000);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));

    await page.goto(`${server.url}/`);
    const block = page.getByTestId('landing-record');
    await see(block);
    expect(await block.textContent()).toContain(`of ${finished.toLocaleString('en-GB')} application`);
    await screenshot(page, 'landing-record-phone');
    await block.getByRole('link', { name: 'See our record' }).click();
    await page.waitForURL('**/our-record');
    await see(page.getByRole('heading', { level: 1, name: 'Our on-time record' }));
    const table = page.getByRole('table', { name: 'On-time rate by week (weeks start on Monday)' });
    await see(table);
    expect(await table.locator('tbody tr').count()).toBe(12);
    await see(page.locator('svg.recharts-surface'));
    expect(await page.getByTestId('record-summary').textContent()).toContain('within 5 working days over the last 12 weeks');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect([...(await accessibilityProblems(page)), ...(await axeViolations(page))]).toEqual([]);
    await screenshot(page, 'our-record-phone');

    // Pre-rendered: the page's heading and what counts are in the HTML before any script runs.
    const html = await (await fetch(`${server.url}/our-record`)).text();
    expect(html).toContain('Our on-time record');
    expect(html).toContain('status history');
    expect(consoleErrors).toEqual([]);
  });
});
