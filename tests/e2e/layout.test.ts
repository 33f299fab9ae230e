import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithApplication } from './support/applicant.js';
import { see, until } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { signInStaff } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * How pages look, measured in Chromium: what a user sees wrapping, overlapping or out of line, on a
 * desktop (1440 px) and on a phone (390 px). Screenshots land in test-artifacts/e2e.
 */
const { available } = browserAvailability();

const ADMIN = { email: 'layout-admin@evisa-e2e.example', password: 'layout-admin-2026' };

/** How many lines the text of `locator` (or of `text` inside it) takes on screen. */
async function linesOf(locator: Locator, text?: string): Promise<number> {
  return locator.evaluate((element, part) => {
    const range = document.createRange();
    if (part) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let node: Node | null;
      while ((node = walker.nextNode())) {
        const at = node.textContent?.indexOf(part) ?? -1;
        if (at >= 0) {
          range.setStart(node, at);
          range.setEnd(node, at + part.length);
          break;
        }
      }
      if (range.collapsed) throw new Error(`"${part}" is not in the element`);
    } else {
      range.selectNodeContents(element);
    }
    return new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
  }, text);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

describe.skipIf(!available)('layout in Chromium', { timeout: 120_000 }, () => {
  let server: AgencyServer;
  let desktop: BrowserSession;
  let phone: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', 'Layout Admin', '--phone', '+441234567892']);
    desktop = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    phone = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
  }, 240_000);

  afterAll(async () => {
    await desktop?.close();
    await phone?.close();
    await server?.stop();
  });

  async function newPage(session: BrowserSession): Promise<Page> {
    await session.context.clearCookies();
    const page = await session.context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function signInAdmin(page: Page) {
    await signInStaff(page, server.url, ADMIN);
  }

  it("gives a single dashboard card room for the applicant's name and application number on one line each", async () => {
    const page = await newPage(desktop);
    const id = await applicantWithApplication(page.request, server.url);
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId(`application-${id}`);
    await see(card);
    await screenshot(page, 'layout-dashboard-one-card');
    expect(await linesOf(card.getByRole('heading', { level: 2 }))).toBe(1);
    expect(await linesOf(card.getByText(/^Application EV-/))).toBe(1);
    await page.close();
  });

  it("lines the admin page's left edge up with the header's and the footer's", async () => {
    const page = await newPage(desktop);
    await signInAdmin(page);
    await page.waitForURL('**/admin');
    const heading = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
    await see(heading);
    await screenshot(page, 'layout-admin');
    const brand = await box(page.getByRole('banner').getByRole('link', { name: /Egypt e-Visa Agency/ }));
    const footer = await box(page.getByRole('contentinfo').getByText('Egypt e-Visa Agency', { exact: true }));
    const admin = await box(heading);
    expect(Math.abs(admin.x - brand.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(admin.x - footer.x)).toBeLessThanOrEqual(1);
    // The right edge too: the reminder buttons end where the header's menu (its last entry, the language) ends.
    const reminders = await box(page.getByRole('button', { name: 'Send Application Reminders' }));
    const menu = await box(page.getByRole('banner').getByRole('navigation', { name: 'Main' }));
    expect(Math.abs(reminders.x + reminders.width - (menu.x + menu.width))).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('keeps toasts off the header and its menu button on a phone', async () => {
    const page = await newPage(phone);
    await signInAdmin(page);
    const toast = page.getByText('You have been logged in successfully.');
    await see(toast);
    await page.waitForURL('**/admin');
    await screenshot(page, 'layout-phone-toast');
    const header = await box(page.getByRole('banner'));
    await until(async () => {
      const shown = await box(page.locator('li[data-state="open"]'));
      expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    });
    // The menu button can be used while the toast shows.
    await page.getByRole('button', { name: /menu/i }).click();
    await see(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Profile' }));
    await page.close();
  });

  it('keeps "e-visa" whole in the hero headline on a phone', async () => {
    const page = await newPage(phone);
    await page.goto(server.url);
    const headline = page.getByRole('heading', { level: 1 });
    await see(headline);
    await screenshot(page, 'layout-phone-hero');
    expect(await linesOf(headline, 'e-visa')).toBe(1);
    await page.close();
  });
});
