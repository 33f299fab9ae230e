import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './support/assert.js';
import { applicantWithApplication } from './support/applicant.js';
import { join } from 'node:path';
import { ARTIFACTS_DIR, browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { startAgencyServer, type AgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * docs/product.md §1.5 in Chromium: the honest-price statement, with the configured official route,
 * is in the pre-rendered HTML, stays the same after React takes the page over, and stands beside
 * each Apply and Pay button and on /payment, on a phone (390 px) and a desktop (1280 px).
 */
const { available } = browserAvailability();
const ENV = { OFFICIAL_VISA_URL: 'https://www.visa2egypt.gov.eg/', OFFICIAL_VISA_FEE: 'US$25 single entry (e2e)', OFFICIAL_VISA_FEE_EFFECTIVE: '2026-06-01' };
const STATEMENT = 'We are a private agency, not the Egyptian government. You can apply yourself at www.visa2egypt.gov.eg for the official fee (US$25 single entry (e2e)); our service costs £10 + £39.';
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, isMobile: false },
];

/** The statement in the button's own block (the nearest ancestor, at most 3 up, holding one): its text, and whether it fits the viewport. */
async function statementBeside(button: Locator): Promise<{ text: string; href: string | null; fits: boolean }> {
  return button.evaluate((el) => {
    let box: Element | null = el.parentElement;
    for (let up = 0; box && up < 3; up++, box = box.parentElement) {
      const found = box.querySelector('[data-testid="honest-price"]');
      if (found) {
        const rect = found.getBoundingClientRect();
        return { text: found.textContent ?? '', href: found.querySelector('a')?.getAttribute('href') ?? null, fits: rect.left >= 0 && rect.right <= window.innerWidth };
      }
    }
    return { text: '', href: null, fits: false };
  });
}

async function expectBeside(button: Locator) {
  const beside = await statementBeside(button);
  expect(beside.text, (await button.textContent()) ?? '').toContain(STATEMENT);
  expect(beside.text).toContain('Official fee as of 1 June 2026.');
  expect(beside.href).toBe(ENV.OFFICIAL_VISA_URL);
  expect(beside.fits).toBe(true);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe.skipIf(!available)('the honest price in Chromium', { timeout: 180_000 }, () => {
  let server: AgencyServer;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer(ENV);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('the raw HTML of / already says it with the configured route', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('href="https://www.visa2egypt.gov.eg/"');
    expect(html).toContain('US$25 single entry (e2e)');
    expect(html).toContain('<time dateTime="2026-06-01">1 June 2026</time>');
    expect(html).not.toContain('__EVISA_OFFICIAL');
  });

  for (const { name, viewport, isMobile } of VIEWPORTS) {
    it(`stands beside each Apply and Pay button and on /payment (${name})`, async () => {
      const browser: BrowserSession = await launchBrowser({ viewport, isMobile });
      try {
        const page = await browser.context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
        await until(async () => expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true));
        const main = page.locator('main');
        await expectBeside(main.getByRole('link', { name: 'Apply for Visa' }));
        const applyNow = main.getByRole('link', { name: /^Apply Now for a / });
        expect(await applyNow.count()).toBe(3);
        for (const link of await applyNow.all()) await expectBeside(link);
        // The footer's 'Apply for Visa' is a quick link in a column: the statement is the footer's last line.
        expect(await page.locator('footer').getByTestId('honest-price').textContent()).toContain(STATEMENT);
        await screenshot(page, `honest-price-landing-${name}`);
        // Close-ups, to read the statement at this width.
        await main
          .locator('section')
          .first()
          .screenshot({ path: join(ARTIFACTS_DIR, `honest-price-hero-${name}.png`) });
        await applyNow
          .first()
          .locator('xpath=..')
          .screenshot({ path: join(ARTIFACTS_DIR, `honest-price-option-${name}.png`) });
        expect(errors, 'no hydration error').toEqual([]);

        const id = await applicantWithApplication(page.request, server.url);
        await page.goto(`${server.url}/payment?applicationId=${id}&type=initial`);
        await page.getByRole('checkbox', { name: /Please start work on my application straight away/ }).click();
        const pay = page.getByRole('button', { name: 'Pay £10.00' });
        await pay.waitFor();
        const card = page.locator('[class*="lg:col-span-3"]').filter({ has: pay });
        expect(await card.getByTestId('honest-price').textContent()).toContain(STATEMENT);
        await screenshot(page, `honest-price-payment-${name}`);
        await card.screenshot({ path: join(ARTIFACTS_DIR, `honest-price-payment-card-${name}.png`) });

        await page.goto(`${server.url}/dashboard`);
        const payNow = page.getByTestId(`application-${id}`).getByRole('button', { name: 'Pay £10.00 Now' });
        await payNow.waitFor();
        await expectBeside(payNow);
        await screenshot(page, `honest-price-dashboard-${name}`);
        await page.getByTestId(`application-${id}`).screenshot({ path: join(ARTIFACTS_DIR, `honest-price-panel-${name}.png`) });

        await page.goto(`${server.url}/apply`);
        await page.getByRole('button', { name: 'Submit Application' }).waitFor();
        expect(await page.getByTestId('honest-price').first().textContent()).toContain(STATEMENT);
        // /apply asks for a saved draft first; none answers 404, which the browser logs.
        expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
        await page.close();
      } finally {
        await browser.close();
      }
    });
  }
});
