import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTd3 } from '../../adapters/passport/mrz-text.js';
import { PASSPORT_IMAGE_TYPE_MESSAGE, PASSPORT_UNREADABLE_MESSAGE } from '../../core/domain/passport-scan.js';
import type { FakePassportReader } from '../support/fakes.js';
import { FILES, makeMemoryApp, signUp, TestBrowser, type TestAgency } from '../support/http.js';
import { BRITISH_FIELDS, BRITISH_TRAVELLER, td3Lines, withBrokenCheckDigit } from '../../bench/support/synthetic-passport.js';

const HEIC = readFileSync(new URL('../fixtures/passport-british.heic', import.meta.url));
const BRITISH = td3Lines(BRITISH_TRAVELLER);

let t: TestAgency;
let reader: FakePassportReader;
beforeEach(async () => {
  t = await makeMemoryApp();
  reader = t.ports.passportReader as FakePassportReader;
  reader.answers(readTd3(BRITISH));
});
afterEach(async () => {
  await t.close();
});

function scan(browser: TestBrowser, content: Uint8Array, name = 'passport.jpg', type = 'image/jpeg') {
  return browser.upload('/api/passport-scan', { file: { content, name, type } });
}

describe('POST /api/passport-scan', () => {
  it("answers the form's fields, valid and the two MRZ lines", async () => {
    const { browser } = await signUp(t.app);
    const res = await scan(browser, FILES.jpeg);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: BRITISH });
    expect(reader.images).toHaveLength(1);
    expect(reader.images[0]).toEqual({ body: Buffer.from(FILES.jpeg), contentType: 'image/jpeg' });
  });

  it('answers valid: false when a check digit fails', async () => {
    reader.answers(readTd3(withBrokenCheckDigit(BRITISH)));
    const { browser } = await signUp(t.app);
    const res = await scan(browser, FILES.png, 'passport.png', 'image/png');
    expect(res.status).toBe(200);
    expect((await res.json()).valid).toBe(false);
  });

  it('answers valid: false and the uncertain fields when the reader is unsure of a name, though every check digit holds', async () => {
    const reading = readTd3(BRITISH)!;
    reader.answers({ ...reading, uncertain: ['surname'] });
    const { browser } = await signUp(t.app);
    const body = await (await scan(browser, FILES.jpeg)).json();
    expect(body).toMatchObject({ valid: false, uncertain: ['surname'], fields: { surname: 'SMITH' } });
  });

  it('decides the type from the bytes, HEIC and PDF included, whatever the name or declared type says', async () => {
    const { browser } = await signUp(t.app);
    expect((await scan(browser, HEIC, 'IMG_0001.jpg', 'image/jpeg')).status).toBe(200);
    expect((await scan(browser, FILES.pdf, 'scan.png', 'image/png')).status).toBe(200);
    expect((await scan(browser, FILES.png, 'photo', 'application/octet-stream')).status).toBe(200);
    expect(reader.images.map((i) => i.contentType)).toEqual(['image/heic', 'application/pdf', 'image/png']);
  });

  it('answers 422 with a hint when no MRZ can be read', async () => {
    reader.answers(null);
    const { browser } = await signUp(t.app);
    const res = await scan(browser, FILES.jpeg);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: PASSPORT_UNREADABLE_MESSAGE });
    expect(PASSPORT_UNREADABLE_MESSAGE).toMatch(/flat.*light.*whole photo page/);
  });

  it('answers 503 with Retry-After when the scanner is busy', async () => {
    reader.answers('busy');
    const { browser } = await signUp(t.app);
    const res = await scan(browser, FILES.jpeg);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect((await res.json()).message).toMatch(/busy/);
  });

  it('is for signed-in users only', async () => {
    const res = await scan(new TestBrowser(t.app), FILES.jpeg);
    expect(res.status).toBe(401);
    expect(reader.images).toEqual([]);
  });

  it('refuses other file types, a form without a file and a JSON body', async () => {
    const { browser } = await signUp(t.app);
    for (const content of [FILES.gif, FILES.exe, new TextEncoder().encode('just text')]) {
      const res = await scan(browser, content, 'passport.jpg');
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: PASSPORT_IMAGE_TYPE_MESSAGE });
    }
    const empty = await browser.upload('/api/passport-scan', { note: 'no file' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Please select a file to upload.');
    const json = await browser.post('/api/passport-scan', { file: 'passport.jpg' });
    expect(json.status).toBe(415);
    expect(reader.images).toEqual([]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { browser } = await signUp(t.app);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(FILES.jpeg);
    const res = await scan(browser, big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Please select a file smaller than 10MB.' });
    expect(reader.images).toEqual([]);
  });

  it('refuses a request from another site', async () => {
    const browser = (await signUp(t.app)).browser;
    const form = new FormData();
    form.append('file', new File([FILES.jpeg], 'passport.jpg', { type: 'image/jpeg' }));
    const res = await browser.request('/api/passport-scan', { method: 'POST', form, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(reader.images).toEqual([]);
  });

  it('allows 20 scans per user per hour, then 429 with Retry-After; refused files do not count; others may still scan', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app, { ip: alice.browser.options.ip });
    expect((await scan(alice.browser, FILES.gif)).status).toBe(415);
    for (let i = 0; i < 20; i += 1) expect((await scan(alice.browser, FILES.jpeg)).status).toBe(200);
    const limited = await scan(alice.browser, FILES.jpeg);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await limited.json()).message).toMatch(/scanned many passports/);
    expect(reader.images).toHaveLength(20);
    expect((await scan(bob.browser, FILES.jpeg)).status).toBe(200); // per user, even from the same address
    t.clock.advance({ hours: 1, seconds: 1 });
    expect((await scan(alice.browser, FILES.jpeg)).status).toBe(200);
  });
});
