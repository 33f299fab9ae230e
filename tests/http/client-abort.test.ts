import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../apps/http/server.js';
import { FastFakeHasher } from '../support/fakes.js';
import { captureLog } from '../support/log-capture.js';

/**
 * A client that goes away while sending its body (a closed laptop, a dropped mobile connection) is
 * no internal error: one log line saying so, no stack trace, and the server carries on.
 */
let dataDir: string;
let server: RunningServer;
const log = captureLog('info');
let cookie = '';

/** Resolves once the server has logged the answer to a request to `pathname` (its access line). */
async function answered(pathname: string, before: number): Promise<void> {
  const route = (r: Record<string, unknown>) => r.msg === 'request' && typeof r.route === 'string' && new RegExp(`^${String(r.route).replace(/:[a-z]+/gi, '[^/]+')}$`).test(pathname);
  for (;;) {
    if (log.records().slice(before).some(route)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-abort-'));
  server = await startServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    overrides: { hasher: new FastFakeHasher() },
    logger: log.logger,
  });
  const res = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'abort@example.com', password: 'secret-123', fullName: 'Abort Test', phoneNumber: '+447700900123' }),
  });
  expect(res.status).toBe(201);
  cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
});
afterAll(async () => {
  await server?.stop(1000);
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Sends the headers and part of a body announced longer, closes the connection once they are
 * sent (the server receives them before the close), and waits for the server to log the request.
 */
async function sendHalfAndLeave(pathname: string, contentType: string, announced: number, partial: string): Promise<void> {
  const url = new URL(server.url);
  const before = log.lines.length;
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.url}\r\nCookie: ${cookie}\r\n` + `Content-Type: ${contentType}\r\nContent-Length: ${announced}\r\n\r\n${partial}`,
        () => {
          socket.destroy();
          resolve();
        },
      );
    });
    socket.on('error', reject);
  });
  await answered(pathname, before);
}

describe('a client that goes away mid-body', () => {
  it('is logged as one line naming the request, never as an internal error with a stack', async () => {
    await sendHalfAndLeave('/api/applications', 'application/json', 5000, '{"givenName":"Ada",');
    await sendHalfAndLeave('/api/applications/1/documents', 'multipart/form-data; boundary=x', 500_000, '--x\r\nContent-Disposition: form-data; name="file"; filename="p.pdf"\r\n\r\n%PDF-1.4');
    const records = log.records();
    expect(records.filter((r) => r.level === 'error' || r.level === 'fatal')).toEqual([]);
    const wentAway = records.filter((r) => r.msg === 'the client went away before sending the whole request');
    expect(wentAway.map((r) => [r.level, r.method, r.path])).toEqual([
      ['info', 'POST', '/api/applications'],
      ['info', 'POST', '/api/applications/1/documents'],
    ]);
    // Each line carries its request's id, the one its access line (and its answer) carries.
    for (const line of wentAway) expect(records.some((r) => r.msg === 'request' && r.reqId === line.reqId)).toBe(true);
    expect(wentAway.every((r) => !('err' in r))).toBe(true);
    // The server is fine.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
  });
});
