import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type ParsedMail } from '../support/smtp-server.js';
import { applicantWithApplication, PASSPORT_PNG } from './support/applicant.js';
import { accessibilityProblems, axeViolations } from './support/a11y.js';
import { expectText, gone, see, until } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { signInStaff } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The staff side in Chromium, against the real server on a fresh DATA_DIR: an admin made with the
 * CLI works an application from submission to the e-visa email while the applicant answers in a
 * browser of their own.
 */
const { available } = browserAvailability();

const ADMIN = { email: 'caseworker@evisa-e2e.example', password: 'caseworker-2026', name: 'Case Worker', phone: '+441234567800' };
// A small but real PDF: the server decides the type from the first bytes.
const VISA_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface AppState {
  id: number;
  status: string;
  applicationNumber: string;
  passportNumber: string;
  requiresPassportReupload: boolean;
  passportReuploadedAt: string | null;
  additionalInfoMessage: string | null;
  finalPaymentId: string | null;
  visaDocument: string | null;
}

describe.skipIf(!available)('the admin workflow in Chromium', { timeout: 180_000 }, () => {
  let server: AgencyServer;
  let adminBrowser: BrowserSession;
  let applicantBrowser: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name, '--phone', ADMIN.phone]);
    // Two browsers, two cookie jars: the admin and the applicant work side by side.
    [adminBrowser, applicantBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  }, 240_000);

  afterAll(async () => {
    await adminBrowser?.close();
    await applicantBrowser?.close();
    await server?.stop();
  });

  async function signInAdmin(): Promise<Page> {
    await adminBrowser.context.clearCookies();
    const page = await adminBrowser.context.newPage();
    page.setDefaultTimeout(15_000);
    await signInStaff(page, server.url, ADMIN);
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
    return page;
  }

  /** An applicant with a submitted application and the £10 paid (so it waits in 'Initial Payment'). */
  async function paidApplication(api: APIRequestContext): Promise<number> {
    const id = await applicantWithApplication(api, server.url);
    const headers = { Origin: server.url };
    const started = await api.post(`${server.url}/api/payments/initial/${id}`, { headers });
    expect(started.status(), await started.text()).toBe(200);
    const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
    const card = await api.post(`${server.url}/api/test-payments/${paymentIntentId}/confirm`, { headers, data: { cardNumber: '4242424242424242' } });
    expect(card.status(), await card.text()).toBe(200);
    const confirmed = await api.post(`${server.url}/api/payments/initial/confirm/${id}`, { headers, data: { paymentIntentId } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    return id;
  }

  async function applicationOf(api: APIRequestContext, id: number): Promise<AppState> {
    const res = await api.get(`${server.url}/api/applications/${id}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as AppState;
  }

  async function historyOf(page: Page, id: number): Promise<{ toStatus: string; changedByName: string; message: string | null }[]> {
    const res = await page.request.get(`${server.url}/api/admin/applications/${id}/history`);
    expect(res.status()).toBe(200);
    return (await res.json()) as { toStatus: string; changedByName: string; message: string | null }[];
  }

  /** Opens the application's row in `tab`, found by the search box. */
  async function findApplication(page: Page, tabLabel: string, query: string, id: number, applicationNumber: string) {
    await page.getByLabel('Search applications').fill(query);
    // The search applies after a pause in typing (it goes into the address): wait for it, then for
    // the tab, so the row clicked is the settled list's and not one about to be replaced.
    await page.waitForURL((url) => url.searchParams.get('q') === query);
    const tab = page.getByRole('tab', { name: new RegExp(`^${tabLabel}`) });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const row = page.getByTestId(`admin-row-${id}`);
    await see(row);
    await row.getByRole('button', { name: `Manage ${applicationNumber}` }).click();
    await see(page.getByTestId(`admin-panel-${id}`));
    // The side panel: its header's actions (status, Apply/Discard, the visa) and its sections.
    const panel = page.getByTestId('admin-side-panel');
    return { row, panel };
  }

  async function chooseStatus(page: Page, id: number, label: string) {
    await page.locator(`#status-${id}`).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }

  async function applyChanges(page: Page, panel: ReturnType<Page['getByTestId']>) {
    // The previous step's 'Changes Saved' toast (5 s) must not be taken for this one's.
    await gone(page.getByText('Changes Saved', { exact: true }));
    await panel.getByRole('button', { name: 'Apply Changes' }).click();
    await see(page.getByText('Changes Saved', { exact: true }));
    await see(page.getByText('Application status and information have been updated successfully.'));
  }

  /** The .eml files in the outbox addressed to `to`, parsed. */
  function outboxMailsTo(to: string): Promise<ParsedMail[]> {
    const dir = path.join(server.dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      return Promise.resolve([]);
    }
    return Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f))))).then((mails) => mails.filter((m) => m.to.includes(to)));
  }

  it('takes an application from submission to the e-visa email', async () => {
    const applicantPage = await applicantBrowser.context.newPage();
    applicantPage.setDefaultTimeout(15_000);
    const id = await paidApplication(applicantPage.request);
    const submitted = await applicationOf(applicantPage.request, id);
    const applicantEmail = ((await (await applicantPage.request.get(`${server.url}/api/user`)).json()) as { email: string }).email;
    expect(submitted.status).toBe('application_created');

    // The admin finds it by passport number and asks for more information with a re-upload.
    const admin = await signInAdmin();
    await screenshot(admin, '40-admin-dashboard');
    let { row, panel } = await findApplication(admin, 'Initial Payment', submitted.passportNumber, id, submitted.applicationNumber);
    await expectText(row, 'Initial Paid');
    await see(panel.getByRole('link', { name: 'Download passport.png' }));
    await chooseStatus(admin, id, 'Additional info required');
    await panel.getByLabel('Message to the applicant').fill('The photo page is cut off: please upload the whole page.');
    await panel.getByLabel('Require passport copy re-upload').click();
    await see(row.getByText('Unsaved'));
    await screenshot(admin, '41-admin-info-request-staged');
    await applyChanges(admin, panel);
    await see(row.getByText('REUPLOAD'));
    let stored = await applicationOf(applicantPage.request, id);
    expect(stored).toMatchObject({ status: 'additional_info_required', requiresPassportReupload: true, additionalInfoMessage: 'The photo page is cut off: please upload the whole page.' });
    // The change is in the status history, by who made it (the panel stayed on the application).
    await see(
      panel
        .locator('[data-panel-section="status-history"]')
        .getByText(/Case Worker|caseworker@evisa-e2e\.example/)
        .first(),
    );

    // The applicant sees the message and re-uploads the passport.
    await applicantPage.goto(`${server.url}/dashboard`);
    const card = applicantPage.getByTestId(`application-${id}`);
    await see(card.getByText('The photo page is cut off: please upload the whole page.'));
    await card.getByRole('link', { name: 'Re-upload Passport' }).click();
    await applicantPage.locator('#reupload-file').setInputFiles({ name: 'passport-whole-page.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
    await applicantPage.getByRole('button', { name: 'Upload Passport' }).click();
    await see(applicantPage.getByText('Passport Uploaded Successfully!'));
    stored = await applicationOf(applicantPage.request, id);
    expect(stored.requiresPassportReupload).toBe(false);
    expect(stored.passportReuploadedAt).not.toBeNull();

    // The admin sees the new copy, verifies, then approves with the visa PDF.
    await admin.reload();
    ({ row, panel } = await findApplication(admin, 'Initial Payment', submitted.passportNumber, id, submitted.applicationNumber));
    await see(row.getByText('UPLOADED'));
    await see(panel.getByRole('link', { name: 'Download passport-whole-page.png' }));
    await chooseStatus(admin, id, 'Verified');
    await applyChanges(admin, panel);
    await gone(row);

    ({ row, panel } = await findApplication(admin, 'Submitted to Portal', submitted.passportNumber, id, submitted.applicationNumber));
    await chooseStatus(admin, id, 'Approved');
    await panel.getByLabel('Upload the visa document').setInputFiles({ name: 'e-visa.pdf', mimeType: 'application/pdf', buffer: VISA_PDF });
    await see(panel.getByText('e-visa.pdf will be uploaded when you apply the changes.'));
    await screenshot(admin, '42-admin-approve-with-visa');
    await applyChanges(admin, panel);
    stored = await applicationOf(applicantPage.request, id);
    expect(stored).toMatchObject({ status: 'approved', visaDocument: 'e-visa.pdf', finalPaymentId: null });
    expect((await historyOf(admin, id)).map((h) => h.toStatus)).toEqual(expect.arrayContaining(['additional_info_required', 'verified', 'approved']));

    // The applicant pays the £39 with the test card.
    await applicantPage.goto(`${server.url}/dashboard`);
    await card.getByRole('button', { name: 'Pay £39.00 Now' }).click();
    await card.locator('#card-number').fill('4242 4242 4242 4242');
    await card.locator('#card-expiry').fill('12 / 30');
    await card.locator('#card-cvc').fill('123');
    await card.getByRole('button', { name: 'Pay £39.00' }).click();
    // The visa was attached at approval: paying mails it on its own, and the card says only what is true.
    await see(card.getByTestId('evisa-status'));
    expect(await card.getByText('E-Visa Sent to Your Email').count()).toBe(0);
    stored = await applicationOf(applicantPage.request, id);
    expect(stored.status).toBe('final_payment_received');
    expect(stored.finalPaymentId).not.toBeNull();

    // The admin emails the e-visa from the Complete tab.
    await admin.reload();
    ({ row, panel } = await findApplication(admin, 'Complete', submitted.passportNumber, id, submitted.applicationNumber));
    await see(row.getByText('Final Paid'));
    await panel.getByRole('button', { name: 'Send E-Visa Email' }).click();
    await see(admin.getByText("E-visa document sent successfully to user's email"));
    await screenshot(admin, '43-admin-evisa-sent');

    // The outbox holds two mails to the applicant with that very PDF attached — the one the payment
    // sent on its own and staff's resend — and the two fees' confirmations each carry their numbered receipt.
    await until(async () => {
      const mails = await outboxMailsTo(applicantEmail);
      const withPdf = mails.filter((m) => m.attachments.some((a) => a.contentType === 'application/pdf'));
      const evisa = withPdf.filter((m) => m.subject.startsWith('Your Egypt e-visa'));
      expect(evisa).toHaveLength(2);
      for (const mail of evisa) expect(mail.attachments.find((a) => a.contentType === 'application/pdf')!.content.equals(VISA_PDF)).toBe(true);
      const receipts = withPdf.filter((m) => !evisa.includes(m)).flatMap((m) => m.attachments.map((a) => a.fileName));
      expect(receipts).toHaveLength(2);
      for (const name of receipts) expect(name).toMatch(/^R-\d{4}-\d{6}\.pdf$/);
      expect(new Set(receipts).size).toBe(2);
    }, 30_000);
    await admin.close();
    await applicantPage.close();
  });

  it('discarding staged changes leaves the server untouched, and leaving with staged changes asks first', async () => {
    const applicantApi = await playwrightRequest.newContext();
    try {
      const id = await paidApplication(applicantApi);
      const before = await applicationOf(applicantApi, id);
      const admin = await signInAdmin();
      const historyBefore = await historyOf(admin, id);
      const { row, panel } = await findApplication(admin, 'Initial Payment', before.passportNumber, id, before.applicationNumber);
      await see(panel.getByText('Status history'));
      expect([...(await accessibilityProblems(admin)), ...(await axeViolations(admin))]).toEqual([]);

      await chooseStatus(admin, id, 'Verified');
      await see(row.getByText('Unsaved'));
      await panel.getByRole('button', { name: 'Discard Changes' }).click();
      await gone(row.getByText('Unsaved'));
      await expectText(admin.locator(`#status-${id}`), 'Application created');
      expect(await applicationOf(applicantApi, id)).toEqual(before);
      expect(await historyOf(admin, id)).toEqual(historyBefore);

      // Staged again, then the admin clicks away: the dashboard asks, and staying keeps the change.
      await chooseStatus(admin, id, 'Under process');
      await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
      await see(admin.getByRole('dialog', { name: 'Leave without saving?' }));
      await screenshot(admin, '44-admin-leave-guard');
      await admin.getByRole('button', { name: 'Stay on this page' }).click();
      expect(new URL(admin.url()).pathname).toBe('/admin');
      await see(row.getByText('Unsaved'));
      await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
      await admin.getByRole('button', { name: 'Leave without saving' }).click();
      await admin.waitForURL('**/profile');
      expect((await applicationOf(applicantApi, id)).status).toBe('application_created');
      await admin.close();
    } finally {
      await applicantApi.dispose();
    }
  });

  it('refuses a status the tab does not allow even when sent by hand', async () => {
    const applicantApi = await playwrightRequest.newContext();
    try {
      const id = await paidApplication(applicantApi);
      const admin = await signInAdmin();
      const historyBefore = await historyOf(admin, id);
      // 'Initial Payment' offers application_created, under_process, additional_info_required, verified.
      const res = await admin.request.put(`${server.url}/api/admin/applications/${id}/status`, {
        headers: { Origin: server.url },
        data: { status: 'approved' },
      });
      expect(res.status()).toBe(409);
      expect(((await res.json()) as { message: string }).message).toMatch(/not allowed|cannot/i);
      expect((await applicationOf(applicantApi, id)).status).toBe('application_created');
      expect(await historyOf(admin, id)).toEqual(historyBefore);
      await admin.close();
    } finally {
      await applicantApi.dispose();
    }
  });

  it('shows cards instead of the table on a phone', async () => {
    const applicantApi = await playwrightRequest.newContext();
    try {
      const id = await paidApplication(applicantApi);
      const admin = await signInAdmin();
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.goto(`${server.url}/admin?tab=initial-payment`);
      const card = admin.getByTestId(`admin-row-${id}`);
      await see(card);
      expect(await admin.locator('table').count()).toBe(0);
      expect(await card.evaluate((el) => el.tagName)).toBe('LI');
      await see(card.getByText('Initial Paid'));
      await screenshot(admin, '45-admin-phone');
      await admin.close();
    } finally {
      await applicantApi.dispose();
    }
  });

  it('sends an applicant to /dashboard from /admin', async () => {
    const page = await applicantBrowser.context.newPage();
    await applicantWithApplication(page.request, server.url);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL('**/dashboard');
    await see(page.getByText('Manage your e-visa applications'));
    await page.close();
  });
});
