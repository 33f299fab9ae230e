/**
 * A walk through the reply to an information request, for a person to look at (not a test): on the
 * embedded defaults, an applicant on a phone (360×740) and on a desktop (1366×900) sees the request
 * on the dashboard card, writes a reply with a document and sends it; staff then read it in the side
 * panel (1366×900, and the sheet on a phone). Saves screenshots and prints the measurements a person
 * checks (horizontal overflow, the Send button's height, axe's serious findings).
 * Run: npx tsx tests/e2e/replies-screens.manual.ts <out-dir>
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { axeViolations } from './support/a11y.js';
import { PASSPORT_PNG } from './support/applicant.js';
import { launchBrowser } from './support/browser.js';
import { openAdminAs } from './support/staff.js';
import { runCli, startAgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

const [outDir = '/tmp/reply-shots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const ADMIN = { email: 'reviewer@evisa-e2e.example', password: 'reviewer-password-2026' };
const BOOKING_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  if (res.status() >= 300) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** An applicant (in `api`'s cookie jar) with a paid application; answers its id and number. */
async function paidApplication(api: APIRequestContext, url: string, name: string): Promise<{ id: number; number: string }> {
  const headers = { Origin: url };
  await ok(await api.post(`${url}/api/register`, { headers, data: { email: `${name.toLowerCase()}${Date.now()}@example.com`, fullName: `${name} Traveller`, phoneNumber: '+447700900456', password: 'pyramids-2026' } }), 'register');
  const app = await ok(
    await api.post(`${url}/api/applications`, {
      headers,
      data: {
        givenName: name.toUpperCase(), surname: 'TRAVELLER', gender: 'female', dateOfBirth: '1988-04-02', nationality: 'United Kingdom', countryOfBirth: 'United Kingdom',
        otherNationalities: false, maritalStatus: 'single', profession: 'Architect', purposeOfVisit: 'tourism', entry: 'Single',
        expectedArrivalDate: days(20), expectedDepartureDate: days(27), passportNumber: 'P1234567', passportExpiry: days(900),
        visitedEgyptBefore: false, hasBeenDeported: false, privacyPolicyAccepted: true,
      },
    }),
    'apply',
  );
  const id = app.id as number;
  await ok(await api.post(`${url}/api/applications/${id}/documents`, { headers, multipart: { type: 'passport', file: { name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG } } }), 'passport');
  const { paymentIntentId } = (await ok(await api.post(`${url}/api/payments/initial/${id}`, { headers }), 'start payment')) as { paymentIntentId: string };
  await ok(await api.post(`${url}/api/test-payments/${paymentIntentId}/confirm`, { headers, data: { cardNumber: '4242424242424242' } }), 'card');
  await ok(await api.post(`${url}/api/payments/initial/confirm/${id}`, { headers, data: { paymentIntentId } }), 'confirm');
  return { id, number: app.applicationNumber as string };
}

/** The whole page (scrolled home first, so the sticky header sits at the top) and the card alone. */
async function shoot(page: Page, card: ReturnType<Page['getByTestId']>, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
  await card.screenshot({ path: path.join(outDir, `${name}-card.png`) });
}

async function measure(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="application-"] button, [data-testid^="application-"] a, [data-testid^="application-"] textarea, [aria-label="Replies from the applicant"] a')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40), h: Math.round(el.getBoundingClientRect().height), w: Math.round(el.getBoundingClientRect().width) }))
      .filter((b) => b.h < 44 || b.w < 44),
  );
  // The side panel scrolls on its own (a sheet on a phone): nothing in it may be wider than it.
  const panel = await page.evaluate(() => {
    const sheet = document.querySelector<HTMLElement>('[data-testid="admin-side-panel"]');
    if (!sheet) return null;
    const right = sheet.getBoundingClientRect().right;
    const wide = [...sheet.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > right + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? '').trim().slice(0, 30)}" +${Math.round(el.getBoundingClientRect().right - right)}px`);
    return { overflow: sheet.scrollWidth - sheet.clientWidth, wide };
  });
  console.log(label, 'overflow px:', overflow, 'panel:', JSON.stringify(panel), 'targets under 44 px:', JSON.stringify(small));
  console.log(label, 'axe serious:', JSON.stringify(await axeViolations(page, 'serious')));
}

await ensureWebBuild();
const server = await startAgencyServer();
try {
  await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', 'Sam Reviewer', '--phone', '+441234567800']);
  const staffSession = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  const staff = await openAdminAs(staffSession, server.url, ADMIN);
  const me = (await (await staff.request.get(`${server.url}/api/user`)).json()) as { id: number };
  const asked: { id: number; number: string }[] = [];

  for (const [viewport, tag, name] of [
    [{ width: 360, height: 740 }, 'phone-360', 'Maria'],
    [{ width: 1366, height: 900 }, 'desktop-1366', 'Oliver'],
  ] as const) {
    const session = await launchBrowser({ viewport, isMobile: viewport.width < 500 });
    const page = await session.context.newPage();
    page.setDefaultTimeout(20_000);
    const app = await paidApplication(page.request, server.url, name);
    asked.push(app);
    const headers = { Origin: server.url };
    await ok(await staff.request.put(`${server.url}/api/admin/applications/${app.id}/assignee`, { headers, data: { userId: me.id } }), 'assign');
    await ok(
      await staff.request.put(`${server.url}/api/admin/applications/${app.id}/status`, {
        headers,
        data: { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking confirmation for your first night in Cairo.' },
      }),
      'request',
    );

    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId(`application-${app.id}`);
    await card.getByLabel('Your reply').waitFor();
    await shoot(page, card, `${tag}-1-request`);
    await measure(page, `${tag} request`);

    await card.getByLabel('Your reply').fill('Here is my booking at the Nile View Hotel, Zamalek, for 12–19 March.\nThe confirmation is attached.');
    await card.locator('input[type=file]').setInputFiles({ name: 'nile-view-booking.pdf', mimeType: 'application/pdf', buffer: BOOKING_PDF });
    await shoot(page, card, `${tag}-2-writing`);
    const send = await card.getByRole('button', { name: 'Send reply' }).boundingBox();
    console.log(tag, 'Send reply button', JSON.stringify(send));

    await card.getByRole('button', { name: 'Send reply' }).click();
    await card.getByTestId('reply-sent').waitFor();
    await card.getByText('nile-view-booking.pdf').waitFor();
    await shoot(page, card, `${tag}-3-after`);
    console.log(tag, 'clock line:', await card.getByTestId('guarantee-clock').textContent().catch(() => '(none)'));
    console.log(tag, 'reply heading:', await card.getByTestId('reply-sent').locator('h4').textContent());
    await measure(page, `${tag} after`);
    await session.close();
  }

  // Staff: the list flags the answered applications; the side panel shows the request and the reply.
  await staff.goto(`${server.url}/admin?tab=initial-payment`);
  await staff.locator('[data-testid^="admin-row-"]').first().waitFor();
  await staff.screenshot({ path: path.join(outDir, 'staff-1366-1-list.png') });
  await staff.getByRole('button', { name: `Manage ${asked[0]!.number}` }).first().click();
  const section = staff.getByRole('region', { name: 'Replies from the applicant' });
  await section.getByText('nile-view-booking.pdf', { exact: false }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: path.join(outDir, 'staff-1366-2-panel.png') });
  await section.screenshot({ path: path.join(outDir, 'staff-1366-3-replies-section.png') });
  const messages = staff.getByRole('region', { name: 'Messages' });
  await messages.scrollIntoViewIfNeeded();
  await messages.getByText('Reply to our request').first().waitFor();
  await messages.screenshot({ path: path.join(outDir, 'staff-1366-4-messages.png') });
  await measure(staff, 'staff-1366 panel');
  await staffSession.close();

  const phoneStaff = await launchBrowser({ viewport: { width: 360, height: 740 }, isMobile: true });
  const sheet = await openAdminAs(phoneStaff, server.url, ADMIN);
  await sheet.goto(`${server.url}/admin?tab=initial-payment`);
  await sheet.getByRole('button', { name: `Manage ${asked[1]!.number}` }).first().click();
  const phoneSection = sheet.getByRole('region', { name: 'Replies from the applicant' });
  await phoneSection.getByText('nile-view-booking.pdf', { exact: false }).waitFor();
  await phoneSection.scrollIntoViewIfNeeded();
  await sheet.screenshot({ path: path.join(outDir, 'staff-360-panel-replies.png') });
  await measure(sheet, 'staff-360 panel');
  await phoneStaff.close();
} finally {
  await server.stop();
}
