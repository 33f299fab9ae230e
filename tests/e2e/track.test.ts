import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../support/smtp-server.js';
import { accessibilityProblems, axeViolations } from './support/a11y.js';
import { applicantWithApplication } from './support/applicant.js';
import { see, until } from './support/assert.js';
import { browserAvailability, launchBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { startAgencyServer, type AgencyServer } from './support/server.js';
import { ensureWebBuild } from './support/web-build.js';

/**
 * Tracking without signing in (docs/product.md §16.1) on a phone (390×844) in Chromium: the
 * application number and email → the code from the mail in the outbox → the status view, which a
 * reload keeps; axe finds nothing on each step.
 */
const { available } = browserAvailability();

describe.skipIf(!available)('tracking an application from /track on a phone', { timeout: 240_000 }, () => {
  let server: AgencyServer;
  let phone: BrowserSession;
  let api: APIRequestContext;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    phone = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
    api = await playwrightRequest.newContext();
  }, 240_000);

  afterAll(async () => {
    await api?.dispose();
    await phone?.close();
    await server?.stop();
  });

  /** The newest tracking code mailed to `to` (the .eml outbox in DATA_DIR). */
  async function mailedCode(to: string): Promise<string | null> {
    const dir = path.join(server.dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      return null;
    }
    const mails = await Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f)))));
    const codes = mails.filter((m) => m.to.includes(to) && /track application/.test(m.subject)).map((m) => /Your code: (\d{6})/.exec(m.text)?.[1]);
    return codes.filter(Boolean).at(-1) ?? null;
  }

  it('finds the application by number and email, opens it with the mailed code and keeps it on a reload', async () => {
    const id = await applicantWithApplication(api, server.url);
    const { email } = (await (await api.get(`${server.url}/api/user`)).json()) as { email: string };
    const { applicationNumber } = (await (await api.get(`${server.url}/api/applications/${id}`)).json()) as { applicationNumber: string };

    const page = await phone.context.newPage();
    page.setDefaultTimeout(15_000);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(`${server.url}/track`);
    await see(page.getByRole('heading', { level: 1, name: 'Track your application' }));
    expect(await page.title()).toMatch(/^Track your application — /);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('without signing in');
    expect([...(await accessibilityProblems(page)), ...(await axeViolations(page))]).toEqual([]);

    await page.getByLabel('Application number', { exact: true }).fill(applicationNumber.toLowerCase());
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await see(page.getByRole('heading', { name: 'Enter the 6-digit code we emailed' }));
    expect([...(await accessibilityProblems(page)), ...(await axeViolations(page))]).toEqual([]);

    // The mail is written by the deliver-mail job: wait until it is in the outbox (until retries
    // only while the check throws).
    let code: string | null = null;
    await until(async () => {
      code = await mailedCode(email);
      expect(code).toMatch(/^\d{6}$/);
    });
    await page.getByLabel('6-digit code').fill(code!);
    await page.getByRole('button', { name: 'Show my application' }).click();
    await see(page.getByRole('heading', { name: 'Hello Declan' }));
    await see(page.getByText(`Application ${applicationNumber}`));
    await see(page.getByText('What happens next'));
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect([...(await accessibilityProblems(page)), ...(await axeViolations(page))]).toEqual([]);
    await screenshot(page, 'track-phone');

    await page.reload();
    await see(page.getByRole('heading', { name: 'Hello Declan' }));
    await page.getByRole('button', { name: 'Track another application' }).click();
    await see(page.getByRole('heading', { name: 'Find your application' }));
    expect(consoleErrors).toEqual([]);
  });
});
