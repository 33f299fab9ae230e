import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/a11y.js';
import { until } from '../support/assert.js';
import { browserAvailability, launchBrowser, type BrowserSession } from '../support/browser.js';
import { startAgencyServer, type AgencyServer } from '../support/server.js';
import { ensureWebBuild } from '../support/web-build.js';
import { measurePage, MIN_TARGET_PX, type Finding, type WalkException } from './measure.js';
import { routerPaths } from './route-tree.js';
import { seedWorld, STAFF_ROLES_WALKED, TRAVELLER, type Persona, type World } from './seed.js';
import { NOT_FOUND, WALK, type Step, type Visit } from './walk-list.js';

/**
 * The walk (issue 37): every route of the router, as every persona that sees it differently — signed
 * out, signed in with nothing, an applicant whose application is in each state, each staff role — and
 * the states a test reaches on it, on a phone at 360×740 and 390×844 (isMobile, touch). On each: the
 * page must not scroll sideways nor have anything stick out of the screen, every target a finger uses
 * must be at least 44 × 44 px (WCAG 2.5.5 target size, enhanced), and axe must find nothing.
 *
 * Run only this: `npm run test:walk` (one server, one browser, one page reused).
 * WALK_OUT=<dir> also writes every finding to <dir>/findings.json and full-page screenshots of every
 * state to <dir>/phone, and of the pages marked `desktop` at 1366×900 to <dir>/desktop.
 */
const { available } = browserAvailability();

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const DESKTOP = { width: 1366, height: 900 };
const OUT = process.env.WALK_OUT;
/** A request unanswered this long is reported (and no longer waited for). */
const STUCK_MS = 5_000;

/**
 * What the walk accepts, and why. Keep it short and honest: an entry is a rule a person could argue
 * with, not a way to turn the walk green.
 */
export const EXCEPTIONS: readonly WalkException[] = [
  {
    id: 'inline-link',
    kind: 'target',
    inlineInSentence: true,
    reason: 'A link inside a sentence: WCAG 2.5.5 and 2.5.8 exempt it ("Inline"), as its height is the line of the sentence around it; making it 44 px tall would pull the sentence apart.',
  },
  {
    id: 'data-table-scroller',
    kind: 'inner-scroll',
    selector: '[role="region"][aria-label][tabindex="0"]:has(> table)',
    reason:
      'A data table in a labelled region of its own, which a keyboard can focus and scroll: WCAG 1.4.10 exempts content that needs two dimensions for its meaning (a data table), and only that box scrolls sideways, never the page. A box scrolling sideways for any other reason is still a finding.',
  },
];

interface Recorded {
  visit: string;
  route: string;
  as: Persona;
  state: string;
  step: string;
  viewport: string;
  finding: Finding | { kind: 'axe' | 'request' | 'wording'; problem: string };
}

describe.skipIf(!available)('the walk: every page on a phone fits 360 px, has 44 px targets and passes axe', { timeout: 120_000 }, () => {
  let server: AgencyServer;
  let phone: BrowserSession;
  let page: Page;
  let world: World;
  const inflight: InFlight = new Map();
  let persona: Persona | null = null;
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    world = await seedWorld(server);
    phone = await launchBrowser({ viewport: PHONES[0], isMobile: true });
    page = await phone.context.newPage();
    page.setDefaultTimeout(15_000);
    trackRequests(page, inflight);
  }, 600_000);

  afterAll(async () => {
    try {
      if (OUT && world) {
        mkdirSync(OUT, { recursive: true });
        writeFileSync(path.join(OUT, 'findings.json'), JSON.stringify({ exceptions: EXCEPTIONS, findings: recorded }, null, 2));
        await photographDesktop();
      }
    } finally {
      await phone?.close();
      await server?.stop();
    }
  }, 600_000);

  /** This browser becomes `who`: their cookies only. */
  async function become(session: BrowserSession, who: Persona): Promise<void> {
    await session.context.clearCookies();
    const cookies = world.cookies[who];
    if (cookies.length > 0) await session.context.addCookies(cookies);
  }

  /** Nothing loading: no request in flight and no spinner, twice across two frames. */
  async function settle(target: Page, pending: InFlight): Promise<void> {
    const quiet = async () => {
      const waiting = [...pending].filter(([, since]) => Date.now() - since < STUCK_MS).map(([r]) => `${r.method()} ${r.url()}`);
      expect(waiting, 'requests still in flight').toEqual([]);
      expect(await target.evaluate(() => Array.from(document.querySelectorAll('.animate-spin')).some((e) => e.getClientRects().length > 0))).toBe(false);
    };
    await until(quiet);
    await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await until(quiet);
  }

  async function open(target: Page, visit: Visit, pending: InFlight): Promise<void> {
    pending.clear(); // what the previous page left unanswered was reported with it
    await target.goto(`${server.url}${visit.url(world)}`);
    await visit.ready?.(target, world);
    await settle(target, pending);
    const landed = new URL(target.url()).pathname;
    expect(landed, `${visitName(visit)} should end on ${visit.lands ?? visit.route}: the walk must measure the page it names`).toBe(visit.lands ?? visit.route);
  }

  function slug(...parts: string[]): string {
    return parts
      .join('--')
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
  }

  async function photograph(target: Page, file: string): Promise<void> {
    mkdirSync(path.dirname(file), { recursive: true });
    await target.evaluate(() => window.scrollTo(0, 0));
    await target.screenshot({ path: file, fullPage: true });
  }

  /** The page photographed with `selector`'s box unrolled (no height limit, no scrolling of its own), then put back. */
  async function photographUnrolled(target: Page, selector: string, file: string): Promise<void> {
    await target.evaluate((sel) => {
      const box = document.querySelector<HTMLElement>(sel);
      if (!box) return;
      box.dataset.walkStyle = box.getAttribute('style') ?? '';
      const fixed = getComputedStyle(box).position === 'fixed';
      Object.assign(box.style, { position: fixed ? 'absolute' : 'static', bottom: 'auto', height: 'auto', maxHeight: 'none', overflow: 'visible' });
    }, selector);
    await photograph(target, file);
    await target.evaluate((sel) => {
      const box = document.querySelector<HTMLElement>(sel);
      if (box) box.setAttribute('style', box.dataset.walkStyle ?? '');
    }, selector);
  }

  /** Measures the page as it is now at each phone size; returns the problems in words. */
  async function look(visit: Visit, step: string): Promise<string[]> {
    const problems: string[] = [];
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await settle(page, inflight);
      const viewport = `${size.width}×${size.height}`;
      const where = `at ${viewport}${step === 'as loaded' ? '' : `, ${step}`}`;
      const base = { visit: visitName(visit), route: visit.route, as: visit.as, state: visit.state, step, viewport };
      for (const finding of await measurePage(page, size.width, EXCEPTIONS)) {
        recorded.push({ ...base, finding });
        if (!finding.exception) problems.push(`${where}: ${finding.kind} ${finding.element} "${finding.text}" (${finding.width} × ${finding.height} px): ${finding.problem}`);
      }
      for (const problem of await axeViolations(page)) {
        recorded.push({ ...base, finding: { kind: 'axe', problem } });
        problems.push(`${where}: axe ${problem}`);
      }
      if (OUT) await photograph(page, path.join(OUT, 'phone', `${slug(visit.as, visit.route === '/' ? 'home' : visit.route, visit.state, step)}--${size.width}.png`));
    }
    await page.setViewportSize(PHONES[0]);
    if (readsAsTraveller(visit.as)) {
      for (const problem of await wordingProblems(page)) {
        recorded.push({ visit: visitName(visit), route: visit.route, as: visit.as, state: visit.state, step, viewport: 'any', finding: { kind: 'wording', problem } });
        problems.push(`${step}: ${problem}`);
      }
    }
    return problems;
  }

  it('has an entry for every route of the router, and none for a route it no longer has', () => {
    const routes = routerPaths();
    const walked = new Set(WALK.map((v) => v.route));
    const missing = routes.filter((r) => !walked.has(r));
    const unknown = [...walked].filter((r) => r !== NOT_FOUND && !routes.includes(r));
    expect(missing, `Routes with no entry in tests/e2e/walk/walk-list.ts (add how a person reaches each, in each state it shows): ${missing.join(', ')}`).toEqual([]);
    expect(unknown, `Entries in tests/e2e/walk/walk-list.ts for routes the router no longer has: ${unknown.join(', ')}`).toEqual([]);
  });

  for (const visit of WALK) {
    it(visitName(visit), async () => {
      if (persona !== visit.as) {
        await become(phone, visit.as);
        persona = visit.as;
      }
      await page.setViewportSize(PHONES[0]);
      await open(page, visit, inflight);
      const problems = await look(visit, 'as loaded');
      for (const step of visit.steps ?? []) {
        await step.act(page, world);
        await settle(page, inflight);
        problems.push(...(await look(visit, step.label)));
        if (OUT && step.unroll) await photographUnrolled(page, step.unroll, path.join(OUT, 'phone', `${slug(visit.as, visit.route, visit.state, step.label)}--unrolled--${PHONES[0].width}.png`));
      }
      const stuck = [...inflight].filter(([, since]) => Date.now() - since >= STUCK_MS).map(([r]) => `${r.method()} ${new URL(r.url()).pathname}`);
      for (const request of new Set(stuck)) {
        const problem = `a request the page made was never answered (${STUCK_MS / 1000} s): ${request}`;
        recorded.push({ visit: visitName(visit), route: visit.route, as: visit.as, state: visit.state, step: 'any', viewport: 'any', finding: { kind: 'request', problem } });
        problems.push(problem);
      }
      if (problems.length > 0) {
        throw new Error(
          `${problems.length} problem${problems.length === 1 ? '' : 's'} on ${visitName(visit)} (targets must be ${MIN_TARGET_PX} × ${MIN_TARGET_PX} px; exceptions in tests/e2e/walk/walk.test.ts):\n  ${problems.join('\n  ')}`,
        );
      }
    });
  }

  /** WALK_OUT only: the pages marked `desktop` at 1366×900, to see the phone's fixes keep the desktop whole. */
  async function photographDesktop(): Promise<void> {
    const desktop = await launchBrowser({ viewport: DESKTOP });
    try {
      const target = await desktop.context.newPage();
      target.setDefaultTimeout(15_000);
      const pending: InFlight = new Map();
      trackRequests(target, pending);
      for (const visit of WALK.filter((v) => v.desktop)) {
        try {
          await become(desktop, visit.as);
          await open(target, visit, pending);
          const name = (step: string) => path.join(OUT!, 'desktop', `${slug(visit.as, visit.route === '/' ? 'home' : visit.route, visit.state, step)}.png`);
          await photograph(target, name('as loaded'));
          for (const step of (visit.steps ?? []).filter((s: Step) => !s.phoneOnly)) {
            await step.act(target, world);
            await settle(target, pending);
            await photograph(target, name(step.label));
            if (step.unroll) await photographUnrolled(target, step.unroll, name(`${step.label} unrolled`));
          }
        } catch (error) {
          console.warn(`desktop photograph of ${visitName(visit)} failed: ${(error as Error).message}`);
        }
      }
    } finally {
      await desktop.close();
    }
  }
});

/** Staff read passports' capitals and stored values on purpose (the passport check, the portal sheet); travellers never. */
function readsAsTraveller(persona: Persona): boolean {
  return !(STAFF_ROLES_WALKED as readonly string[]).includes(persona) && persona !== 'staff-before-two-factor';
}

/**
 * What a traveller reads is written for people (docs/product.md §14.4): no date as '2026-12-04' and
 * the seeded traveller, typed in passport capitals, never in capitals. The page's text as written,
 * before CSS (a label drawn in capitals by \`uppercase\` is not a name), hidden parts included.
 */
async function wordingProblems(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest('script, style, noscript') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
    return parts.join(' ');
  });
  const problems: string[] = [];
  const isoDates = [...new Set(text.match(/\b\d{4}-\d{2}-\d{2}(?=\b|T)/g) ?? [])];
  if (isoDates.length > 0) problems.push(`wording: a date written for machines, not people: ${isoDates.join(', ')}`);
  const capitals = [...new Set(text.match(new RegExp(`\\b(${TRAVELLER.givenName}|${TRAVELLER.surname})\\b`, 'g')) ?? [])];
  if (capitals.length > 0) problems.push(`wording: the traveller's name in passport capitals: ${capitals.join(', ')}`);
  return problems;
}

/** The page's requests that have neither finished nor failed, with when each started. */
type InFlight = Map<Request, number>;

function trackRequests(page: Page, inflight: InFlight): void {
  page.on('request', (r) => inflight.set(r, Date.now()));
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
}

function visitName(visit: Visit): string {
  return `${visit.route} as ${visit.as}: ${visit.state}`;
}
