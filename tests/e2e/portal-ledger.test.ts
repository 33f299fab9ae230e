import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y.js';
import { browserAvailability, launchBrowser, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { openAdminAs } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The portal ledger in Chromium (docs/product.md §2.16): in the side panel an admin records the
 * portal's state, reference and the government fee paid (its booked pence worked out from the fee
 * in effect that day), reads it back from the API, and sees the portal sheet with its copy buttons;
 * axe finds nothing serious.
 */
const { available } = browserAvailability();
const STAFF = { email: 'portal@evisa-e2e.example', password: 'portal-ledger-2026', name: 'Port Al', phone: '+441234567802' };
const ARTIFACTS = path.resolve('test-artifacts', 'e2e');

describe.skipIf(!available)('the portal ledger in Chromium', { timeout: 240_000 }, () => {
  let server: AgencyServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', STAFF.email, '--password', STAFF.password, '--name', STAFF.name, '--phone', STAFF.phone]);
    await runCli(server, ['seed-demo', '--applications', '12', '--no-files', '--seed', '7', '--status', 'verified']);
    browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('records the portal reference, state and government fee from the side panel, and shows the portal sheet', async () => {
    const page = await openAdminAs(browser, server.url, STAFF);
    await page.goto(`${server.url}/admin?tab=submitted-portal`);
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    const id = Number((await first.getAttribute('data-testid'))!.replace('admin-row-', ''));
    await page.keyboard.press('j');
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');

    const panel = page.getByTestId('admin-side-panel');
    // The Portal section is closed until opened (the side panel's sections, docs/product.md §2.14).
    await panel.getByRole('button', { name: /^Portal/ }).click();
    const portal = panel.getByRole('region', { name: 'Portal', exact: true });
    await portal.waitFor();
    await portal.getByLabel('Portal state').click();
    await page.getByRole('option', { name: 'Submitted' }).click();
    await portal.getByLabel('Portal reference').fill('EGV-2026-448812');
    await portal.getByLabel('Government fee (US$)').fill('25.00');
    await portal.getByLabel('Paid on').fill('2026-11-02');
    await portal.getByRole('button', { name: 'Save portal record' }).click();

    await expect
      .poll(async () => page.evaluate(async (applicationId) => (await fetch(`/api/admin/applications/${applicationId}/portal`)).json(), id))
      .toMatchObject({ reference: 'EGV-2026-448812', state: 'submitted', governmentFeeCents: 2500, governmentFeeCurrency: 'USD', governmentFeePence: 1975 });

    const sheet = panel.getByRole('region', { name: 'Portal sheet' });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: /^Copy/ }).count()).toBeGreaterThan(10);
    expect(await axeViolations(page, 'serious')).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await panel.screenshot({ path: path.join(ARTIFACTS, 'portal-ledger-panel.png') });
  });

  it('the shield: a fee raised after the traveller paid shows both fees and the rise the agency paid, and the reports count it (360 and 1366 px)', async () => {
    // Egypt's fee rises from today (London): every seeded traveller paid before it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await runCli(server, ['government-fee', 'set', '--from', today, '--usd', '45.00', '--gbp', '35.55']);
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const page = await openAdminAs(browser, server.url, STAFF);
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin?tab=submitted-portal`);
      // A row of the table (1366) or an entry of the list (360): the second and third applications.
      const row = page.locator('[data-testid^="admin-row-"]:visible').nth(viewport.width === 360 ? 2 : 1);
      await row.waitFor();
      await row.getByRole('button', { name: /^Manage/ }).click();
      const panel = page.getByTestId('admin-side-panel');
      // The section stays as this browser last left it (open after the test above).
      const toggle = panel.getByRole('button', { name: /^Portal/ });
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const portal = panel.getByRole('region', { name: 'Portal', exact: true });
      await portal.waitFor();
      await portal.getByLabel('Portal state').click();
      await page.getByRole('option', { name: 'Submitted' }).click();
      await portal.getByLabel('Portal reference').fill(`EGV-2026-5${viewport.width}`);
      await portal.getByLabel('Paid on').fill(today);
      await portal.getByLabel('Government fee (US$)').fill('45.00');
      await portal.getByRole('button', { name: 'Save portal record' }).click();
      await expect.poll(() => portal.getByTestId('portal-fee-absorbed').textContent()).toContain('US$20.00 (£15.80)');
      expect(await portal.getByTestId('portal-fee-at-payment').textContent()).toBe('US$25.00 (booked at £19.75)');
      expect(await axeViolations(page, 'serious')).toEqual([]);
      mkdirSync(ARTIFACTS, { recursive: true });
      await portal.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, `portal-fee-shield-${viewport.width}.png`) });
      await portal.screenshot({ path: path.join(ARTIFACTS, `portal-fee-shield-section-${viewport.width}.png`) });

      await page.goto(`${server.url}/admin/reports?from=${today.slice(0, 8)}01&to=${today}`);
      const revenue = page.getByRole('table', { name: /^Revenue by month/ });
      await revenue.waitFor();
      expect(await revenue.getByRole('columnheader', { name: 'Fee changes absorbed' }).count()).toBe(1);
      await expect.poll(async () => (await revenue.locator('tfoot').textContent()) ?? '').toContain(viewport.width === 360 ? '£31.60' : '£15.80');
      await revenue.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, `reports-fee-changes-${viewport.width}.png`) });
      await page.close();
    }
  });
});
