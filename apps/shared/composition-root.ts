import { Container } from 'inversify';
import { STORE_KEYS, storesOf, type Persistence } from '../../adapters/persistence/persistence.js';
import { openPersistence } from '../../adapters/persistence/open.js';
import { openFileStorage } from '../../adapters/storage/open.js';
import { openMailer } from '../../adapters/mail/index.js';
import { openPaymentGateway } from '../../adapters/payments/open.js';
import { openPassportScanner } from '../../adapters/passport/index.js';
import { Argon2PasswordHasher, CryptoIdGenerator, loadOrCreateSecret, SystemClock } from '../../adapters/security/index.js';
import type { Ports } from '../../core/ports/index.js';
import { makeUseCases } from '../../core/use-cases/index.js';
import { makeScanPassport } from '../../core/use-cases/scan-passport.js';
import type { Agency, AgencyUseCases } from './agency.js';
import { loadConfig, type AgencyConfig } from './config.js';
import { TOKENS } from './tokens.js';

export interface CreateAgencyOptions {
  /** Use this database instead of opening the one DATABASE_URL names (tests on memory stores). */
  persistence?: Persistence;
}

function describeDatabase(config: AgencyConfig, persistence: Persistence): string {
  if (persistence.dialect === 'sqlite') return `sqlite (${config.sqliteFile})`;
  if (persistence.dialect === 'postgres' && config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `postgres (${url.hostname}:${url.port || '5432'}${url.pathname})`;
  }
  return persistence.dialect;
}

function describeAdapter(instance: object, fallback: string, override: boolean): string {
  if (!override) return fallback;
  const name = instance.constructor?.name;
  return name && name !== 'Object' ? name : 'custom';
}

/**
 * Builds the inversify container: one binding per token, decorator-free (`toResolvedValue` with the
 * tokens each factory is built from), every binding a singleton. Overrides replace an adapter
 * (tests pass fakes); everything else is chosen from the validated configuration.
 */
export function buildContainer(config: AgencyConfig, overrides: Partial<Ports> = {}, options: CreateAgencyOptions = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });

  container.bind(TOKENS.Config).toConstantValue(config);

  if (overrides.settings) container.bind(TOKENS.Settings).toConstantValue(overrides.settings);
  else
    container
      .bind(TOKENS.Settings)
      .toResolvedValue((c: AgencyConfig) => ({ agencyName: c.agencyName, agencyEmail: c.agencyEmail, publicUrl: c.publicUrl }), [TOKENS.Config]);

  if (overrides.secrets) container.bind(TOKENS.Secrets).toConstantValue(overrides.secrets);
  else
    container
      .bind(TOKENS.Secrets)
      .toResolvedValue((c: AgencyConfig) => ({ tokenKey: c.appSecret ?? loadOrCreateSecret(c.appSecretFile) }), [TOKENS.Config]);

  if (overrides.clock) container.bind(TOKENS.Clock).toConstantValue(overrides.clock);
  else container.bind(TOKENS.Clock).toResolvedValue(() => new SystemClock());

  if (overrides.ids) container.bind(TOKENS.Ids).toConstantValue(overrides.ids);
  else container.bind(TOKENS.Ids).toResolvedValue(() => new CryptoIdGenerator());

  if (overrides.hasher) container.bind(TOKENS.Hasher).toConstantValue(overrides.hasher);
  else container.bind(TOKENS.Hasher).toResolvedValue(() => new Argon2PasswordHasher());

  if (options.persistence) container.bind(TOKENS.Persistence).toConstantValue(options.persistence);
  else
    container
      .bind(TOKENS.Persistence)
      .toResolvedValue((c: AgencyConfig) => openPersistence({ databaseUrl: c.databaseUrl, sqliteFile: c.sqliteFile }), [TOKENS.Config]);

  if (overrides.files) container.bind(TOKENS.FileStorage).toConstantValue(overrides.files);
  else
    container
      .bind(TOKENS.FileStorage)
      .toResolvedValue(async (c: AgencyConfig) => openFileStorage({ storageUrl: c.storageUrl, uploadsDir: c.uploadsDir }), [TOKENS.Config]);

  if (overrides.mailer) container.bind(TOKENS.Mailer).toConstantValue(overrides.mailer);
  else
    container
      .bind(TOKENS.Mailer)
      .toResolvedValue(
        async (c: AgencyConfig, settings: Ports['settings']) =>
          openMailer({ mailUrl: c.mailUrl, outboxDir: c.outboxDir, mailFrom: c.mailFrom, settings }),
        [TOKENS.Config, TOKENS.Settings],
      );

  if (overrides.gateway) container.bind(TOKENS.PaymentGateway).toConstantValue(overrides.gateway);
  else
    container
      .bind(TOKENS.PaymentGateway)
      .toResolvedValue(
        async (c: AgencyConfig, clock: Ports['clock']) => openPaymentGateway(c.stripe, () => clock.now()),
        [TOKENS.Config, TOKENS.Clock],
      );

  // The scanner starts its worker threads with the first scan: binding it costs nothing.
  if (overrides.passportReader) container.bind(TOKENS.PassportReader).toConstantValue(overrides.passportReader);
  else
    container
      .bind(TOKENS.PassportReader)
      .toResolvedValue((c: AgencyConfig) => {
        const { workers, maxQueue, timeoutMs } = c.passportScan;
        return openPassportScanner(definedOnly({ workers, maxQueue, timeoutMs }));
      }, [TOKENS.Config]);

  container.bind(TOKENS.Ports).toResolvedValue(
    (
      settings: Ports['settings'],
      secrets: Ports['secrets'],
      clock: Ports['clock'],
      ids: Ports['ids'],
      hasher: Ports['hasher'],
      persistence: Persistence,
      files: Ports['files'],
      mailer: Ports['mailer'],
      gateway: Ports['gateway'],
      passportReader: Ports['passportReader'],
    ): Ports => {
      const ports: Ports = {
        settings,
        secrets,
        clock,
        ids,
        hasher,
        ...storesOf(persistence),
        files,
        mailer,
        gateway,
        passportReader,
      };
      // An override of one store replaces that store only.
      for (const key of STORE_KEYS) {
        const store = overrides[key];
        if (store) (ports as unknown as Record<string, unknown>)[key] = store;
      }
      return ports;
    },
    [
      TOKENS.Settings,
      TOKENS.Secrets,
      TOKENS.Clock,
      TOKENS.Ids,
      TOKENS.Hasher,
      TOKENS.Persistence,
      TOKENS.FileStorage,
      TOKENS.Mailer,
      TOKENS.PaymentGateway,
      TOKENS.PassportReader,
    ],
  );

  container
    .bind(TOKENS.UseCases)
    .toResolvedValue((ports: Ports): AgencyUseCases => ({ ...makeUseCases(ports), scanPassport: makeScanPassport(ports) }), [TOKENS.Ports]);
  return container;
}

/** The settings that are set (the scanner keeps its own defaults for the others). */
function definedOnly<T extends object>(settings: T): Partial<T> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<T>;
}

async function closeQuietly(instance: unknown): Promise<void> {
  const close = (instance as { close?: () => unknown } | null)?.close;
  if (typeof close === 'function') await close.call(instance);
}

/**
 * The ONE composition root, used by the HTTP server and the CLI: reads the environment contract
 * (a bad value throws ConfigError naming the variable), opens the adapters it selects and builds the
 * use cases. Migrations are not applied here: the server and `cli migrate` apply them.
 */
export async function createAgency(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Ports> = {},
  options: CreateAgencyOptions = {},
): Promise<Agency> {
  const config = loadConfig(env);
  const container = buildContainer(config, overrides, options);
  const persistence = await container.getAsync(TOKENS.Persistence);
  let ports: Ports;
  let useCases: Agency['useCases'];
  try {
    ports = await container.getAsync(TOKENS.Ports);
    useCases = await container.getAsync(TOKENS.UseCases);
  } catch (error) {
    if (!options.persistence) await persistence.close().catch(() => undefined);
    throw error;
  }

  const adapters: Agency['adapters'] = {
    database: describeDatabase(config, persistence),
    storage: describeAdapter(ports.files, config.storageUrl ? `s3 (${new URL(config.storageUrl).host})` : `filesystem (${config.uploadsDir})`, Boolean(overrides.files)),
    mail: describeAdapter(ports.mailer, config.mailUrl ? `smtp (${new URL(config.mailUrl).host})` : `outbox (${config.outboxDir})`, Boolean(overrides.mailer)),
    payments: ports.gateway.name,
  };

  let closed: Promise<void> | null = null;
  return {
    config,
    ports,
    persistence,
    useCases,
    adapters,
    close() {
      closed ??= (async () => {
        // Adapters we opened ourselves are closed; overrides belong to the caller.
        if (!overrides.mailer) await closeQuietly(ports.mailer).catch(() => undefined);
        if (!overrides.files) await closeQuietly(ports.files).catch(() => undefined);
        if (!overrides.gateway) await closeQuietly(ports.gateway).catch(() => undefined);
        if (!overrides.passportReader) await closeQuietly(ports.passportReader).catch(() => undefined);
        if (!options.persistence) await persistence.close();
      })();
      return closed;
    },
  };
}
