import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { notPassports } from '../../bench/support/not-passports.js';
import { BRITISH_TRAVELLER, passportJpeg, td3Lines } from '../../bench/support/synthetic-passport.js';
import { expectValue, see, until } from './support/assert.js';
import { isoDaysFromNow, newEmail } from './support/applicant.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { signInStaff } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The passport scan end to end, in Chromium against the real server and its real (offline) OCR:
 * the scan fills the apply form, the submitted passport is read again, the typed given name the
 * applicant shortened is flagged for staff and the applicant, and staff download the portal copy.
 * The passport is synthetic (no real person's data).
 */
const { available } = browserAvailability();
const ADMIN = { email: 'scan-staff@evisa-e2e.example', password: 'caseworker-2026', name: 'Scan Staff', phone: '+441234567801' };

interface Checked {
  id: number;
  passportCheck: { status: string; mismatches: string[] } | null;
}

describe.skipIf(!available)('passport scan in Chromium', { timeout: 240_000 }, () => {
  let server: AgencyServer;
  let applicant: BrowserSession;
  let staff: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name, '--phone', ADMIN.phone]);
    [applicant, staff] = await Promise.all([launchBrowser({ viewport: { width: 1280, height: 900 } }), launchBrowser()]);
  }, 240_000);

  afterAll(async () => {
    await applicant?.close();
    await staff?.close();
    await server?.stop();
  });

  async function newPage(session: BrowserSession): Promise<Page> {
    const page = await session.context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  it('the scan fills the form, the mismatch reaches staff and the applicant, and staff get the portal copy', async () => {
    const page = await newPage(applicant);
    const headers = { Origin: server.url };
    const registered = await page.request.post(`${server.url}/api/register`, {
      headers,
      data: { email: newEmail(), fullName: 'Alice Smith', phoneNumber: '+447700900321', password: 'pyramids-2026' },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await page.goto(`${server.url}/apply`);
    const scan = page.locator('#app-passport-scan');
    expect(await scan.getAttribute('capture')).toBe('environment');
    const photo = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, width: 1600 });
    await scan.setInputFiles({ name: 'passport-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expectValue(page.locator('#app-surname'), 'SMITH');
    await expectValue(page.locator('#app-givenName'), 'ALICE JANE');
    await expectValue(page.locator('#app-passportNumber'), '925076473');
    await expectValue(page.locator('#app-dateOfBirth'), '1990-05-01');
    await expectValue(page.locator('#app-passportExpiry'), '2031-01-01');
    // Seven fields read, and the country of birth (not in the zone) set to the nationality, to be checked.
    expect(await page.locator('[data-field-note]').count()).toBe(8);
    await see(page.locator('label[for="app-countryOfBirth"]').getByText('Please check this field'));
    await see(page.getByText('passport-photo.jpg will be uploaded as your passport copy'));
    await see(page.locator('[data-testid="selected-file"]'));
    await screenshot(page, 'scan-01-apply-filled');

    // The traveller shortens the given name (a typo the border would not forgive), fills the rest and submits.
    await page.locator('#app-givenName').fill('Alice');
    await page.locator('#app-maritalStatus').click();
    await page.getByRole('option', { name: 'Single' }).click();
    await page.locator('#app-profession').fill('Architect');
    await page.locator('#app-expectedArrivalDate').fill(isoDaysFromNow(20));
    await page.locator('#app-expectedDepartureDate').fill(isoDaysFromNow(30));
    await page.locator('#app-privacyPolicyAccepted').click();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/payment?**', { timeout: 30_000 });

    let application: Checked | undefined;
    await until(async () => {
      const list = (await (await page.request.get(`${server.url}/api/applications`)).json()) as Checked[];
      application = list[0];
      expect(application?.passportCheck?.status ?? 'pending').not.toBe('pending');
    }, 120_000);
    expect(application!.passportCheck).toEqual({ status: 'mismatch', mismatches: ['givenName'] });

    await page.goto(`${server.url}/dashboard`);
    await see(page.getByText('Please check your passport details'));
    await see(page.getByText('Given name(s): you typed “Alice”, your passport reads “Alice Jane”'));
    await screenshot(page, 'scan-02-dashboard-notice');

    const admin = await newPage(staff);
    await signInStaff(admin, server.url, ADMIN);
    // Unpaid, it waits among the Online Entries; the admin opens on the work queue (docs/product.md §2.14).
    await admin.goto(`${server.url}/admin?tab=online-entries`);
    await see(admin.getByText('MRZ MISMATCH').first());
    await admin
      .getByRole('button', { name: /^Manage / })
      .first()
      .click();
    const check = admin.getByTestId(`passport-check-${application!.id}`);
    await see(check);
    await see(check.getByText('ALICE JANE'));
    const portal = admin.getByRole('link', { name: 'Portal copy' });
    await see(portal);
    await screenshot(admin, 'scan-03-admin-mrz');

    const copy = await admin.request.get(new URL((await portal.getAttribute('href'))!, server.url).href);
    expect(copy.status()).toBe(200);
    expect(copy.headers()['content-type']).toBe('image/jpeg');
    const jpeg = await copy.body();
    expect(jpeg.length).toBeLessThanOrEqual(500 * 1024);
    const { width, height } = await sharp(jpeg).metadata();
    expect(Math.max(width, height)).toBeGreaterThanOrEqual(1000);
  });

  it('refuses a picture that is not a passport beside the scanner, and keeps it only when the traveller chooses it', async () => {
    const page = await newPage(applicant);
    const registered = await page.request.post(`${server.url}/api/register`, {
      headers: { Origin: server.url },
      data: { email: newEmail(), fullName: 'Maria Virtanen', phoneNumber: '+447700900322', password: 'pyramids-2026' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto(`${server.url}/apply`);
    const letter = (await notPassports()).find((p) => p.name === 'page of plain text')!;
    await page.locator('#app-passport-scan').setInputFiles({ name: 'holiday-letter.png', mimeType: 'image/png', buffer: letter.body });
    const failure = page.getByTestId('scan-failure');
    await see(failure.getByText("We couldn't read the passport's machine-readable zone", { exact: false }));
    expect(await failure.getAttribute('role')).toBe('alert');
    expect(await page.locator('#app-passport-scan').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-testid="selected-file"]').count()).toBe(0);
    await screenshot(page, 'scan-04-not-a-passport');

    await page.getByRole('button', { name: 'Use this picture anyway' }).click();
    await see(failure.getByText('holiday-letter.png will be uploaded as your passport copy.', { exact: false }));
    await see(page.locator('[data-testid="selected-file"]').getByText('holiday-letter.png'));
  });
});
