import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe-compatible API server for tests, so the REAL `stripe` SDK is exercised:
 * form-encoded bodies, Bearer auth, Idempotency-Key replays (with `Idempotent-Replayed: true`)
 * and mismatches, and /v1/payment_intents create / retrieve / update / list (created[gte],
 * starting_after, limit) / search (metadata['k']:'v' AND status:'…') / confirm (pm_card_visa,
 * pm_card_chargeDeclined) / cancel; a succeeded intent's `latest_charge` (a Visa ending 4242)
 * expands on retrieve (`expand[]=latest_charge`); and /v1/refunds create / retrieve / list (created,
 * payment_intent, starting_after, limit) with refund events (refund.updated, charge.refunded). Test hooks play
 * the card network and build signed webhook events.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  description: string | null;
  receipt_email: string | null;
  payment_method_types: string[];
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  /** The id of the charge that paid it (a charge object when retrieved with expand[]=latest_charge). */
  latest_charge: string | null;
}

/** A card payment's charge, as much of it as the adapter reads. */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  payment_intent: string;
  charge: string;
  metadata: Record<string, string>;
  created: number;
  failure_reason: string | null;
  reason: string | null;
}

export interface StripeTestServer {
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** The config the adapter takes (STRIPE_API_URL pointing here). */
  config: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string };
  intents: Map<string, FakeIntent>;
  charges: Map<string, FakeCharge>;
  /** `METHOD /path` of every request (after auth), in order. */
  requests: { method: string; path: string; idempotencyKey: string | null; replayed: boolean }[];
  /** The server's clock for `created` (seconds are what Stripe stores). */
  setNow(date: Date): void;
  succeed(intentId: string): FakeIntent;
  decline(intentId: string, message?: string): FakeIntent;
  /** Stripe drops idempotency keys after 24 hours: forget every key seen so far. */
  forgetIdempotencyKeys(): void;
  /** Turn the search API off (answers 400, as on accounts without search). */
  searchEnabled: boolean;
  /** The next n API calls answer this HTTP status (default 500) with an api_error. */
  failNext(n: number, status?: number): void;
  // ---- refunds ----
  refunds: Map<string, FakeRefund>;
  /** How the next refunds are made: at once ('succeeded', the default), 'pending' (settled later with settleRefund) or 'failed'. */
  refundMode: 'succeeded' | 'pending' | 'failed';
  /** The refund settles at the provider (what a later refund.updated event reports). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): FakeRefund;
  /** Staff refund in Stripe's dashboard, outside the product (no metadata). */
  refundOutside(intentId: string, amount: number): FakeRefund;
  /** A signed `refund.created` / `refund.updated` / `refund.failed` event (a refund object) or `charge.refunded` (the charge of `id`, an intent, with its refunds.data). */
  signedRefundEvent(type: 'refund.created' | 'refund.updated' | 'refund.failed' | 'charge.refunded', id: string): { payload: string; signature: string };
  /** A Stripe event (JSON) for an intent, as Stripe would POST it to a webhook endpoint. */
  eventPayload(intentId: string, type?: string, overrides?: Partial<FakeIntent>): string;
  /** `{ payload, signature }` signed with the webhook secret (or another secret / timestamp). */
  signedEvent(intentId: string, options?: { type?: string; secret?: string; timestamp?: number; overrides?: Partial<FakeIntent> }): { payload: string; signature: string };
  stop(): Promise<void>;
}

type Params = Record<string, unknown>;

/** `metadata[applicationId]=1&payment_method_types[0]=card&created[gte]=5` → nested object. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node = out as Record<string, unknown>;
    for (let i = 0; i < path.length - 1; i += 1) {
      const k = path[i]!;
      node[k] = (node[k] as Record<string, unknown>) ?? {};
      node = node[k] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}

const rand = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

/** `metadata['evisaKey']:'a:b' AND status:'succeeded'` → [['metadata.evisaKey', 'a:b'], ['status', 'succeeded']]; null if malformed. */
function query_(params: URLSearchParams): [string, string][] | null {
  const text = params.get('query') ?? '';
  const clauses = text.split(/\s+AND\s+/);
  const out: [string, string][] = [];
  for (const clause of clauses) {
    const m = /^(?:metadata\['([^']+)'\]|(status|currency|amount)):'((?:[^'\\]|\\.)*)'$/.exec(clause.trim());
    if (!m) return null;
    out.push([m[1] ? `metadata.${m[1]}` : m[2]!, m[3]!.replace(/\\(.)/g, '$1')]);
  }
  return out.length ? out : null;
}

function apiError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startStripeServer(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeTestServer> {
  const secretKey = options.secretKey ?? `sk_test_${rand(24)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${rand(32)}`;
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const order: string[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: StripeTestServer['requests'] = [];
  let nowMs: number | null = null;
  let failures = { n: 0, status: 500 };
  const search = { enabled: true };
  const now = () => Math.floor((nowMs ?? Date.now()) / 1000);
  const OPEN = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

  function createIntent(p: Params): { status: number; body: unknown } {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) return apiError(400, 'invalid_request_error', 'Missing required param: amount.', { param: 'amount' });
    if (typeof p.currency !== 'string' || !/^[a-z]{3}$/.test(p.currency)) return apiError(400, 'invalid_request_error', 'Invalid currency.', { param: 'currency' });
    if (p.currency === 'gbp' && amount < 30) return apiError(400, 'invalid_request_error', 'Amount must be at least £0.30 gbp', { param: 'amount', code: 'amount_too_small' });
    const id = `pi_${rand(24)}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${rand(24)}`,
      metadata: (p.metadata as Record<string, string>) ?? {},
      created: now(),
      livemode: false,
      description: (p.description as string) ?? null,
      receipt_email: (p.receipt_email as string) ?? null,
      payment_method_types: p.payment_method_types ? Object.values(p.payment_method_types as Record<string, string>) : ['card'],
      last_payment_error: null,
      latest_charge: null,
    };
    intents.set(id, intent);
    order.push(id);
    return { status: 200, body: intent };
  }

  /** The intent is paid by a charge on pm_card_visa's card (Visa ending 4242). */
  function succeed(intent: FakeIntent): FakeIntent {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    const charge: FakeCharge = {
      id: `ch_${rand(24)}`,
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return intent;
  }

  /** `expand[]=latest_charge` (or `expand[0]=…`, as the SDK writes it): the intent with its charge object. */
  function expanded(intent: FakeIntent, query: URLSearchParams): unknown {
    const wanted = [...query].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === 'latest_charge');
    if (!wanted || !intent.latest_charge) return intent;
    return { ...intent, latest_charge: charges.get(intent.latest_charge) ?? intent.latest_charge };
  }

  function decline(intent: FakeIntent, message = 'Your card was declined.'): FakeIntent {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message };
    return intent;
  }

  // ---- refunds: POST/GET /v1/refunds, GET /v1/refunds/:id (never more than is left of the intent) ----
  const refunds = new Map<string, FakeRefund>();
  const refundOrder: string[] = [];
  const refundState = { mode: 'succeeded' as StripeTestServer['refundMode'] };
  const chargeOf = (intentId: string) => `ch_${intentId.slice(3)}`;
  const refundedOf = (intentId: string) => [...refunds.values()].filter((r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);

  function makeRefund(intent: FakeIntent, amount: number, metadata: Record<string, string>, status: FakeRefund['status']): FakeRefund {
    const refund: FakeRefund = {
      id: `re_${rand(24)}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      status,
      payment_intent: intent.id,
      charge: chargeOf(intent.id),
      metadata,
      created: now(),
      failure_reason: status === 'failed' ? 'declined' : null,
      reason: null,
    };
    refunds.set(refund.id, refund);
    refundOrder.push(refund.id);
    return refund;
  }

  function routeRefunds(method: string, pathname: string, query: URLSearchParams, p: Params): { status: number; body: unknown } | null {
    if (pathname === '/v1/refunds' && method === 'POST') {
      const intent = intents.get(String(p.payment_intent ?? ''));
      if (!intent) return apiError(400, 'invalid_request_error', `No such payment_intent: '${String(p.payment_intent ?? '')}'`, { code: 'resource_missing', param: 'payment_intent' });
      if (intent.status !== 'succeeded') return apiError(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.');
      const left = intent.amount_received - refundedOf(intent.id);
      const amount = p.amount === undefined ? left : Number(p.amount);
      if (!Number.isInteger(amount) || amount < 1) return apiError(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
      if (amount > left) {
        return apiError(400, 'invalid_request_error', `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`, { param: 'amount' });
      }
      return { status: 200, body: makeRefund(intent, amount, (p.metadata as Record<string, string>) ?? {}, refundState.mode) };
    }
    if (pathname === '/v1/refunds' && method === 'GET') {
      const created = (parseForm(query.toString()).created ?? {}) as Record<string, string>;
      const limit = Math.min(Math.max(Number(query.get('limit') ?? 10), 1), 100);
      let list = [...refundOrder].reverse().map((id) => refunds.get(id)!);
      const intent = query.get('payment_intent');
      if (intent) list = list.filter((r) => r.payment_intent === intent);
      if (created.gte) list = list.filter((r) => r.created >= Number(created.gte));
      if (created.gt) list = list.filter((r) => r.created > Number(created.gt));
      if (created.lte) list = list.filter((r) => r.created <= Number(created.lte));
      if (created.lt) list = list.filter((r) => r.created < Number(created.lt));
      const after = query.get('starting_after');
      if (after) {
        const index = list.findIndex((r) => r.id === after);
        if (index === -1) return apiError(400, 'invalid_request_error', `No such refund: '${after}'`, { code: 'resource_missing' });
        list = list.slice(index + 1);
      }
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: list.length > limit, data: list.slice(0, limit) } };
    }
    const match = /^\/v1\/refunds\/([^/]+)$/.exec(pathname);
    if (match && method === 'GET') {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      if (!refund) return apiError(404, 'invalid_request_error', `No such refund: '${decodeURIComponent(match[1]!)}'`, { code: 'resource_missing', param: 'id' });
      return { status: 200, body: refund };
    }
    return null;
  }

  function refundEventPayload(type: string, id: string): string {
    let object: unknown;
    if (type === 'charge.refunded') {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No such payment intent: ${id}`);
      const listed = [...refundOrder]
        .reverse()
        .map((r) => refunds.get(r)!)
        .filter((r) => r.payment_intent === id);
      object = {
        id: chargeOf(id),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refundedOf(id),
        currency: intent.currency,
        payment_intent: id,
        refunded: refundedOf(id) >= intent.amount,
        metadata: intent.metadata,
        refunds: { object: 'list', data: listed, has_more: false, url: `/v1/charges/${chargeOf(id)}/refunds` },
      };
    } else {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`No such refund: ${id}`);
      object = refund;
    }
    return JSON.stringify({
      id: `evt_${rand(24)}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  function route(method: string, pathname: string, query: URLSearchParams, p: Params): { status: number; body: unknown } {
    const refundAnswer = routeRefunds(method, pathname, query, p);
    if (refundAnswer) return refundAnswer;
    const queryParams = query;
    if (pathname === '/v1/payment_intents' && method === 'POST') return createIntent(p);
    if (pathname === '/v1/payment_intents' && method === 'GET') {
      const created = (parseForm(query.toString()).created ?? {}) as Record<string, string>;
      const limit = Math.min(Math.max(Number(query.get('limit') ?? 10), 1), 100);
      let list = [...order].reverse().map((id) => intents.get(id)!);
      if (created.gte) list = list.filter((i) => i.created >= Number(created.gte));
      if (created.gt) list = list.filter((i) => i.created > Number(created.gt));
      if (created.lte) list = list.filter((i) => i.created <= Number(created.lte));
      if (created.lt) list = list.filter((i) => i.created < Number(created.lt));
      const after = query.get('starting_after');
      if (after) {
        const index = list.findIndex((i) => i.id === after);
        if (index === -1) return apiError(400, 'invalid_request_error', `No such payment_intent: '${after}'`, { code: 'resource_missing' });
        list = list.slice(index + 1);
      }
      return { status: 200, body: { object: 'list', url: '/v1/payment_intents', has_more: list.length > limit, data: list.slice(0, limit) } };
    }
    if (pathname === '/v1/payment_intents/search' && method === 'GET') {
      if (!search.enabled) return apiError(400, 'invalid_request_error', 'Search is not available for this account.');
      // Stripe's search language, the subset used here: clauses field:'value' joined by AND, where
      // field is metadata['key'], status, currency or amount.
      const clauses = query_(queryParams);
      if (clauses === null) return apiError(400, 'invalid_request_error', 'Invalid search query.', { param: 'query' });
      const limit = Math.min(Math.max(Number(queryParams.get('limit') ?? 10), 1), 100);
      const list = [...order]
        .reverse()
        .map((id) => intents.get(id)!)
        .filter((i) => clauses.every(([field, value]) => (field.startsWith('metadata.') ? i.metadata[field.slice(9)] === value : String(i[field as keyof FakeIntent]) === value)));
      return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: list.length > limit, next_page: null, data: list.slice(0, limit) } };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(pathname);
    if (match) {
      const intent = intents.get(decodeURIComponent(match[1]!));
      if (!intent) {
        return apiError(404, 'invalid_request_error', `No such payment_intent: '${decodeURIComponent(match[1]!)}'`, { code: 'resource_missing', param: 'intent' });
      }
      const action = match[2];
      if (!action && method === 'GET') return { status: 200, body: expanded(intent, queryParams) };
      if (!action && method === 'POST') {
        if (!OPEN.has(intent.status)) {
          return apiError(400, 'invalid_request_error', `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
        }
        if (p.amount !== undefined) intent.amount = Number(p.amount);
        if (p.currency !== undefined) intent.currency = String(p.currency);
        if (p.metadata) intent.metadata = { ...intent.metadata, ...(p.metadata as Record<string, string>) };
        return { status: 200, body: intent };
      }
      if (action === 'confirm' && method === 'POST') {
        if (!OPEN.has(intent.status)) {
          return apiError(400, 'invalid_request_error', `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
        }
        const pm = String(p.payment_method ?? '');
        if (pm === 'pm_card_visa') return { status: 200, body: succeed(intent) };
        if (pm === 'pm_card_chargeDeclined') {
          decline(intent);
          return apiError(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: intent });
        }
        return apiError(400, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' });
      }
      if (action === 'cancel' && method === 'POST') {
        if (intent.status === 'succeeded') return apiError(400, 'invalid_request_error', 'You cannot cancel this PaymentIntent because it has a status of succeeded.');
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    return apiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${pathname}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${rand(14)}`, ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: ' + String(req.headers.authorization ?? '').slice(7, 15) + '****' } });
        return;
      }
      if (failures.n > 0) {
        failures.n -= 1;
        send(failures.status, { error: { type: 'api_error', message: 'An unknown error occurred (simulated outage).' } });
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = parseForm(raw);
      const key = method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
      if (key) {
        const fingerprint = `${method} ${url.pathname} ${[...new URLSearchParams(raw)]
          .map(([k, v]) => `${k}=${v}`)
          .sort()
          .join('&')}`;
        const seen = idempotency.get(key);
        if (seen) {
          requests.push({ method, path: url.pathname, idempotencyKey: key, replayed: true });
          if (seen.fingerprint !== fingerprint) {
            send(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            });
            return;
          }
          send(seen.status, seen.body, { 'Idempotent-Replayed': 'true', 'Idempotency-Key': key });
          return;
        }
        const result = route(method, url.pathname, url.searchParams, params);
        // Stripe replays the response as it was: a snapshot, not the live object.
        const snapshot = JSON.parse(JSON.stringify(result.body)) as unknown;
        if (result.status < 500) idempotency.set(key, { fingerprint, status: result.status, body: snapshot });
        requests.push({ method, path: url.pathname, idempotencyKey: key, replayed: false });
        send(result.status, snapshot, { 'Idempotency-Key': key });
        return;
      }
      requests.push({ method, path: url.pathname, idempotencyKey: null, replayed: false });
      const result = route(method, url.pathname, url.searchParams, params);
      send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const require = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`No such payment intent: ${id}`);
    return intent;
  };

  const eventPayload = (intentId: string, type = 'payment_intent.succeeded', overrides: Partial<FakeIntent> = {}) =>
    JSON.stringify(
      {
        id: `evt_${rand(24)}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: now(),
        data: { object: { ...require(intentId), ...overrides } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );

  return {
    port,
    secretKey,
    webhookSecret,
    config: { secretKey, publishableKey: `pk_test_${rand(24)}`, webhookSecret, apiUrl: `http://127.0.0.1:${port}` },
    intents,
    charges,
    requests,
    setNow(date) {
      nowMs = date.getTime();
    },
    succeed: (id) => succeed(require(id)),
    decline: (id, message) => decline(require(id), message),
    forgetIdempotencyKeys() {
      idempotency.clear();
    },
    get searchEnabled() {
      return search.enabled;
    },
    set searchEnabled(value: boolean) {
      search.enabled = value;
    },
    failNext(n, status = 500) {
      failures = { n, status };
    },
    refunds,
    get refundMode() {
      return refundState.mode;
    },
    set refundMode(mode: StripeTestServer['refundMode']) {
      refundState.mode = mode;
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`No such refund: ${refundId}`);
      refund.status = status;
      refund.failure_reason = status === 'failed' ? 'declined' : null;
      return refund;
    },
    refundOutside(intentId, amount) {
      return makeRefund(require(intentId), amount, {}, 'succeeded');
    },
    signedRefundEvent(type, id) {
      const payload = refundEventPayload(type, id);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    eventPayload,
    signedEvent(intentId, o = {}) {
      const payload = eventPayload(intentId, o.type, o.overrides);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? webhookSecret, timestamp: o.timestamp });
      return { payload, signature };
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
