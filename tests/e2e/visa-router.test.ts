import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OFFICIAL_ROUTE } from '../../core/domain/official-route.js';
import { accessibilityProblems, axeViolations } from './support/a11y.js';
import { browserAvailability, launchBrowser, screenshot } from './support/browser.js';
import { startAgencyServer, type AgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';
import { measurePage, type WalkException } from './walk/measure.js';

/**
 * The honest router, /do-i-need-a-visa (docs/product.md §5.12), in Chromium on a phone (390 px) and a
 * laptop (1280 px), and photographed at 360×740 and 1366×900: the pre-rendered page is reached from
 * the landing page, answers a UK traveller to Sharm el-Sheikh in place (the e-visa, the visa on
 * arrival, the free Sinai stamp, then the agency), a Canadian with the embassy, and a past arrival
 * with the API's message. Every target is 44 px where a finger taps; no sideways scrolling; axe finds
 * nothing.
 */
const { available } = browserAvailability();
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
];

/** The walk's own exception (tests/e2e/walk/walk.test.ts): a link inside a sentence is exempt from the 44 px rule. */
const INLINE_LINK: WalkException = { id: 'inline-link', kind: 'target', inlineInSentence: true, reason: 'WCAG 2.5.8 exempts inline links.' };

/** A London date `days` from now. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!available)('the honest router in Chromium', { timeout: 240_000 }, () => {
  let server: AgencyServer;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of VIEWPORTS) {
    it(`answers in place at ${viewport.width}×${viewport.height}`, async () => {
      const phone = viewport.width < 500;
      const browser = await launchBrowser({ viewport, isMobile: phone });
      try {
        const page = await browser.context.newPage();
        page.setDefaultTimeout(15_000);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        // Reached from the landing page by its link.
        await page.goto(`${server.url}/`);
        await page.getByRole('link', { name: 'See every way into Egypt for you' }).click();
        await page.getByRole('heading', { level: 1, name: 'Do I need a visa for Egypt?' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/do-i-need-a-visa');

        await page.getByLabel('Nationality (as on your passport)').selectOption('United Kingdom');
        await page.getByLabel('Arrival date').fill(inDays(30));
        await page.getByLabel('Airport you land at').selectOption('SSH');
        await page.getByLabel('Length of stay (days)').fill('10');
        await page.getByRole('checkbox', { name: /My whole stay is in the South Sinai resorts/ }).click();
        await page.getByRole('button', { name: 'Show my options' }).click();
        const answer = page.getByTestId('router-answer');
        await answer.waitFor();
        expect(await answer.locator('li[data-route]').evaluateAll((items) => items.map((i) => i.getAttribute('data-route')))).toEqual(['evisa', 'visa_on_arrival', 'visa_free', 'agency']);
        await expect.poll(() => answer.getByRole('link', { name: /Apply on visa2egypt\.gov\.eg/ }).getAttribute('href')).toBe(DEFAULT_OFFICIAL_ROUTE.url);
        expect(await answer.getByText('Free Sinai-resort stamp (no visa)').count()).toBe(1);
        expect(await answer.getByText('£49', { exact: true }).count()).toBe(1);

        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (phone) expect((await measurePage(page, viewport.width, [INLINE_LINK])).filter((f) => !f.exception)).toEqual([]);
        expect([...(await accessibilityProblems(page)), ...(await axeViolations(page))]).toEqual([]);
        await screenshot(page, `visa-router-${viewport.width}`);
        await answer.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-artifacts/e2e/visa-router-${viewport.width}-answer.png` });

        // A Canadian: the embassy only, and nothing from the agency.
        await page.getByLabel('Nationality (as on your passport)').selectOption('Canada');
        await page.getByRole('button', { name: 'Show my options' }).click();
        await expect.poll(() => answer.locator('li[data-route]').evaluateAll((items) => items.map((i) => i.getAttribute('data-route')))).toEqual(['embassy']);

        // A past arrival: the API's own message, in place.
        await page.getByLabel('Arrival date').fill(inDays(-2));
        await page.getByRole('button', { name: 'Show my options' }).click();
        await expect.poll(() => page.getByRole('alert').filter({ hasText: 'The arrival date cannot be in the past.' }).count()).toBe(1);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});
