import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectEnabled, expectText, expectValue, gone, see, until } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { request as playwrightRequest } from 'playwright-core';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { signInStaff, signInStaffByApi } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';
import { accessibilityProblems, axeViolations } from './support/a11y.js';
import { applicantWithApplication, isoDaysFromNow, newEmail, PASSPORT_PNG } from './support/applicant.js';

/**
 * The applicant's side in a real browser (Debian Chromium) against the real server on a fresh
 * DATA_DIR: SQLite, local uploads, the built-in test payment provider.
 */
const { available } = browserAvailability();

/** From a dashboard card's offer: 'Pay £10.00 Now', then the test card form with `cardNumber`. */
async function payOnCard(card: Locator, cardNumber: string): Promise<void> {
  await card.getByRole('button', { name: 'Pay £10.00 Now' }).click();
  await card.locator('#card-number').fill(cardNumber);
  await card.locator('#card-expiry').fill('12 / 30');
  await card.locator('#card-cvc').fill('123');
  await card.getByRole('button', { name: 'Pay £10.00' }).click();
}

describe.skipIf(!available)('applicant journeys in Chromium', { timeout: 120_000 }, () => {
  let server: AgencyServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    const build = await ensureWebBuild();
    if (build.report) console.log(build.report);
    server = await startAgencyServer();
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage(): Promise<Page> {
    // Each journey gets its own cookie jar.
    const page = await browser.context.newPage();
    await browser.context.clearCookies();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function signUp(page: Page, email: string) {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.locator('#signup-fullName').fill('Amelia Traveller');
    await page.locator('#signup-phoneNumber').fill('+447700900123');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill('pyramids-2026');
    await page.locator('#signup-confirmPassword').fill('pyramids-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
  }

  async function fillApplication(page: Page) {
    await page.locator('#app-givenName').fill('Amelia');
    await page.locator('#app-surname').fill('Traveller');
    await page.locator('#app-gender').click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.locator('#app-dateOfBirth').fill('1990-05-15');
    await page.locator('#app-maritalStatus').click();
    await page.getByRole('option', { name: 'Single' }).click();
    await page.locator('#app-profession').fill('Architect');
    await page.locator('#app-passportNumber').fill('123456789');
    await page.locator('#app-passportExpiry').fill(isoDaysFromNow(800));
    await page.locator('#app-passport-file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
    await page.locator('#app-expectedArrivalDate').fill(isoDaysFromNow(20));
    await page.locator('#app-expectedDepartureDate').fill(isoDaysFromNow(30));
    await page.locator('#app-privacyPolicyAccepted').click();
  }

  it('a newcomer goes from the landing page to a paid application with address details', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await expectText(page.getByRole('heading', { level: 1 }), 'Your Egypt e-visa');
    await see(page.getByRole('img', { name: /pyramids of Giza/ }));
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await screenshot(page, '01-landing');

    // A newcomer who applies has no account yet: the Sign Up tab opens.
    await page.locator('#main').getByRole('link', { name: 'Apply for Visa' }).click();
    await page.waitForURL('**/auth?tab=signup');
    await see(page.getByRole('tab', { name: 'Sign Up', selected: true }));
    await screenshot(page, '02-auth');
    await signUp(page, newEmail());
    await see(page.getByRole('heading', { name: 'No Applications Yet' }));
    await screenshot(page, '03-dashboard-empty');

    await page.getByRole('link', { name: 'Start Application' }).click();
    await page.waitForURL('**/apply');
    await see(page.getByText('Egypt E-Visa Application'));
    // Defaults: United Kingdom, Single entry; departure disabled until an arrival date is chosen.
    await expectValue(page.locator('#app-nationality'), 'United Kingdom');
    await expectValue(page.locator('#app-countryOfBirth'), 'United Kingdom');
    await expectText(page.locator('#app-entry'), /Single entry/);
    await expectEnabled(page.locator('#app-expectedDepartureDate'), false);
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expectEnabled(submit, false);
    await see(page.getByText('Please upload the required documents'));

    await fillApplication(page);
    // Moving the arrival after the departure raises the departure to it.
    await page.locator('#app-expectedArrivalDate').fill(isoDaysFromNow(40));
    await expectValue(page.locator('#app-expectedDepartureDate'), isoDaysFromNow(40));
    await page.locator('#app-expectedDepartureDate').fill(isoDaysFromNow(50));
    await expectEnabled(submit, true);
    await screenshot(page, '04-apply-filled');

    await submit.click();
    await see(page.getByText('Application Submitted'));
    await page.waitForURL(/\/payment\?applicationId=\d+&type=initial/);
    await see(page.getByText('Initial Payment Required'));
    await see(page.getByText('Initial fee', { exact: true }));
    await see(page.getByText('£49.00 in all: £10.00 now, £39.00 only if your visa is approved', { exact: false }));
    await see(page.getByText('£10.00').first());
    await see(page.getByText('Egypt Tourist Visa'));
    await see(page.getByText('Online entry'));
    // No payment is opened before the applicant asks for the work to start at once.
    expect(await page.locator('#card-number').count()).toBe(0);
    await page.getByRole('checkbox', { name: /Please start work on my application straight away/ }).click();
    await screenshot(page, '05-payment');

    await page.locator('#card-number').fill('4242 4242 4242 4242');
    await page.locator('#card-expiry').fill('12 / 30');
    await page.locator('#card-cvc').fill('123');
    await page.getByRole('button', { name: 'Pay £10.00' }).click();
    await page.waitForURL(/\/address-details\?applicationId=\d+/);
    await see(page.getByText('Payment Successful!'));
    await see(page.getByText('Now please complete your address and hotel details.'));
    await screenshot(page, '06-address-details');

    // The form's own rules first, then the real values.
    await page.getByRole('button', { name: 'Save and Complete Application' }).click();
    await see(page.getByText('Address is required'));
    await see(page.getByText('Hotel details are required'));
    await page.locator('#addr-address').fill('12 Acacia Avenue');
    await page.locator('#addr-city').fill('Manchester');
    await page.locator('#addr-postcode').fill('M1 1AA');
    await page.locator('#addr-hotelDetails').fill('Steigenberger Pyramids Cairo, booking 88213');
    await page.getByRole('button', { name: 'Save and Complete Application' }).click();
    await page.waitForURL('**/dashboard');
    await see(page.getByText('Application Complete'));
    await see(page.getByText('Initial Payment Complete - your application is being processed'));
    await see(page.getByText('Guaranteed answer by'));
    await screenshot(page, '07-dashboard-paid');
    await page.close();
  });

  it('a declined card is refused on the dashboard payment panel, then a good card pays', async () => {
    const page = await newPage();
    const id = await applicantWithApplication(page.request, server.url);
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId(`application-${id}`);
    await card.getByRole('checkbox', { name: /Please start work on my application straight away/ }).click();
    await payOnCard(card, '4000 0000 0000 0002');
    // Said beside the card number, not in a corner toast.
    await see(card.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
    expect(await card.locator('#card-number').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '08-card-declined');
    // Nothing was recorded: the card still asks for the initial payment.
    const apps = (await (await page.request.get(`${server.url}/api/applications`)).json()) as { initialPaymentId: string | null }[];
    expect(apps[0].initialPaymentId).toBeNull();

    // Back to the offer, then pay with a good card: the list refreshes.
    await card.getByRole('button', { name: '← Back' }).click();
    await payOnCard(card, '4242424242424242');
    await see(card.getByText('Initial Payment Complete - your application is being processed'));
    await page.close();
  });

  it('cancels a paid application from the dashboard within the 14 days', async () => {
    const page = await newPage();
    const id = await applicantWithApplication(page.request, server.url);
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId(`application-${id}`);
    await card.getByRole('checkbox', { name: /Please start work on my application straight away/ }).click();
    await payOnCard(card, '4242 4242 4242 4242');
    await see(card.getByText('Initial Payment Complete - your application is being processed'));

    await card.getByRole('button', { name: 'Cancel application' }).click();
    const dialog = page.getByRole('dialog');
    await see(dialog.getByText('your £10 is refunded at once'));
    await dialog.getByLabel('Reason (optional)').fill('Our trip is called off');
    await screenshot(page, '08b-cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel application' }).click();
    await see(page.getByText('Application cancelled'));
    await see(card.getByText('Cancelled', { exact: true }));
    await expectText(card, /You cancelled this application/);
    expect(await card.getByRole('button', { name: 'Cancel application' }).count()).toBe(0);
    await screenshot(page, '08c-cancelled');
    const apps = (await (await page.request.get(`${server.url}/api/applications`)).json()) as { id: number; status: string; cancelledAt: string | null; cancellationReason: string | null }[];
    expect(apps.find((a) => a.id === id)).toMatchObject({ status: 'rejected', cancelledAt: expect.any(String), cancellationReason: 'Our trip is called off' });
    await page.close();
  });

  it('an unsupported nationality is refused with the red panel and the submit button stays disabled', async () => {
    const page = await newPage();
    await signUp(page, newEmail());
    await page.goto(`${server.url}/apply`);
    await fillApplication(page);
    await expectEnabled(page.getByRole('button', { name: 'Submit Application' }), true);
    await page.locator('#app-nationality').selectOption('Afghanistan');
    const panel = page.getByTestId('nationality-not-supported');
    await see(panel);
    await expectText(panel, 'Nationality Not Supported');
    await expectText(panel, 'We currently do not process applications for your nationality. Please contact us at help@evisa-e2e.example for further support.');
    await page.locator('#app-countryOfBirth').selectOption('Afghanistan');
    await expectEnabled(page.getByRole('button', { name: 'Submit Application' }), false);
    await see(page.getByText('Your nationality is not supported'));
    await screenshot(page, '09-unsupported-nationality');
    // Back to a supported nationality: the panel goes and the form can be sent.
    await page.locator('#app-nationality').selectOption('United Kingdom');
    await page.locator('#app-countryOfBirth').selectOption('United Kingdom');
    await until(async () => expect(await panel.count()).toBe(0));
    await expectEnabled(page.getByRole('button', { name: 'Submit Application' }), true);
    await page.close();
  });

  it('sends a signed-out visitor to /auth, a non-admin away from /admin, and shows the 404 page', async () => {
    const page = await newPage();
    for (const path of ['/dashboard', '/apply', '/profile', '/admin', '/admin-dashboard', '/payment?applicationId=1']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL('**/auth');
    }
    await see(page.getByRole('tab', { name: 'Sign In' }));
    await screenshot(page, '10-signed-out-redirect');

    await page.goto(`${server.url}/no-such-page`);
    await see(page.getByRole('heading', { name: 'Page not found' }));
    await see(page.getByRole('link', { name: 'Track an application with its number' }));
    await screenshot(page, '11-not-found');

    await signUp(page, newEmail());
    await page.goto(`${server.url}/admin`);
    await page.waitForURL('**/dashboard');
    // Signed in, /auth sends the user home.
    await page.goto(`${server.url}/auth`);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await see(page.getByRole('link', { name: 'Login' }));
    await page.close();
  });

  it('shows the contact, legal, FAQ, profile and passport re-upload screens', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/contact`);
    await page.locator('#contact-fullName').fill('Nadia Enquirer');
    await page.locator('#contact-email').fill(newEmail());
    await page.locator('#contact-phoneNumber').fill('+447700900789');
    await expectValue(page.locator('#contact-nationality'), 'United Kingdom');
    await page.locator('#contact-purposeOfTravel').fill('Tourism: a Nile cruise in March');
    await screenshot(page, '14-contact');
    await page.getByRole('button', { name: 'Submit Contact Form' }).click();
    await see(page.getByRole('heading', { name: 'Thank You!' }));
    await see(page.getByText('Contact form submitted successfully!'));
    await screenshot(page, '15-contact-thank-you');

    for (const [path, heading, name] of [
      ['/privacy', 'Privacy Policy', '16-privacy'],
      ['/terms', 'Terms of Service', '17-terms'],
      ['/faq-page', 'Frequently Asked Questions', '18-faq'],
      ['/contact-info', 'Contact Our Visa Experts', '19-contact-info'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await see(page.getByText(heading).first());
      await screenshot(page, name);
    }
    await see(page.getByText('Monday-Friday 9:00-18:00 GMT').first());
    await page.goto(`${server.url}/privacy`);
    await see(page.getByText('Passport scans of finished applications (approved and paid, or rejected) are deleted after 90 days.'));

    const id = await applicantWithApplication(page.request, server.url);
    await page.goto(`${server.url}/profile?changePassword=true`);
    await see(page.locator('#pw-current'));
    await until(() => expect(new URL(page.url()).search).toBe(''));
    await see(page.getByText('Email cannot be changed'));
    await screenshot(page, '20-profile-change-password');
    await page.locator('#pw-current').fill('pyramids-2026');
    await page.locator('#pw-new').fill('sphinx-2027');
    await page.locator('#pw-confirm').fill('sphinx-2027');
    await page.locator('form').getByRole('button', { name: 'Change Password' }).click();
    await see(page.getByText('Password changed successfully!'));

    await page.goto(`${server.url}/passport-upload?applicationId=${id}`);
    await see(page.getByText('Passport Upload Not Required'));
    await screenshot(page, '21-passport-upload-not-required');
    await page.goto(`${server.url}/passport-upload?applicationId=999999`);
    await see(page.getByText('Application Not Found'));
    await page.goto(`${server.url}/address-details`);
    await see(page.getByText('Application not found or invalid link.'));
    await page.goto(`${server.url}/payment?applicationId=999999`);
    await see(page.getByText('Application Not Found'));
    await page.close();
  });

  it('re-uploads a passport when the review team asks for one, then returns to the dashboard', async () => {
    const page = await newPage();
    const id = await applicantWithApplication(page.request, server.url);
    await runCli(server, ['create-admin', '--email', 'ops@evisa-e2e.example', '--password', 'ops-secret-2026', '--name', 'Ops Team', '--phone', '+441234567890']);
    const admin = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    try {
      await signInStaffByApi(admin, { email: 'ops@evisa-e2e.example', password: 'ops-secret-2026' });
      const change = await admin.put(`/api/admin/applications/${id}/status`, {
        data: { status: 'additional_info_required', additionalInfoMessage: 'The photo page is blurred: please send a sharper scan.', requiresPassportReupload: true },
      });
      expect(change.status(), await change.text()).toBe(200);
    } finally {
      await admin.dispose();
    }

    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId(`application-${id}`);
    await see(card.getByText('The photo page is blurred: please send a sharper scan.'));
    await card.getByRole('link', { name: 'Re-upload Passport' }).click();
    await page.waitForURL(`**/passport-upload?applicationId=${id}`);
    await see(page.getByText('Additional Info Required'));
    await see(page.getByText('The photo page is blurred: please send a sharper scan.'));
    await see(page.getByText(/Current passport document: passport\.png/));
    await page.locator('#reupload-file').setInputFiles({ name: 'passport-sharper.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
    await screenshot(page, '22-passport-reupload');
    await page.getByRole('button', { name: 'Upload Passport' }).click();
    await see(page.getByText('Passport Uploaded Successfully!'));
    await see(page.getByRole('link', { name: 'Return to Dashboard' }));
    await screenshot(page, '23-passport-reupload-done');
    await page.waitForURL('**/dashboard', { timeout: 5_000 });
    await see(page.getByTestId(`application-${id}`).getByText(/Passport Re-uploaded Successfully/));
    await page.close();
  });

  it('labels every control, names every button and link, gives every image an alt text and each screen one h1; axe finds nothing', async () => {
    const page = await newPage();
    const checked: Record<string, string[]> = {};
    const check = async (path: string, ready: string) => {
      await page.goto(`${server.url}${path}`);
      await see(page.getByText(ready).first());
      checked[path] = [...(await accessibilityProblems(page)), ...(await axeViolations(page))];
    };
    await check('/', 'How it works');
    await check('/auth', 'Sign In');
    await check('/contact', 'Submit Contact Form');
    await check('/privacy', 'Your rights');
    await check('/faq-page', 'Frequently Asked Questions');
    await check('/do-i-need-a-visa', 'Show my options');
    await check('/no-such-page', 'Page not found');
    await check('/forgot-password', 'Send Reset Link');
    await check('/reset-password?token=1.2.abc', 'Reset Password');
    const id = await applicantWithApplication(page.request, server.url);
    await check('/dashboard', 'Manage your e-visa applications');
    await check('/apply', 'Egypt E-Visa Application');
    await check(`/payment?applicationId=${id}&type=initial`, 'Initial fee');
    await check(`/address-details?applicationId=${id}`, 'Address and Accommodation Details');
    await check(`/passport-upload?applicationId=${id}`, 'Passport Upload Not Required');
    await check('/profile', 'Your Profile');
    expect(checked).toEqual(Object.fromEntries(Object.keys(checked).map((k) => [k, []])));
    await page.close();
  });

  it('signs an admin in to /admin, with the admin header, and /admin-dashboard leads there too', async () => {
    await runCli(server, ['create-admin', '--email', 'lead@evisa-e2e.example', '--password', 'lead-secret-2026', '--name', 'Lead Admin', '--phone', '+441234567891']);
    const page = await newPage();
    await signInStaff(page, server.url, { email: 'lead@evisa-e2e.example', password: 'lead-secret-2026' });
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await until(async () => expect(await nav.locator('a,button').allTextContents()).toEqual(['Admin Dashboard', 'Profile', 'Logout']));
    await page.goto(`${server.url}/dashboard`);
    await page.goto(`${server.url}/admin-dashboard`);
    await page.waitForURL((url) => url.pathname === '/admin');
    await see(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await page.close();
  });

  it('collapses the header menu on a phone and closes it after a choice', async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = await phone.context.newPage();
      await page.goto(server.url);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await see(toggle);
      await gone(page.getByRole('navigation', { name: 'Mobile' }));
      await screenshot(page, '12-mobile-landing');
      await toggle.click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await see(menu);
      await see(menu.getByRole('link', { name: 'Login' }));
      await see(menu.getByRole('link', { name: 'Register' }));
      await page.screenshot({ path: (await screenshot(page, '13-mobile-menu-open')).replace('.png', '-viewport.png') });
      await menu.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/auth');
      await gone(page.getByRole('navigation', { name: 'Mobile' }));
      await until(async () => expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false'));
    } finally {
      await phone.close();
    }
  });
});
