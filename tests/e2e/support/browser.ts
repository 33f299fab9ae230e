import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './web-build.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test-artifacts', 'e2e');

/** ARCHITECTURE §5: Debian's Chromium, headless, no network side-traffic. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Whether the browser suites can run. Without Chromium they are skipped with a loud warning —
 * unless REQUIRE_E2E=1 (CI), where a missing browser is a failure.
 */
export function browserAvailability(): { available: boolean; reason?: string } {
  if (existsSync(CHROMIUM_PATH)) return { available: true };
  const reason = `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${reason}: the browser tests cannot run.`);
  const line = '!'.repeat(100);
  console.warn(`\n${line}\n!!! SKIPPING THE BROWSER (E2E) TESTS: ${reason}.\n!!! Set REQUIRE_E2E=1 to make this a failure.\n${line}\n`);
  return { available: false, reason };
}

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(options: { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference'; isMobile?: boolean } = {}): Promise<BrowserSession> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'evisa-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    reducedMotion: options.reducedMotion ?? 'reduce',
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot under test-artifacts/e2e (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  // The sticky header is drawn where the page is scrolled to: scroll home first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
