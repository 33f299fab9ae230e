import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y.js';
import { applicantWithApplication } from './support/applicant.js';
import { ARTIFACTS_DIR, browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { openAdminAs } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The portal-outage mode in Chromium (decision 0032): an admin marks the official portal down from
 * the Portal status page; the pre-rendered landing page and the applicant's dashboard then show the
 * banner after hydration — at 390 and 1280 px — without a hydration error and without moving the
 * page (no layout shift); marked up again, the banner is gone and nothing is left in its place.
 */
const { available } = browserAvailability();
const STAFF = { email: 'outage@evisa-e2e.example', password: 'portal-outage-2026', name: 'Out Age', phone: '+441234567803' };
const MESSAGE = 'visa2egypt.gov.eg has not answered since 09:00 today. We will submit your application as soon as it is back.';
const VIEWPORTS = [
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true },
  { name: '1280', viewport: { width: 1280, height: 900 }, isMobile: false },
];

/** Records every layout shift of the page from its first paint (the Lighthouse CLS's entries). */
const OBSERVE_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value); })
    .observe({ type: 'layout-shift', buffered: true });
`;

describe.skipIf(!available)('the portal-outage banner in Chromium', { timeout: 300_000 }, () => {
  let server: AgencyServer;
  let admin: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', STAFF.email, '--password', STAFF.password, '--name', STAFF.name, '--phone', STAFF.phone]);
    admin = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  }, 240_000);

  afterAll(async () => {
    await admin?.close();
    await server?.stop();
  });

  it('an admin marks the portal down from the Portal status page', async () => {
    const page = await openAdminAs(admin, server.url, STAFF);
    await page.getByRole('link', { name: 'Portal status' }).click();
    await page.getByRole('heading', { name: 'Official portal status' }).waitFor();
    await expect.poll(() => page.getByTestId('portal-state').textContent()).toBe('Up');
    // Down without a message is refused with the server's words.
    await page.getByRole('button', { name: 'Mark the portal down' }).click();
    await page.getByRole('alert').filter({ hasText: 'Say what is wrong with the portal' }).waitFor();
    await page.getByLabel(/Message for travellers/).fill(MESSAGE);
    await page.getByRole('button', { name: 'Mark the portal down' }).click();
    await expect.poll(() => page.getByTestId('portal-state').textContent()).toBe('Down');
    expect(await axeViolations(page, 'serious')).toEqual([]);
    await screenshot(page, 'portal-status-admin-1366');
    const status = (await (await page.request.get(`${server.url}/api/public/status`)).json()) as { state: string; message: string };
    expect(status).toMatchObject({ state: 'down', message: MESSAGE });
  });

  for (const { name, viewport, isMobile } of VIEWPORTS) {
    it(`at ${name} px: the banner on the pre-rendered landing page and on the dashboard, after hydration, with no layout shift`, async () => {
      const session = await launchBrowser({ viewport, isMobile });
      try {
        const page = await session.context.newPage();
        const errors: string[] = [];
        page.on('console', (msg) => (msg.type() === 'error' ? errors.push(msg.text()) : undefined));
        page.on('pageerror', (error) => errors.push(error.message));
        await page.addInitScript(OBSERVE_SHIFTS);

        // The pre-rendered HTML never holds the banner: it comes from the server's status after hydration.
        const html = await (await page.request.get(`${server.url}/`)).text();
        expect(html).not.toContain('outage-banner');
        await page.goto(`${server.url}/`);
        const banner = page.getByTestId('outage-banner');
        await banner.waitFor();
        expect(await banner.textContent()).toContain(MESSAGE);
        await banner.getByText('What this means for you').click();
        await banner.getByText(/visa on arrival/).waitFor();
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
        expect(shifts, 'cumulative layout shift on /').toBeLessThan(0.01);
        expect(await axeViolations(page, 'serious')).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-outage-landing-${name}.png`) });
        await screenshot(page, `portal-outage-landing-${name}-full`);

        await applicantWithApplication(page.request, server.url);
        await page.goto(`${server.url}/dashboard`);
        await page
          .getByRole('heading', { name: /application/i })
          .first()
          .waitFor();
        await banner.waitFor();
        expect(await banner.textContent()).toContain(MESSAGE);
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-outage-dashboard-${name}.png`) });
        // The unpaid card's price panel promises no date while the portal is down (docs/product.md §14.4).
        const price = page.getByTestId('answer-by');
        await expect.poll(() => price.textContent()).toContain("Egypt's e-visa portal is down now");
        await price.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-outage-dashboard-price-${name}.png`) });
        expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }

  it('marked up again: no banner, and nothing left in its place', async () => {
    await runCli(server, ['portal-status', 'up']);
    const session = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = await session.context.newPage();
      await page.goto(`${server.url}/`);
      await expect.poll(async () => (await (await page.request.get(`${server.url}/api/public/status`)).json()) as { state: string }).toMatchObject({ state: 'up' });
      // Wait for the page's own read of the status, then check nothing was drawn.
      await page.waitForResponse((res) => res.url().endsWith('/api/public/status')).catch(() => undefined);
      expect(await page.getByTestId('outage-banner').count()).toBe(0);
    } finally {
      await session.close();
    }
  });
});
