import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Ports } from '../../core/ports/index.js';
import type { StaffRole } from '../../core/domain/staff-role.js';
import type { Agency } from '../../apps/shared/agency.js';
import { STORE_KEYS } from '../../adapters/persistence/persistence.js';
import { resolveAgency } from '../../apps/shared/container.js';
import { createApp, type AppOptions, type HttpApp } from '../../apps/http/app.js';
import { agencyJobs } from '../../apps/shared/jobs.js';
import { createJobRunner, type JobRunner } from '../../adapters/jobs/runner.js';
import { jobLog, silentLogger, type Logger } from '../../apps/shared/logger.js';
import { T } from '../../apps/shared/tokens.js';
import type { Container } from 'inversify';
import { FastFakeHasher, FixedClock, SequentialIdGenerator } from './fakes.js';
import { containerOn } from './container.js';
import { encryptedMemoryFiles, makeMemoryPorts } from './memory-ports.js';
import { generate as generateTotp } from 'otplib';

/** The origin every test browser claims (the default PUBLIC_URL). */
export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestAgency {
  app: HttpApp;
  agency: Agency;
  ports: Ports;
  clock: FixedClock;
  /**
   * Works the agency's background jobs here, as a server node does (apps/shared/jobs.ts), until
   * close(); an idle worker looks for new jobs every `pollMs`.
   */
  workJobs(options?: { pollMs?: number; log?: (line: string, level?: 'info' | 'warn' | 'error') => void }): Promise<void>;
  /** Stops working jobs (running ones finish first). */
  stopJobs(): Promise<void>;
  /** Removes temporary folders and closes the database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Adapters to use instead of the memory ones. */
  overrides?: Partial<Ports>;
  /** Environment variables (the configuration contract); DATA_DIR defaults to a temp folder. */
  env?: NodeJS.ProcessEnv;
  app?: AppOptions;
  /**
   * The agency's logger (its job engine, the app's request lines and errors): none is written by default.
   * workJobs() writes its job lines to it too unless given a `log`.
   */
  logger?: Logger;
  /**
   * makeAppOn only: the payment provider the configuration selects (the built-in test provider,
   * keeping its payments in this database) instead of the memory gateway.
   */
  configuredPayments?: boolean;
}

/** The container with the test's logger (silent unless the test brings one). */
function withLogger(container: Container, options: TestAppOptions): Container {
  container.rebind(T.logger).toConstantValue(options.logger ?? silentLogger());
  return container;
}

/** The app over `agency`, with a close() that also removes the temp DATA_DIR. */
function testAgency(agency: TestAgency['agency'], clock: FixedClock, dataDir: string, options: TestAppOptions): TestAgency {
  const app = createApp(agency, { staticRoot: null, ...options.app });
  let runner: JobRunner | null = null;
  const stopJobs = async () => {
    await runner?.stop(60_000);
    runner = null;
  };
  return {
    app,
    agency,
    ports: agency.ports,
    clock,
    async workJobs({ pollMs = 20, log = options.logger ? jobLog(options.logger) : () => undefined } = {}) {
      if (runner) return;
      runner = createJobRunner({ store: agency.persistence.jobs, log, pollMs });
      await runner.start(agencyJobs(agency));
    },
    stopJobs,
    async close() {
      await stopJobs();
      await agency.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The HTTP app on memory adapters (makeMemoryPorts), composed by the real container with every
 * adapter rebound to its memory double: a fixed clock, sequential ids and a fast hasher unless
 * overridden. Its files are encrypted at rest as the composition's are (encryptedMemoryFiles,
 * under TEST_FILE_ENCRYPTION_KEYS): storedFiles(t.ports.files) is what the store holds.
 */
export async function makeMemoryApp(options: TestAppOptions = {}): Promise<TestAgency> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-http-mem-'));
  const clock = (options.overrides?.clock as FixedClock | undefined) ?? new FixedClock();
  // Settings come from the configuration (env), as in production.
  const { settings: _settings, persistence, ...ports } = makeMemoryPorts({ clock, files: encryptedMemoryFiles(clock), ...options.overrides });
  const agency = await resolveAgency(withLogger(containerOn({ ...ports, persistence }, { DATA_DIR: dataDir, ...options.env }), options));
  return testAgency(agency, clock, dataDir, options);
}

/** The HTTP app on memory adapters but the given database (a contract harness's SQLite or PostgreSQL). */
export async function makeAppOn(persistence: Agency['persistence'], options: TestAppOptions = {}): Promise<TestAgency> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-http-db-'));
  const clock = (options.overrides?.clock as FixedClock | undefined) ?? new FixedClock();
  const { settings: _settings, persistence: _memory, ...memory } = makeMemoryPorts({ clock, files: encryptedMemoryFiles(clock), ...options.overrides });
  // Every store comes from `persistence`; the rest (files, mail, payments, clock…) from memory.
  const ports = Object.fromEntries(
    Object.entries(memory).filter(([key]) => !(STORE_KEYS as readonly string[]).includes(key) && !(options.configuredPayments && key === 'gateway' && !options.overrides?.gateway)),
  );
  const agency = await resolveAgency(withLogger(containerOn({ ...ports, persistence }, { DATA_DIR: dataDir, ...options.env }), options));
  return testAgency(agency, clock, dataDir, options);
}

/**
 * The HTTP app on the embedded defaults — SQLite file, uploads folder, .eml outbox, built-in test
 * payment provider — in a temp DATA_DIR, migrated. The clock, ids and hasher are test fakes unless
 * `real` is set.
 */
export async function makeSqliteApp(options: TestAppOptions & { real?: boolean } = {}): Promise<TestAgency> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-http-sqlite-'));
  const clock = (options.overrides?.clock as FixedClock | undefined) ?? new FixedClock();
  const fakes: Partial<Ports> = options.real ? {} : { clock, ids: new SequentialIdGenerator(), hasher: new FastFakeHasher() };
  const agency = await resolveAgency(withLogger(containerOn({ ...fakes, ...options.overrides }, { DATA_DIR: dataDir, ...options.env }), options));
  await agency.persistence.migrate();
  return testAgency(agency, clock, dataDir, options);
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** A raw body (set the content type yourself). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Leave out the Origin header a browser sends with state-changing requests. */
  noOrigin?: boolean;
}

/**
 * A browser for `app.request`: keeps cookies like a browser does (Set-Cookie in, Cookie out; Max-Age=0
 * deletes), sends Origin on state-changing requests and comes from a fixed client address.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, newest last (to inspect attributes). */
  readonly setCookies: string[] = [];

  constructor(
    private readonly app: HttpApp,
    readonly options: { origin?: string; ip?: string } = {},
  ) {}

  async request(url: string, options: RequestOptions = {}): Promise<Response> {
    const method = options.method ?? (options.json !== undefined || options.form || options.body ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    if (!['GET', 'HEAD'].includes(method) && !options.noOrigin && headers.origin === undefined) {
      headers.origin = this.options.origin ?? TEST_ORIGIN;
    }
    const env = { incoming: { socket: { remoteAddress: this.options.ip ?? '203.0.113.10' } } };
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
    if (body instanceof ReadableStream) init.duplex = 'half';
    const response = await this.app.request(`http://localhost:3000${url}`, init, env);
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request(url, { method: 'GET', headers });
  }
  post(url: string, json?: unknown) {
    return this.request(url, { method: 'POST', json });
  }
  put(url: string, json?: unknown) {
    return this.request(url, { method: 'PUT', json });
  }
  patch(url: string, json?: unknown) {
    return this.request(url, { method: 'PATCH', json });
  }
  upload(url: string, fields: Record<string, string | Blob | { content: Uint8Array | string; name: string; type?: string }>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string' || value instanceof Blob) form.append(key, value);
      else form.append(key, new File([value.content as BlobPart], value.name, { type: value.type ?? 'application/octet-stream' }));
    }
    return this.request(url, { method: 'POST', form });
  }
}

let userCounter = 0;

export interface SignedUp {
  browser: TestBrowser;
  user: { id: number; email: string; fullName: string; isAdmin: boolean; role: StaffRole | null };
  email: string;
  password: string;
}

/** Registers a new applicant in a fresh browser (signed in afterwards). */
export async function signUp(app: HttpApp, overrides: Partial<{ email: string; password: string; fullName: string; phoneNumber: string; ip: string }> = {}): Promise<SignedUp> {
  userCounter += 1;
  const email = overrides.email ?? `applicant${userCounter}-${Date.now() % 100000}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const browser = new TestBrowser(app, { ip: overrides.ip ?? `198.51.100.${userCounter % 250}` });
  const res = await browser.post('/api/register', {
    email,
    password,
    fullName: overrides.fullName ?? `Applicant ${userCounter}`,
    phoneNumber: overrides.phoneNumber ?? '+447700900123',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as SignedUp['user'];
  return { browser, user, email, password };
}

/** The code an authenticator app holding `secret` shows at `at` (the agency's clock: a test's fake one). */
export function twoFactorCode(secret: string, at: Date): Promise<string> {
  return generateTotp({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/**
 * Turns two-factor sign-in on for a user through the use cases, as the profile page does (set up,
 * then the app's first code), and answers the secret and the recovery codes. The confirming code is
 * the one from the step before the clock's (still accepted: one step of drift), so a sign-in at the
 * clock's own time right after is not a reused code.
 */
export async function enrolTwoFactor(test: TestAgency, user: { id: number; email: string; isAdmin: boolean }): Promise<{ secret: string; recoveryCodes: string[] }> {
  const actor = { userId: user.id, isAdmin: user.isAdmin, email: user.email };
  const { secret } = await test.agency.useCases.setUpTwoFactor(actor);
  const code = await twoFactorCode(secret, new Date(test.agency.ports.clock.now().getTime() - 30_000));
  const { recoveryCodes } = await test.agency.useCases.enableTwoFactor(actor, { code });
  return { secret, recoveryCodes };
}

/** Both steps of signing in with two-factor sign-in: the password, then the code at the clock's time. */
export async function signInWithCode(browser: TestBrowser, test: TestAgency, credentials: { email: string; password: string }, secret: string): Promise<Response> {
  const first = await browser.post('/api/login', credentials);
  if (first.status !== 200) return first;
  const body = (await first.clone().json()) as { twoFactorRequired?: boolean };
  if (!body.twoFactorRequired) return first;
  return browser.post('/api/login/two-factor', { code: await twoFactorCode(secret, test.agency.ports.clock.now()) });
}

/** Creates an admin through the use case (as the CLI does) and signs it in (see signInStaff). */
export async function signInAdmin(test: TestAgency, email = `admin${++userCounter}@agency.example`): Promise<SignedUp & { twoFactorSecret: string }> {
  return signInStaff(test, 'admin', email);
}

/**
 * Creates a member of staff with `role` through the use case (as the CLI's create-admin --role does)
 * and signs them in. Staff must use two-factor sign-in (STAFF_TWO_FACTOR=required, the product's
 * default, in force in tests too): they are enrolled first and sign in with both steps.
 * `twoFactorSecret` lets a test compute their codes.
 */
export async function signInStaff(test: TestAgency, role: StaffRole, email = `${role}${++userCounter}@agency.example`): Promise<SignedUp & { twoFactorSecret: string }> {
  const password = 'admin password 123';
  const { user } = await test.agency.useCases.createAdmin({ email, password, fullName: `Agency ${role[0]!.toUpperCase()}${role.slice(1)}`, phoneNumber: '+441234567890', role });
  const secrets = staffSecrets.get(test.app) ?? new Map<string, string>();
  staffSecrets.set(test.app, secrets);
  const known = user.twoFactorEnabled ? secrets.get(user.email) : undefined;
  if (user.twoFactorEnabled && !known) throw new Error(`${email} already uses two-factor sign-in with a secret this helper does not know`);
  const secret = known ?? (await enrolTwoFactor(test, user)).secret;
  secrets.set(user.email, secret);
  const browser = new TestBrowser(test.app, { ip: '192.0.2.1' });
  const res = await signInWithCode(browser, test, { email, password }, secret);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: SignedUp['user'] };
  return { browser, user: body.user, email, password, twoFactorSecret: secret };
}

/** The two-factor secrets of the staff signInAdmin enrolled, per app and email (signing in again reuses them). */
const staffSecrets = new WeakMap<HttpApp, Map<string, string>>();

/** 'YYYY-MM-DD' `days` after the clock's date. */
export function dateFrom(clock: FixedClock, days: number): string {
  return new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A complete, valid application form relative to the clock. */
export function applicationForm(clock: FixedClock, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    givenName: 'Ada',
    surname: 'Lovelace',
    gender: 'female',
    dateOfBirth: '1990-12-10',
    nationality: 'United Kingdom',
    countryOfBirth: 'United Kingdom',
    otherNationalities: false,
    maritalStatus: 'single',
    profession: 'Engineer',
    purposeOfVisit: 'tourism',
    entry: 'Single',
    expectedArrivalDate: dateFrom(clock, 14),
    expectedDepartureDate: dateFrom(clock, 21),
    passportNumber: '123456789',
    passportExpiry: dateFrom(clock, 800),
    visitedEgyptBefore: false,
    hasBeenDeported: false,
    privacyPolicyAccepted: true,
    ...overrides,
  };
}

/** Tiny files whose first bytes say what they are. */
export const FILES = {
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 9, 9, 9, 9]),
  pdf: new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  /** A GIF: an image, but not an allowed type. */
  gif: new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
  /** An executable named like a PDF. */
  exe: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
};

/** Signs up an applicant and creates an application; answers its id. */
export async function applicantWithApplication(test: TestAgency, overrides: Record<string, unknown> = {}) {
  const applicant = await signUp(test.app);
  const res = await applicant.browser.post('/api/applications', applicationForm(test.clock, overrides));
  if (res.status !== 201) throw new Error(`create application failed: ${res.status} ${await res.text()}`);
  const application = (await res.json()) as { id: number; applicationNumber: string; status: string };
  return { ...applicant, application };
}
