import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnabled, until } from './support/assert.js';
import { ARTIFACTS_DIR, browserAvailability, launchBrowser, type BrowserSession } from './support/browser.js';
import { startAgencyServer, type AgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

/** What the landing carousel showed, and when (ms since the page's time origin), each time its slide changed. */
interface SlideChange {
  label: string;
  at: number;
}

/**
 * Waits, polling the DOM, until the carousel's shown slide has changed twice, or until `deadlineMs`
 * has passed; answers every slide seen (the first is the one shown when watching began).
 */
async function watchCarousel(page: Page, deadlineMs: number): Promise<SlideChange[]> {
  const seen = () => page.evaluate(() => (window as unknown as { slidesSeen?: SlideChange[] }).slidesSeen ?? []);
  try {
    await page.waitForFunction(
      () => {
        const w = window as unknown as { slidesSeen?: SlideChange[] };
        const label = document.querySelector('[aria-roledescription="slide"][aria-hidden="false"]')?.getAttribute('aria-label') ?? '';
        w.slidesSeen ??= [];
        if (w.slidesSeen.at(-1)?.label !== label) w.slidesSeen.push({ label, at: performance.now() });
        return w.slidesSeen.length >= 3;
      },
      undefined,
      { polling: 100, timeout: deadlineMs },
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  }
  return seen();
}

/**
 * The pre-rendered public pages (issue 15) in Chromium: the HTML arrives with the page drawn, React
 * takes it over without a hydration error, and an anonymous visitor's console stays clean (no
 * GET /api/user and its 401).
 */
const { available } = browserAvailability();

describe.skipIf(!available)('pre-rendered public pages in Chromium', { timeout: 120_000 }, () => {
  let server: AgencyServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    browser = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, reducedMotion: 'reduce' });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the raw HTML of / already holds the hero headline, its title and canonical link', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('without the hassle');
    expect(html).toMatch(/<title>Apply for Your Egypt e-Visa Online — [^<]+<\/title>/);
    expect(html).toContain('<link rel="canonical" href="');
    expect(html).toContain('data-prerendered="/"');
  });

  it("a pre-rendered page's code is fetched at low priority: only the HTML stands between a phone and the first paint", async () => {
    for (const pagePath of ['/', '/auth', '/contact', '/faq-page', '/do-i-need-a-visa']) {
      const html = await (await fetch(`${server.url}${pagePath}`)).text();
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, pagePath).toBeGreaterThan(0);
      expect(
        preloads.filter((tag) => !tag.includes('fetchpriority="low"')),
        pagePath,
      ).toEqual([]);
      expect(html, pagePath).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
    }
    // The bare SPA shell (signed-in pages) has nothing painted before its code runs: its preloads keep their priority.
    const shell = await (await fetch(`${server.url}/dashboard`)).text();
    expect(shell).toContain('<link rel="modulepreload"');
    expect(shell).not.toContain('fetchpriority="low"');
  });

  it('/ hydrates (the carousel and links answer) with no console error and no GET /api/user', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    const userRequests: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const stylesheetRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/user') userRequests.push(request.url());
      // The stylesheet is in the page: neither the page nor a lazy chunk (the on-time line, a route) loads it again.
      if (pathname.endsWith('.css')) stylesheetRequests.push(pathname);
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // React marks the container it has taken over; its handlers then work: the next slide shows on a tap.
    await until(async () => expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true));
    await page.getByRole('button', { name: 'Next image' }).click();
    await until(async () => expect(await page.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute('aria-label')).toBe('2 of 5'));
    // The page was taken over, not drawn again: the hero is the pre-rendered element.
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/');
    // A client-side navigation: the title follows the route.
    await page.getByRole('link', { name: 'Contact Us' }).first().click();
    await until(async () => expect(await page.title()).toMatch(/^Contact Us — /));
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(errors).toEqual([]);
    expect(userRequests).toEqual([]);
    expect(stylesheetRequests).toEqual([]);
    await page.close();
  });

  it("a page's words: English loads no catalog, German only its own once drawn; the Arabic page's font comes with its HTML", async () => {
    // Catalog chunks are named after their file (core/i18n/catalogs/<locale>/{web,core}.json).
    const catalogsLoadedBy = async (pagePath: string) => {
      const page = await browser.context.newPage();
      const catalogs: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/assets\/(web|core)-[^/]+\.js$/.test(pathname)) catalogs.push(pathname);
      });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
      await until(async () => expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true));
      return { page, catalogs };
    };
    const english = await catalogsLoadedBy('/');
    expect(english.catalogs).toEqual([]);
    await english.page.close();
    const german = await catalogsLoadedBy('/de/');
    expect(german.catalogs).toHaveLength(2);
    expect(await german.page.getByRole('link', { name: 'Kontakt' }).first().isVisible()).toBe(true);
    await german.page.close();

    const fontPreloads = (html: string) => html.match(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/cairo-arabic-(400|700)-normal-[^"]+\.woff2" \/>/g) ?? [];
    const arabicHtml = await (await fetch(`${server.url}/ar/`)).text();
    expect(fontPreloads(arabicHtml)).toHaveLength(2);
    const germanHtml = await (await fetch(`${server.url}/de/`)).text();
    expect(fontPreloads(germanHtml)).toEqual([]);
    // Nor are a language's catalogs preloaded: they would stand between a phone and the first paint.
    expect(germanHtml).not.toMatch(/<link rel="modulepreload"[^>]*\/assets\/(web|core)-/);
    expect(fontPreloads(await (await fetch(`${server.url}/`)).text())).toEqual([]);
    const arabic = await catalogsLoadedBy('/ar/');
    await arabic.page.evaluate(() => document.fonts.ready);
    expect(await arabic.page.evaluate(() => document.fonts.check('400 16px Cairo', 'ع') && document.fonts.check('700 16px Cairo', 'ع'))).toBe(true);
    await arabic.page.close();
  });

  it('a form on a pre-rendered page cannot be sent before its code runs: the password never reaches an address, and what was typed stays', async () => {
    const page = await browser.context.newPage();
    // The page's code is held back, as on a slow phone, until the visitor has typed and pressed Enter.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/auth`, { waitUntil: 'commit' });
    await page.locator('#signin-email').fill('early@evisa-e2e.example');
    await page.locator('#signin-password').fill('typed-before-the-code');
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
    await page.locator('#signin-password').press('Enter');
    await page.getByRole('button', { name: 'Sign In' }).click({ force: true });
    release();
    await expectEnabled(page.getByRole('button', { name: 'Sign In' }), true);
    expect(page.url()).toBe(`${server.url}/auth`);
    expect(await page.locator('#signin-email').inputValue()).toBe('early@evisa-e2e.example');
    expect(await page.locator('#signin-password').inputValue()).toBe('typed-before-the-code');
    await page.close();
  });

  it('/faq-page, /auth, /contact and /do-i-need-a-visa hydrate without console errors or Content-Security-Policy violations', async () => {
    for (const path of ['/faq-page', '/auth', '/contact', '/do-i-need-a-visa']) {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.text().startsWith('CSP violation')) errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A blocked eval (zod's JIT probe, say) is caught by the code that tried it, so it never reaches
      // the console as an error: the browser's violation event is what tells.
      await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.log(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`)));
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  // Its images finish loading before React takes the page over, so their load events never reach
  // React: the carousel has to count the images that are already complete when it mounts (issue 21).
  it('the carousel of the pre-rendered / advances every 4 s on a desktop and on a phone', { timeout: 90_000 }, async () => {
    const viewports = [
      { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
      { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
    ];
    for (const { name, viewport, isMobile } of viewports) {
      const session = await launchBrowser({ viewport, isMobile, reducedMotion: 'no-preference' });
      try {
        const page = await session.context.newPage();
        await page.goto(`${server.url}/`, { waitUntil: 'load' });
        await until(async () => expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true));
        const hydratedAt = await page.evaluate(() => performance.now());
        // Two advances take 8 s; a second more for the poll and a busy machine, and some for the start.
        const seen = await watchCarousel(page, 12_000);
        expect(
          seen.map((s) => s.label),
          name,
        ).toEqual(['1 of 5', '2 of 5', '3 of 5']);
        const [first, second] = [seen[1].at - hydratedAt, seen[2].at - seen[1].at];
        expect(first, `${name}: first advance after hydration (ms)`).toBeGreaterThan(3_500);
        expect(first, `${name}: first advance after hydration (ms)`).toBeLessThan(6_000);
        expect(second, `${name}: second advance after the first (ms)`).toBeGreaterThan(3_500);
        expect(second, `${name}: second advance after the first (ms)`).toBeLessThan(5_000);
        // The carousel on the third slide, once it has faded in (test-artifacts/e2e).
        await page.waitForFunction(() => {
          const shown = document.querySelector('[aria-roledescription="slide"][aria-hidden="false"]');
          return shown !== null && getComputedStyle(shown).opacity === '1';
        });
        await page.locator('[aria-roledescription="carousel"]').screenshot({ path: join(ARTIFACTS_DIR, `landing-carousel-${name}.png`) });
        await page.close();
      } finally {
        await session.close();
      }
    }
  });
});
