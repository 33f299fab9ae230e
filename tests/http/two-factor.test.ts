import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '../../core/domain/two-factor.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, makeMemoryApp, signInAdmin, signUp, TestBrowser, twoFactorCode, type SignedUp, type TestAgency } from '../support/http.js';

/**
 * Two-factor sign-in (docs/product.md §6.4) through the HTTP API on every database, with the test's
 * fake clock: enrolment, the second step of signing in, codes used once, recovery codes, wrong codes
 * throttled per account, STAFF_TWO_FACTOR=required and an admin's reset.
 */
describe.each(appDatabases())('two-factor sign-in on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  const now = () => t.agency.ports.clock.now();
  const codeAt = (secret: string, offsetSeconds = 0) => twoFactorCode(secret, new Date(now().getTime() + offsetSeconds * 1000));

  /** An applicant who turned two-factor sign-in on: answers the secret and recovery codes. */
  async function enrolled(who?: SignedUp) {
    const applicant = who ?? (await signUp(t.app));
    const setup = await applicant.browser.post('/api/user/two-factor/setup');
    expect(setup.status).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await applicant.browser.post('/api/user/two-factor/enable', { code: await codeAt(secret, -30) });
    expect(enable.status).toBe(200);
    const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
    return { ...applicant, secret, recoveryCodes };
  }

  /** The password step in a fresh browser: answers the browser, waiting for its code. */
  async function passwordStep(account: { email: string; password: string }, ip = '203.0.113.50') {
    const browser = new TestBrowser(t.app, { ip });
    const res = await browser.post('/api/login', { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRequired: true });
    return browser;
  }

  it('sets up with a QR code and the secret, refuses a wrong code, and turns on with the right one (10 distinct recovery codes)', async () => {
    const applicant = await signUp(t.app);
    expect(((await (await applicant.browser.get('/api/user')).json()) as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(false);
    const setup = await applicant.browser.post('/api/user/two-factor/setup');
    const body = (await setup.json()) as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe(t.agency.ports.settings.agencyName);
    expect(decodeURIComponent(url.pathname)).toContain(applicant.email);
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await t.ports.twoFactor.find(applicant.user.id))?.pendingSecret).toBe(body.secret);

    const wrongCode = String((Number(await codeAt(body.secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await applicant.browser.post('/api/user/two-factor/enable', { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await t.ports.twoFactor.find(applicant.user.id))?.secret).toBeNull();
    expect(await t.ports.twoFactor.unusedRecoveryCodes(applicant.user.id)).toBe(0);

    const right = await applicant.browser.post('/api/user/two-factor/enable', { code: await codeAt(body.secret) });
    expect(right.status).toBe(200);
    const { recoveryCodes } = (await right.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.ports.twoFactor.find(applicant.user.id);
    expect(stored).toMatchObject({ secret: body.secret, pendingSecret: null, enabledAt: now() });
    expect(await t.ports.twoFactor.unusedRecoveryCodes(applicant.user.id)).toBe(10);
    // The browser that turned it on stays signed in (with a fresh session).
    const me = await applicant.browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(true);
    expect((await applicant.browser.post('/api/user/two-factor/setup')).status).toBe(409);
  });

  it('opens no session until the code: the password alone does not reach /api/user; the right code does', async () => {
    const user = await enrolled();
    const browser = await passwordStep(user);
    expect((await browser.get('/api/user')).status).toBe(401);
    expect(await t.ports.sessions.listForUser(user.user.id)).toHaveLength(1); // only the enrolling browser's
    const res = await browser.post('/api/login/two-factor', { code: await codeAt(user.secret) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: number; twoFactorEnabled: boolean }; needsPasswordChange: boolean };
    expect(body).toMatchObject({ user: { id: user.user.id, twoFactorEnabled: true }, needsPasswordChange: false });
    expect((await browser.get('/api/user')).status).toBe(200);
    // The pending sign-in is used up: the second step cannot be answered again.
    const again = await browser.post('/api/login/two-factor', { code: await codeAt(user.secret, 30) });
    expect(again.status).toBe(401);
    expect((await again.json()).message).toBe(TWO_FACTOR_MESSAGES.expiredSignIn);
  });

  it('accepts a code once: the same code again is refused, and so is an earlier one', async () => {
    const user = await enrolled();
    const code = await codeAt(user.secret);
    expect((await (await passwordStep(user)).post('/api/login/two-factor', { code })).status).toBe(200);
    const reused = await (await passwordStep(user)).post('/api/login/two-factor', { code });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toBe(TWO_FACTOR_MESSAGES.reusedCode);
    const earlier = await (await passwordStep(user)).post('/api/login/two-factor', { code: await codeAt(user.secret, -30) });
    expect(earlier.status).toBe(400);
    t.clock.advance({ seconds: 30 });
    expect((await (await passwordStep(user)).post('/api/login/two-factor', { code: await codeAt(user.secret) })).status).toBe(200);
  });

  it('refuses an expired code (older than one step of drift) and a pending sign-in older than 5 minutes', async () => {
    const user = await enrolled();
    const browser = await passwordStep(user);
    t.clock.advance({ seconds: 90 });
    const expired = await browser.post('/api/login/two-factor', { code: await codeAt(user.secret, -90) });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    t.clock.advance({ minutes: 5 });
    const late = await browser.post('/api/login/two-factor', { code: await codeAt(user.secret) });
    expect(late.status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('a recovery code signs in once, then is refused', async () => {
    const user = await enrolled();
    const [first] = user.recoveryCodes;
    const ok = await (await passwordStep(user)).post('/api/login/two-factor', { recoveryCode: first!.toLowerCase() });
    expect(ok.status).toBe(200);
    expect(await t.ports.twoFactor.unusedRecoveryCodes(user.user.id)).toBe(9);
    const again = await (await passwordStep(user)).post('/api/login/two-factor', { recoveryCode: first });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    expect(await t.ports.twoFactor.unusedRecoveryCodes(user.user.id)).toBe(9);
  });

  it('after 5 wrong codes the account waits (429, even with the right code); another account is unaffected', async () => {
    const victim = await enrolled();
    const other = await enrolled();
    const browser = await passwordStep(victim);
    const right = await codeAt(victim.secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) expect((await browser.post('/api/login/two-factor', { code: wrong })).status).toBe(400);
    const blocked = await browser.post('/api/login/two-factor', { code: right });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).message).toBe(TWO_FACTOR_MESSAGES.tooManyCodes);
    // From another browser and address too: the count is the account's.
    expect((await (await passwordStep(victim, '198.51.100.77')).post('/api/login/two-factor', { code: right })).status).toBe(429);
    expect((await (await passwordStep(other)).post('/api/login/two-factor', { code: await codeAt(other.secret) })).status).toBe(200);
    t.clock.advance({ minutes: 16 });
    expect((await (await passwordStep(victim)).post('/api/login/two-factor', { code: await codeAt(victim.secret) })).status).toBe(200);
  });

  it('turns off with the password (a wrong one is refused); signing in is then one step again', async () => {
    const user = await enrolled();
    const wrong = await user.browser.post('/api/user/two-factor/disable', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect((await t.ports.twoFactor.find(user.user.id))?.secret).toBe(user.secret);
    const off = await user.browser.post('/api/user/two-factor/disable', { password: user.password });
    expect(off.status).toBe(200);
    expect(await t.ports.twoFactor.find(user.user.id)).toEqual({ secret: null, pendingSecret: null, enabledAt: null, lastStep: null });
    expect(await t.ports.twoFactor.unusedRecoveryCodes(user.user.id)).toBe(0);
    const login = await new TestBrowser(t.app).post('/api/login', { email: user.email, password: user.password });
    expect(((await login.json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled).toBe(false);
  });

  it('STAFF_TWO_FACTOR=required: staff without it get 403 on every admin route, naming the enrolment, while /api/user works', async () => {
    const email = 'new-staff@agency.example';
    const password = 'staff password 123';
    await t.agency.useCases.createAdmin({ email, password, fullName: 'New Staff', phoneNumber: '+441234567890' });
    const staff = new TestBrowser(t.app);
    const login = await staff.post('/api/login', { email, password });
    expect(login.status).toBe(200);
    const adminRoutes = t.app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL');
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const { method, path } of adminRoutes) {
      const url = path.replace(/:[A-Za-z]+/g, '1');
      const res = await staff.request(url, { method, json: method === 'GET' ? undefined : {} });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect((await res.json()).message).toBe(TWO_FACTOR_MESSAGES.enrolFirst);
    }
    // Nor do staff rights reach applicants' records by the applicants' own calls.
    const applicant = await applicantWithApplication(t);
    expect((await staff.get(`/api/applications/${applicant.application.id}`)).status).toBe(404);
    expect((await staff.get('/api/user')).status).toBe(200);
    expect((await staff.get('/api/user/sessions')).status).toBe(200);
    const setup = (await (await staff.post('/api/user/two-factor/setup')).json()) as { secret: string };
    expect((await staff.post('/api/user/two-factor/enable', { code: await codeAt(setup.secret) })).status).toBe(200);
    expect((await staff.get('/api/admin/applications/counts')).status).toBe(200);
    expect((await staff.get(`/api/applications/${applicant.application.id}`)).status).toBe(200);
  });

  it('an admin resets a member of staff’s two-factor sign-in: secret and codes cleared, their sessions ended', async () => {
    const admin = await signInAdmin(t);
    const colleague = await signInAdmin(t);
    const applicant = await signUp(t.app);
    const reset = await admin.browser.request(`/api/admin/staff/${colleague.user.id}/two-factor`, { method: 'DELETE', json: {} });
    expect(reset.status).toBe(200);
    expect(await t.ports.twoFactor.find(colleague.user.id)).toEqual({ secret: null, pendingSecret: null, enabledAt: null, lastStep: null });
    expect(await t.ports.twoFactor.unusedRecoveryCodes(colleague.user.id)).toBe(0);
    expect(await t.ports.sessions.listForUser(colleague.user.id)).toEqual([]);
    expect((await colleague.browser.get('/api/user')).status).toBe(401);
    // Not staff, unknown, or asked by an applicant: refused, nothing changed.
    expect((await admin.browser.request(`/api/admin/staff/${applicant.user.id}/two-factor`, { method: 'DELETE', json: {} })).status).toBe(404);
    expect((await admin.browser.request('/api/admin/staff/999999/two-factor', { method: 'DELETE', json: {} })).status).toBe(404);
    expect((await applicant.browser.request(`/api/admin/staff/${admin.user.id}/two-factor`, { method: 'DELETE', json: {} })).status).toBe(403);
    expect((await t.ports.twoFactor.find(admin.user.id))?.secret).toBe(admin.twoFactorSecret);
  });
});

describe('two-factor sign-in with STAFF_TWO_FACTOR=optional', () => {
  it('lets staff without it use the admin; applicants are never asked', async () => {
    const t = await makeMemoryApp({ env: { STAFF_TWO_FACTOR: 'optional' } });
    try {
      await t.agency.useCases.createAdmin({ email: 'opt@agency.example', password: 'staff password 123', fullName: 'Opt', phoneNumber: '+441234567890' });
      const staff = new TestBrowser(t.app);
      expect((await staff.post('/api/login', { email: 'opt@agency.example', password: 'staff password 123' })).status).toBe(200);
      expect((await staff.get('/api/admin/applications/counts')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses a STAFF_TWO_FACTOR that is neither required nor optional', async () => {
    await expect(makeMemoryApp({ env: { STAFF_TWO_FACTOR: 'sometimes' } })).rejects.toThrow(/STAFF_TWO_FACTOR/);
  });
});
