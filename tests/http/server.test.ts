import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../apps/http/server.js';
import { silentLogger } from '../../apps/shared/logger.js';
import { FastFakeHasher } from '../support/fakes.js';
import { applicationForm, FILES } from '../support/http.js';
import { FixedClock } from '../support/fakes.js';

/** The real server on loopback: @hono/node-server, SQLite, its job runner, graceful stop. */
let dataDir: string;
let server: RunningServer;
let cookie = '';
let applicationId = 0;

async function call(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const set = res.headers.getSetCookie()[0];
  if (set) cookie = set.split(';')[0];
  return res;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-server-'));
  server = await startServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    overrides: { hasher: new FastFakeHasher() },
    logger: silentLogger(),
  });
  expect((await call('POST', '/api/register', { email: 'server@example.com', password: 'secret-123', fullName: 'Server Test', phoneNumber: '+447700900123' })).status).toBe(201);
  const created = await call('POST', '/api/applications', applicationForm(new FixedClock(new Date())));
  expect(created.status).toBe(201);
  applicationId = (await created.json()).id;
});
afterAll(async () => {
  await server?.stop(1000);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Streams a multipart upload in chunks; answers the status and how many bytes were written before it. */
function streamUpload(
  totalBytes: number,
  options: { chunked: boolean; beforeEnd?: () => Promise<void> },
): Promise<{ status: number; written: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const boundary = 'evisaboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL(`${server.url}/api/applications/${applicationId}/documents`);
    const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie };
    if (!options.chunked) headers['content-length'] = String(head.length + totalBytes + tail.length);
    let written = 0;
    let answered = false;
    const req = http.request({ method: 'POST', hostname: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, written, body, headers: res.headers }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024);
    Buffer.from(FILES.pdf).copy(chunk);
    (async () => {
      req.write(head);
      let sent = 0;
      while (sent < totalBytes && !answered) {
        const piece = sent === 0 ? chunk : Buffer.alloc(Math.min(chunk.length, totalBytes - sent));
        const slice = piece.subarray(0, Math.min(piece.length, totalBytes - sent));
        if (!req.write(slice)) await new Promise((r) => req.once('drain', r));
        sent += slice.length;
        written = sent;
        if (sent === slice.length && options.beforeEnd) await options.beforeEnd();
      }
      if (!answered) req.end(tail);
    })().catch(() => undefined);
  });
}

describe('the running server', () => {
  it('answers health (only ok to visitors) with the security headers', async () => {
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('refuses a chunked upload with 413 as soon as it passes 10 MB, without reading the rest', async () => {
    const result = await streamUpload(40 * 1024 * 1024, { chunked: true });
    expect(result.status).toBe(413);
    expect(result.headers['content-security-policy']).toContain("default-src 'self'");
    expect(result.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(result.body)).toEqual({ message: 'Please select a file smaller than 10MB.' });
    expect(result.written).toBeLessThan(30 * 1024 * 1024);
  });

  it('puts the security headers on every kind of answer, and lets a handler override one', async () => {
    const notFound = await call('GET', '/api/nope');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('x-frame-options')).toBe('DENY');
    expect(notFound.headers.get('cache-control')).toBe('no-store');
    const crossSite = await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const doc = await call('GET', `/api/applications/${applicationId}/documents`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends queued mail right after the request that queued it (its deliver-mail job)', async () => {
    const outbox = path.join(dataDir, 'outbox');
    await vi.waitFor(() => expect(existsSync(outbox) && readdirSync(outbox).filter((f) => f.endsWith('.eml')).length).toBeGreaterThanOrEqual(1), { timeout: 5000, interval: 50 });
  });

  it('stop() lets an in-flight upload finish, then closes the database', async () => {
    let stopped: Promise<void> | null = null;
    const upload = streamUpload(2 * 1024 * 1024, {
      chunked: false,
      beforeEnd: async () => {
        stopped = server.stop(10_000);
        // The server has stopped listening (new connections are refused) before the upload ends.
        await vi.waitFor(() => expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow(), { timeout: 5000, interval: 20 });
      },
    });
    const result = await upload;
    expect(result.status).toBe(201);
    await stopped;
    expect(await server.agency.persistence.ping().catch(() => false)).toBe(false);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});

describe('apps/http/main.ts', () => {
  const root = path.resolve(__dirname, '../..');
  function runMain(env: NodeJS.ProcessEnv) {
    return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/http/main.ts')], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  it('stops with one line naming the variable on bad configuration (exit 1)', async () => {
    const child = runMain({ PORT: 'abc', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'evisa-main-')) });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got abc)');
  });

  it('in production (NODE_ENV=production) refuses to start without FILE_ENCRYPTION_KEYS: one line naming it (exit 1)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evisa-main-'));
    const child = runMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, NODE_ENV: 'production', FILE_ENCRYPTION_KEYS: '' });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid configuration: FILE_ENCRYPTION_KEYS must be set when NODE_ENV=production: comma-separated id:base64key pairs, e.g. k1:<`openssl rand -base64 32`> (README "Encryption keys")',
    );
    expect(existsSync(path.join(dir, 'file-encryption.key'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves on the embedded defaults, applies migrations, and drains on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evisa-main-'));
    const child = runMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL logged: ${stdout}`)), 20_000);
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    // Without FILE_ENCRYPTION_KEYS (outside production) the embedded default made its key, and said so.
    expect(stdout).toContain(`made a new file encryption key in ${path.join(dir, 'file-encryption.key')}. Every stored document is encrypted under it: back it up apart from the data`);
    // Visitors learn nothing of the installation; the operator reads the adapters in the start-up log.
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(stdout).toContain(`database sqlite (${path.join(dir, 'agency.sqlite')}) · storage filesystem (${path.join(dir, 'uploads')}) · mail outbox (${path.join(dir, 'outbox')}) · payments test`);
    const register = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'main@example.com', password: 'secret-123', fullName: 'Main Test', phoneNumber: '+447700900123' }),
    });
    expect(register.status).toBe(201);
    child.kill('SIGTERM');
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(0);
    expect(stdout).toContain('Stopped.');
    rmSync(dir, { recursive: true, force: true });
  });
});
