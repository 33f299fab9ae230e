/**
 * Screenshots of the admin workspace for a person to look at (not a test): a seeded agency, a
 * signed-in admin, the dashboard at 1366×900 and 390×844, and axe's serious/critical findings.
 * Run: npx tsx tests/e2e/admin-screens.manual.ts <out-dir> <prefix>
 */
import path from 'node:path';
import { axeViolations } from './support/a11y.js';
import { launchBrowser } from './support/browser.js';
import { openAdminAs } from './support/staff.js';
import { runCli, startAgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

const [outDir = '/tmp', prefix = 'after'] = process.argv.slice(2);
const ADMIN = { email: 'screens@evisa-e2e.example', password: 'screens-password-2026' };

await ensureWebBuild();
const server = await startAgencyServer();
try {
  await runCli(server, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password, '--name', 'Screen Shot', '--phone', '+441234567800']);
  await runCli(server, ['seed-demo', '--applications', '120', '--no-files', '--seed', '3']);
  for (const viewport of (process.env.ONLY_PHONE ? [] : [{ width: 1366, height: 900 }]).concat([{ width: 390, height: 844 }])) {
    const session = await launchBrowser({ viewport, isMobile: viewport.width < 500 });
    const page = await openAdminAs(session, server.url, ADMIN);
    await page.goto(`${server.url}/admin?tab=initial-payment`);
    await page.locator('[data-testid^="admin-row-"]').first().waitFor();
    await page.screenshot({ path: path.join(outDir, `${prefix}-${viewport.width}.png`) });
    console.log(viewport.width, 'axe', JSON.stringify(await axeViolations(page, 'serious')));
    const open = page.getByRole('button', { name: /^Manage EV-/ }).first();
    if (await open.count()) {
      await open.click();
      await page
        .getByTestId('admin-side-panel')
        .getByTestId('panel-assignee')
        .waitFor()
        .catch((e: unknown) => console.log('panel not seen', e));
      await page.screenshot({ path: path.join(outDir, `${prefix}-${viewport.width}-panel.png`) });
      console.log(viewport.width, 'panel axe', JSON.stringify(await axeViolations(page, 'serious')));
    }
    await session.close();
  }
} finally {
  await server.stop();
}
