import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEXT_STEPS } from '../../core/domain/tracking.js';
import { applicantWithApplication, makeMemoryApp, signInAdmin, TestBrowser, type TestAgency } from '../support/http.js';

const REQUESTED = 'If this application number belongs to an application of this email address, we have emailed a 6-digit code to it. The code works for 15 minutes.';
const INVALID = 'This code is not valid. It may be mistyped, expired or already used. Please check it, or ask for a new code.';
const NUMBERS_SENT = 'If this email address has applications with us, we have emailed their application numbers to it.';
const LIMITED = 'Too many tracking requests. Please wait a while and try again.';

let t: TestAgency;
let ip = 0;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

/** A browser from its own address (each test's rate limits stay apart). */
const visitor = () => new TestBrowser(t.app, { ip: `198.51.100.${++ip % 250}` });

/** The code of the newest tracking mail to `email`. */
async function mailedCode(email: string): Promise<string> {
  const mails = (await t.ports.outbox.list({ to: email })).filter((m) => m.template === 'tracking_code');
  expect(mails.length).toBeGreaterThan(0);
  return String(mails[mails.length - 1]!.data.code);
}

async function anApplicant() {
  const { email, application, browser } = await applicantWithApplication(t, { givenName: 'Amira', surname: 'Hassan', passportNumber: 'K12345678' });
  return { email, number: application.applicationNumber, id: application.id, browser };
}

describe('POST /api/track/request and /api/track/verify', () => {
  it('mails a 6-digit code to the account, which opens the application once with a read-only cookie', async () => {
    const { email, number } = await anApplicant();
    const browser = visitor();
    // Typed carelessly: lower-case number, upper-case email.
    const res = await browser.post('/api/track/request', { applicationNumber: ` ${number.toLowerCase()} `, email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: REQUESTED });
    const code = await mailedCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.ports.trackingCodes.find((await t.ports.applications.findByNumber(number))!.id);
    expect(stored).toMatchObject({ wrongTries: 0, usedAt: null, expiresAt: new Date(t.clock.now().getTime() + 15 * 60_000) });
    expect(stored!.codeHash).not.toContain(code);

    const verified = await browser.post('/api/track/verify', { applicationNumber: number, email, code });
    expect(verified.status).toBe(200);
    const body = await verified.json();
    expect(body).toEqual({
      application: {
        applicationNumber: number,
        status: 'online_entry',
        givenName: 'Amira',
        timeline: expect.any(Array),
        guarantee: expect.objectContaining({ deadline: null, breached: false }),
        nextStep: NEXT_STEPS.online_entry,
      },
    });
    // Nothing but what the page shows: no surname, passport, date of birth, address or ids.
    const text = JSON.stringify(body);
    for (const secret of ['Hassan', 'K12345678', 'dateOfBirth', 'userId', '"id"', 'address']) expect(text).not.toContain(secret);

    const cookie = browser.setCookies.find((c) => c.startsWith('evisa_track='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=1800/i);
    expect(cookie).toMatch(/Path=\//i);
    // A reload keeps the view while the cookie lives; another browser sees nothing.
    const again = await browser.get('/api/track/application');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    expect(await (await visitor().get('/api/track/application')).json()).toEqual({ application: null });

    // The code works once.
    const reused = await visitor().post('/api/track/verify', { applicationNumber: number, email, code });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: INVALID, errors: { code: [INVALID] } });
  });

  it('shows the timeline with staff’s words for the applicant and the next step of the status', async () => {
    const { email, number, id } = await anApplicant();
    const admin = await signInAdmin(t);
    t.clock.advance({ hours: 2 });
    expect((await admin.browser.put(`/api/admin/applications/${id}/status`, { status: 'additional_info_required', additionalInfoMessage: 'Please send your hotel booking.' })).status).toBe(200);
    const browser = visitor();
    await browser.post('/api/track/request', { applicationNumber: number, email });
    const res = await browser.post('/api/track/verify', { applicationNumber: number, email, code: await mailedCode(email) });
    const { application } = await res.json();
    expect(application.status).toBe('additional_info_required');
    expect(application.nextStep).toBe(NEXT_STEPS.additional_info_required);
    expect(application.timeline).toContainEqual({ at: t.clock.now().toISOString(), kind: 'status', status: 'additional_info_required', message: 'Please send your hotel booking.' });
    expect(JSON.stringify(application)).not.toContain(admin.email);
  });

  it('refuses a wrong code, an expired code, and a code for another application with one 400 that says nothing more', async () => {
    const a = await anApplicant();
    const b = await anApplicant();
    const browser = visitor();
    await browser.post('/api/track/request', { applicationNumber: a.number, email: a.email });
    await browser.post('/api/track/request', { applicationNumber: b.number, email: b.email });
    const codeA = await mailedCode(a.email);
    const codeB = await mailedCode(b.email);
    const wrong = codeA === '000000' ? '000001' : '000000';

    const attempts = [
      { applicationNumber: a.number, email: a.email, code: wrong },
      // B's code with A's number, and B's number and code with A's email.
      { applicationNumber: a.number, email: a.email, code: codeB === codeA ? wrong : codeB },
      { applicationNumber: b.number, email: a.email, code: codeB },
      // A number nobody has.
      { applicationNumber: 'EV-2611-ZZZZZZ', email: a.email, code: codeA },
    ];
    for (const json of attempts) {
      const res = await browser.post('/api/track/verify', json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({ message: INVALID, errors: { code: [INVALID] } });
    }
    expect(browser.cookies.has('evisa_track')).toBe(false);
    // B's code was not spent or counted by the tries against the wrong email.
    expect((await browser.post('/api/track/verify', { applicationNumber: b.number, email: b.email, code: codeB })).status).toBe(200);

    // Fifteen minutes later A's code has expired.
    t.clock.advance({ minutes: 15 });
    const expired = await visitor().post('/api/track/verify', { applicationNumber: a.number, email: a.email, code: codeA });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe(INVALID);
  });

  it('kills a code after 5 wrong tries; a new request replaces it with one that works', async () => {
    const { email, number } = await anApplicant();
    const browser = visitor();
    await browser.post('/api/track/request', { applicationNumber: number, email });
    const code = await mailedCode(email);
    const wrongCodes = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== code).slice(0, 5);
    for (const wrong of wrongCodes) expect((await browser.post('/api/track/verify', { applicationNumber: number, email, code: wrong })).status).toBe(400);
    const dead = await browser.post('/api/track/verify', { applicationNumber: number, email, code });
    expect(dead.status).toBe(400);
    expect((await dead.json()).message).toBe(INVALID);

    await browser.post('/api/track/request', { applicationNumber: number, email });
    const fresh = await mailedCode(email);
    expect((await browser.post('/api/track/verify', { applicationNumber: number, email, code: fresh })).status).toBe(200);
  });

  it('answers 400 { message, errors } for malformed numbers, emails and codes, and mails nothing', async () => {
    const { email, number } = await anApplicant();
    const cases: [string, unknown, string][] = [
      ['/api/track/request', { applicationNumber: 'EV-12', email }, 'applicationNumber'],
      ['/api/track/request', { applicationNumber: "EV-2611-' OR 1=1", email }, 'applicationNumber'],
      ['/api/track/request', { applicationNumber: number, email: 'not-an-email' }, 'email'],
      ['/api/track/request', { applicationNumber: 42, email }, 'applicationNumber'],
      ['/api/track/verify', { applicationNumber: number, email, code: '12345' }, 'code'],
      ['/api/track/verify', { applicationNumber: number, email, code: 'abcdef' }, 'code'],
      ['/api/track/verify', { applicationNumber: number, email, code: 123456 }, 'code'],
      ['/api/track/forgot', { email: 'nope' }, 'email'],
    ];
    for (const [url, json, field] of cases) {
      const res = await visitor().post(url, json);
      expect(res.status, `${url} ${JSON.stringify(json)}`).toBe(400);
      const body = await res.json();
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors)).toContain(field);
    }
    expect((await t.ports.outbox.list()).filter((m) => m.template === 'tracking_code' || m.template === 'application_numbers')).toEqual([]);
  });

  it('limits requests per application number and email (429 { message }), whether or not the number exists, and per address', async () => {
    const { email, number } = await anApplicant();
    for (const applicationNumber of [number, 'EV-2611-ABCDEF']) {
      for (let i = 0; i < 5; i += 1) expect((await visitor().post('/api/track/request', { applicationNumber, email: `x${i}@example.com` })).status).toBe(200);
      const blocked = await visitor().post('/api/track/request', { applicationNumber, email: 'y@example.com' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await blocked.json()).toEqual({ message: LIMITED });
    }
    for (let i = 0; i < 5; i += 1) expect((await visitor().post('/api/track/request', { applicationNumber: `EV-2609-00000${i}`, email })).status).toBe(200);
    expect((await visitor().post('/api/track/request', { applicationNumber: 'EV-2609-000009', email })).status).toBe(429);

    const one = visitor();
    for (let i = 0; i < 20; i += 1) expect((await one.post('/api/track/request', { applicationNumber: `EV-2612-1000${String(i).padStart(2, '0')}`, email: `p${i}@example.com` })).status).toBe(200);
    expect((await one.post('/api/track/request', { applicationNumber: 'EV-2612-200000', email: 'q@example.com' })).status).toBe(429);
    expect((await one.post('/api/track/forgot', { email: 'q@example.com' })).status).toBe(429);

    // Code guesses: 20 per address per 15 minutes.
    const guesser = visitor();
    for (let i = 0; i < 20; i += 1) expect((await guesser.post('/api/track/verify', { applicationNumber: `EV-2612-3000${String(i).padStart(2, '0')}`, email, code: '123456' })).status).toBe(400);
    expect((await guesser.post('/api/track/verify', { applicationNumber: 'EV-2612-400000', email, code: '123456' })).status).toBe(429);
    t.clock.advance({ hours: 1, seconds: 1 });
    expect((await guesser.post('/api/track/verify', { applicationNumber: 'EV-2612-400000', email, code: '123456' })).status).toBe(400);
  });
});

describe('the tracking cookie', () => {
  async function tracking() {
    const applicant = await anApplicant();
    const browser = visitor();
    await browser.post('/api/track/request', { applicationNumber: applicant.number, email: applicant.email });
    expect((await browser.post('/api/track/verify', { applicationNumber: applicant.number, email: applicant.email, code: await mailedCode(applicant.email) })).status).toBe(200);
    return { ...applicant, browser };
  }

  it('grants only GET /api/track/application for that one application: no session, no other read, no write', async () => {
    const { browser, id, number } = await tracking();
    const other = await anApplicant();
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/applications')).status).toBe(401);
    expect((await browser.get(`/api/applications/${id}`)).status).toBe(401);
    expect((await browser.get(`/api/applications/${id}/documents`)).status).toBe(401);
    expect((await browser.patch(`/api/applications/${id}`, { address: 'a', city: 'c', postcode: 'p', hotelDetails: 'h' })).status).toBe(401);
    expect((await browser.post(`/api/payments/initial/${id}`, {})).status).toBe(401);

    // Pointed at another application (the id changed, the signature kept) it opens nothing.
    const token = browser.cookies.get('evisa_track')!;
    const forged = new TestBrowser(t.app, { ip: '198.51.100.251' });
    forged.cookies.set('evisa_track', token.replace(/^\d+\./, `${other.id}.`));
    expect(await (await forged.get('/api/track/application')).json()).toEqual({ application: null });
    forged.cookies.set('evisa_track', 'garbage');
    expect(await (await forged.get('/api/track/application')).json()).toEqual({ application: null });
    expect((await (await browser.get('/api/track/application')).json()).application.applicationNumber).toBe(number);
  });

  it('lasts 30 minutes, and "Track another application" forgets it at once', async () => {
    const { browser } = await tracking();
    t.clock.advance({ minutes: 29 });
    expect((await (await browser.get('/api/track/application')).json()).application).not.toBeNull();
    t.clock.advance({ minutes: 1 });
    expect(await (await browser.get('/api/track/application')).json()).toEqual({ application: null });

    const second = await tracking();
    const ended = await second.browser.post('/api/track/end', {});
    expect(ended.status).toBe(200);
    expect(second.browser.cookies.has('evisa_track')).toBe(false);
    expect(await (await second.browser.get('/api/track/application')).json()).toEqual({ application: null });
  });
});

describe('POST /api/track/forgot', () => {
  it('mails the numbers and statuses of a known address’s applications; the same answer, and no mail, for an unknown one', async () => {
    const { email, number, browser } = await anApplicant();
    const second = await browser.post('/api/applications', (await import('../support/http.js')).applicationForm(t.clock, { givenName: 'Omar' }));
    expect(second.status).toBe(201);
    const secondNumber = (await second.json()).applicationNumber as string;

    const known = await visitor().post('/api/track/forgot', { email: ` ${email.toUpperCase()} ` });
    const unknown = await visitor().post('/api/track/forgot', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.text();
    expect(body).toBe(await unknown.text());
    expect(JSON.parse(body)).toEqual({ message: NUMBERS_SENT });

    const mails = (await t.ports.outbox.list()).filter((m) => m.template === 'application_numbers');
    expect(mails.map((m) => m.to)).toEqual([email]);
    expect(mails[0]!.data.applications).toEqual(
      expect.arrayContaining([
        { applicationNumber: number, status: 'online_entry' },
        { applicationNumber: secondNumber, status: 'online_entry' },
      ]),
    );
  });
});
