import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceIdentifier } from 'inversify';
import { createAgency } from '../../apps/shared/composition-root.js';
import { ConfigError } from '../../apps/shared/config.js';
import { createContainer, resolveAgency } from '../../apps/shared/container.js';
import { OpenedAdapters } from '../../apps/shared/opened-adapters.js';
import { allTokens, PORT, PORT_KEYS, T, USE_CASE } from '../../apps/shared/tokens.js';
import { defaultScannerOptions, PassportScanner } from '../../adapters/passport/index.js';
import { MemoryMailer } from '../../adapters/mail/index.js';
import { MemoryFileStorage } from '../../adapters/storage/memory/index.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { containerOn } from '../support/container.js';
import { FastFakeHasher, FixedClock } from '../support/fakes.js';
import { makeMemoryPorts } from '../support/memory-ports.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evisa-root-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the composition root', () => {
  it('opens every port on the embedded defaults and builds every use case from them', async () => {
    const agency = await createAgency({ DATA_DIR: tempDir() });
    try {
      const ports = agency.ports as unknown as Record<string, unknown>;
      for (const key of PORT_KEYS) expect(ports[key], key).toBeTruthy();
      // The database's stores are the persistence's own.
      expect(agency.ports.users).toBe(agency.persistence.users);
      expect(agency.ports.outbox).toBe(agency.persistence.outbox);
      expect(agency.ports.passportReader).toBeInstanceOf(PassportScanner);
      expect(typeof agency.useCases.registerUser).toBe('function');
      expect(typeof agency.useCases.scanPassport).toBe('function');
    } finally {
      await agency.close();
    }
  });

  it('chooses the embedded adapters from the environment and reports them', async () => {
    const dataDir = tempDir();
    const agency = await createAgency({ DATA_DIR: dataDir });
    try {
      expect(agency.persistence.dialect).toBe('sqlite');
      expect(agency.adapters).toEqual({
        database: `sqlite (${path.join(dataDir, 'agency.sqlite')})`,
        storage: `filesystem (${path.join(dataDir, 'uploads')})`,
        mail: `outbox (${path.join(dataDir, 'outbox')})`,
        payments: 'test',
        sms: `file (${path.join(dataDir, 'sms')})`,
      });
      expect(agency.config.publicUrl).toBe('http://localhost:3000');
      expect(agency.ports.settings).toEqual({
        agencyName: agency.config.agencyName,
        agencyEmail: agency.config.agencyEmail,
        publicUrl: 'http://localhost:3000',
        agencyAddress: ['Egypt e-Visa Agency', 'Suite 3', '48 Fitzroy Street', 'London W1T 5BS', 'United Kingdom'],
        vatNumber: null,
        refundApprovalPence: 2500,
        outageNoticeDays: 7,
      });
      await agency.persistence.migrate();
      const user = await agency.useCases.registerUser({ email: 'root@example.com', password: 'secret-123', fullName: 'Root', phoneNumber: '+447700900123' });
      expect((await agency.ports.users.findById(user.id))?.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await agency.close();
    }
  });

  it('keeps the server secret in DATA_DIR/app-secret (owner-only, the same at every start) unless APP_SECRET is set', async () => {
    const dataDir = tempDir();
    const first = await createAgency({ DATA_DIR: dataDir });
    const again = await createAgency({ DATA_DIR: dataDir });
    try {
      const file = path.join(dataDir, 'app-secret');
      expect(first.ports.secrets.tokenKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(again.ports.secrets.tokenKey).toBe(first.ports.secrets.tokenKey);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await first.close();
      await again.close();
    }
    const shared = 'a-secret-every-node-shares-0123456789-abcdefgh';
    const configured = await createAgency({ DATA_DIR: tempDir(), APP_SECRET: shared });
    try {
      expect(configured.ports.secrets.tokenKey).toBe(shared);
    } finally {
      await configured.close();
    }
    await expect(createAgency({ DATA_DIR: tempDir(), APP_SECRET: 'short' })).rejects.toThrow('Invalid configuration: APP_SECRET must be at least 43 characters');
  });

  it('uses the adapters it is given instead of its own', async () => {
    const clock = new FixedClock('2027-01-04T09:00:00Z');
    const hasher = new FastFakeHasher();
    const agency = await createAgency({ DATA_DIR: tempDir() }, { clock, hasher });
    try {
      expect(agency.ports.clock).toBe(clock);
      expect(agency.ports.hasher).toBe(hasher);
    } finally {
      await agency.close();
    }
  });

  it('closes what it opened and leaves what it was given to its owner', async () => {
    const dataDir = tempDir();
    const database = await createAgency({ DATA_DIR: dataDir });
    await database.persistence.migrate();
    const mailer = Object.assign(new MemoryMailer(database.ports.settings), {
      closed: false,
      close() {
        this.closed = true;
      },
    });
    const agency = await createAgency({ DATA_DIR: dataDir }, { persistence: database.persistence, mailer });
    expect(agency.ports.mailer).toBe(mailer);
    expect(agency.adapters.mail).toBe('MemoryMailer');
    await agency.close();
    expect(mailer.closed).toBe(false);
    expect(await database.persistence.ping()).toBe(true);
    await database.close();
    expect(await database.persistence.ping().catch(() => false)).toBe(false);
  });

  it('binds the passport scanner from PASSPORT_SCAN_* without starting a thread, and close() ends it', async () => {
    const agency = await createAgency({ DATA_DIR: tempDir(), PASSPORT_SCAN_WORKERS: '3', PASSPORT_SCAN_QUEUE: '0', PASSPORT_SCAN_TIMEOUT_SECONDS: '12', PASSPORT_SCANS_PER_HOUR: '5' });
    const scanner = agency.ports.passportReader as PassportScanner;
    expect(scanner).toBeInstanceOf(PassportScanner);
    expect(scanner.options).toMatchObject({ workers: 3, maxQueue: 0, timeoutMs: 12_000 });
    expect(agency.config.passportScan.perHour).toBe(5);
    expect(scanner.threads).toBe(0);
    await agency.close();
    await expect(scanner.read({ body: Buffer.from('x'), contentType: 'image/png' })).rejects.toMatchObject({ data: { type: 'Unavailable' } });
  });

  it('defaults the scan settings: one scanner thread per two cores, 20 scans per user per hour', async () => {
    const agency = await createAgency({ DATA_DIR: tempDir() });
    try {
      expect((agency.ports.passportReader as PassportScanner).options).toEqual(defaultScannerOptions());
      expect(agency.config.passportScan.perHour).toBe(20);
    } finally {
      await agency.close();
    }
  });

  it('close() closes the database, once', async () => {
    const agency = await createAgency({ DATA_DIR: tempDir() });
    await agency.persistence.migrate();
    expect(await agency.persistence.ping()).toBe(true);
    await agency.close();
    await agency.close();
    expect(await agency.persistence.ping().catch(() => false)).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ STORAGE_URL: 's3://nokeys@localhost:9000/bucket' }, 'STORAGE_URL'],
    [{ MAIL_URL: 'http://mail' }, 'MAIL_URL'],
    [{ SMS_URL: 'https://api.twilio.com' }, 'SMS_URL'],
    [{ SMS_URL: 'twilio://AC0123456789abcdef:token@api.twilio.com' }, 'SMS_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ AGENCY_EMAIL: 'nobody' }, 'AGENCY_EMAIL'],
    [{ PASSPORT_SCAN_WORKERS: '0' }, 'PASSPORT_SCAN_WORKERS'],
    [{ PASSPORT_SCAN_QUEUE: 'many' }, 'PASSPORT_SCAN_QUEUE'],
    [{ PASSPORT_SCAN_TIMEOUT_SECONDS: '2.5' }, 'PASSPORT_SCAN_TIMEOUT_SECONDS'],
    [{ PASSPORT_SCAN_TIMEOUT_SECONDS: '36' }, 'PASSPORT_SCAN_TIMEOUT_SECONDS'],
    [{ PASSPORT_SCANS_PER_HOUR: '-1' }, 'PASSPORT_SCANS_PER_HOUR'],
  ])('bad configuration %o fails with one line naming %s', async (env, variable) => {
    const attempt = createAgency({ DATA_DIR: tempDir(), ...env });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    const error = (await attempt.catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain('\n');
  });
});

describe('the container', () => {
  /** Resolves every token of T (every port, use-case factory and piece of the agency); answers the unbound or undefined ones. */
  async function unresolved(container: ReturnType<typeof createContainer>): Promise<string[]> {
    const missing: string[] = [];
    for (const [name, token] of allTokens()) {
      if (!container.isBound(token)) missing.push(`${name}: unbound`);
      else if ((await container.getAsync(token as ServiceIdentifier<unknown>)) === undefined) missing.push(`${name}: undefined`);
    }
    return missing;
  }

  it('has a token for every port and binds every token on the embedded defaults', async () => {
    const container = createContainer({ DATA_DIR: tempDir() });
    try {
      expect(await unresolved(container)).toEqual([]);
      const agency = await container.getAsync(T.agency);
      // The agency's ports and use cases are the tokens' own singletons.
      for (const key of PORT_KEYS) expect(agency.ports[key], key).toBe(await container.getAsync(PORT[key] as ServiceIdentifier<unknown>));
      expect(agency.useCases.confirmPayment).toBe(container.get(USE_CASE.confirmPayment));
      expect(agency.useCases.confirmGroupPayment).toBe(container.get(USE_CASE.applicationGroups).confirmGroupPayment);
      expect(Object.entries(agency.useCases).filter(([, useCase]) => typeof useCase !== 'function')).toEqual([]);
      expect(agency.ports.users).toBe(agency.persistence.users);
    } finally {
      await container.get(T.opened).close();
    }
  });

  it('binds every token with memory adapters rebound, and resolves them without opening anything', async () => {
    const memory = makeMemoryPorts();
    const container = containerOn(memory, { DATA_DIR: tempDir() });
    expect(await unresolved(container)).toEqual([]);
    // Synchronous: every port is a constant the test gave.
    const useCases = container.get(T.useCases);
    expect(typeof useCases.registerUser).toBe('function');
    const agency = await resolveAgency(container);
    for (const key of PORT_KEYS) expect(agency.ports[key], key).toBe(memory[key]);
    expect(agency.persistence).toBe(memory.persistence);
    expect(agency.adapters).toMatchObject({ database: 'memory', storage: 'MemoryFileStorage', mail: 'MemoryMailer' });
    await agency.close();
    // Nothing was opened, so nothing was closed: the memory database still answers.
    expect(await memory.persistence.ping()).toBe(true);
  });

  it('connects to nothing while composing: an unreachable database, storage and mail server are reached on first use only', async () => {
    const agency = await createAgency({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      STORAGE_URL: 's3://KEY:SECRET@127.0.0.1:1/bucket?ssl=false',
      MAIL_URL: 'smtp://127.0.0.1:1',
    });
    expect(agency.adapters).toMatchObject({ database: 'postgres (127.0.0.1:1/none)', storage: 's3 (127.0.0.1:1)', mail: 'smtp (127.0.0.1:1)' });
    expect(await agency.persistence.ping().catch(() => false)).toBe(false);
    await agency.close();
  });

  it('closes what it opened when something fails to open, before the failure propagates', async () => {
    const container = createContainer({ DATA_DIR: tempDir() });
    let database: Persistence | undefined;
    container.onActivation(T.persistence, (_context, persistence) => (database = persistence));
    // Fails once the database is open (it depends on it), while storage is still opening.
    let storageClosed = false;
    const slowStorage = Object.assign(new MemoryFileStorage(), { close: () => void (storageClosed = true) });
    container.rebind(PORT.files).toResolvedValue((opened: OpenedAdapters) => opened.open(delay(50).then(() => slowStorage)), [T.opened]);
    container.rebind(PORT.passportReader).toResolvedValue(
      async (persistence: Persistence) => {
        await persistence.ping();
        throw new Error('the scanner cannot start');
      },
      [T.persistence],
    );
    await expect(resolveAgency(container)).rejects.toThrow('the scanner cannot start');
    expect(database).toBeDefined();
    expect(await database!.ping().catch(() => false)).toBe(false);
    expect(storageClosed).toBe(true);
  });

  it('closes newest first and the database last, once, and closes at once what finishes opening after close()', async () => {
    const closed: string[] = [];
    const adapter = (name: string) => ({ close: async () => void closed.push(name) });
    const opened = new OpenedAdapters();
    const given = adapter('given');
    opened.add(adapter('first'));
    await opened.open(Promise.resolve(adapter('database')), { database: true });
    await opened.open(Promise.resolve(adapter('second')));
    const late = opened.open(delay(20).then(() => adapter('late')));
    expect(opened.has(given)).toBe(false);
    await Promise.all([opened.close(), opened.close()]);
    await expect(late).rejects.toThrow('closed');
    expect(closed).toEqual(['late', 'second', 'first', 'database']);
  });
});
