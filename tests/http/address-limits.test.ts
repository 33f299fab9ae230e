import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/shared/config.js';
import { makeMemoryApp, TestBrowser, type TestAgency } from '../support/http.js';

let t: TestAgency;
afterEach(async () => {
  await t?.close();
});

const registration = (n: number | string) => ({ email: `new${n}@example.com`, password: 'a-good-password', fullName: `New ${n}`, phoneNumber: '+447700900123' });

describe('registrations per address', () => {
  it('20 an hour from one address; the 21st is 429 { message } and creates nothing; other addresses are unaffected', async () => {
    t = await makeMemoryApp();
    for (let i = 0; i < 20; i += 1) {
      expect((await new TestBrowser(t.app, { ip: '203.0.113.7' }).post('/api/register', registration(i))).status).toBe(201);
    }
    const refused = await new TestBrowser(t.app, { ip: '203.0.113.7' }).post('/api/register', registration(20));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: 'Too many forms have been sent from your network. Please try again later.' });
    expect(await t.ports.users.findByEmail('new20@example.com')).toBeNull();

    expect((await new TestBrowser(t.app, { ip: '198.51.100.8' }).post('/api/register', registration('other'))).status).toBe(201);
    t.clock.advance({ minutes: 60, seconds: 1 });
    expect((await new TestBrowser(t.app, { ip: '203.0.113.7' }).post('/api/register', registration(20))).status).toBe(201);
  });
});

describe('TRUST_PROXY: the address the trusted proxy saw, never the client’s own X-Forwarded-For', () => {
  it('one proxy: a forged header on every request changes nothing, the limit holds', async () => {
    t = await makeMemoryApp({ env: { TRUST_PROXY: '1' } });
    // Every request reaches the app through the proxy (10.0.0.2), which appends the client's real address.
    const viaProxy = (forged: string) =>
      new TestBrowser(t.app, { ip: '10.0.0.2' }).request('/api/register', {
        json: registration(forged),
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
      });
    for (let i = 0; i < 20; i += 1) expect((await viaProxy(`198.18.${i}.1`)).status).toBe(201);
    expect((await viaProxy('198.18.99.1')).status).toBe(429);
    // Another client behind the same proxy is someone else.
    const other = await new TestBrowser(t.app, { ip: '10.0.0.2' }).request('/api/register', {
      json: registration('other'),
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.status).toBe(201);
  });

  it('two proxies: the address the outer proxy saw', async () => {
    t = await makeMemoryApp({ env: { TRUST_PROXY: '2' } });
    const send = (n: number) =>
      new TestBrowser(t.app, { ip: '10.0.0.3' }).request('/api/register', {
        json: registration(n),
        headers: { 'x-forwarded-for': `forged-${n}, 203.0.113.11, 10.0.0.2` },
      });
    for (let i = 0; i < 20; i += 1) expect((await send(i)).status).toBe(201);
    expect((await send(20)).status).toBe(429);
  });

  it('is read from the configuration: a count of hops, true as 1; anything else stops the server', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow('Invalid configuration: TRUST_PROXY must be the number of proxies in front of the server, 0 to 10 (got yes please)');
  });
});
