/**
 * Screenshots of the money screens for a person to look at (not a test): the dashboard card's
 * payment panel at £10 and £39 (offer, card form, a declined card), the payment page, the card after
 * the final payment before and after the visa, and the admin's refunds awaiting approval as an
 * approver — at 360×740 (a phone) and 1366×900. Prints every control under 44×44 px on the phone
 * and any sideways scroll.
 * Run: npx tsx tests/e2e/money-screens.manual.ts <out-dir> <prefix>
 * (MODE=panel: only the refund form in the side panel, with what makes the panel scroll sideways.)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { isoDaysFromNow, newEmail, PASSPORT_PNG } from './support/applicant.js';
import { launchBrowser } from './support/browser.js';
import { runCli, startAgencyServer } from './support/server.js';
import { openAdminAs, signInStaffByApi } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

const [outDir = '/tmp/money', prefix = 'after'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const ADMINS = [
  { email: 'anna@evisa-e2e.example', password: 'screens-password-2026' },
  { email: 'bilal@evisa-e2e.example', password: 'screens-password-2026' },
];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const VIEWPORTS = [
  { name: '360', width: 360, height: 740, isMobile: true },
  { name: '1366', width: 1366, height: 900, isMobile: false },
];

/** Controls a finger uses that are under 44×44 px, and how far the page scrolls sideways. */
async function fit(page: Page, scope: string): Promise<string> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    const small: string[] = [];
    for (const el of root.querySelectorAll('button, a[href], input, select, textarea, [role="checkbox"], label')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.tagName === 'LABEL' && !(el as HTMLLabelElement).control) continue;
      if (r.width < 44 || r.height < 44) small.push(`${el.tagName.toLowerCase()} "${(el.textContent || (el as HTMLInputElement).placeholder || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    return `overflow ${overflow}px; small: ${small.join(' | ') || 'none'}`;
  }, scope);
}

/** An applicant with an application and its passport (as support/applicant.ts, without vitest). */
async function applicantWithApplication(api: APIRequestContext, baseUrl: string): Promise<number> {
  const headers = { Origin: baseUrl };
  const must = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
    if (res.status() >= 300) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
    return res;
  };
  await must(await api.post(`${baseUrl}/api/register`, { headers, data: { email: newEmail(), fullName: 'Declan Card', phoneNumber: '+447700900456', password: 'pyramids-2026' } }));
  const created = await must(
    await api.post(`${baseUrl}/api/applications`, {
      headers,
      data: {
        givenName: 'Declan', surname: 'Card', gender: 'male', dateOfBirth: '1985-01-02', nationality: 'Ireland {Republic}',
        countryOfBirth: 'Ireland {Republic}', otherNationalities: false, maritalStatus: 'married', profession: 'Teacher',
        purposeOfVisit: 'tourism', entry: 'Single', expectedArrivalDate: isoDaysFromNow(15), expectedDepartureDate: isoDaysFromNow(22),
        passportNumber: 'P7654321', passportExpiry: isoDaysFromNow(900), visitedEgyptBefore: false, hasBeenDeported: false,
        privacyPolicyAccepted: true,
      },
    }),
  );
  const { id } = (await created.json()) as { id: number };
  await must(await api.post(`${baseUrl}/api/applications/${id}/documents`, { headers, multipart: { type: 'passport', file: { name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG } } }));
  return id;
}

await ensureWebBuild();
const server = await startAgencyServer();
const log = (...parts: unknown[]) => console.log(prefix, ...parts);
try {
  for (const admin of ADMINS) await runCli(server, ['create-admin', '--email', admin.email, '--password', admin.password, '--name', `Admin ${admin.email.slice(0, 5)}`, '--phone', '+441234567800']);
  const staffApi = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
  await signInStaffByApi(staffApi, ADMINS[0]!);

  /** An application paid in full through the API (the test card), for the staff screens. */
  async function paidInFull(api: APIRequestContext): Promise<number> {
    const id = await applicantWithApplication(api, server.url);
    const headers = { Origin: server.url };
    for (const type of ['initial', 'final'] as const) {
      if (type === 'final') {
        for (const status of ['under_process', 'verified', 'approved']) await staffApi.put(`/api/admin/applications/${id}/status`, { data: { status } });
      }
      const intent = (await (await api.post(`${server.url}/api/payments/${type}/${id}`, { headers, data: { startNow: true } })).json()) as { paymentIntentId: string };
      await api.post(`${server.url}/api/test-payments/${intent.paymentIntentId}/confirm`, { headers, data: { cardNumber: '4242 4242 4242 4242' } });
      const confirmed = await api.post(`${server.url}/api/payments/${type}/confirm/${id}`, { headers, data: { paymentIntentId: intent.paymentIntentId } });
      if (confirmed.status() !== 200) throw new Error(`${type}: ${confirmed.status()} ${await confirmed.text()}`);
    }
    return id;
  }

  if (process.env.MODE === 'panel') {
    // The refund form in the side panel: a refund asked without amount or reason, as staff see it.
    for (const viewport of VIEWPORTS) {
      const session = await launchBrowser({ viewport, isMobile: viewport.isMobile });
      const applicant = await request.newContext();
      const id = await paidInFull(applicant);
      const number = ((await (await applicant.get(`${server.url}/api/applications/${id}`)).json()) as { applicationNumber: string }).applicationNumber;
      const adminPage = await openAdminAs(session, server.url, ADMINS[1]!);
      await adminPage.goto(`${server.url}/admin?tab=completed&q=${number}`);
      await adminPage.getByRole('button', { name: new RegExp(`^Manage`) }).first().click();
      const refunds = adminPage.getByTestId('refunds');
      await refunds.scrollIntoViewIfNeeded();
      await refunds.getByRole('button', { name: 'Refund' }).click();
      await adminPage.waitForTimeout(500); // the errors' paint, for the picture only
      await refunds.getByRole('button', { name: 'Refund' }).scrollIntoViewIfNeeded();
      await adminPage.screenshot({ path: path.join(outDir, `${prefix}-${viewport.name}-10-refund-form.png`) });
      // A string, not a function: tsx's helpers (__name) do not exist in the page. Which section makes the panel scroll sideways?
      log(viewport.name, 'sideways in panel', await adminPage.evaluate(`(() => {
        const panel = document.querySelector('[data-testid="admin-side-panel"]');
        const out = ['panel ' + panel.clientWidth + '/' + panel.scrollWidth];
        for (const section of panel.querySelectorAll('section, table, pre, dl')) {
          const before = section.style.display;
          section.style.display = 'none';
          const w = panel.scrollWidth;
          section.style.display = before;
          if (w <= panel.clientWidth) out.push((section.getAttribute('aria-label') || section.getAttribute('data-testid') || section.tagName + '.' + String(section.className).slice(0, 40)) + ' → ' + w);
        }
        return out.join(' | ');
      })()`));
      log(viewport.name, 'refund form', await fit(adminPage, '[data-testid="refunds"]'));
      await applicant.dispose();
      await session.close();
    }
  }

  for (const viewport of process.env.MODE === 'panel' ? [] : VIEWPORTS) {
    const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(outDir, `${prefix}-${viewport.name}-${name}.png`), fullPage });
    const session = await launchBrowser({ viewport, isMobile: viewport.isMobile });
    const page = await session.context.newPage();
    page.setDefaultTimeout(20_000);
    const api = page.context().request;
    const id = await applicantWithApplication(api, server.url);
    const card = page.getByTestId(`application-${id}`);

    // The £10 panel: the offer, then the card form, then a declined card.
    await page.goto(`${server.url}/dashboard`);
    await card.waitFor();
    await card.getByRole('checkbox').click();
    await card.scrollIntoViewIfNeeded();
    await shot(page, '1-initial-offer');
    log(viewport.name, 'initial offer', await fit(page, `[data-testid="application-${id}"]`));
    await card.getByRole('button', { name: /^Pay £10\.00 Now$/ }).click();
    await card.getByLabel('Card number').waitFor();
    await shot(page, '2-initial-card-form');
    log(viewport.name, 'initial card form', await fit(page, `[data-testid="application-${id}"]`));
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: /^Pay £10\.00$/ }).click();
    await page.waitForTimeout(800); // let the toast or the field error draw, for the picture only
    await shot(page, '3-initial-declined', false);

    // The payment page, before paying.
    await page.goto(`${server.url}/payment?applicationId=${id}&type=initial`);
    await page.getByRole('heading', { name: 'Complete Your Payment' }).waitFor();
    await shot(page, '4-payment-page');
    log(viewport.name, 'payment page', await fit(page, 'main'));

    // Pay the £10 on the card, then staff approve.
    await page.goto(`${server.url}/dashboard`);
    await card.waitFor();
    await card.getByRole('button', { name: /^Pay £10\.00 Now$/ }).click();
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: /^Pay £10\.00$/ }).click();
    await card.getByText('Initial Payment Complete', { exact: false }).waitFor();
    for (const status of ['under_process', 'verified', 'approved']) {
      const res = await staffApi.put(`/api/admin/applications/${id}/status`, { data: { status } });
      if (res.status() !== 200) throw new Error(`${status}: ${res.status()} ${await res.text()}`);
    }

    // The £39 panel: offer and card form.
    await page.reload();
    await card.getByRole('button', { name: /^Pay £39\.00 Now$/ }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, '5-final-offer');
    log(viewport.name, 'final offer', await fit(page, `[data-testid="application-${id}"]`));
    await card.getByRole('button', { name: /^Pay £39\.00 Now$/ }).click();
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await card.getByLabel('CVC').fill('123');
    await shot(page, '6-final-card-form');
    log(viewport.name, 'final card form', await fit(page, `[data-testid="application-${id}"]`));
    await card.getByRole('button', { name: /^Pay £39\.00$/ }).click();
    await card.getByText(/E-Visa Sent to Your Email|preparing your e-visa/i).first().waitFor();
    await shot(page, '7-final-paid-no-visa');
    log(viewport.name, 'paid, no visa', await fit(page, `[data-testid="application-${id}"]`));

    // Staff attach the visa: it is mailed on its own; the card says so once it was sent.
    const upload = await staffApi.post(`/api/admin/applications/${id}/visa-upload`, { multipart: { visa: { name: 'e-visa.pdf', mimeType: 'application/pdf', buffer: PDF } } });
    if (upload.status() !== 201) throw new Error(`visa upload: ${upload.status()} ${await upload.text()}`);
    for (let i = 0; i < 100; i += 1) {
      const own = (await (await api.get(`${server.url}/api/applications/${id}`)).json()) as { evisaSentAt?: string | null };
      if (own.evisaSentAt || prefix === 'before') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.reload();
    await card.getByRole('link', { name: /Download your e-visa/ }).waitFor();
    await shot(page, '8-final-paid-with-visa');
    log(viewport.name, 'paid with visa', await fit(page, `[data-testid="application-${id}"]`));

    // Staff: one admin asks to refund the £39 final fee; another opens the dashboard.
    const asked = await staffApi.post(`/api/admin/applications/${id}/refunds`, { data: { paymentType: 'final', amountPence: 3900, reason: 'Travel cancelled: refund agreed by phone' } });
    log(viewport.name, 'refund asked', asked.status(), ((await asked.json()) as { status: string }).status);
    const adminPage = await openAdminAs(session, server.url, ADMINS[1]!);
    await adminPage.waitForTimeout(1500); // the queue's read, for the picture only
    await shot(adminPage, '9-admin-dashboard', false);
    log(viewport.name, 'admin dashboard', await fit(adminPage, 'main'));
    await session.close();
  }
  await staffApi.dispose();
} finally {
  await server.stop();
}
