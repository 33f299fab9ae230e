import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../apps/http/server.js';
import { loadConfig } from '../../apps/shared/config.js';
import { silentLogger } from '../../apps/shared/logger.js';
import { FastFakeHasher } from '../support/fakes.js';
import { readExposition } from '../support/prometheus.js';

describe('METRICS_PORT: a second listener on 127.0.0.1', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-metrics-port-'));
    server = await startServer({ env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0' }, overrides: { hasher: new FastFakeHasher() }, logger: silentLogger() });
  });
  afterAll(async () => {
    await server?.stop(1000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers GET /metrics without a token, on loopback only, and nothing else', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(String(server.port));
    // A request through the main port first, so its duration is there.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    const res = await fetch(`${server.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    const families = readExposition(await res.text());
    expect(families.get('http_request_duration_seconds')!.samples.some((s) => s.labels.route === '/api/health/live')).toBe(true);
    expect(families.has('evisa_job_queue_waiting')).toBe(true);
    const other = await fetch(`${server.metricsUrl}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Not found.' });
  });

  it('the main port, without METRICS_TOKEN, has no /metrics', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('the configuration', () => {
  it('reads LOG_LEVEL, METRICS_TOKEN and METRICS_PORT, with defaults', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', metricsToken: null, metricsPort: null });
    expect(loadConfig({ LOG_LEVEL: 'DEBUG', METRICS_TOKEN: 'x'.repeat(16), METRICS_PORT: '9464' })).toMatchObject({ logLevel: 'debug', metricsToken: 'x'.repeat(16), metricsPort: 9464 });
  });

  it.each([
    [{ LOG_LEVEL: 'verbose' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got verbose)'],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 32`)'],
    [{ METRICS_TOKEN: 'sixteen chars with spaces' }, 'Invalid configuration: METRICS_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 32`)'],
    [{ METRICS_PORT: '70000' }, 'Invalid configuration: METRICS_PORT must be a whole number from 0 to 65535 (got 70000)'],
    [{ METRICS_PORT: 'metrics' }, 'Invalid configuration: METRICS_PORT must be a whole number from 0 to 65535 (got metrics)'],
    [{ PORT: '3000', METRICS_PORT: '3000' }, 'Invalid configuration: METRICS_PORT must differ from PORT (both 3000)'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
