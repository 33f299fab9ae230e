import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { BenchCookie, WebPersonas } from './web-personas.js';

/**
 * INP-like latency of the interactions people wait on, on Lighthouse's mid-range phone's CPU (4×
 * slower, through CDP) in the same Chromium: from the input to the next paint after its handlers,
 * as the Event Timing API reports it (the longest event entry of the interaction — what INP takes
 * per interaction). Each interaction is done RUNS times on a freshly loaded page; the median is printed.
 */
export interface InteractionResult {
  name: string;
  /** Milliseconds, one per run. */
  durations: number[];
}

const CPU_SLOWDOWN = 4;
/** web.dev's "good" INP. */
export const INTERACTION_TARGET_MS = 200;

/** Starts collecting event timing entries (all of them, not only ≥ 104 ms) before the page's scripts run. */
const OBSERVE = `
  window.__events = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.interactionId) window.__events.push({ name: e.name, duration: e.duration, id: e.interactionId }); })
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

async function longestSince(page: Page, mark: number): Promise<number> {
  // The entry is queued after the next paint: wait for two frames, then read.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  const events = await page.evaluate((from) => (window as unknown as { __events: { duration: number }[] }).__events.slice(from), mark);
  // An interaction under the 16 ms threshold leaves no entry: it took under 16 ms.
  return events.reduce((max, e) => Math.max(max, e.duration), 0);
}

const mark = (page: Page) => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length);

async function withPage<T>(context: BrowserContext, cookies: BenchCookie[], base: string, work: (page: Page) => Promise<T>): Promise<T> {
  await context.clearCookies();
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 412, height: 823 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(OBSERVE);
    return await work(page);
  } finally {
    await page.close();
  }
}

/** Waits until the page has been quiet (no long task) for a moment: hydration and first fetches done. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
}

export async function measureInteractions(cdpPort: number, base: string, personas: WebPersonas, runs: number): Promise<InteractionResult[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const results: InteractionResult[] = [
    { name: 'admin: open a side panel (Manage …)', durations: [] },
    { name: 'admin: switch a tab', durations: [] },
    { name: 'apply: type a word in the form (per key)', durations: [] },
    { name: 'dashboard: open the account menu', durations: [] },
  ];
  try {
    for (let run = 0; run < runs; run++) {
      await withPage(context, personas.staff.cookies, base, async (page) => {
        // A tab first (on a phone an open side panel covers the list), then a row's side panel.
        await page.goto(new URL('/admin?tab=approved', base).href);
        const tab = page.getByTestId('tab-initial-payment');
        await tab.waitFor();
        await settled(page);
        let from = await mark(page);
        await tab.click();
        results[1]!.durations.push(await longestSince(page, from));
        const open = page.getByRole('button', { name: /^Manage / }).first();
        await open.waitFor();
        await settled(page);
        from = await mark(page);
        await open.click();
        results[0]!.durations.push(await longestSince(page, from));
        await page.getByTestId('admin-side-panel').waitFor();
      });
      await withPage(context, personas.applicant.cookies, base, async (page) => {
        await page.goto(new URL('/apply', base).href);
        const field = page.locator('#app-profession');
        await field.waitFor();
        await settled(page);
        const from = await mark(page);
        await field.pressSequentially('Architect');
        results[2]!.durations.push(await longestSince(page, from));
      });
      await withPage(context, personas.applicant.cookies, base, async (page) => {
        await page.goto(new URL('/dashboard', base).href);
        const menu = page.getByRole('button', { name: /menu|account/i }).first();
        await menu.waitFor();
        await settled(page);
        const from = await mark(page);
        await menu.click();
        results[3]!.durations.push(await longestSince(page, from));
      });
    }
  } finally {
    await context.clearCookies();
    // Disconnects from the browser (which bench:web owns and closes), leaving it running.
    await browser.close();
  }
  return results;
}
