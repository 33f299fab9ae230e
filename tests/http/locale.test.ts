import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMemoryApp, signUp, TestBrowser, type TestAgency } from '../support/http.js';

// The account's language (PUT /api/user/profile, sign-up) and the pages' addresses by language.
let t: TestAgency;
let dist: string;
const page = (lang: string, body: string, pagePath: string) => `<!doctype html><html lang="${lang}"><body><div id="root" data-prerendered="${pagePath}">${body}</div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'evisa-locale-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>\n<html lang="en-GB"><title>Shell</title><div id="root"></div></html>');
  writeFileSync(path.join(dist, 'prerendered', 'faq-page.html'), page('en-GB', '<h1>Frequently Asked Questions</h1>', '/faq-page'));
  writeFileSync(path.join(dist, 'prerendered', 'de_faq-page.html'), page('de', '<h1>Häufig gestellte Fragen</h1>', '/de/faq-page'));
  writeFileSync(path.join(dist, 'prerendered', 'ar_index.html'), page('ar', '<h1>تأشيرتك</h1>', '/ar/'));
  writeFileSync(
    path.join(dist, 'prerendered.json'),
    JSON.stringify({
      pages: [
        { path: '/faq-page', file: 'prerendered/faq-page.html', inSitemap: true },
        { path: '/de/faq-page', file: 'prerendered/de_faq-page.html', inSitemap: true },
        { path: '/ar/', file: 'prerendered/ar_index.html', inSitemap: true },
      ],
    }),
  );
  t = await makeMemoryApp({ app: { staticRoot: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the account's language", () => {
  it('is English by default, changed by PUT /api/user/profile, stored and read back', async () => {
    const { browser, user } = await signUp(t.app);
    expect((await t.ports.users.findById(user.id))?.locale).toBe('en-GB');
    const res = await browser.put('/api/user/profile', { locale: 'ar' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ locale: 'ar', phoneNumber: '+447700900123' });
    expect((await t.ports.users.findById(user.id))?.locale).toBe('ar');
    expect(await (await browser.get('/api/user')).json()).toMatchObject({ locale: 'ar' });
  });

  it('refuses a language outside the list with 400 { message } and changes nothing', async () => {
    const { browser, user } = await signUp(t.app);
    for (const locale of ['es', 'EN-gb', '', 42, null]) {
      const res = await browser.put('/api/user/profile', { locale });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Language must be one of: en-GB, ar, de, fr, it');
    }
    // The phone number and the language are checked whole before either is stored.
    const both = await browser.put('/api/user/profile', { phoneNumber: '+201234567890', locale: 'xx' });
    expect(both.status).toBe(400);
    expect(await t.ports.users.findById(user.id)).toMatchObject({ locale: 'en-GB', phoneNumber: '+447700900123' });
  });

  it("takes the sign-up page's language, else guesses it from Accept-Language, and garbage is English", async () => {
    const body = (n: string) => ({ email: `locale-${n}@example.com`, password: 'correct horse battery', fullName: 'Anna Weber', phoneNumber: '+447700900123' });
    const sent = await new TestBrowser(t.app, { ip: '198.51.100.201' }).post('/api/register', { ...body('a'), locale: 'fr' });
    expect((await sent.json()).locale).toBe('fr');
    const guessed = await new TestBrowser(t.app, { ip: '198.51.100.202' }).request('/api/register', { method: 'POST', json: body('b'), headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect((await guessed.json()).locale).toBe('de');
    const garbage = await new TestBrowser(t.app, { ip: '198.51.100.203' }).request('/api/register', { method: 'POST', json: body('c'), headers: { 'accept-language': ';;q=x,@@,ÿ' } });
    expect((await garbage.json()).locale).toBe('en-GB');
    const bad = await new TestBrowser(t.app, { ip: '198.51.100.204' }).post('/api/register', { ...body('d'), locale: 'klingon' });
    expect(bad.status).toBe(400);
  });
});

describe('pages by language', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

  it("serves each locale's pre-rendered page and its shell in its language", async () => {
    const de = await get('/de/faq-page');
    expect(de.status).toBe(200);
    expect(await de.text()).toContain('Häufig gestellte Fragen');
    expect(await (await get('/ar')).text()).toContain('تأشيرتك');
    const shell = await (await get('/ar/dashboard')).text();
    expect(shell).toContain('<html lang="ar" dir="rtl">');
    expect(await (await get('/dashboard')).text()).toContain('<html lang="en-GB" dir="ltr">');
  });

  it('sends a language we do not have to the English page (302), keeping the query', async () => {
    for (const [from, to] of [
      ['/es/faq-page', '/faq-page'],
      ['/en-GB/track?number=EV-1', '/track?number=EV-1'],
      ['/pt-BR', '/'],
    ]) {
      const res = await get(from);
      expect(res.status, from).toBe(302);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it("sends an English address to the chosen language (cookie), else the browser's (Accept-Language); garbage stays English", async () => {
    const guessed = await get('/faq-page', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(guessed.status).toBe(302);
    expect(guessed.headers.get('location')).toBe('/de/faq-page');
    const chosen = await get('/faq-page', { 'accept-language': 'de-DE', cookie: 'evisa_locale=en-GB' });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain('Frequently Asked Questions');
    expect((await get('/faq-page', { cookie: 'evisa_locale=ar' })).headers.get('location')).toBe('/ar/faq-page');
    const garbage = await get('/faq-page', { 'accept-language': '@@;q=zz,*', cookie: 'evisa_locale=<script>' });
    expect(garbage.status).toBe(200);
    expect(garbage.headers.get('vary')).toContain('Accept-Language');
    // Files and the API never change address by language.
    expect((await get('/favicon.svg', { 'accept-language': 'ar' })).status).not.toBe(302);
    expect((await get('/api/config', { 'accept-language': 'ar' })).status).toBe(200);
  });
});
