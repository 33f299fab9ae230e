import { type APIRequestContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithApplication } from './support/applicant.js';
import { expectText, see } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { signInStaff } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * Money after the charge, as staff and the applicant see it in Chromium (docs/product.md §4.6–4.8):
 * receipts on the row and the card, a refund above the approval limit (£5 here) approved by a second
 * member of staff, and a cancellation request accepted with a refund.
 */
const { available } = browserAvailability();
const STAFF = [
  { email: 'first@evisa-e2e.example', password: 'first-staff-2026', name: 'First Staff', phone: '+441234567801' },
  { email: 'second@evisa-e2e.example', password: 'second-staff-2026', name: 'Second Staff', phone: '+441234567802' },
];

describe.skipIf(!available)('receipts, refunds and cancellations in Chromium', { timeout: 180_000 }, () => {
  let server: AgencyServer;
  let browsers: BrowserSession[] = [];

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer({ REFUND_APPROVAL_PENCE: '500' });
    for (const s of STAFF) await runCli(server, ['create-admin', '--email', s.email, '--password', s.password, '--name', s.name, '--phone', s.phone]);
    browsers = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true })]);
  }, 240_000);

  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
  });

  async function signIn(session: BrowserSession, staff: (typeof STAFF)[number]): Promise<Page> {
    await session.context.clearCookies();
    const page = await session.context.newPage();
    page.setDefaultTimeout(15_000);
    await signInStaff(page, server.url, staff);
    return page;
  }

  async function paid(api: APIRequestContext): Promise<{ id: number; applicationNumber: string; passportNumber: string }> {
    const id = await applicantWithApplication(api, server.url);
    const headers = { Origin: server.url };
    const started = await api.post(`${server.url}/api/payments/initial/${id}`, { headers, data: { startNow: true } });
    const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
    expect((await api.post(`${server.url}/api/test-payments/${paymentIntentId}/confirm`, { headers, data: { cardNumber: '4242424242424242' } })).status()).toBe(200);
    expect((await api.post(`${server.url}/api/payments/initial/confirm/${id}`, { headers, data: { paymentIntentId } })).status()).toBe(200);
    return (await (await api.get(`${server.url}/api/applications/${id}`)).json()) as { id: number; applicationNumber: string; passportNumber: string };
  }

  async function openRow(page: Page, tab: string, app: { id: number; applicationNumber: string }) {
    await page.getByLabel('Search applications').fill(app.applicationNumber);
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    const row = page.getByTestId(`admin-row-${app.id}`);
    await see(row);
    await row.getByRole('button', { name: `Manage ${app.applicationNumber}` }).click();
    const panel = page.getByTestId(`admin-panel-${app.id}`);
    await see(panel);
    return { row, panel };
  }

  it('a refund above the limit waits for a second member of staff; the applicant sees it and both documents', async () => {
    const applicant = await browsers[2]!.context.newPage();
    const app = await paid(applicant.request);
    const first = await signIn(browsers[0]!, STAFF[0]!);
    const { panel } = await openRow(first, 'Initial Payment', app);
    const receipts = panel.getByRole('region', { name: 'Receipts' });
    await see(receipts.getByText(/Receipt R-\d{4}-\d{6}/));

    const refunds = panel.getByTestId('refunds');
    await refunds.getByLabel('Amount (£)').fill('6.00');
    await refunds.getByLabel('Reason').fill('Goodwill: slow first answer');
    await refunds.getByRole('button', { name: 'Refund' }).click();
    await see(refunds.getByText('Awaiting approval'));
    expect(await refunds.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(first, 'money-01-refund-awaiting-approval');
    // A note for the colleague who approves (internal notes: staff only).
    const notes = panel.getByRole('region', { name: 'Internal notes' });
    await notes.getByLabel('New internal note').fill('Refund agreed by phone with the applicant; please approve.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await see(notes.getByText('Refund agreed by phone with the applicant; please approve.'));

    const second = await signIn(browsers[1]!, STAFF[1]!);
    const other = await openRow(second, 'Initial Payment', app);
    await see(other.panel.getByRole('region', { name: 'Internal notes' }).getByText(/please approve/));
    const theirRefunds = other.panel.getByTestId('refunds');
    await theirRefunds.getByRole('button', { name: 'Approve' }).click();
    await see(theirRefunds.getByText('Refunded', { exact: true }));
    await expectText(theirRefunds, /Refunded so far: £6\.00/);
    await expectText(theirRefunds, /approved by Second Staff/);
    await see(other.panel.getByRole('region', { name: 'Receipts' }).getByText(/Credit note R-\d{4}-\d{6}/));
    await screenshot(second, 'money-02-refund-approved');

    await applicant.goto(`${server.url}/dashboard`);
    const card = applicant.getByTestId(`application-${app.id}`);
    await see(card.getByText(/Refunded £6\.00/));
    await see(card.getByText(/Receipt R-\d{4}-\d{6}/));
    await see(card.getByText(/Credit note R-\d{4}-\d{6}/));
    expect(await applicant.getByText(/please approve/).count()).toBe(0);
    await screenshot(applicant, 'money-03-applicant-card-phone');
    const pdf = await applicant.request.get(`${server.url}/api/applications/${app.id}/receipts`);
    const [receipt] = (await pdf.json()) as { url: string }[];
    const file = await applicant.request.get(`${server.url}${receipt!.url}`);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await Promise.all([first.close(), second.close(), applicant.close()]);
  });

  it('a cancellation request after staff started is accepted from the row with a refund, and sits in Rejected as CANCELLED', async () => {
    const applicant = await browsers[2]!.context.newPage();
    const app = await paid(applicant.request);
    const staff = await signIn(browsers[0]!, STAFF[0]!);
    const moved = await staff.request.put(`${server.url}/api/admin/applications/${app.id}/status`, { headers: { Origin: server.url }, data: { status: 'under_process' } });
    expect(moved.status()).toBe(200);

    await applicant.goto(`${server.url}/dashboard`);
    const card = applicant.getByTestId(`application-${app.id}`);
    await card.getByRole('button', { name: 'Cancel application' }).click();
    await applicant.getByRole('dialog').getByRole('button', { name: 'Cancel application' }).click();
    await see(card.getByText(/You asked to cancel this application/));

    await staff.reload();
    const { row, panel } = await openRow(staff, 'Initial Payment', app);
    await see(row.getByText('CANCEL REQUEST'));
    const decision = panel.getByRole('region', { name: 'Cancellation request' });
    await decision.getByLabel(/Refund of the initial fee/).fill('4.00');
    await decision.getByLabel(/Message to the applicant/).fill('We had already checked your documents.');
    await screenshot(staff, 'money-04-cancellation-request');
    await decision.getByRole('button', { name: 'Accept and refund £4.00' }).click();
    await see(staff.getByText('Cancellation accepted'));

    const rejected = await openRow(staff, 'Rejected', app);
    await see(rejected.row.getByText('CANCELLED'));
    await screenshot(staff, 'money-05-cancelled-in-rejected');
    const stored = (await (await applicant.request.get(`${server.url}/api/applications/${app.id}`)).json()) as { status: string; refundedAmount: number; cancelledAt: string | null };
    expect(stored).toMatchObject({ status: 'rejected', refundedAmount: 400, cancelledAt: expect.any(String) });
    await Promise.all([staff.close(), applicant.close()]);
  });
});
