import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithApplication, makeMemoryApp, TestBrowser, type TestAgency } from '../support/http.js';
import { captureLog, type CapturedLog } from '../support/log-capture.js';
import { accessLevel, SLOW_ANSWER_SECONDS } from '../../apps/http/request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestAgency;
let log: CapturedLog;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'evisa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Egypt e-Visa</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  log = captureLog('debug');
  t = await makeMemoryApp({ logger: log.logger, app: { staticRoot: dist }, env: { METRICS_TOKEN: 'a-metrics-token-of-some-length' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The access line the server wrote for the answer carrying `id`. */
const accessLine = (id: string) => log.records().filter((r) => r.msg === 'request' && r.reqId === id);

describe('X-Request-Id', () => {
  it('is made for every answer — API, errors, 404s, static files, pages, /metrics — and is on its one access line', async () => {
    const browser = new TestBrowser(t.app);
    const answers: [string, number][] = [
      ['/api/health', 200],
      ['/api/user', 401],
      ['/api/no-such-route', 404],
      ['/', 200],
      ['/dashboard', 200],
      ['/assets/index-abc123.js', 200],
      ['/metrics', 401],
    ];
    const ids = new Set<string>();
    for (const [url, status] of answers) {
      const res = await browser.get(url);
      expect(res.status, url).toBe(status);
      const id = res.headers.get('x-request-id')!;
      expect(id, url).toMatch(UUID);
      ids.add(id);
      expect(accessLine(id), url).toEqual([expect.objectContaining({ level: status < 400 ? 'debug' : 'info', status, method: 'GET', route: expect.any(String) })]);
    }
    expect(ids.size).toBe(answers.length);
  });

  it('takes a sane id from the request (a proxy set it) and replaces any other', async () => {
    const browser = new TestBrowser(t.app);
    for (const sane of ['4bf92f3577b34da6a3ce929d0e0e4736', 'req-1.2:3_x', 'a'.repeat(128)]) {
      const res = await browser.get('/api/health', { 'x-request-id': sane });
      expect(res.headers.get('x-request-id')).toBe(sane);
      expect(accessLine(sane)).toHaveLength(1);
    }
    for (const insane of ['a'.repeat(129), 'two words', 'ada@example.com', '<script>', 'id\u00e9', '']) {
      const res = await browser.get('/api/health', { 'x-request-id': insane });
      expect(res.headers.get('x-request-id'), insane).toMatch(UUID);
      if (insane) expect(log.text()).not.toContain(insane);
    }
  });

  it('is on an internal error and on its log line with the stack, and the client learns nothing more', async () => {
    const owner = await applicantWithApplication(t);
    const original = t.ports.applications.findById;
    t.ports.applications.findById = async () => {
      throw new Error('the disk caught fire');
    };
    try {
      const res = await owner.browser.get(`/api/applications/${owner.application.id}`, { 'x-request-id': 'trace-500' });
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('trace-500');
      expect(await res.text()).not.toContain('fire');
    } finally {
      t.ports.applications.findById = original;
    }
    const lines = log.records().filter((r) => r.reqId === 'trace-500');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'the request failed',
        method: 'GET',
        path: `/api/applications/${owner.application.id}`,
        err: expect.objectContaining({ type: 'Error', message: 'the disk caught fire', stack: expect.stringContaining('request-id.test.ts') }),
      }),
      expect.objectContaining({ level: 'info', msg: 'request', status: 500, route: '/api/applications/:id' }),
    ]);
  });

  it('the access line holds the route pattern, never the URL or its query', async () => {
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.get(`/api/applications/${owner.application.id}?email=${encodeURIComponent(owner.email)}`);
    const [line] = accessLine(res.headers.get('x-request-id')!);
    expect(line).toMatchObject({ route: '/api/applications/:id', status: 200 });
    expect(Object.keys(line!).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'status', 'time']);
    expect(log.text()).not.toContain(owner.email);
  });
});

describe("the access line's level", () => {
  it('is debug for a quick success, info for a refusal or a failure, and a warning for a slow answer', () => {
    expect(accessLevel(200, 0.004)).toBe('debug');
    expect(accessLevel(304, 0.004)).toBe('debug');
    expect(accessLevel(404, 0.004)).toBe('info');
    expect(accessLevel(503, 0.004)).toBe('info');
    expect(accessLevel(200, SLOW_ANSWER_SECONDS)).toBe('warn');
    expect(accessLevel(500, 2.5)).toBe('warn');
  });
});
