import type { Agency } from './agency.js';
import { createContainer, resolveAgency, type GivenAdapters } from './container.js';

export type { GivenAdapters } from './container.js';

/**
 * The agency composed by the ONE container (container.ts), for the HTTP server, the CLI, the
 * benchmarks and the tests: reads the environment contract (a bad value throws ConfigError naming
 * the variable), opens the adapters it selects — except those the caller brings (`given`: test
 * doubles, a shared database; they are rebound as constants) — and builds the use cases from the
 * ports. Migrations are not applied here: the server and `cli migrate` apply them.
 */
export async function createAgency(env: NodeJS.ProcessEnv = process.env, given: GivenAdapters = {}): Promise<Agency> {
  return resolveAgency(createContainer(env, given));
}
