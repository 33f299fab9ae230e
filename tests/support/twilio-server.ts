import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Twilio-compatible API server for tests, so the REAL `twilio` SDK is exercised (as
 * stripe-server.ts does for Stripe): POST /2010-04-01/Accounts/{AccountSid}/Messages.json with
 * HTTP basic auth (the account SID and auth token), a form-encoded body (To, Body, From or
 * MessagingServiceSid), answered with Twilio's message resource (201) or its error shape
 * (`{ code, message, more_info, status }`). It records every message it accepted, and test hooks
 * make it fail: with a Twilio error code (21211 invalid number, 21610 unsubscribed: HTTP 400) or
 * an outage (HTTP 503).
 */

export interface ReceivedText {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

type Failure = { status: number; code: number; message: string };

export interface TwilioServer {
  /** The origin (http://127.0.0.1:port). */
  origin: string;
  accountSid: string;
  authToken: string;
  /** SMS_URL pointing the agency at this server, from `from`. */
  smsUrl(from?: string): string;
  /** Every message accepted, oldest first. */
  received: ReceivedText[];
  /** Requests refused (auth, failures), for assertions. */
  refused: { status: number; code: number | null }[];
  /** The next `n` message requests fail with this answer. */
  failNext(n: number, failure: Failure): void;
  /** Every message to `to` fails with this answer (until cleared with null). */
  failFor(to: string, failure: Failure | null): void;
  close(): Promise<void>;
}

export const TWILIO_ERRORS = {
  invalidNumber: { status: 400, code: 21211, message: "The 'To' number +4412345 is not a valid phone number." },
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  outage: { status: 503, code: 20503, message: 'Service unavailable' },
} as const satisfies Record<string, Failure>;

export async function startTwilioServer(): Promise<TwilioServer> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const received: ReceivedText[] = [];
  const refused: TwilioServer['refused'] = [];
  let pending: { remaining: number; failure: Failure } = { remaining: 0, failure: TWILIO_ERRORS.outage };
  const perNumber = new Map<string, Failure>();

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, failure: Failure) => {
    refused.push({ status: failure.status, code: failure.code });
    answer(res, failure.status, { code: failure.code, message: failure.message, more_info: `https://www.twilio.com/docs/errors/${failure.code}`, status: failure.status });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return error(res, { status: 404, code: 20404, message: 'The requested resource was not found' });
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (auth !== `${accountSid}:${authToken}` || match[1] !== accountSid) return error(res, { status: 401, code: 20003, message: 'Authenticate' });
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return error(res, { status: 400, code: 20001, message: 'Expected a form-encoded body' });
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      const from = form.get('From');
      const messagingServiceSid = form.get('MessagingServiceSid');
      if (!to) return error(res, { status: 400, code: 21604, message: "A 'To' phone number is required." });
      if (!from && !messagingServiceSid) return error(res, { status: 400, code: 21603, message: "A 'From' phone number is required." });
      if (pending.remaining > 0) {
        pending.remaining -= 1;
        return error(res, pending.failure);
      }
      const forNumber = perNumber.get(to);
      if (forNumber) return error(res, forNumber);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      received.push({ sid, accountSid, to, from, messagingServiceSid, body });
      const now = new Date().toUTCString();
      answer(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: messagingServiceSid,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'GBP',
        sid,
        status: 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    accountSid,
    authToken,
    smsUrl: (from = '+447700900123') => `twilio://${accountSid}:${authToken}@127.0.0.1:${port}?from=${encodeURIComponent(from)}&ssl=false`,
    received,
    refused,
    failNext(n, failure) {
      pending = { remaining: n, failure };
    },
    failFor(to, failure) {
      if (failure) perNumber.set(to, failure);
      else perNumber.delete(to);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
