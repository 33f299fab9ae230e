import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassportScanner } from '../../adapters/passport/index.js';
import { PASSPORT_UNREADABLE_MESSAGE } from '../../core/domain/passport-scan.js';
import { notPassports, type NotAPassport } from '../../bench/support/not-passports.js';
import { BRITISH_TRAVELLER, passportJpeg, td3Lines } from '../../bench/support/synthetic-passport.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { signUp, type TestAgency } from '../support/http.js';

/**
 * POST /api/passport-scan with the real scanner (worker thread, OCR) on pictures that are not
 * passports: each is refused with the hint, and nothing of it is kept — no document, no file, no
 * application, no draft. How fast the refusal comes is measured by `npm run bench:scan --
 * --not-passports` (by the zone finder, p95 within 2 s), not here: a timed test fails on a busy machine, not on slow code.
 */
const OCR_TIMEOUT = 180_000;

const scanner = new PassportScanner({ workers: 1, timeoutMs: 120_000 });
let pictures: NotAPassport[];
let passport: Buffer;
beforeAll(async () => {
  pictures = await notPassports();
  passport = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, width: 1400 });
});
afterAll(() => scanner.close());

async function storedFiles(t: TestAgency): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.ports.files.list()) keys.push(file.key);
  return keys;
}

describe.each(appDatabases())('refusing a picture that is not a passport ($name)', (db) => {
  let t: TestAgency;
  // 20 pictures and a passport: more scans than the default hourly limit (20) allows one traveller.
  eachTestAgency(db, (agency) => (t = agency), { overrides: { passportReader: scanner }, env: { PASSPORT_SCANS_PER_HOUR: '100' } });

  it('answers 422 with the hint for each picture, and keeps none of them', { timeout: OCR_TIMEOUT }, async () => {
    const { browser, user } = await signUp(t.app);
    for (const picture of pictures) {
      const res = await browser.upload('/api/passport-scan', { file: { content: picture.body, name: `${picture.name}.${picture.type === 'image/png' ? 'png' : 'jpg'}`, type: picture.type } });
      expect({ picture: picture.name, status: res.status, body: await res.json() }).toEqual({ picture: picture.name, status: 422, body: { message: PASSPORT_UNREADABLE_MESSAGE } });
    }
    expect(await t.ports.applications.listByUser(user.id)).toEqual([]);
    expect(await t.ports.drafts.find(user.id)).toBeNull();
    expect(await storedFiles(t)).toEqual([]);

    // The same scanner still reads a passport: the refusals above are about the pictures.
    const read = await browser.upload('/api/passport-scan', { file: { content: passport, name: 'passport.jpg', type: 'image/jpeg' } });
    expect(read.status).toBe(200);
    expect((await read.json()).mrz).toEqual(td3Lines(BRITISH_TRAVELLER));
    expect(await storedFiles(t)).toEqual([]);
  });
});
