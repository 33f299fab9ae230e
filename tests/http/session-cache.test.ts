import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccessChangeFeed, type ExternalChanges } from '../../adapters/persistence/access-changes.js';
import { hashSessionId } from '../../apps/http/sessions.js';
import { SignedInCache } from '../../apps/http/signed-in-cache.js';
import { runCli } from '../cli/helpers/cli.js';
import { enrolTwoFactor, makeMemoryApp, makeSqliteApp, signUp, TestBrowser, type TestAgency } from '../support/http.js';

/**
 * Each server process keeps the sessions it has checked (with their user), so a signed-in request
 * need not read both rows again — but a session ended or a user changed anywhere is refused or
 * seen at once: by this process, by another connection to the same SQLite file, or by the CLI.
 */

/** Counts the database reads of sessions and users a signed-in request makes. */
function countReads(t: TestAgency) {
  const reads = { sessions: 0, users: 0 };
  const { sessions, users } = t.agency.ports;
  const find = sessions.find.bind(sessions);
  const findById = users.findById.bind(users);
  sessions.find = async (idHash) => {
    reads.sessions += 1;
    return find(idHash);
  };
  users.findById = async (id) => {
    reads.users += 1;
    return findById(id);
  };
  return reads;
}

const sessionHashOf = (browser: TestBrowser) => hashSessionId(browser.cookies.get('evisa_session')!);

for (const [name, make] of [
  ['memory adapters', () => makeMemoryApp()],
  ['SQLite', () => makeSqliteApp()],
] as const) {
  describe(`the session cache on ${name}`, () => {
    let t: TestAgency;
    beforeAll(async () => {
      t = await make();
    });
    afterAll(async () => {
      await t.close();
    });

    it('serves repeated signed-in requests without reading the session and user again', async () => {
      const { browser } = await signUp(t.app);
      const reads = countReads(t);
      for (let i = 0; i < 5; i += 1) expect((await browser.get('/api/applications')).status).toBe(200);
      expect(reads).toEqual({ sessions: 1, users: 1 });
    });

    it('a logout is refused at once, even with the old cookie', async () => {
      const { browser } = await signUp(t.app);
      expect((await browser.get('/api/user')).status).toBe(200);
      const stolen = new TestBrowser(t.app);
      stolen.cookies.set('evisa_session', browser.cookies.get('evisa_session')!);
      expect((await stolen.get('/api/user')).status).toBe(200);
      expect((await browser.post('/api/logout')).status).toBe(200);
      expect((await stolen.get('/api/user')).status).toBe(401);
    });

    it('a password change signs the other browsers out at once; a profile change is seen at once', async () => {
      const { browser, email, password } = await signUp(t.app);
      const other = new TestBrowser(t.app);
      expect((await other.post('/api/login', { email, password })).status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(200);
      expect((await browser.put('/api/user/profile', { phoneNumber: '+447700900999' })).status).toBe(200);
      expect(((await (await other.get('/api/user')).json()) as { phoneNumber: string }).phoneNumber).toBe('+447700900999');
      expect((await browser.put('/api/user/change-password', { currentPassword: password, newPassword: 'another-secret-1' })).status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(401);
      expect((await browser.get('/api/user')).status).toBe(200);
    });

    it('a promotion and an erasure made through the stores apply at once', async () => {
      const { browser, user } = await signUp(t.app);
      expect((await browser.get('/api/admin/applications/counts')).status).toBe(403);
      // Staff must use two-factor sign-in (STAFF_TWO_FACTOR=required): the user turned it on as an applicant first.
      await enrolTwoFactor(t, user);
      await t.agency.ports.users.setAdmin(user.id, true);
      expect((await browser.get('/api/admin/applications/counts')).status).toBe(200);
      await t.agency.ports.users.erase(user.id);
      expect((await browser.get('/api/user')).status).toBe(401);
    });

    it('an idle session still expires, decided on what the database holds', async () => {
      const { browser } = await signUp(t.app);
      expect((await browser.get('/api/user')).status).toBe(200);
      const idHash = sessionHashOf(browser);
      t.clock.advance({ days: 8 });
      expect((await browser.get('/api/user')).status).toBe(401);
      expect(await t.agency.ports.sessions.find(idHash)).toBeNull();
    });
  });
}

describe('on SQLite, changes made by other processes', () => {
  let t: TestAgency;
  let dataDir: string;
  let other: Database.Database;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-session-cache-'));
    t = await makeSqliteApp({ env: { DATA_DIR: dataDir } });
    other = new Database(path.join(dataDir, 'agency.sqlite'));
  });
  afterAll(async () => {
    other.close();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session deleted by another connection is refused at once', async () => {
    const { browser } = await signUp(t.app);
    const reads = countReads(t);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect(reads.sessions).toBe(1); // the second came from the cache
    other.prepare('delete from sessions where id_hash = ?').run(sessionHashOf(browser));
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('a user promoted by another connection is an admin at once', async () => {
    const { browser, user } = await signUp(t.app);
    expect((await browser.get('/api/admin/applications/counts')).status).toBe(403);
    // Staff must use two-factor sign-in (STAFF_TWO_FACTOR=required): the user turned it on as an applicant first.
    await enrolTwoFactor(t, user);
    other.prepare('update users set is_admin = 1 where id = ?').run(user.id);
    expect((await browser.get('/api/admin/applications/counts')).status).toBe(200);
  });

  it('the CLI: a user erased by `evisa erase-user` is signed out at once; `create-admin` promotes at once', async () => {
    const env = { DATA_DIR: dataDir, EVISA_NO_PROGRESS: '1' };
    const promoted = await signUp(t.app);
    expect((await promoted.browser.get('/api/admin/applications/counts')).status).toBe(403);
    // Staff must use two-factor sign-in (STAFF_TWO_FACTOR=required): the user turned it on as an applicant first.
    await enrolTwoFactor(t, promoted.user);
    const promote = await runCli(['create-admin', '--email', promoted.email, '--password', 'ignored-1', '--name', 'Ignored', '--phone', '+441111222333'], env);
    expect(promote.code, promote.stderr).toBe(0);
    expect((await promoted.browser.get('/api/admin/applications/counts')).status).toBe(200);

    const erased = await signUp(t.app);
    expect((await erased.browser.get('/api/user')).status).toBe(200);
    const erase = await runCli(['erase-user', '--email', erased.email, '--yes'], env);
    expect(erase.code, erase.stderr).toBe(0);
    expect((await erased.browser.get('/api/user')).status).toBe(401);
  }, 60_000);
});

describe('SignedInCache', () => {
  const session = { idHash: 'h1', userId: 7, createdAt: new Date(0), lastSeenAt: new Date(0) };
  const user = {
    id: 7,
    email: 'a@example.com',
    username: 'a@example.com',
    fullName: 'A',
    phoneNumber: '+440000000000',
    isAdmin: false,
    role: null,
    needsPasswordChange: false,
    createdAt: new Date(0),
    twoFactorEnabled: false,
    locale: 'en-GB' as const,
  };
  let feed: AccessChangeFeed;
  let live: boolean | Promise<boolean> = true;
  beforeAll(() => {
    feed = new AccessChangeFeed();
    const external: ExternalChanges = { sync: () => live, close: async () => {} };
    feed.watch(external);
  });
  afterEach(() => {
    live = true;
  });
  const keep = async (cache: SignedInCache, idHash: string, signedIn = { session: { ...session, idHash }, user }, at = 0) => cache.keep(idHash, signedIn, at, (await cache.lookup(idHash, at)).mark);

  it('keeps nothing read across a change (the read may predate it)', async () => {
    const cache = new SignedInCache(feed);
    const { signedIn, mark } = await cache.lookup('h1', 0);
    expect(signedIn).toBeUndefined();
    feed.announce({ session: 'other' });
    cache.keep('h1', { session, user }, 0, mark);
    expect((await cache.lookup('h1', 1)).signedIn).toBeUndefined();
    await keep(cache, 'h1');
    expect((await cache.lookup('h1', 1)).signedIn).toBeDefined();
  });

  it('drops by session, by user and everything; trusts nothing while the feed cannot be trusted', async () => {
    const cache = new SignedInCache(feed);
    await keep(cache, 'h1');
    await keep(cache, 'h2');
    await keep(cache, 'h3', { session: { ...session, idHash: 'h3', userId: 8 }, user: { ...user, id: 8 } });
    feed.announce({ session: 'h3' });
    expect((await cache.lookup('h3', 1)).signedIn).toBeUndefined();
    expect(cache.size).toBe(2);
    feed.announce({ user: 7 });
    expect(cache.size).toBe(0);
    await keep(cache, 'h1');
    live = false;
    expect(await cache.lookup('h1', 1)).toEqual({ signedIn: undefined, mark: -1 });
    expect(cache.size).toBe(0);
    // An answer that waits for the feed (PostgreSQL's round trip) is awaited before the copy is used.
    live = true;
    await keep(cache, 'h1');
    live = new Promise((resolve) =>
      setTimeout(() => {
        feed.announce({ session: 'h1' });
        resolve(true);
      }, 5),
    );
    expect((await cache.lookup('h1', 1)).signedIn).toBeUndefined();
  });

  it('reads an entry again after maxAgeMs, and holds at most maxEntries', async () => {
    const cache = new SignedInCache(feed, { maxAgeMs: 1000, maxEntries: 2 });
    for (const idHash of ['a', 'b', 'c']) await keep(cache, idHash);
    expect(cache.size).toBe(2);
    expect((await cache.lookup('a', 10)).signedIn).toBeUndefined();
    expect((await cache.lookup('c', 999)).signedIn).toBeDefined();
    expect((await cache.lookup('c', 1000)).signedIn).toBeUndefined();
  });
});
