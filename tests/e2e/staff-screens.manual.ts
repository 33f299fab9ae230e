/**
 * Screenshots of the staff screens for a person to look at (not a test): a seeded agency; an admin,
 * a reviewer and a finance member signing in with two-factor sign-in (their recovery codes shown
 * once); the admin's opening tab, the side panel before and after 'Apply Changes', the audit log,
 * the staff page and the sessions list, at 1366×900 and 360×740. It prints what it measured (the
 * side panel's height, where its actions are, horizontal overflow).
 * Run: npx tsx tests/e2e/staff-screens.manual.ts <out-dir> <prefix>
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import { runCli, startAgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

const [outDir = '/tmp/staff-shots', prefix = 'after'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const PASSWORD = 'screens-password-2026';
const PEOPLE = [
  { role: 'admin', email: 'screens.admin@evisa-e2e.example', name: 'Ada Admin' },
  { role: 'reviewer', email: 'screens.reviewer@evisa-e2e.example', name: 'Rita Reviewer' },
  { role: 'finance', email: 'screens.finance@evisa-e2e.example', name: 'Fin Finance' },
  // Signs in on the phone only: its recovery codes are seen at 360 px.
  { role: 'support', email: 'screens.support@evisa-e2e.example', name: 'Sam Support' },
] as const;
type Person = (typeof PEOPLE)[number];

const STEP_MS = 30_000;
const secrets = new Map<string, { secret: string; lastStep: number }>();
async function code(email: string): Promise<string> {
  const account = secrets.get(email)!;
  const step = Math.max(Math.floor(Date.now() / STEP_MS), account.lastStep + 1);
  while (step > Math.floor(Date.now() / STEP_MS) + 1) await new Promise((r) => setTimeout(r, 250));
  account.lastStep = step;
  return generate({ secret: account.secret, epoch: step * (STEP_MS / 1000) });
}

const shot = (name: string) => path.join(outDir, `${prefix}-${name}.png`);

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** No spinner and no 'Loading…' text left on the page (the event stream keeps the network busy). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const spinning = [...document.querySelectorAll('[role="status"]')].some((e) => /^Loading/.test(e.textContent?.trim() ?? ''));
    return !spinning && !/Loading[^\n]*(\.\.\.|…)/.test(document.body.innerText);
  });
}

async function signIn(page: Page, base: string, person: Person, tag: string): Promise<void> {
  await page.goto(`${base}/auth`);
  await page.locator('#signin-email').fill(person.email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (secrets.has(person.email)) {
    await page.locator('#signin-code').fill(await code(person.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin**');
    return;
  }
  await page.waitForURL('**/admin**');
  await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await page.waitForURL('**/profile**');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  const step = Math.floor(Date.now() / STEP_MS);
  secrets.set(person.email, { secret, lastStep: step });
  await page.locator('#two-factor-code').fill(await generate({ secret, epoch: step * (STEP_MS / 1000) }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' });
  await codes.waitFor();
  await codes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(`${tag}-recovery-codes`) });
  console.log(tag, 'recovery codes buttons:', await codes.getByRole('button').allTextContents());
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await page.goto(`${base}/admin`);
}

async function sidePanel(page: Page, tag: string, apply: boolean): Promise<void> {
  const open = page.getByRole('button', { name: /^Manage EV-/ }).first();
  if (!(await open.count())) {
    console.log(tag, 'no entry to open');
    return;
  }
  await open.click();
  const panel = page.getByTestId('admin-side-panel');
  await panel.getByTestId('panel-assignee').waitFor();
  // Let the panel's own reads (documents, notes, history, audit) settle before measuring.
  await settled(page);
  const measure = async () =>
    panel.evaluate((aside) => {
      const apply = [...aside.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Apply Changes' || b.textContent?.trim() === 'Saving...');
      const top = aside.getBoundingClientRect().top;
      const sections = aside.querySelector<HTMLElement>('[data-testid="side-panel-sections"]');
      // All of the panel laid out in one column: its own scroll height, or (when only its sections
      // scroll) the fixed header plus the sections' scroll height.
      const fixedHeader = sections && getComputedStyle(sections).overflowY === 'auto' ? sections.getBoundingClientRect().top - top : 0;
      return {
        contentHeight: sections && fixedHeader ? Math.round(fixedHeader + sections.scrollHeight) : aside.scrollHeight,
        visibleHeight: aside.clientHeight,
        stickyHeaderHeight: fixedHeader ? Math.round(fixedHeader) : null,
        applyChangesTop: apply ? Math.round(apply.getBoundingClientRect().top - top + aside.scrollTop) : null,
        reassign: Boolean([...aside.querySelectorAll('label, span')].find((e) => e.textContent?.trim() === 'Reassign to')),
        title: aside.querySelector('h2')?.textContent,
      };
    });
  console.log(tag, 'panel before', JSON.stringify(await measure()), 'overflow', await overflow(page));
  console.log(
    tag,
    'section heights',
    JSON.stringify(await panel.evaluate((aside) => [...aside.querySelectorAll<HTMLElement>('[data-panel-section]')].map((s) => `${s.dataset.panelSection}:${Math.round(s.getBoundingClientRect().height)}`))),
  );
  await page.screenshot({ path: shot(`${tag}-panel-before`) });
  // Scrolled to the end of its sections: where are the actions now?
  await panel.evaluate((aside) => {
    const sections = aside.querySelector<HTMLElement>('[data-testid="side-panel-sections"]');
    if (sections && getComputedStyle(sections).overflowY === 'auto') sections.scrollTop = sections.scrollHeight;
    else aside.scrollTop = aside.scrollHeight;
  });
  await page.screenshot({ path: shot(`${tag}-panel-scrolled`) });
  await panel.evaluate((aside) => {
    aside.scrollTop = 0;
    const sections = aside.querySelector<HTMLElement>('[data-testid="side-panel-sections"]');
    if (sections) sections.scrollTop = 0;
  });
  if (!apply) return;
  const status = panel.locator('[id^="status-"]').first();
  if (!(await status.count())) {
    console.log(tag, 'no status control');
    return;
  }
  const before = (await status.textContent())?.replace('▾', '').trim();
  await status.click();
  const options = page.getByRole('option');
  const labels = await options.allTextContents();
  // 'Verified' moves the application to another tab: the panel must stay on it.
  const next = labels.find((l) => l.trim() === 'Verified' && l.trim() !== before) ?? labels.find((l) => l.trim() !== before && l.trim() !== '');
  console.log(tag, 'status', before, '→', next, 'of', labels);
  await page.getByRole('option', { name: next! }).click();
  const infoBox = panel.getByLabel('Message to the applicant');
  if (await infoBox.count()) await infoBox.fill('Please send a clearer photo of your passport.');
  await page.screenshot({ path: shot(`${tag}-panel-staged`) });
  await panel.getByRole('button', { name: 'Apply Changes' }).click();
  await page.getByText('Changes Saved').first().waitFor();
  await settled(page);
  const still = await panel.count();
  console.log(tag, 'panel after apply:', still ? JSON.stringify(await measure()) : 'CLOSED');
  await page.screenshot({ path: shot(`${tag}-panel-after`) });
}

await ensureWebBuild();
const server = await startAgencyServer();
try {
  for (const p of PEOPLE) {
    await runCli(server, ['create-admin', '--email', p.email, '--password', PASSWORD, '--name', p.name, '--phone', '+441234567800', '--role', p.role]);
  }
  await runCli(server, ['seed-demo', '--applications', '120', '--no-files', '--seed', '3']);
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    for (const person of PEOPLE) {
      const tag = `${viewport.width}-${person.role}`;
      if (process.env.ONLY && !process.env.ONLY.split(',').includes(tag)) continue;
      if (person.role === 'support' && viewport.width !== 360) continue;
      const session = await launchBrowser({ viewport, isMobile: viewport.width < 500 });
      try {
        const page = await session.context.newPage();
        page.setDefaultTimeout(20_000);
        await signIn(page, server.url, person, tag);
        await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
        await settled(page);
        const selected = await page.locator('[role="tab"][aria-selected="true"]').textContent();
        console.log(tag, 'opens on', page.url(), 'tab', selected, 'overflow', await overflow(page));
        await page.screenshot({ path: shot(`${tag}-opening`) });
        await page.screenshot({ path: shot(`${tag}-opening-full`), fullPage: true });
        await page.goto(`${server.url}/admin?tab=initial-payment`);
        await page.locator('[data-testid^="admin-row-"], [data-testid^="admin-card-"]').first().waitFor().catch(() => undefined);
        await sidePanel(page, tag, person.role !== 'finance');
        if (person.role === 'admin') {
          await page.goto(`${server.url}/admin/audit`);
          await settled(page);
          await page.getByRole('button', { name: 'Verify the chain' }).click();
          console.log(tag, 'chain:', await page.getByTestId('audit-chain').getByRole('status').textContent());
          console.log(tag, 'audit overflow', await overflow(page));
          await page.screenshot({ path: shot(`${tag}-audit`), fullPage: true });
          await page.goto(`${server.url}/admin/staff`);
          await page.getByRole('heading', { name: 'Staff' }).waitFor();
          await settled(page);
          console.log(tag, 'staff overflow', await overflow(page));
          await page.screenshot({ path: shot(`${tag}-staff`), fullPage: true });
        }
        await page.goto(`${server.url}/profile`);
        const sessions = page.getByText('Where you’re signed in').or(page.getByText("Where you're signed in")).first();
        await sessions.waitFor();
        await settled(page);
        await sessions.scrollIntoViewIfNeeded();
        console.log(tag, 'profile overflow', await overflow(page));
        await page.screenshot({ path: shot(`${tag}-sessions`) });
        await page.screenshot({ path: shot(`${tag}-profile-full`), fullPage: true });
      } catch (error) {
        console.log(tag, 'FAILED', error);
      } finally {
        await session.close();
      }
    }
  }
} finally {
  await server.stop();
}
