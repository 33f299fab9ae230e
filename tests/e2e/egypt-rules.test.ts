import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y.js';
import { newEmail } from './support/applicant.js';
import { browserAvailability, launchBrowser, screenshot } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { openAdminAs } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * Egypt's rules in Chromium at a phone's 360×740 and a laptop's 1366×900 (docs/product.md §5.11): the
 * admin rules page (reached from the dashboard's link) and the apply form's passport message for an
 * arrival after the shipped 8-month rule's date. No sideways scrolling, nothing serious for axe.
 */
const { available } = browserAvailability();
const STAFF = { email: 'rules@evisa-e2e.example', password: 'egypt-rules-2026', name: 'Rule Keeper', phone: '+441234567803' };
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
];

describe.skipIf(!available)("Egypt's rules in Chromium", { timeout: 240_000 }, () => {
  let server: AgencyServer;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', STAFF.email, '--password', STAFF.password, '--name', STAFF.name, '--phone', STAFF.phone]);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of VIEWPORTS) {
    it(`the admin rules page at ${viewport.width}×${viewport.height}`, async () => {
      const browser = await launchBrowser({ viewport, isMobile: viewport.width < 500 });
      try {
        const page = await openAdminAs(browser, server.url, STAFF);
        await page.getByRole('link', { name: 'Egypt’s rules' }).click();
        await page.getByRole('heading', { name: 'Passport validity' }).waitFor();
        await expect.poll(() => page.getByText('8 months from arrival').count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `egypt-rules-admin-${viewport.width}`);
        // The first screen, as a person opening the page sees it.
        await page.screenshot({ path: `test-artifacts/e2e/egypt-rules-admin-${viewport.width}-top.png` });
        await page.getByRole('heading', { name: 'Nationality routes' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-artifacts/e2e/egypt-rules-admin-${viewport.width}-routes.png` });
        expect(await axeViolations(page, 'serious')).toEqual([]);
        // A nationality's other routes (decision 0034): shown in words, and copied into the form to edit.
        await page.getByLabel('Show one nationality').selectOption('United Kingdom');
        await expect.poll(() => page.getByText('Also: Visa on arrival · US$25 · up to 30 days').count()).toBe(1);
        await expect.poll(() => page.getByText(/^Also: Sinai-resort stamp \(no visa\) · free · up to 15 days · South Sinai only/).count()).toBe(1);
        await page.getByLabel('Rule', { exact: true }).selectOption('nationality_route');
        await page.getByRole('button', { name: 'Copy United Kingdom’s routes in force' }).click();
        expect(JSON.parse(await page.getByLabel(/^Other routes open/).inputValue())).toEqual([
          expect.objectContaining({ route: 'visa_on_arrival', priceCents: 2500 }),
          expect.objectContaining({ route: 'visa_free', sinaiOnly: true, maxDays: 15 }),
        ]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.getByLabel(/^Other routes open/).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-artifacts/e2e/egypt-rules-admin-${viewport.width}-other-routes.png` });
        expect(await axeViolations(page, 'serious')).toEqual([]);
      } finally {
        await browser.close();
      }
    });

    it(`the apply form's passport message at ${viewport.width}×${viewport.height}`, async () => {
      const browser = await launchBrowser({ viewport, isMobile: viewport.width < 500 });
      try {
        const page = await browser.context.newPage();
        page.setDefaultTimeout(15_000);
        const reg = await page.request.post(`${server.url}/api/register`, {
          data: { email: newEmail(), fullName: 'Rana Rules', phoneNumber: '+447700900457', password: 'pyramids-2026' },
          headers: { Origin: server.url },
        });
        expect(reg.status()).toBe(201);
        await page.goto(`${server.url}/apply`);
        // An arrival after the 8-month rule's date (4 January 2027): 8 months from arrival.
        await page.locator('#app-expectedArrivalDate').fill('2027-02-01');
        await expect.poll(() => page.locator('#app-passportExpiry-hint').textContent()).toBe('Must be valid for at least 8 months from your arrival date: until 1 October 2027 or later.');
        await page.locator('#app-passportExpiry').fill('2027-06-01');
        await page.locator('#app-passportExpiry').blur();
        await expect.poll(() => page.locator('#app-passportExpiry-error').textContent()).toBe('Passport must be valid for at least 8 months from your arrival date: until 1 October 2027 or later');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.locator('#app-passportExpiry').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-artifacts/e2e/egypt-rules-apply-${viewport.width}.png` });
      } finally {
        await browser.close();
      }
    });
  }
});
