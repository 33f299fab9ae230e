import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMemoryApp, TestBrowser, type TestAgency } from '../support/http.js';

let t: TestAgency;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'evisa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Egypt e-Visa</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await makeMemoryApp({ app: { staticRoot: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the SPA build', () => {
  it('serves index.html at / and for client routes, revalidated every time', async () => {
    for (const route of ['/', '/dashboard', '/admin', '/payment?applicationId=3&type=initial', '/nothing/such/page']) {
      const res = await new TestBrowser(t.app).get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('serves hashed assets as immutable and other files as they are', async () => {
    const js = await new TestBrowser(t.app).get('/assets/index-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toContain('immutable');
    const icon = await new TestBrowser(t.app).get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/svg/);
  });

  it('never answers index.html for /api paths', async () => {
    const res = await new TestBrowser(t.app).get('/api/unknown');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });

  it('refuses path traversal', async () => {
    const res = await new TestBrowser(t.app).get('/../../etc/passwd');
    expect(await res.text()).not.toContain('root:');
    const encoded = await new TestBrowser(t.app).get('/%2e%2e/%2e%2e/etc/passwd');
    expect(await encoded.text()).not.toContain('root:');
  });
});
