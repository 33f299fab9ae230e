/**
 * Screenshots of the applicant's side for a person to look at (not a test): the dashboard card in
 * every state (unpaid, paid, information requested, approved, final fee paid with the visa,
 * cancelled, rejected), /apply with an arrival 3 days away, /auth from the header's Register, /track,
 * a 404, the landing page, /our-record and the staff list on a phone; each at 360×740 (a phone) and
 * 1366×900, with what overflows sideways, the targets under 44 px and axe's serious findings printed.
 * Every traveller's passport is a synthetic photo page whose MRZ gives the given names 'ALICE JANE'
 * while the form says 'ALICE' (typed in capitals), so the passport check finds a mismatch.
 * Run: npx tsx tests/e2e/applicant-states.manual.ts <out-dir> <prefix>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { BRITISH_TRAVELLER, passportJpeg, td3Lines } from '../../bench/support/synthetic-passport.js';
import { axeViolations } from './support/a11y.js';
import { isoDaysFromNow, newEmail } from './support/applicant.js';
import { launchBrowser, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer } from './support/server.js';
import { signInStaff, signInStaffByApi } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

const [outDir = '/tmp/applicant-states', prefix = 'after'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const ADMIN = { email: 'states@evisa-e2e.example', password: 'states-password-2026' };
const VISA_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const STATES = ['unpaid', 'paid', 'info-requested', 'approved', 'final-paid-visa', 'cancelled', 'rejected'] as const;
type State = (typeof STATES)[number];

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

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const photo = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, width: 1600 });

/** A traveller in the cookie jar of `api` with one application brought to `state`; answers its email and id. */
async function travellerIn(state: State, api: APIRequestContext, staff: APIRequestContext): Promise<{ email: string; id: number; number: string }> {
  const headers = { Origin: server.url };
  const email = newEmail();
  await ok(await api.post(`${server.url}/api/register`, { headers, data: { email, fullName: 'ALICE SMITH', phoneNumber: '+447700900321', password: 'pyramids-2026' } }), 'register');
  const created = await api.post(`${server.url}/api/applications`, {
    headers,
    data: {
      givenName: 'ALICE', surname: 'SMITH', gender: 'female', dateOfBirth: '1990-05-01', nationality: 'United Kingdom', countryOfBirth: 'United Kingdom',
      otherNationalities: false, maritalStatus: 'single', profession: 'Architect', purposeOfVisit: 'tourism', entry: 'Single',
      expectedArrivalDate: isoDaysFromNow(15), expectedDepartureDate: isoDaysFromNow(22), passportNumber: '925076473', passportExpiry: '2031-01-01',
      visitedEgyptBefore: false, hasBeenDeported: false, privacyPolicyAccepted: true,
    },
  });
  await ok(created, 'create');
  const { id, applicationNumber: number } = (await created.json()) as { id: number; applicationNumber: string };
  await ok(await api.post(`${server.url}/api/applications/${id}/documents`, { headers, multipart: { type: 'passport', file: { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: photo } } }), 'passport');
  await waitFor(async () => ((await (await api.get(`${server.url}/api/applications/${id}`)).json()) as { passportCheck: { status: string } | null }).passportCheck?.status ?? 'pending', (s) => s !== 'pending', 'the passport check');
  if (state === 'unpaid') return { email, id, number };

  const pay = async (type: 'initial' | 'final') => {
    const started = await api.post(`${server.url}/api/payments/${type}/${id}`, { headers, data: type === 'initial' ? { startNow: true } : {} });
    await ok(started, `open ${type}`);
    const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
    await ok(await api.post(`${server.url}/api/test-payments/${paymentIntentId}/confirm`, { headers, data: { cardNumber: '4242424242424242' } }), `card ${type}`);
    await ok(await api.post(`${server.url}/api/payments/${type}/confirm/${id}`, { headers, data: { paymentIntentId } }), `confirm ${type}`);
  };
  const move = async (status: string, extra: Record<string, unknown> = {}) => ok(await staff.put(`/api/admin/applications/${id}/status`, { data: { status, ...extra } }), `status ${status}`);
  await pay('initial');
  if (state === 'cancelled') {
    await ok(await api.post(`${server.url}/api/applications/${id}/cancel`, { headers, data: { reason: 'Our trip is called off' } }), 'cancel');
    await waitFor(async () => ((await (await api.get(`${server.url}/api/applications/${id}`)).json()) as { refundedAmount: number }).refundedAmount, (n) => n > 0, 'the refund');
    return { email, id, number };
  }
  await ok(await api.patch(`${server.url}/api/applications/${id}`, { headers, data: { address: '1 High Street', city: 'London', postcode: 'SW1A 1AA', hotelDetails: 'Nile Hotel, Cairo, booking 123' } }), 'address');
  if (state === 'paid') return { email, id, number };
  await move('under_process');
  if (state === 'info-requested') {
    await move('additional_info_required', { additionalInfoMessage: 'Please send your hotel booking confirmation.' });
    return { email, id, number };
  }
  await move('verified');
  if (state === 'rejected') {
    await move('rejected', { rejectionReason: 'Your passport must be valid for 6 months after your arrival.' });
    return { email, id, number };
  }
  await move('approved');
  if (state === 'approved') return { email, id, number };
  await pay('final');
  await ok(await staff.post(`/api/admin/applications/${id}/visa-upload`, { multipart: { visa: { name: 'evisa-EV-alice-smith-single-entry-tourist.pdf', mimeType: 'application/pdf', buffer: VISA_PDF } } }), 'visa');
  await ok(await staff.post(`/api/admin/applications/${id}/send-evisa`, { data: {} }), 'send the e-visa');
  return { email, id, number };
}

/** What a page shows a finger and a narrow screen: sideways overflow, and targets under 44 px. */
async function measure(page: Page): Promise<{ overflow: number; small: string[] }> {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, [role="tab"], [role="checkbox"]'))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[hidden],[aria-hidden="true"]')) continue;
      if (box.width < 44 || box.height < 44) small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || (el as HTMLInputElement).name || el.id).trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return { overflow, small };
  });
}

async function shoot(page: Page, name: string, viewport: { width: number }) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(outDir, `${prefix}-${viewport.width}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const { overflow, small } = await measure(page);
  const axe = await axeViolations(page, 'serious');
  log(`${viewport.width} ${name}: overflow ${overflow}px; targets under 44px: ${small.length}${small.length ? ` (${small.slice(0, 8).join('; ')}${small.length > 8 ? ' …' : ''})` : ''}; axe serious: ${axe.length ? axe.join(' | ') : 'none'}`);
}

try {
  await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', 'States Staff', '--phone', '+441234567800']);
  // Decided applications of past weeks, for the landing's and /our-record's median.
  await runCli(server, ['seed-demo', '--applications', '80', '--no-files', '--seed', '5']);
  const staff = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  await signInStaffByApi(staff, ADMIN);

  const logins: Record<string, { email: string; id: number; number: string }> = {};
  const seeding = await launchBrowser();
  for (const state of STATES) {
    await seeding.context.clearCookies();
    const page = await seeding.context.newPage();
    logins[state] = await travellerIn(state, page.request, staff);
    await page.close();
  }
  await seeding.close();
  const trackNumber = logins.paid!.number;

  for (const viewport of [{ width: 360, height: 740 }, { width: 1366, height: 900 }]) {
    const session: BrowserSession = await launchBrowser({ viewport, isMobile: viewport.width < 500 });
    const page = await session.context.newPage();
    page.setDefaultTimeout(20_000);
    for (const state of STATES) {
      await session.context.clearCookies();
      // Signed in through the API (the page shares its cookies): no 'Success' toast over the card.
      await ok(await page.request.post(`${server.url}/api/login`, { headers: { Origin: server.url }, data: { email: logins[state]!.email, password: 'pyramids-2026' } }), 'sign in');
      await page.goto(`${server.url}/dashboard`);
      const card = page.getByTestId(`application-${logins[state]!.id}`);
      await card.waitFor();
      await page.waitForLoadState('networkidle');
      await shoot(page, `dashboard-${state}`, viewport);
      log(`${viewport.width} dashboard-${state} card text: ${(await card.innerText()).replace(/\s+/g, ' ').trim()}`);
      log(`${viewport.width} dashboard-${state} card width ${await card.evaluate((el) => Math.round(el.getBoundingClientRect().right))}px of ${viewport.width}`);
    }
    // /apply, signed in as the unpaid traveller, with an arrival 3 days away.
    await page.goto(`${server.url}/apply`);
    await page.locator('#app-expectedArrivalDate').fill(isoDaysFromNow(3));
    await page.locator('#app-expectedArrivalDate').blur();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'apply-arrival-3-days', viewport);
    const notice = page.getByTestId('arrival-notice');
    log(`${viewport.width} apply arrival notice: ${(await notice.count()) ? await notice.innerText() : 'none'}`);

    // Signed out: the header's Register, /track with a spaced number, a 404, the landing page, /our-record.
    await session.context.clearCookies();
    await page.goto(`${server.url}/`);
    if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.waitForURL('**/auth**');
    await page.getByRole('tab', { selected: true }).waitFor();
    log(`${viewport.width} Register → ${new URL(page.url()).pathname}${new URL(page.url()).search}, open tab: ${await page.getByRole('tab', { selected: true }).innerText()}`);
    await shoot(page, 'auth-from-register', viewport);
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.locator('#signin-email').fill(logins.paid!.email);
    await page.locator('#signin-password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password.').first().waitFor();
    await shoot(page, 'auth-wrong-password', viewport);

    await page.goto(`${server.url}/track`);
    {
      const [, month, random] = trackNumber.split('-');
      await page.locator('#track-number').fill(`ev ${month} ${random!.toLowerCase()}`);
      await page.locator('#track-email').fill(logins.paid!.email);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.waitForLoadState('networkidle');
      const refused = await page.getByText('Please enter a valid application number').count();
      log(`${viewport.width} /track with "ev ${month} ${random!.toLowerCase()}": ${refused ? 'refused' : 'accepted'}`);
    }
    await shoot(page, 'track-spaced-number', viewport);

    await page.goto(`${server.url}/no-such-page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const status = (await page.request.get(`${server.url}/no-such-page`)).status();
    log(`${viewport.width} 404: status ${status}, h1 "${await page.getByRole('heading', { level: 1 }).innerText()}"`);
    await shoot(page, 'not-found', viewport);

    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    const landingRecord = page.getByTestId('landing-record');
    log(`${viewport.width} landing record: ${(await landingRecord.count()) ? await landingRecord.innerText() : 'none'}`);
    await shoot(page, 'landing', viewport);
    await page.goto(`${server.url}/our-record`);
    await page.getByTestId('record-summary').waitFor().catch(() => undefined);
    log(`${viewport.width} our-record: ${(await page.getByTestId('record-summary').count()) ? await page.getByTestId('record-summary').innerText() : 'none'}`);
    await shoot(page, 'our-record', viewport);

    // The staff list's keyboard hint, on a touch screen and on a desktop.
    await signInStaff(page, server.url, ADMIN);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    const hint = page.getByTestId('admin-keys-hint');
    log(`${viewport.width} admin keys hint visible: ${(await hint.count()) ? await hint.isVisible() : 'absent'}`);
    await page.screenshot({ path: path.join(outDir, `${prefix}-${viewport.width}-admin.png`) });
    await session.close();
  }
  await staff.dispose();
} finally {
  writeFileSync(path.join(outDir, `${prefix}-report.txt`), `${report.join('\n')}\n`);
  await server.stop();
}
