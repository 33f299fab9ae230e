import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/a11y.js';
import path from 'node:path';
import { ARTIFACTS_DIR, browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { openAdminAs } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * Passport numbers masked for staff, in Chromium (docs/product.md §2.14, decision 0030): the list and
 * the side panel show `•••••1234`; "Reveal" in the panel shows the number (in the list too), and the
 * reveal is in the audit log at /admin/audit. At 1366×900 (table) and 360×740 (cards, the panel
 * filling the screen), with screenshots under test-artifacts/e2e.
 */
const { available } = browserAvailability();
const STAFF = { email: 'reveal@evisa-e2e.example', password: 'reveal-password-2026', name: 'Reve Al', phone: '+441234567802' };
const MASKED = /^•••••[A-Z0-9]{4}$/;

/** What the screen shows where it is scrolled to (screenshot() takes the whole page from its top). */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

/** The Reveal button is a real button, at least 44 px on a phone (docs/decisions/0023). */
async function touchSize(page: Page, name: string): Promise<{ width: number; height: number }> {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  return { width: box?.width ?? 0, height: box?.height ?? 0 };
}

describe.skipIf(!available)('a passport number masked for staff, revealed and audited, in Chromium', { timeout: 240_000 }, () => {
  let server: AgencyServer;
  let wide: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', STAFF.email, '--password', STAFF.password, '--name', STAFF.name, '--phone', STAFF.phone]);
    await runCli(server, ['seed-demo', '--applications', '30', '--no-files', '--seed', '7']);
    wide = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  }, 240_000);

  afterAll(async () => {
    await wide?.close();
    await server?.stop();
  });

  it('shows the number masked in the list and the panel, Reveal shows it, and the audit log records the reveal', async () => {
    const page = await openAdminAs(wide, server.url, STAFF);
    await page.goto(`${server.url}/admin?tab=initial-payment`);
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    const id = Number((await first.getAttribute('data-testid'))!.replace('admin-row-', ''));
    const cell = page.getByTestId(`passport-cell-${id}`);
    const masked = (await cell.textContent())!.trim();
    expect(masked).toMatch(MASKED);
    await screenshot(page, 'passport-reveal-1366-list');

    await page
      .getByRole('button', { name: /^Manage EV-/ })
      .first()
      .click();
    const panel = page.getByTestId('admin-side-panel');
    const number = panel.getByTestId(`passport-number-${id}`);
    await number.waitFor();
    expect((await number.textContent())!.trim()).toBe(masked);
    const applicationNumber = (await first.locator('td').first().textContent())!.trim();
    await number.scrollIntoViewIfNeeded();
    await viewShot(page, 'passport-reveal-1366-panel-masked');
    expect(await axeViolations(page, 'serious')).toEqual([]);

    await panel.getByRole('button', { name: 'Reveal the passport number' }).first().click();
    await expect.poll(async () => (await number.textContent())!.trim()).not.toBe(masked);
    const revealed = (await number.textContent())!.trim();
    expect(revealed).toMatch(/^[A-Z0-9]{5,}$/);
    expect(revealed.endsWith(masked.slice(-4))).toBe(true);
    await viewShot(page, 'passport-reveal-1366-panel-revealed');
    // Closed, the panel leaves the list with the number revealed in its cell too.
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(async () => (await cell.textContent())!.trim()).toBe(revealed);

    await page.goto(`${server.url}/admin/audit`);
    // The newest entry of the log: the reveal, in words (the What filter's option has the same words).
    const item = page.getByRole('region', { name: 'Entries' }).locator('li[data-testid^="audit-"]').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('Revealed the passport number');
    expect(await item.textContent()).toContain(`Application ${applicationNumber}`);
    expect(await item.textContent()).toContain(STAFF.email);
    expect(await item.textContent()).not.toContain(revealed);
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    await page
      .getByTestId('audit-chain')
      .getByText(/^Intact:/)
      .waitFor();
  });

  it('on a phone (360×740): cards, the panel filling the screen, a Reveal button of at least 44 px', async () => {
    const phone = await launchBrowser({ viewport: { width: 360, height: 740 }, isMobile: true });
    try {
      const page = await openAdminAs(phone, server.url, STAFF);
      await page.goto(`${server.url}/admin?tab=initial-payment`);
      await page.locator('[data-testid^="admin-row-"]').first().waitFor();
      await screenshot(page, 'passport-reveal-360-list');
      const id = Number((await page.locator('[data-testid^="admin-row-"]').nth(1).getAttribute('data-testid'))!.replace('admin-row-', ''));
      await page
        .getByRole('button', { name: /^Manage EV-/ })
        .nth(1)
        .click();
      const number = page.getByTestId(`passport-number-${id}`);
      await number.waitFor();
      await number.scrollIntoViewIfNeeded();
      const masked = (await number.textContent())!.trim();
      expect(masked).toMatch(MASKED);
      const size = await touchSize(page, 'Reveal the passport number');
      expect(size.height).toBeGreaterThanOrEqual(44);
      expect(size.width).toBeGreaterThanOrEqual(44);
      await viewShot(page, 'passport-reveal-360-panel-masked');
      await page.getByRole('button', { name: 'Reveal the passport number' }).first().click();
      await expect.poll(async () => (await number.textContent())!.trim()).toMatch(/^[A-Z0-9]{5,}$/);
      await number.scrollIntoViewIfNeeded();
      await viewShot(page, 'passport-reveal-360-panel-revealed');
      expect(await axeViolations(page, 'serious')).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
