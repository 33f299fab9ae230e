import type { Ports } from '../../core/ports/index.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { AgencyConfig } from './config.js';
import type { Logger } from './logger.js';
import type { AgencyMetrics } from './metrics.js';

/** The whole agency, composed from the environment by the container (apps/shared/container.ts). */
export interface Agency {
  config: AgencyConfig;
  ports: Ports;
  persistence: Persistence;
  useCases: UseCases;
  /** The one logger (JSON lines, LOG_LEVEL). */
  logger: Logger;
  /** What GET /metrics reports. */
  metrics: AgencyMetrics;
  /** What adapters are in use, for /api/health and CLI messages. */
  adapters: { database: string; storage: string; mail: string; payments: string; sms: string };
  close(): Promise<void>;
}
