import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMemoryApp, signUp, TestBrowser, type TestAgency } from '../support/http.js';

let t: TestAgency;
beforeAll(async () => {
  t = await makeMemoryApp();
});
afterAll(async () => {
  await t.close();
});

const registration = (email: string) => ({ email, password: 'secret-123', fullName: 'Cross Site', phoneNumber: '+447700900123' });

describe('cross-site requests (CSRF)', () => {
  it('refuses a state-changing request from another origin with 403 { message }, changing nothing', async () => {
    const evil = new TestBrowser(t.app, { origin: 'https://evil.example' });
    const res = await evil.post('/api/register', registration('csrf1@example.com'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "This request must come from the agency's own website." });
    expect(await t.ports.users.findByEmail('csrf1@example.com')).toBeNull();
  });

  it('refuses Origin null and a cross-site Sec-Fetch-Site without Origin', async () => {
    const nullOrigin = await new TestBrowser(t.app, { origin: 'null' }).post('/api/register', registration('csrf2@example.com'));
    expect(nullOrigin.status).toBe(403);
    const crossSite = await new TestBrowser(t.app).request('/api/register', {
      json: registration('csrf3@example.com'),
      noOrigin: true,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await new TestBrowser(t.app).request('/api/register', {
      json: registration('csrf4@example.com'),
      noOrigin: true,
      headers: { 'sec-fetch-site': 'same-site' },
    });
    expect(sameSite.status).toBe(403);
  });

  it('refuses a signed-in user’s cookie riding a cross-site request', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.request('/api/user/profile', { method: 'PUT', json: { phoneNumber: '+440000000000' }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('accepts the app’s own origin, Sec-Fetch-Site same-origin, and clients that send neither header', async () => {
    expect((await new TestBrowser(t.app).post('/api/register', registration('own1@example.com'))).status).toBe(201);
    const sameOrigin = await new TestBrowser(t.app).request('/api/register', {
      json: registration('own2@example.com'),
      noOrigin: true,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(201);
    const cli = await new TestBrowser(t.app).request('/api/register', { json: registration('own3@example.com'), noOrigin: true });
    expect(cli.status).toBe(201);
  });

  it('does not apply to reads', async () => {
    const res = await new TestBrowser(t.app).request('/api/config', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('content types', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('refuses a %s body on a JSON route with 415', async (type) => {
    const res = await new TestBrowser(t.app).request('/api/register', {
      method: 'POST',
      body: JSON.stringify(registration('ct@example.com')),
      headers: { 'content-type': type },
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'Please send the request as JSON (Content-Type: application/json).' });
    expect(await t.ports.users.findByEmail('ct@example.com')).toBeNull();
  });

  it('answers 400 { message } for a body that is not JSON', async () => {
    const res = await new TestBrowser(t.app).request('/api/login', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The request body is not valid JSON.');
  });

  it('answers 413 for a JSON body over 256 KB', async () => {
    const res = await new TestBrowser(t.app).post('/api/events', { name: 'page_view', path: 'x'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('headers on every answer', () => {
  const paths = ['/api/config', '/api/user', '/api/nope', '/some/client/route'];
  it.each(paths)('%s carries the security headers', async (path) => {
    const res = await new TestBrowser(t.app).get(path);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    const hsts = res.headers.get('strict-transport-security')!;
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31536000);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('API answers are never stored by caches', async () => {
    const { browser } = await signUp(t.app);
    for (const path of ['/api/user', '/api/applications', '/api/config']) {
      const res = await browser.get(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const error = await new TestBrowser(t.app).get('/api/user');
    expect(error.headers.get('cache-control')).toBe('no-store');
  });
});

describe('error answers', () => {
  it('an unknown /api path is a JSON 404', async () => {
    const res = await new TestBrowser(t.app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
    const post = await new TestBrowser(t.app).post('/api/does-not-exist', {});
    expect(post.status).toBe(404);
  });

  it('an unexpected failure is a 500 with a plain message and no internals', async () => {
    const broken = await makeMemoryApp();
    try {
      const { browser } = await signUp(broken.app);
      broken.ports.applications.listByUser = async () => {
        throw new Error('SQLITE_CORRUPT: database disk image is malformed at /var/lib/secret.db');
      };
      const res = await browser.get('/api/applications');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: 'Something went wrong on our side. Please try again or contact support.' });
      expect(text).not.toMatch(/SQLITE|secret\.db|at .*\.ts/);
    } finally {
      await broken.close();
    }
  });
});
