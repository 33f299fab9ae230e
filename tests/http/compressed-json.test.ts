import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applicationForm, makeMemoryApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp();
});
afterEach(async () => {
  await t.close();
});

const gzip = { 'accept-encoding': 'gzip, deflate, br' };

describe('JSON answers on the way to a browser', () => {
  it('gzips a JSON answer for a client that accepts it, the same JSON once unpacked', async () => {
    const { browser } = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await browser.post('/api/applications', applicationForm(t.clock, { passportNumber: `P12345${i}` }))).status).toBe(201);
    const plain = await browser.get('/api/applications');
    const packed = await browser.get('/api/applications', gzip);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = gunzipSync(Buffer.from(await packed.arrayBuffer()));
    const json = await plain.text();
    expect(body.toString('utf8')).toBe(json);
    expect(body.length).toBeGreaterThan(1024);
  });

  it('sends the streamed full admin list as it is read, not gzipped', async () => {
    const admin = await signInAdmin(t);
    const res = await admin.browser.get('/api/admin/applications', gzip);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(Array.isArray(await res.json())).toBe(true);
  });
});
