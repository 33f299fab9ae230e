import type { ServiceIdentifier } from 'inversify';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type {
  AgencySecrets,
  AgencySettings,
  Clock,
  FileStorage,
  IdGenerator,
  Mailer,
  PassportReader,
  PasswordHasher,
  PaymentGateway,
  Ports,
} from '../../core/ports/index.js';
import type { AgencyUseCases } from './agency.js';
import type { AgencyConfig } from './config.js';

/**
 * The composition root's explicit tokens (no decorator metadata: every binding names the tokens
 * it is built from). One token per thing the apps can be configured with.
 */
export const TOKENS = {
  Config: Symbol.for('evisa.Config') as ServiceIdentifier<AgencyConfig>,
  Settings: Symbol.for('evisa.Settings') as ServiceIdentifier<AgencySettings>,
  Secrets: Symbol.for('evisa.Secrets') as ServiceIdentifier<AgencySecrets>,
  Clock: Symbol.for('evisa.Clock') as ServiceIdentifier<Clock>,
  Ids: Symbol.for('evisa.Ids') as ServiceIdentifier<IdGenerator>,
  Hasher: Symbol.for('evisa.Hasher') as ServiceIdentifier<PasswordHasher>,
  Persistence: Symbol.for('evisa.Persistence') as ServiceIdentifier<Persistence>,
  FileStorage: Symbol.for('evisa.FileStorage') as ServiceIdentifier<FileStorage>,
  Mailer: Symbol.for('evisa.Mailer') as ServiceIdentifier<Mailer>,
  PaymentGateway: Symbol.for('evisa.PaymentGateway') as ServiceIdentifier<PaymentGateway>,
  PassportReader: Symbol.for('evisa.PassportReader') as ServiceIdentifier<PassportReader>,
  Ports: Symbol.for('evisa.Ports') as ServiceIdentifier<Ports>,
  UseCases: Symbol.for('evisa.UseCases') as ServiceIdentifier<AgencyUseCases>,
} as const;

export type TokenName = keyof typeof TOKENS;
