import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../core/domain/locale.js';
import { axeViolations } from '../support/a11y.js';
import { until } from '../support/assert.js';
import { browserAvailability, launchBrowser, type BrowserSession } from '../support/browser.js';
import { isoDaysFromNow, newEmail, PASSPORT_PNG } from '../support/applicant.js';
import { startAgencyServer, type AgencyServer } from '../support/server.js';
import { parseMail } from '../../support/smtp-server.js';
import { ensureWebBuild } from '../support/web-build.js';
import { seedWorld, type Persona, type World } from './seed.js';
import { WALK } from './walk-list.js';

/**
 * Every traveller in their own language (issue 41, docs/decisions/0037):
 *  - in the pseudo-locale (en-XA: every translated word accented), every page of the walk — every
 *    route, as every persona, in every state it reaches — shows no plain English word outside names
 *    and data, and no button whose words it clips;
 *  - a traveller registers, applies, pays, reads the dashboard and tracks the application in Arabic on
 *    a phone (390×844) and in German on a desktop (1366×900), and meets no English on the way, with
 *    axe clean on every page.
 * LANGUAGES_OUT=<dir> writes a screenshot of every page of the two journeys there.
 */
const { available } = browserAvailability();
const OUT = process.env.LANGUAGES_OUT ?? process.env.WALK_OUT;

/** Words that are the same in every language here: names of things, not sentences. */
const SAME_IN_EVERY_LANGUAGE = [
  'e-Visa',
  'e-visa',
  'eVisa',
  'Visa',
  'Mastercard',
  'GBP',
  'UK',
  'MRZ',
  'PDF',
  'JPG',
  'JPEG',
  'PNG',
  'HEIC',
  'Egypt e-Visa Agency',
  'EV',
  'TD3',
  'CVC',
  'SSL',
  'PCI',
  'DSS',
];

/** Month and weekday names: Intl writes them, in English for the pseudo-locale (en-GB's conventions). */
const INTL_ENGLISH = [
  ...Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, m, 15)))),
  ...Array.from({ length: 7 }, (_, d) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 23 + d)))),
  ...Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, m, 15)))),
  // English's own date and time pattern (core/domain/wording.ts): 'Friday 4 December 2026 at 14:05 (UK time)'.
  ' at ',
  '(UK time)',
];

const catalogs = path.join(import.meta.dirname, '../../../core/i18n/catalogs');
function catalogOf(locale: string): Record<string, string> {
  const read = (ns: string) => JSON.parse(readFileSync(path.join(catalogs, locale, `${ns}.json`), 'utf8')) as Record<string, string>;
  return { ...read('core'), ...read('web') };
}

/** The text of the page a person reads, outside what is marked as data (<bdi>, dir="ltr", translate="no"). */
async function wordsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = 'script, style, noscript, svg, bdi, :not(html)[dir="ltr"], [translate="no"], code, kbd, samp';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        const parent = node.parentElement;
        if (!parent || parent.closest(skip)) return NodeFilter.FILTER_REJECT;
        if (parent.getClientRects().length === 0 || getComputedStyle(parent).visibility === 'hidden') return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text) texts.push(text);
    }
    // What assistive technology reads too: labels and placeholders.
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))) {
      if (el.closest(skip)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attribute)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** Runs of Latin letters left once data (emails, addresses, numbers, names given) and the same-in-every-language words are taken out. */
function latinWords(texts: string[], data: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    let rest = text
      .replace(/\S+@\S+/g, ' ')
      .replace(/\bEV-[\dA-Z-]+/g, ' ')
      .replace(/\b(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?:\/\S*)?/g, ' ');
    for (const value of [...data, ...SAME_IN_EVERY_LANGUAGE].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
    for (const word of rest.match(/[A-Za-z]{2,}/g) ?? []) found.add(word);
  }
  return [...found];
}

/** Buttons and tabs whose words do not fit them (German is long; the pseudo-locale longer). */
async function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"], a[class*="inline-flex"]'))
      .filter((el) => el.getClientRects().length > 0 && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) && getComputedStyle(el).overflow !== 'visible')
      .map((el) => (el.textContent ?? '').trim().slice(0, 60)),
  );
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await until(async () => expect(await page.evaluate(() => Array.from(document.querySelectorAll('.animate-spin')).some((e) => e.getClientRects().length > 0))).toBe(false));
}

describe.skipIf(!available)('every traveller in their own language', { timeout: 600_000 }, () => {
  let server: AgencyServer;
  let world: World;

  beforeAll(async () => {
    await ensureWebBuild();
    server = await startAgencyServer();
    world = await seedWorld(server);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('en-XA: no page of the walk — visitor, traveller or staff — keeps an English word outside names and data, nor clips a button', async () => {
    const phone = await launchBrowser({ viewport: { width: 360, height: 740 }, isMobile: true });
    const problems: string[] = [];
    try {
      const page = await phone.context.newPage();
      page.setDefaultTimeout(15_000);
      let persona: Persona | null = null;
      for (const visit of WALK) {
        if (persona !== visit.as) {
          await phone.context.clearCookies();
          if (world.cookies[visit.as].length > 0) await phone.context.addCookies(world.cookies[visit.as]);
          persona = visit.as;
        }
        await page.goto(`${server.url}/en-XA${visit.url(world)}`);
        await page.locator('h1').first().waitFor();
        await settle(page);
        // Dates are Intl's, in the pseudo-locale's English: written by Intl in every real language.
        const data = [...Object.values(world.applications).flatMap((a) => [a!.applicationNumber, a!.email]), ...INTL_ENGLISH];
        const left = latinWords(await wordsOnPage(page), data);
        if (left.length > 0) problems.push(`${visit.route} as ${visit.as} (${visit.state}): ${left.join(' ')}`);
        const clipped = await clippedButtons(page);
        if (clipped.length > 0) problems.push(`${visit.route} as ${visit.as}: clipped ${clipped.map((c) => `"${c}"`).join(', ')}`);
      }
    } finally {
      await phone.close();
    }
    expect(problems, 'plain English in the pseudo-locale is a string that is not translated').toEqual([]);
  });

  const JOURNEYS: { locale: Exclude<Locale, 'en-GB'>; viewport: { width: number; height: number }; isMobile: boolean }[] = [
    { locale: 'ar', viewport: { width: 390, height: 844 }, isMobile: true },
    { locale: 'de', viewport: { width: 1366, height: 900 }, isMobile: false },
  ];

  for (const { locale, viewport, isMobile } of JOURNEYS) {
    it(`${locale} at ${viewport.width}×${viewport.height}: register → apply → pay → dashboard → track, in ${locale} only, axe clean`, async () => {
      const words = catalogOf(locale);
      const T = (english: string) => words[english] ?? english;
      /** English sentences (their fixed parts) that read differently in this language: none may be on its pages. */
      const english = Object.entries(words)
        .filter(([key, value]) => key !== value)
        .flatMap(([key]) => key.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
        .map((part) => part.trim())
        .filter((part) => part.length >= 12 && /\s/.test(part) && /^[\x20-\x7e’–—…£]+$/.test(part));
      const browser: BrowserSession = await launchBrowser({ viewport, isMobile });
      const problems: string[] = [];
      const email = newEmail();
      const data = ['Amelia', 'Traveller', 'Architect', email, '12 Acacia Avenue', 'Manchester', 'M1 1AA', 'Steigenberger Pyramids Cairo, booking 88213'];
      try {
        const page = await browser.context.newPage();
        page.setDefaultTimeout(20_000);
        /** The page's heading now, to know when a client-side navigation has drawn the next page. */
        const heading = () => page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
        /** After a client-side navigation: the URL changes first, the next page's heading after (the route may still be loading). */
        const drawnAfter = (previous: string) => page.waitForFunction((p) => Boolean(document.querySelector('h1')) && document.querySelector('h1')!.textContent !== p, previous);
        const check = async (step: string) => {
          await page.locator('h1').first().waitFor();
          await settle(page);
          const texts = await wordsOnPage(page);
          const numbers = [...(texts.join(' ').match(/EV-[A-Z0-9-]+/g) ?? []), ...data];
          const left = locale === 'ar' ? latinWords(texts, numbers) : english.filter((sentence) => texts.some((t) => t.includes(sentence)));
          if (left.length > 0) problems.push(`${step}: English left: ${left.slice(0, 12).join(' | ')}`);
          for (const violation of await axeViolations(page)) problems.push(`${step}: axe ${violation}`);
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
          if (OUT) {
            mkdirSync(path.join(OUT, 'languages'), { recursive: true });
            await page.screenshot({ path: path.join(OUT, 'languages', `${locale}-${step}.png`), fullPage: true });
          }
        };

        await page.goto(`${server.url}/${locale}/`);
        await check('1-landing');
        await page.goto(`${server.url}/${locale}/auth?tab=signup`);
        await settle(page);
        await page.locator('#signup-fullName').fill('Amelia Traveller');
        await page.locator('#signup-phoneNumber').fill('+447700900123');
        await page.locator('#signup-email').fill(email);
        await page.locator('#signup-password').fill('pyramids-2026');
        await page.locator('#signup-confirmPassword').fill('pyramids-2026');
        await check('2-sign-up');
        let previous = await heading();
        await page.getByRole('button', { name: T('Create Account') }).click();
        await page.waitForURL(`**/${locale}/dashboard`);
        await drawnAfter(previous);
        await check('3-dashboard-empty');

        await page.goto(`${server.url}/${locale}/apply`);
        await settle(page);
        await page.locator('#app-givenName').fill('Amelia');
        await page.locator('#app-surname').fill('Traveller');
        await page.locator('#app-gender').click();
        await page.getByRole('option', { name: T('Female') }).click();
        await page.locator('#app-dateOfBirth').fill('1990-05-15');
        await page.locator('#app-maritalStatus').click();
        await page.getByRole('option', { name: T('Single') }).click();
        await page.locator('#app-profession').fill('Architect');
        await page.locator('#app-passportNumber').fill('123456789');
        await page.locator('#app-passportExpiry').fill(isoDaysFromNow(800));
        await page.locator('#app-passport-file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG });
        await page.locator('#app-expectedArrivalDate').fill(isoDaysFromNow(40));
        await page.locator('#app-expectedDepartureDate').fill(isoDaysFromNow(50));
        await page.locator('#app-privacyPolicyAccepted').click();
        await check('4-apply');
        previous = await heading();
        await page.getByRole('button', { name: T('Submit Application') }).click();
        await page.waitForURL(/\/payment\?applicationId=\d+&type=initial/);
        await drawnAfter(previous);
        await page.locator('#main').getByRole('checkbox').first().click();
        await page.locator('#card-number').fill('4242 4242 4242 4242');
        await page.locator('#card-expiry').fill('12 / 30');
        await page.locator('#card-cvc').fill('123');
        await check('5-payment');
        previous = await heading();
        await page.locator('#main').getByRole('button').filter({ hasText: /£/ }).last().click();
        await page.waitForURL(/\/address-details\?applicationId=\d+/);
        await drawnAfter(previous);
        await page.locator('#addr-address').fill('12 Acacia Avenue');
        await page.locator('#addr-city').fill('Manchester');
        await page.locator('#addr-postcode').fill('M1 1AA');
        await page.locator('#addr-hotelDetails').fill('Steigenberger Pyramids Cairo, booking 88213');
        await check('6-address');
        previous = await heading();
        await page.locator('#main').locator('button[type="submit"]').click();
        await page.waitForURL(`**/${locale}/dashboard`);
        await drawnAfter(previous);
        await check('7-dashboard-paid');

        const apps = (await (await page.request.get(`${server.url}/api/applications`)).json()) as { applicationNumber: string }[];
        const applicationNumber = apps[0]!.applicationNumber;
        await browser.context.clearCookies();
        await page.goto(`${server.url}/${locale}/track`);
        await settle(page);
        await page.locator('#track-number').fill(applicationNumber);
        await page.locator('#track-email').fill(email);
        await check('8-track');
        await page.locator('form:has(#track-number) button[type="submit"]').click();
        let code: string | null = null;
        await until(async () => {
          code = await mailedCode(server, email);
          expect(code).toMatch(/^\d{6}$/);
        });
        await page.locator('#track-code').fill(code!);
        await page.locator('form:has(#track-code) button[type="submit"]').click();
        await page.locator('#main').getByText(applicationNumber).first().waitFor();
        await check('9-track-result');
      } finally {
        await browser.close();
      }
      expect(problems).toEqual([]);
    });
  }
});

/** The newest six-digit code mailed to `to` (the .eml outbox), whatever the mail's language. */
async function mailedCode(server: AgencyServer, to: string): Promise<string | null> {
  const dir = path.join(server.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const mail = await parseMail(readFileSync(path.join(dir, file)));
    if (!mail.to.includes(to)) continue;
    const code = /(?<![\d+-])(\d{6})(?![\d-])/.exec(mail.text ?? '')?.[1];
    if (code) return code;
  }
  return null;
}
