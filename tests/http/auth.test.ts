import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enrolTwoFactor, makeMemoryApp, signUp, TestBrowser, type TestAgency } from '../support/http.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

function sessionCookie(browser: TestBrowser): string | undefined {
  return browser.cookies.get('evisa_session');
}

describe('registration', () => {
  it('creates the account, signs the browser in and never answers the password hash', async () => {
    const browser = new TestBrowser(t.app);
    const res = await browser.post('/api/register', {
      email: 'Ada@Example.com',
      password: 'secret-123',
      fullName: 'Ada Lovelace',
      phoneNumber: '+447700900123',
      confirmPassword: 'ignored',
    });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toMatch(/passwordHash|fake\$|secret-123/);
    const user = JSON.parse(text);
    expect(user).toMatchObject({ email: 'ada@example.com', fullName: 'Ada Lovelace', phoneNumber: '+447700900123', isAdmin: false });

    const stored = await t.ports.users.findByEmail('ada@example.com');
    expect(stored?.passwordHash).not.toBe('secret-123');

    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    const meText = await me.text();
    expect(meText).not.toContain('passwordHash');
    expect(JSON.parse(meText)).toMatchObject({ id: user.id, email: 'ada@example.com' });
  });

  it('answers 409 for an email that already has an account, whatever its case', async () => {
    await signUp(t.app, { email: 'taken@example.com' });
    const res = await new TestBrowser(t.app).post('/api/register', {
      email: 'TAKEN@example.com',
      password: 'secret-123',
      fullName: 'Someone Else',
      phoneNumber: '+447700900999',
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 400 with the first failing field and every field error', async () => {
    const res = await new TestBrowser(t.app).post('/api/register', { email: 'nope', password: '123', fullName: '', phoneNumber: '12' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe('Password must be at least 6 characters');
    expect(body.errors).toMatchObject({
      email: ['Please enter a valid email'],
      password: ['Password must be at least 6 characters'],
      phoneNumber: ['Please enter a valid phone number'],
    });
    expect(await t.ports.users.findByEmail('nope')).toBeNull();
  });
});

describe('sessions', () => {
  it('a signed-in hint left without its session is cleared by the 401 of GET /api/user (docs/product.md §7.2 stays)', async () => {
    const stale = new TestBrowser(t.app);
    stale.cookies.set('evisa_signed_in', '1');
    const res = await stale.get('/api/user');
    expect(res.status).toBe(401);
    expect(stale.setCookies.filter((c) => c.startsWith('evisa_signed_in=')).at(-1)).toMatch(/^evisa_signed_in=;.*Max-Age=0/);
    expect(stale.cookies.has('evisa_signed_in')).toBe(false);
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie whose id is stored only as its SHA-256 hash', async () => {
    const { browser, user } = await signUp(t.app);
    const setCookie = browser.setCookies.find((c) => c.startsWith('evisa_session='))!;
    expect(setCookie).toMatch(/^evisa_session=/);
    // Beside it, the signed-in hint the SPA reads (issue 15): readable by scripts, holding nothing secret.
    const hint = browser.setCookies.find((c) => c.startsWith('evisa_signed_in='))!;
    expect(hint).toMatch(/^evisa_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    const raw = sessionCookie(browser)!;
    expect(await t.ports.sessions.find(raw)).toBeNull();
    const stored = await t.ports.sessions.find(sha256(raw));
    expect(stored).toMatchObject({ userId: user.id });
  });

  it('uses a Secure __Host- cookie when PUBLIC_URL is https', async () => {
    const https = await makeMemoryApp({ env: { PUBLIC_URL: 'https://visa.example.com' } });
    try {
      const browser = new TestBrowser(https.app, { origin: 'https://visa.example.com' });
      const res = await browser.post('/api/register', {
        email: 'secure@example.com',
        password: 'secret-123',
        fullName: 'Secure User',
        phoneNumber: '+447700900123',
      });
      expect(res.status).toBe(201);
      const setCookie = browser.setCookies.find((c) => c.startsWith('__Host-evisa_session='))!;
      expect(setCookie).toMatch(/^__Host-evisa_session=/);
      expect(browser.setCookies.find((c) => c.startsWith('evisa_signed_in='))).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Domain=/i);
      expect((await browser.get('/api/user')).status).toBe(200);
    } finally {
      await https.close();
    }
  });

  it('issues a new id at login and ends the session the browser had before', async () => {
    const { browser, email, password } = await signUp(t.app);
    const before = sessionCookie(browser)!;
    const res = await browser.post('/api/login', { email, password });
    expect(res.status).toBe(200);
    const after = sessionCookie(browser)!;
    expect(after).not.toBe(before);
    expect(await t.ports.sessions.find(sha256(before))).toBeNull();
    expect(await t.ports.sessions.find(sha256(after))).not.toBeNull();
  });

  it('logout deletes the session and clears the cookie; the old cookie no longer works', async () => {
    const { browser } = await signUp(t.app);
    const raw = sessionCookie(browser)!;
    const res = await browser.post('/api/logout');
    expect(res.status).toBe(200);
    expect(browser.setCookies.filter((c) => c.startsWith('evisa_session=')).at(-1)).toMatch(/^evisa_session=;.*Max-Age=0/);
    expect(browser.setCookies.filter((c) => c.startsWith('evisa_signed_in=')).at(-1)).toMatch(/^evisa_signed_in=;.*Max-Age=0/);
    expect(await t.ports.sessions.find(sha256(raw))).toBeNull();
    expect((await browser.get('/api/user')).status).toBe(401);
    const replay = new TestBrowser(t.app);
    replay.cookies.set('evisa_session', raw);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('GET /api/user answers 401 { message } when signed out, also for a made-up cookie', async () => {
    const visitor = new TestBrowser(t.app);
    const res = await visitor.get('/api/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    visitor.cookies.set('evisa_session', 'made-up-value');
    expect((await visitor.get('/api/user')).status).toBe(401);
  });

  it('ends a session left idle for more than 7 days', async () => {
    const { browser } = await signUp(t.app);
    t.clock.advance({ days: 7, minutes: 1 });
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('keeps an active session alive, touching it at most once a minute', async () => {
    const { browser } = await signUp(t.app);
    const idHash = sha256(sessionCookie(browser)!);
    const created = (await t.ports.sessions.find(idHash))!.lastSeenAt.getTime();
    t.clock.advance({ seconds: 30 });
    await browser.get('/api/user');
    expect((await t.ports.sessions.find(idHash))!.lastSeenAt.getTime()).toBe(created);
    t.clock.advance({ seconds: 31 });
    await browser.get('/api/user');
    expect((await t.ports.sessions.find(idHash))!.lastSeenAt.getTime()).toBe(t.clock.now().getTime());
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance({ days: 6 });
      expect((await browser.get('/api/user')).status).toBe(200);
    }
  });

  it('ends a session 30 days after sign-in however active it is', async () => {
    const { browser } = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance({ days: 6 });
      expect((await browser.get('/api/user')).status).toBe(200);
    }
    t.clock.advance({ days: 1 });
    expect((await browser.get('/api/user')).status).toBe(401);
  });
});

describe('login', () => {
  it('answers { user, needsPasswordChange } and signs in', async () => {
    const { email, password, user } = await signUp(t.app);
    const browser = new TestBrowser(t.app);
    const res = await browser.post('/api/login', { email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ user: expect.objectContaining({ id: user.id, email }), needsPasswordChange: false });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const { email } = await signUp(t.app);
    const wrong = await new TestBrowser(t.app).post('/api/login', { email, password: 'not the password' });
    const unknown = await new TestBrowser(t.app).post('/api/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password.' });
    expect(await unknown.json()).toEqual({ message: 'Invalid email or password.' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('answers 400 with the messages of docs/product.md §5.1 for a bad email or a missing password', async () => {
    const res = await new TestBrowser(t.app).post('/api/login', { email: 'x', password: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Please enter a valid email',
      errors: { email: ['Please enter a valid email'], password: ['Please enter your password'] },
    });
  });

  it('answers needsPasswordChange for an account made from the contact form', async () => {
    const res = await new TestBrowser(t.app).post('/api/contact', {
      fullName: 'Contact Person',
      email: 'contact@example.com',
      phoneNumber: '+447700900555',
      nationality: 'United Kingdom',
      purposeOfTravel: 'tourism',
    });
    expect(res.status).toBe(201);
    const user = await t.ports.users.findByEmail('contact@example.com');
    expect(user?.needsPasswordChange).toBe(true);
    // Its owner signs in with the password sent by mail; here we set a known one the same way.
    await t.ports.users.updatePassword(user!.id, await t.ports.hasher.hash('temporary-pass'), true);
    const login = await new TestBrowser(t.app).post('/api/login', { email: 'contact@example.com', password: 'temporary-pass' });
    expect(login.status).toBe(200);
    expect((await login.json()).needsPasswordChange).toBe(true);
  });
});

describe('login rate limit', () => {
  it('10 wrong passwords from one address make that address wait (429, Retry-After), even with the right password', async () => {
    const { email, password } = await signUp(t.app);
    const guesser = new TestBrowser(t.app, { ip: '203.0.113.1' });
    for (let i = 0; i < 10; i += 1) expect((await guesser.post('/api/login', { email, password: `wrong-${i}` })).status).toBe(401);
    const blocked = await guesser.post('/api/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(await blocked.json()).toEqual({ message: expect.any(String) });
    expect(guesser.cookies.size).toBe(0);

    // Sliding window: once the failures are 15 minutes old that address may sign in again.
    t.clock.advance({ minutes: 15, seconds: 1 });
    expect((await guesser.post('/api/login', { email, password })).status).toBe(200);
  });

  it('nobody can lock the owner out: after 10 failures from 10 addresses the owner, from a clean address, signs in', async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 0; i < 10; i += 1) {
      const attacker = new TestBrowser(t.app, { ip: `203.0.113.${i + 1}` });
      expect((await attacker.post('/api/login', { email, password: `wrong-${i}` })).status).toBe(401);
    }
    // The account is under attack: addresses that have been failing are refused at once…
    const attacker = new TestBrowser(t.app, { ip: '203.0.113.1' });
    expect((await attacker.post('/api/login', { email, password: 'wrong-again' })).status).toBe(429);
    // …while its owner, from an address with no failures, is not.
    const owner = new TestBrowser(t.app, { ip: '198.18.0.1' });
    const ok = await owner.post('/api/login', { email, password });
    expect(ok.status).toBe(200);
    expect([...owner.cookies.keys()].sort()).toEqual(['evisa_session', 'evisa_signed_in']);
  });

  it('limits one address guessing across many accounts (30 in 15 minutes), without blocking those accounts elsewhere', async () => {
    const victims = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
    const attacker = new TestBrowser(t.app, { ip: '203.0.113.99' });
    for (let i = 0; i < 30; i += 1) {
      const victim = victims[i % victims.length];
      expect((await attacker.post('/api/login', { email: victim.email, password: `guess-${i}` })).status).toBe(401);
    }
    expect((await attacker.post('/api/login', { email: 'someone-new@example.com', password: 'guess-x' })).status).toBe(429);
    // Each account saw 8 failures: its owner, elsewhere, signs in.
    const owner = new TestBrowser(t.app, { ip: '198.18.0.2' });
    expect((await owner.post('/api/login', { email: victims[0].email, password: victims[0].password })).status).toBe(200);
  });

  it('does not count malformed attempts or successes', async () => {
    const { email, password } = await signUp(t.app);
    const browser = new TestBrowser(t.app, { ip: '203.0.113.50' });
    for (let i = 0; i < 12; i += 1) {
      expect((await browser.post('/api/login', { email: 'not-an-email', password: 'x' })).status).toBe(400);
      expect((await browser.post('/api/login', { email, password })).status).toBe(200);
    }
  });
});

describe('profile and password', () => {
  it('updates the phone number only', async () => {
    const { browser, user } = await signUp(t.app);
    const res = await browser.put('/api/user/profile', { phoneNumber: '+201234567890', email: 'hacker@example.com', fullName: 'X' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ phoneNumber: '+201234567890', email: user.email, fullName: user.fullName });
    const stored = await t.ports.users.findById(user.id);
    expect(stored).toMatchObject({ phoneNumber: '+201234567890', email: user.email });
    expect(await (await browser.get('/api/user')).json()).toMatchObject({ phoneNumber: '+201234567890' });
  });

  it('refuses a short phone number with the message of docs/product.md §5.8', async () => {
    const { browser, user } = await signUp(t.app);
    const res = await browser.put('/api/user/profile', { phoneNumber: '123' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Please enter a valid phone number');
    expect((await t.ports.users.findById(user.id))?.phoneNumber).toBe('+447700900123');
  });

  it('changing the password ends every other session and keeps this browser signed in with a fresh id', async () => {
    const { browser, email, password } = await signUp(t.app);
    const laptop = new TestBrowser(t.app);
    expect((await laptop.post('/api/login', { email, password })).status).toBe(200);
    const before = sessionCookie(browser)!;

    const res = await browser.put('/api/user/change-password', { currentPassword: password, newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Your password has been updated.' });
    expect(sessionCookie(browser)).not.toBe(before);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);

    expect((await new TestBrowser(t.app).post('/api/login', { email, password })).status).toBe(401);
    expect((await new TestBrowser(t.app).post('/api/login', { email, password: 'brand-new-pass' })).status).toBe(200);
  });

  it('refuses a wrong current password (400) and a short new one, changing nothing', async () => {
    const { browser, email, password } = await signUp(t.app);
    const wrong = await browser.put('/api/user/change-password', { currentPassword: 'not-it', newPassword: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Current password is incorrect');
    const short = await browser.put('/api/user/change-password', { currentPassword: password, newPassword: '123' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('New password must be at least 6 characters');
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await new TestBrowser(t.app).post('/api/login', { email, password })).status).toBe(200);
  });
});

describe('access read from the database on every request (no per-process cache)', () => {
  it('sees sessions ended and users changed by another process (the CLI, another node) at once', async () => {
    const { browser, user } = await signUp(t.app);
    expect((await browser.get('/api/admin/applications')).status).toBe(403);
    // Staff must use two-factor sign-in (STAFF_TWO_FACTOR=required): the user turned it on as an applicant first.
    await enrolTwoFactor(t, user);
    // Another process promotes the user to admin: the very next request sees it…
    await t.ports.users.setAdmin(user.id, true);
    expect((await browser.get('/api/admin/applications')).status).toBe(200);
    // …and ends every session of the user: the very next request is signed out.
    await t.ports.sessions.deleteAllForUser(user.id);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('applies idle expiry on every request', async () => {
    const { browser } = await signUp(t.app);
    expect((await browser.get('/api/user')).status).toBe(200);
    t.clock.advance({ days: 8 });
    expect((await browser.get('/api/user')).status).toBe(401);
  });
});
