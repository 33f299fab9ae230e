import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errors } from '../../core/domain/errors.js';
import { applicantWithApplication, makeMemoryApp, signInAdmin, signUp, TestBrowser, type TestAgency } from '../support/http.js';
import { captureLog } from '../support/log-capture.js';

let t: TestAgency;
beforeEach(async () => {
  t = await makeMemoryApp({ env: { AGENCY_EMAIL: 'help@agency.example', AGENCY_NAME: 'Nile Visas' } });
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/config', () => {
  it('tells the SPA the test provider is active and the agency’s contact address', async () => {
    const res = await new TestBrowser(t.app).get('/api/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ paymentProvider: 'test', agencyEmail: 'help@agency.example', agencyName: 'Nile Visas' });
  });

  it('names Stripe and its publishable key (never the secret) when Stripe is configured', async () => {
    const stripe = await makeMemoryApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
    });
    try {
      const res = await new TestBrowser(stripe.app).get('/api/config');
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_public' });
      expect(text).not.toContain('sk_test_secret');
      expect(text).not.toContain('whsec_x');
    } finally {
      await stripe.close();
    }
  });
});

describe('GET /api/health', () => {
  it('tells visitors and applicants only ok; admins also see each check and the adapters in use', async () => {
    const visitor = await new TestBrowser(t.app).get('/api/health');
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ status: 'ok' });
    const applicant = await signUp(t.app);
    expect(await (await applicant.browser.get('/api/health')).json()).toEqual({ status: 'ok' });
    const admin = await signInAdmin(t);
    expect(await (await admin.browser.get('/api/health')).json()).toEqual({ status: 'ok', checks: { database: true, storage: true }, adapters: t.agency.adapters });
    expect(await (await new TestBrowser(t.app).get('/api/health/live')).json()).toEqual({ status: 'ok' });
  });

  it.each(['database', 'storage'] as const)('answers 503 degraded when the %s does not answer, and says what failed in the log only', async (down) => {
    const log = captureLog('warn');
    const watched = await makeMemoryApp({ logger: log.logger });
    try {
      if (down === 'database') watched.agency.persistence.ping = async () => false;
      else watched.ports.files.ping = async () => false;
      const res = await new TestBrowser(watched.app).get('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'degraded' });
      expect(log.records()).toEqual([
        expect.objectContaining({ level: 'warn', component: 'health', reqId: res.headers.get('x-request-id'), msg: expect.stringMatching(new RegExp(`^degraded: ${down} .* did not answer$`)) }),
      ]);
      // Liveness is about the process, not its dependencies.
      expect((await new TestBrowser(watched.app).get('/api/health/live')).status).toBe(200);
    } finally {
      await watched.close();
    }
  });

  it('an outage answers 503 with a plain message; the host and the driver error go to the log only', async () => {
    const log = captureLog('warn');
    const watched = await makeMemoryApp({ logger: log.logger });
    try {
      const owner = await applicantWithApplication(watched);
      watched.ports.applications.findById = async () => {
        throw errors.unavailable('database', 'Cannot reach the database at db.internal.example:5432: connect ECONNREFUSED 10.1.2.3:5432');
      };
      const res = await owner.browser.get(`/api/applications/${owner.application.id}`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
      expect(text).not.toContain('db.internal');
      expect(log.records()).toEqual([
        expect.objectContaining({
          level: 'warn',
          reqId: res.headers.get('x-request-id'),
          method: 'GET',
          path: `/api/applications/${owner.application.id}`,
          service: 'database',
          msg: 'database unavailable',
          err: expect.objectContaining({ message: 'Cannot reach the database at db.internal.example:5432: connect ECONNREFUSED 10.1.2.3:5432' }),
        }),
      ]);
    } finally {
      await watched.close();
    }
  });
});

describe('POST /api/contact', () => {
  const form = {
    fullName: 'Omar Visitor',
    email: 'omar@example.com',
    phoneNumber: '+447700900321',
    nationality: 'United Kingdom',
    purposeOfTravel: 'Tourism with family',
  };

  it('keeps the enquiry, creates an account and answers its userId', async () => {
    const res = await new TestBrowser(t.app).post('/api/contact', form);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ userId: expect.any(Number), accountCreated: true, message: expect.any(String) });
    const user = await t.ports.users.findByEmail('omar@example.com');
    expect(user).toMatchObject({ id: body.userId, fullName: 'Omar Visitor', needsPasswordChange: true });
    expect(await t.ports.enquiries.listByEmail('omar@example.com')).toEqual([expect.objectContaining({ purposeOfTravel: 'Tourism with family' })]);
    expect((await t.ports.outbox.list({ to: 'omar@example.com' })).map((m) => m.template)).toContain('account_created');
  });

  it('answers 400 with the messages of docs/product.md §5.9 and stores nothing', async () => {
    const res = await new TestBrowser(t.app).post('/api/contact', { ...form, fullName: 'O', phoneNumber: '123' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.fullName).toEqual(['Full name must be at least 2 characters']);
    expect(body.errors.phoneNumber).toEqual(['Please enter a valid phone number']);
    expect(await t.ports.users.findByEmail('omar@example.com')).toBeNull();
  });

  it('limits one address to 20 forms an hour (429)', async () => {
    const browser = new TestBrowser(t.app, { ip: '203.0.113.77' });
    for (let i = 0; i < 20; i += 1) {
      expect((await browser.post('/api/contact', { ...form, email: `c${i}@example.com` })).status).toBe(201);
    }
    const res = await browser.post('/api/contact', { ...form, email: 'c21@example.com' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await t.ports.users.findByEmail('c21@example.com')).toBeNull();
  });
});

describe('POST /api/events', () => {
  it('stores page views of visitors and signed-in users, dropping unknown properties', async () => {
    const visitor = new TestBrowser(t.app);
    expect((await visitor.post('/api/events', { name: 'page_view', path: '/faq-page' })).status).toBe(204);
    const { browser, user } = await signUp(t.app);
    const res = await browser.post('/api/events', {
      name: 'application_submitted',
      path: '/apply',
      properties: { nationality: 'United Kingdom', entry: 'Single', creditCard: '4242', amount: 1000 },
    });
    expect(res.status).toBe(204);
    const events = await t.ports.analytics.list();
    expect(events).toEqual([
      expect.objectContaining({ name: 'page_view', path: '/faq-page', userId: null }),
      expect.objectContaining({
        name: 'application_submitted',
        userId: user.id,
        properties: { nationality: 'United Kingdom', entry: 'Single', amount: 1000 },
      }),
    ]);
  });

  it('refuses a missing or oversized name (400) and stores nothing', async () => {
    const browser = new TestBrowser(t.app);
    expect((await browser.post('/api/events', {})).status).toBe(400);
    expect((await browser.post('/api/events', { name: 'x'.repeat(100) })).status).toBe(400);
    expect((await browser.post('/api/events', { name: 'ok', properties: { nationality: 'y'.repeat(500) } })).status).toBe(400);
    expect(await t.ports.analytics.list()).toEqual([]);
  });

  it('limits events per address (600 a minute by default)', async () => {
    const limited = await makeMemoryApp({ app: { eventLimit: { limit: 3, windowMs: 60_000 } } });
    try {
      const browser = new TestBrowser(limited.app);
      for (let i = 0; i < 3; i += 1) expect((await browser.post('/api/events', { name: 'page_view' })).status).toBe(204);
      expect((await browser.post('/api/events', { name: 'page_view' })).status).toBe(429);
      limited.clock.advance({ minutes: 1, seconds: 1 });
      expect((await browser.post('/api/events', { name: 'page_view' })).status).toBe(204);
    } finally {
      await limited.close();
    }
  });
});
