import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { createPostgresPersistence } from '../../adapters/persistence/postgres/index.js';
import { CryptoIdGenerator } from '../../adapters/security/crypto-id-generator.js';
import { hashSessionId } from '../../apps/http/sessions.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { makeAppOn, signUp, TestBrowser, type TestAgency } from '../support/http.js';

/**
 * Two nodes (two apps, each with its own pool and session cache) on one PostgreSQL database: what
 * one node, or anyone writing to the database, changes about a session or a user is honoured by
 * the other at once, although each serves repeated requests from its cache. Over PGlite (no
 * server) notifications do not cross connections: the caches stay off, and only the answers are
 * checked.
 */
let postgres: TestPostgres;
let sql: pg.Client;
const persistences: Persistence[] = [];
let a: TestAgency;
let b: TestAgency;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const max = postgres.source === 'pglite' ? 1 : 4;
  for (let i = 0; i < 2; i += 1) persistences.push(createPostgresPersistence(postgres.url, { max }));
  await persistences[0]!.migrate();
  // Real ids: two nodes' sequential test ids would hand out the same session ids.
  a = await makeAppOn(persistences[0]!, { overrides: { ids: new CryptoIdGenerator() } });
  b = await makeAppOn(persistences[1]!, { overrides: { ids: new CryptoIdGenerator() } });
  sql = new pg.Client({ connectionString: postgres.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await a?.close();
  await b?.close();
  for (const persistence of persistences) await persistence.close();
  await postgres?.stop();
});

const real = () => postgres.source !== 'pglite';

/** Counts the session reads `t` makes from the database. */
function sessionReads(t: TestAgency): () => number {
  let reads = 0;
  const { sessions } = t.agency.ports;
  const find = sessions.find.bind(sessions);
  sessions.find = async (idHash) => {
    reads += 1;
    return find(idHash);
  };
  return () => reads;
}
const readsOn = new Map<TestAgency, () => number>();
const reads = (t: TestAgency) => {
  if (!readsOn.has(t)) readsOn.set(t, sessionReads(t));
  return readsOn.get(t)!();
};

/** The browser's session cookie, used on another node (the load balancer may send it anywhere). */
function on(t: TestAgency, browser: TestBrowser): TestBrowser {
  const elsewhere = new TestBrowser(t.app);
  for (const [name, value] of browser.cookies) elsewhere.cookies.set(name, value);
  return elsewhere;
}

/** Asks until `t` serves `browser` from its cache (its listener is up): then no more reads. */
async function servedFromCache(t: TestAgency, browser: TestBrowser): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const before = reads(t);
    expect((await browser.get('/api/user')).status).toBe(200);
    if (reads(t) === before) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the session was never served from the cache');
}

describe('the session cache across nodes on PostgreSQL', () => {
  it('each node listens for changes on its own connection, and serves repeated requests from its cache', async () => {
    const { browser } = await signUp(a.app);
    const onB = on(b, browser);
    if (!real()) {
      expect((await onB.get('/api/user')).status).toBe(200);
      return;
    }
    await servedFromCache(a, browser);
    await servedFromCache(b, onB);
    const { rows } = await sql.query<{ n: string }>("select count(*) as n from pg_stat_activity where application_name = 'evisa-access-listener' and datname = current_database()");
    expect(Number(rows[0]!.n)).toBe(2);
    const before = reads(b);
    for (let i = 0; i < 10; i += 1) expect((await onB.get('/api/applications')).status).toBe(200);
    expect(reads(b)).toBe(before);
  });

  it('a logout on A is refused on B at once', async () => {
    const { browser } = await signUp(a.app);
    const onB = on(b, browser);
    if (real()) await servedFromCache(b, onB);
    expect((await browser.post('/api/logout')).status).toBe(200);
    expect((await onB.get('/api/user')).status).toBe(401);
  });

  it('a password changed on B signs the other browsers out on A at once', async () => {
    const first = await signUp(a.app);
    const second = new TestBrowser(a.app);
    expect((await second.post('/api/login', { email: first.email, password: first.password })).status).toBe(200);
    if (real()) await servedFromCache(a, second);
    const firstOnB = on(b, first.browser);
    expect((await firstOnB.put('/api/user/change-password', { currentPassword: first.password, newPassword: 'another-secret-1' })).status).toBe(200);
    expect((await second.get('/api/user')).status).toBe(401);
  });

  it('changes made straight in the database (another process, by hand) apply at once on every node', async () => {
    const { browser, user } = await signUp(a.app);
    const onB = on(b, browser);
    if (real()) {
      await servedFromCache(a, browser);
      await servedFromCache(b, onB);
    }
    expect((await onB.get('/api/admin/applications/counts')).status).toBe(403);
    // Promoted with two-factor sign-in on, as staff must have it (STAFF_TWO_FACTOR=required).
    await sql.query('update users set is_admin = true, two_factor_enabled_at = now() where id = $1', [user.id]);
    expect((await onB.get('/api/admin/applications/counts')).status).toBe(200);
    expect((await browser.get('/api/admin/applications/counts')).status).toBe(200);
    await sql.query('delete from sessions where id_hash = $1', [hashSessionId(browser.cookies.get('evisa_session')!)]);
    expect((await onB.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('a role changed or a deactivation made straight in the database applies at once on every node (migration 0016)', async () => {
    const { browser, user } = await signUp(a.app);
    await sql.query("update users set is_admin = true, role = 'finance', two_factor_enabled_at = now() where id = $1", [user.id]);
    const onB = on(b, browser);
    if (real()) {
      await servedFromCache(a, browser);
      await servedFromCache(b, onB);
    }
    expect((await onB.get('/api/admin/payment-issues')).status).toBe(200);
    await sql.query("update users set role = 'support' where id = $1", [user.id]);
    expect((await onB.get('/api/admin/payment-issues')).status).toBe(403);
    expect((await browser.get('/api/admin/payment-issues')).status).toBe(403);
    await sql.query('update users set deactivated_at = now() where id = $1', [user.id]);
    expect((await onB.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('while a node’s listener is lost its cache is not used; it comes back on its own', async () => {
    if (!real()) return;
    const { browser } = await signUp(a.app);
    const onB = on(b, browser);
    await servedFromCache(b, onB);
    await sql.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'evisa-access-listener' and datname = current_database()");
    // Whatever B has noticed of the loss so far, the session ended meanwhile is refused.
    await sql.query('delete from sessions where id_hash = $1', [hashSessionId(browser.cookies.get('evisa_session')!)]);
    expect((await onB.get('/api/user')).status).toBe(401);
    // Both listeners reconnect, and serve from the cache again.
    const next = await signUp(a.app);
    await servedFromCache(b, on(b, next.browser));
    await servedFromCache(a, next.browser);
  });
});
