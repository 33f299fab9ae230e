import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y.js';
import { browserAvailability, launchBrowser, type BrowserSession } from './support/browser.js';
import { runCli, startAgencyServer, type AgencyServer } from './support/server.js';
import { openAdminAs } from './support/staff.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * The casework workspace in Chromium (docs/product.md §2.14): on a seeded agency an admin selects an
 * application with j, assigns it with a, opens it in the side panel with Enter and writes an
 * internal note there; axe finds nothing serious on the page.
 */
const { available } = browserAvailability();
const STAFF = { email: 'workspace@evisa-e2e.example', password: 'workspace-2026', name: 'Work Space', phone: '+441234567801' };

describe.skipIf(!available)('the admin workspace in Chromium', { timeout: 240_000 }, () => {
  let server: AgencyServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    await runCli(server, ['create-admin', '--email', STAFF.email, '--password', STAFF.password, '--name', STAFF.name, '--phone', STAFF.phone]);
    await runCli(server, ['seed-demo', '--applications', '30', '--no-files', '--seed', '5']);
    browser = await launchBrowser({ viewport: { width: 1366, height: 900 } });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('assigns with a, opens the side panel with Enter and writes a note there', async () => {
    const page = await openAdminAs(browser, server.url, STAFF);
    await page.goto(`${server.url}/admin?tab=initial-payment`);
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    const testId = await first.getAttribute('data-testid');
    const id = Number(testId!.replace('admin-row-', ''));

    await page.keyboard.press('j');
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('a');
    await expect.poll(() => first.locator('td').nth(-2).textContent()).toBe(STAFF.name);
    await page.getByRole('button', { name: /^Mine \(1\)$/ }).waitFor();

    await page.keyboard.press('Enter');
    const panel = page.getByTestId('admin-side-panel');
    await panel.getByTestId('panel-assignee').waitFor();
    expect(await panel.getByTestId('panel-assignee').textContent()).toContain(STAFF.name);
    await panel.getByRole('textbox', { name: /note/i }).fill('Checked the hotel booking by phone.');
    await panel.getByRole('button', { name: /add note/i }).click();
    await panel.getByText('Checked the hotel booking by phone.').waitFor();

    const stored = await page.evaluate(async (applicationId) => (await fetch(`/api/admin/applications/${applicationId}/assignments`)).json(), id);
    expect(stored).toEqual([expect.objectContaining({ applicationId: id, assigneeName: STAFF.name, assignedByName: STAFF.name })]);
    expect(await axeViolations(page, 'serious')).toEqual([]);
  });
});
