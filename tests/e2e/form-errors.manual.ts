/**
 * Screenshots of the traveller's forms with their errors showing, for a person to look at (not a
 * test; docs/product.md §14.5): Sign Up, forgot and reset password, contact, /track, the profile's
 * two forms, the apply page (an unsupported nationality, a refused file, a failed submit), the
 * address details, the passport re-upload and the cancel dialog — each at 360×740 (a phone) and
 * 1366×900. For each it prints what has the focus, the fields marked invalid, any failure toast, what
 * overflows sideways, the targets under 44 px and axe's serious findings.
 * Run: npx tsx tests/e2e/form-errors.manual.ts <out-dir> <prefix>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { axeViolations } from './support/a11y.js';
import { isoDaysFromNow, newEmail, PASSPORT_PNG } from './support/applicant.js';
import { launchBrowser } from './support/browser.js';
import { runCli, startAgencyServer } from './support/server.js';
import { signInStaffByApi } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

const [outDir = '/tmp/form-errors', prefix = 'after'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const ADMIN = { email: 'forms@evisa-e2e.example', password: 'forms-password-2026' };
const PASSWORD = 'pyramids-2026';

await ensureWebBuild();
const server = await startAgencyServer();
const report: string[] = [];
const log = (line: string) => {
  console.log(line);
  report.push(line);
};

async function ok(response: { status(): number; text(): Promise<string> }, what: string) {
  if (response.status() >= 300) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/** What a page shows a finger and a narrow screen, and where its errors stand. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, [role="tab"], [role="checkbox"]'))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[hidden],[aria-hidden="true"]')) continue;
      // A visually hidden file input is reached through its (large) label.
      if (el.classList.contains('sr-only')) continue;
      if (box.width < 44 || box.height < 44) small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).name || el.id).trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    const invalid = Array.from(document.querySelectorAll('[aria-invalid="true"]')).map((el) => {
      const described = (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.trim()).filter(Boolean);
      return `#${el.id} → "${described.join(' / ').slice(0, 70)}"`;
    });
    const active = document.activeElement;
    const focus = active?.getAttribute('data-testid') ?? (active?.id ? `#${active.id}` : active?.tagName.toLowerCase());
    const summary = document.querySelector('[data-testid="error-summary"]')?.textContent ?? null;
    const toast = document.querySelector('[data-variant="destructive"]')?.textContent ?? null;
    return { overflow, small, invalid, focus, summary, toast };
  });
}

/** `near`: what to bring to the middle of the screen for the '-view' shot (else where the focus took the page). */
async function shoot(page: Page, name: string, width: number, near?: string) {
  await page.waitForTimeout(300); // the summary's focus scroll settles (a screenshot, not a check)
  const { overflow, small, invalid, focus, summary, toast } = await measure(page);
  if (near) await page.locator(near).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: path.join(outDir, `${prefix}-${width}-${name}-view.png`) });
  // The sticky header is drawn where the page is scrolled to: the whole page from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outDir, `${prefix}-${width}-${name}.png`), fullPage: true });
  const axe = await axeViolations(page, 'serious');
  log(`${width} ${name}: focus ${focus}; summary ${summary ? `"${summary.slice(0, 120)}"` : 'none'}; invalid ${invalid.length ? invalid.join('; ') : 'none'}; failure toast ${toast ?? 'none'}`);
  log(`${width} ${name}: overflow ${overflow}px; targets under 44px: ${small.length}${small.length ? ` (${small.slice(0, 10).join('; ')}${small.length > 10 ? ' …' : ''})` : ''}; axe serious: ${axe.length ? axe.join(' | ') : 'none'}`);
}

try {
  await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', 'Forms Staff', '--phone', '+441234567800']);
  const staff = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  await signInStaffByApi(staff, ADMIN);

  for (const viewport of [{ width: 360, height: 740 }, { width: 1366, height: 900 }]) {
    const w = viewport.width;
    const session = await launchBrowser({ viewport, isMobile: w < 500 });
    const page = await session.context.newPage();
    page.setDefaultTimeout(20_000);
    const headers = { Origin: server.url };

    // A traveller with one application, for the signed-in forms and /track.
    const email = newEmail();
    await ok(await page.request.post(`${server.url}/api/register`, { headers, data: { email, fullName: 'Amelia Traveller', phoneNumber: '+447700900321', password: PASSWORD } }), 'register');
    const created = await page.request.post(`${server.url}/api/applications`, {
      headers,
      data: {
        givenName: 'Amelia', surname: 'Traveller', gender: 'female', dateOfBirth: '1990-05-01', nationality: 'United Kingdom', countryOfBirth: 'United Kingdom',
        otherNationalities: false, maritalStatus: 'single', profession: 'Architect', purposeOfVisit: 'tourism', entry: 'Single',
        expectedArrivalDate: isoDaysFromNow(15), expectedDepartureDate: isoDaysFromNow(22), passportNumber: '925076473', passportExpiry: '2031-01-01',
        visitedEgyptBefore: false, hasBeenDeported: false, privacyPolicyAccepted: true,
      },
    });
    await ok(created, 'create');
    const { id, applicationNumber } = (await created.json()) as { id: number; applicationNumber: string };
    await ok(await page.request.post(`${server.url}/api/applications/${id}/documents`, { headers, multipart: { type: 'passport', file: { name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG } } }), 'passport');

    // Signed out.
    await session.context.clearCookies();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Apply for Visa' }).first().click();
    await page.waitForURL('**/auth**');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    log(`${w} landing 'Apply for Visa' → ${new URL(page.url()).pathname}${new URL(page.url()).search}, open tab: ${await page.getByRole('tab', { selected: true }).innerText()}`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'signup-empty', w);
    await page.locator('#signup-fullName').fill('Amelia Traveller');
    await page.locator('#signup-phoneNumber').fill('+447700900321');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirmPassword').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('#signup-email-error').waitFor();
    await shoot(page, 'signup-email-taken', w);

    await page.goto(`${server.url}/forgot-password`);
    await page.locator('#forgot-email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'forgot-invalid-email', w);

    await page.goto(`${server.url}/reset-password?token=7.1795000000.c2lnbmF0dXJl`);
    await page.locator('#reset-newPassword').fill('abcdef');
    await page.locator('#reset-confirmPassword').fill('abcdeg');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'reset-mismatch', w);
    await page.locator('#reset-confirmPassword').fill('abcdef');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await shoot(page, 'reset-dead-link', w);

    await page.goto(`${server.url}/contact`);
    await page.locator('#contact-fullName').fill('A');
    await page.locator('#contact-phoneNumber').fill('12345');
    await page.getByRole('button', { name: 'Submit Contact Form' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'contact-invalid', w);

    await page.goto(`${server.url}/track`);
    await page.locator('#track-number').fill('EV-12');
    await page.locator('#track-email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'track-bad-number', w);
    await page.locator('#track-number').fill(applicationNumber);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.locator('#track-code').fill('000000');
    await page.getByRole('button', { name: 'Show my application' }).click();
    await page.locator('#track-code-error').waitFor();
    await shoot(page, 'track-wrong-code', w);

    // Signed in through the API (the page shares its cookies).
    await ok(await page.request.post(`${server.url}/api/login`, { headers, data: { email, password: PASSWORD } }), 'sign in');
    await page.goto(`${server.url}/profile`);
    await page.locator('#profile-phoneNumber').fill('0770');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.locator('#profile-phoneNumber-error').waitFor();
    await shoot(page, 'profile-phone', w);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.locator('#pw-current').fill('not-my-password');
    await page.locator('#pw-new').fill('new-password-2026');
    await page.locator('#pw-confirm').fill('new-password-2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.locator('#pw-current-error').waitFor();
    await shoot(page, 'profile-wrong-current-password', w);

    await page.goto(`${server.url}/address-details?applicationId=${id}`);
    await page.getByRole('button', { name: 'Save and Complete Application' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'address-empty', w);

    await page.goto(`${server.url}/apply`);
    await page.locator('#app-nationality').selectOption('Afghanistan');
    await page.getByTestId('nationality-not-supported').waitFor();
    await shoot(page, 'apply-unsupported-nationality', w, '#app-nationality');
    await page.locator('#app-nationality').selectOption('United Kingdom');
    await page.locator('#app-passport-file').setInputFiles({ name: 'scan.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.locator('#app-passport-file-error').waitFor();
    await shoot(page, 'apply-file-type', w, '#app-passport-file-error');
    // Everything filled, but a passport that expires too soon and an arrival too soon: refused on submit.
    await page.locator('#app-givenName').fill('Amelia');
    await page.locator('#app-surname').fill('Traveller');
    await page.locator('#app-gender').click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.locator('#app-dateOfBirth').fill('1990-05-01');
    await page.locator('#app-maritalStatus').click();
    await page.getByRole('option', { name: 'Single' }).click();
    await page.locator('#app-profession').fill('Architect');
    await page.locator('#app-passportNumber').fill('925076473');
    await page.locator('#app-passportExpiry').fill(isoDaysFromNow(60));
    await page.locator('#app-passport-file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
    await page.locator('#app-expectedArrivalDate').fill(isoDaysFromNow(1));
    await page.locator('#app-expectedDepartureDate').fill(isoDaysFromNow(8));
    await page.locator('#app-privacyPolicyAccepted').click();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'apply-submit-refused', w);

    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId(`application-${id}`);
    await card.getByRole('button', { name: 'Cancel application' }).waitFor();
    const indent = await card.evaluate((el) => {
      const button = Array.from(el.querySelectorAll('button')).find((b) => b.textContent === 'Cancel application')!;
      const text = button.getBoundingClientRect().left;
      const paragraph = el.querySelector('p')!.getBoundingClientRect().left;
      return `button text starts at ${Math.round(text)}px, the card's text at ${Math.round(paragraph)}px, padding-left ${getComputedStyle(button).paddingLeft}`;
    });
    log(`${w} dashboard 'Cancel application': ${indent}`);
    await card.getByRole('button', { name: 'Cancel application' }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(outDir, `${prefix}-${w}-dashboard-cancel-button.png`) });
    // The server refusing (as for an application that reached the portal meanwhile): the dialog says so.
    await page.route(`**/api/applications/${id}/cancel`, (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'This application can no longer be cancelled.' }) }),
    );
    await card.getByRole('button', { name: 'Cancel application' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel application' }).click();
    await dialog.getByTestId('error-summary').waitFor();
    await shoot(page, 'cancel-dialog-refused', w);
    await page.unroute(`**/api/applications/${id}/cancel`);

    // The review team asks for a new passport copy.
    await ok(await staff.put(`/api/admin/applications/${id}/status`, {
      data: { status: 'additional_info_required', additionalInfoMessage: 'The photo page is blurred: please send a sharper scan.', requiresPassportReupload: true },
    }), 'ask for a re-upload');
    await page.goto(`${server.url}/passport-upload?applicationId=${id}`);
    await page.locator('#reupload-file').setInputFiles({ name: 'scan.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.locator('#reupload-file-error').waitFor();
    await shoot(page, 'reupload-file-type', w, '#reupload-file-error');
    await page.locator('#reupload-file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PASSPORT_PNG, Buffer.alloc(11 * 1024 * 1024)]) });
    await page.getByRole('button', { name: 'Upload Passport' }).click();
    await page.locator('#reupload-file-error').waitFor();
    await page.getByTestId('error-summary').waitFor();
    await shoot(page, 'reupload-too-large', w);
    await session.close();
  }
  await staff.dispose();
} finally {
  writeFileSync(path.join(outDir, `${prefix}-report.txt`), `${report.join('\n')}\n`);
  await server.stop();
}
