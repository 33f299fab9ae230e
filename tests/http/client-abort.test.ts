import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../apps/http/server.js';
import { FastFakeHasher } from '../support/fakes.js';

/**
 * A client that goes away while sending its body (a closed laptop, a dropped mobile connection) is
 * no internal error: one log line saying so, no stack trace, and the server carries on.
 */
let dataDir: string;
let server: RunningServer;
const errorsLogged: unknown[] = [];
const lines: string[] = [];
let logged: (() => void) | null = null;
let cookie = '';

/** Resolves once the server logs something more (a line or an error). */
function nextLog(): Promise<void> {
  return new Promise((resolve) => (logged = resolve));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-abort-'));
  server = await startServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    overrides: { hasher: new FastFakeHasher() },
    log: () => undefined,
    app: {
      logError: (error) => {
        errorsLogged.push(error);
        logged?.();
      },
      log: (line) => {
        lines.push(line);
        logged?.();
      },
    },
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
  const handled = nextLog();
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.url}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${announced}\r\n\r\n${partial}`,
        () => {
          socket.destroy();
          resolve();
        },
      );
    });
    socket.on('error', reject);
  });
  await handled;
}

describe('a client that goes away mid-body', () => {
  it('is logged as one line naming the request, never as an internal error with a stack', async () => {
    await sendHalfAndLeave('/api/applications', 'application/json', 5000, '{"givenName":"Ada",');
    await sendHalfAndLeave('/api/applications/1/documents', 'multipart/form-data; boundary=x', 500_000, '--x\r\nContent-Disposition: form-data; name="file"; filename="p.pdf"\r\n\r\n%PDF-1.4');
    expect(errorsLogged).toEqual([]);
    expect(lines).toEqual([
      '[http] POST /api/applications: the client went away before sending the whole request',
      '[http] POST /api/applications/1/documents: the client went away before sending the whole request',
    ]);
    // The server is fine.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
  });
});
