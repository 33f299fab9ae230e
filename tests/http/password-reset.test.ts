import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMemoryApp, signUp, TestBrowser, type TestAgency } from '../support/http.js';

const INVALID = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

/** The token of the newest reset link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mails = (await t.ports.outbox.list({ to: email })).filter((m) => m.template === 'password_reset');
  expect(mails.length).toBeGreaterThan(0);
  return String(mails[mails.length - 1].data.resetToken);
}

describe('POST /api/password-reset', () => {
  it('answers the same 200 whether or not the email has an account, and mails only the account', async () => {
    const { email } = await signUp(t.app);
    const known = await new TestBrowser(t.app, { ip: '203.0.113.1' }).post('/api/password-reset', { email: email.toUpperCase() });
    const unknown = await new TestBrowser(t.app, { ip: '203.0.113.2' }).post('/api/password-reset', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.json();
    expect(body).toEqual(await unknown.json());
    expect(body).toEqual({ message: expect.stringContaining('If an account exists for this email') });
    expect((await t.ports.outbox.list()).filter((m) => m.template === 'password_reset').map((m) => m.to)).toEqual([email]);
  });

  it('answers 400 with the message of docs/product.md §5.1 for a bad email', async () => {
    const res = await new TestBrowser(t.app).post('/api/password-reset', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Please enter a valid email', errors: { email: ['Please enter a valid email'] } });
  });

  it('limits requests per address and per account (429 with Retry-After), whether or not the account exists', async () => {
    const sender = new TestBrowser(t.app, { ip: '203.0.113.50' });
    for (let i = 0; i < 5; i += 1) expect((await sender.post('/api/password-reset', { email: `person${i}@example.com` })).status).toBe(200);
    const blocked = await sender.post('/api/password-reset', { email: 'person9@example.com' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ message: 'Too many password reset requests. Please wait a while and try again.' });

    const { email } = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await new TestBrowser(t.app, { ip: `198.18.1.${i}` }).post('/api/password-reset', { email })).status).toBe(200);
    }
    expect((await new TestBrowser(t.app, { ip: '198.18.1.99' }).post('/api/password-reset', { email })).status).toBe(429);
    expect((await t.ports.outbox.list({ to: email })).filter((m) => m.template === 'password_reset')).toHaveLength(5);

    // The window slides: an hour later the owner can ask again.
    t.clock.advance({ hours: 1, seconds: 1 });
    expect((await new TestBrowser(t.app, { ip: '198.18.1.99' }).post('/api/password-reset', { email })).status).toBe(200);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the new password from the mailed link, signs the user out everywhere, and works only once', async () => {
    const { browser, email, password } = await signUp(t.app);
    expect((await browser.get('/api/user')).status).toBe(200);
    await new TestBrowser(t.app).post('/api/password-reset', { email });
    const token = await mailedToken(email);

    const res = await new TestBrowser(t.app).post('/api/password-reset/confirm', { token, newPassword: 'a brand new one' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Your password has been reset. You can now sign in with your new password.' });
    // The browser that was signed in is signed out at once (not after the auth cache's 2 s).
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await new TestBrowser(t.app, { ip: '192.0.2.7' }).post('/api/login', { email, password })).status).toBe(401);
    expect((await new TestBrowser(t.app, { ip: '192.0.2.8' }).post('/api/login', { email, password: 'a brand new one' })).status).toBe(200);
    expect((await t.ports.outbox.list({ to: email })).map((m) => m.template)).toContain('password_changed');

    const again = await new TestBrowser(t.app).post('/api/password-reset/confirm', { token, newPassword: 'yet another one' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: INVALID, errors: { token: [INVALID] } });
  });

  it('answers 400 with a clear message for a forged, expired or missing token, and for a short password', async () => {
    const { email, password } = await signUp(t.app);
    await new TestBrowser(t.app).post('/api/password-reset', { email });
    const token = await mailedToken(email);
    const [id, expiry, signature] = token.split('.');
    for (const bad of [`${id}.${Number(expiry) + 60}.${signature}`, 'garbage', '']) {
      const res = await new TestBrowser(t.app).post('/api/password-reset/confirm', { token: bad, newPassword: 'hijacked-pw' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(INVALID);
    }
    const short = await new TestBrowser(t.app).post('/api/password-reset/confirm', { token, newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ errors: { newPassword: ['New password must be at least 6 characters'] } });

    t.clock.advance({ hours: 1 });
    const expired = await new TestBrowser(t.app).post('/api/password-reset/confirm', { token, newPassword: 'too late now' });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe(INVALID);
    expect((await new TestBrowser(t.app, { ip: '192.0.2.9' }).post('/api/login', { email, password })).status).toBe(200);
  });
});

describe('POST /api/contact with an email that already has an account', () => {
  it('says an account exists (no new account, password unchanged) and mails how to sign in or reset', async () => {
    const { email, password, user } = await signUp(t.app);
    const res = await new TestBrowser(t.app).post('/api/contact', {
      fullName: 'Someone Else',
      email,
      phoneNumber: '+447700900999',
      nationality: 'United Kingdom',
      purposeOfTravel: 'Tourism',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ userId: user.id, accountCreated: false, message: expect.stringContaining('An account already exists for this email') });
    expect((await t.ports.outbox.list({ to: email })).map((m) => m.template)).toEqual(['account_exists']);
    expect((await new TestBrowser(t.app, { ip: '192.0.2.10' }).post('/api/login', { email, password })).status).toBe(200);
  });
});
