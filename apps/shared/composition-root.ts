import { STORE_KEYS, storesOf, type Persistence, type Stores } from '../../adapters/persistence/persistence.js';
import { openPersistence } from '../../adapters/persistence/open.js';
import { openFileStorage } from '../../adapters/storage/open.js';
import { openMailer } from '../../adapters/mail/index.js';
import { openPaymentGateway } from '../../adapters/payments/open.js';
import { openPassportScanner } from '../../adapters/passport/index.js';
import { Argon2PasswordHasher, CryptoIdGenerator, loadOrCreateSecret, SystemClock } from '../../adapters/security/index.js';
import type { Ports } from '../../core/ports/index.js';
import { makeUseCases } from '../../core/use-cases/index.js';
import type { Agency } from './agency.js';
import { loadConfig, type AgencyConfig } from './config.js';

/** What the agency is composed of: every port that is not a database store, and the database. */
export type Adapters = Omit<Ports, keyof Stores> & { persistence: Persistence };

/** What a caller (a test, a benchmark) brings instead of what the configuration selects: any adapter or store. */
export type GivenAdapters = Partial<Adapters & Stores>;

/** The adapters the others are opened with. */
type Base = Pick<Adapters, 'settings' | 'clock'> & { config: AgencyConfig };
type Opened = Omit<Adapters, keyof Base>;

/**
 * How each adapter is opened from the validated configuration, in this order, when the caller
 * brings none. Nothing here connects to anything: the database, storage, mail and payments are
 * reached on first use.
 */
const OPEN: { [K in keyof Opened]: (base: Base) => Opened[K] | Promise<Opened[K]> } = {
  secrets: ({ config }) => ({ tokenKey: config.appSecret ?? loadOrCreateSecret(config.appSecretFile) }),
  ids: () => new CryptoIdGenerator(),
  hasher: () => new Argon2PasswordHasher(),
  persistence: ({ config }) => openPersistence({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: config.databasePoolSize }),
  files: ({ config }) => openFileStorage({ storageUrl: config.storageUrl, uploadsDir: config.uploadsDir }),
  mailer: ({ config, settings }) => openMailer({ mailUrl: config.mailUrl, outboxDir: config.outboxDir, mailFrom: config.mailFrom, settings }),
  gateway: ({ config, clock }) => openPaymentGateway(config.stripe, () => clock.now()),
  // The scanner starts its worker threads with the first scan: opening it costs nothing.
  passportReader: ({ config }) => {
    const { workers, maxQueue, timeoutMs } = config.passportScan;
    return openPassportScanner(definedOnly({ workers, maxQueue, timeoutMs }));
  },
};

/** The settings that are set (the scanner keeps its own defaults for the others). */
function definedOnly<T extends object>(settings: T): Partial<T> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<T>;
}

async function closeQuietly(adapter: unknown): Promise<void> {
  const close = (adapter as { close?: () => unknown } | null)?.close;
  if (typeof close === 'function') await Promise.resolve(close.call(adapter)).catch(() => undefined);
}

/**
 * Opens what the caller did not bring, in OPEN's order. `opened` collects what was opened here (the
 * agency closes those, and only those); on a failure they are closed before it propagates.
 */
async function openAdapters(base: Base, given: GivenAdapters, opened: unknown[]): Promise<Opened> {
  const adapters: Partial<Record<keyof Opened, unknown>> = {};
  try {
    for (const key of Object.keys(OPEN) as (keyof Opened)[]) {
      let adapter: unknown = given[key];
      if (adapter === undefined) {
        adapter = await OPEN[key](base);
        opened.push(adapter);
      }
      adapters[key] = adapter;
    }
  } catch (error) {
    for (const adapter of opened.reverse()) await closeQuietly(adapter);
    throw error;
  }
  return adapters as Opened;
}

function describeDatabase(config: AgencyConfig, persistence: Persistence): string {
  if (persistence.dialect === 'sqlite') return `sqlite (${config.sqliteFile})`;
  if (persistence.dialect === 'postgres' && config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `postgres (${url.hostname}:${url.port || '5432'}${url.pathname})`;
  }
  return persistence.dialect;
}

/** The configured adapter's description, or the class of the one the caller brought. */
function describeAdapter(adapter: object, configured: string, given: boolean): string {
  if (!given) return configured;
  const name = adapter.constructor?.name;
  return name && name !== 'Object' ? name : 'custom';
}

/**
 * The ONE composition root, used by the HTTP server, the CLI and the tests: reads the environment
 * contract (a bad value throws ConfigError naming the variable), opens the adapters it selects —
 * except those the caller brings (`given`: test doubles, a shared database) — and builds the use
 * cases from the ports. A plain typed function: every binding is a singleton made once at start,
 * so a container would only add tokens and casts. Migrations are not applied here: the server and
 * `cli migrate` apply them.
 */
export async function createAgency(env: NodeJS.ProcessEnv = process.env, given: GivenAdapters = {}): Promise<Agency> {
  const config = loadConfig(env);
  const base: Base = {
    config,
    settings: given.settings ?? { agencyName: config.agencyName, agencyEmail: config.agencyEmail, publicUrl: config.publicUrl },
    clock: given.clock ?? new SystemClock(),
  };
  const opened: unknown[] = [];
  const { persistence, ...adapters } = await openAdapters(base, given, opened);
  // The database's stores, except any the caller brought on its own (a store that fails on purpose).
  const givenStores = Object.fromEntries(STORE_KEYS.flatMap((key) => (given[key] ? [[key, given[key]]] : [])));
  const ports: Ports = { settings: base.settings, clock: base.clock, ...adapters, ...storesOf(persistence), ...givenStores };

  let closed: Promise<void> | null = null;
  return {
    config,
    ports,
    persistence,
    useCases: makeUseCases(ports),
    adapters: {
      database: describeDatabase(config, persistence),
      storage: describeAdapter(ports.files, config.storageUrl ? `s3 (${new URL(config.storageUrl).host})` : `filesystem (${config.uploadsDir})`, Boolean(given.files)),
      mail: describeAdapter(ports.mailer, config.mailUrl ? `smtp (${new URL(config.mailUrl).host})` : `outbox (${config.outboxDir})`, Boolean(given.mailer)),
      payments: ports.gateway.name,
    },
    close() {
      // What was opened here is closed, newest first, the database last; what was given belongs to the caller.
      closed ??= (async () => {
        for (const adapter of [...opened].reverse()) if (adapter !== persistence) await closeQuietly(adapter);
        if (opened.includes(persistence)) await persistence.close();
      })();
      return closed;
    },
  };
}
