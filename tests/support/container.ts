import type { Container } from 'inversify';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { Ports } from '../../core/ports/index.js';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import { createContainer } from '../../apps/shared/container.js';
import { PORT, PORT_KEYS, T } from '../../apps/shared/tokens.js';

/** Test doubles: any port, and the database. */
export type Fakes = Partial<Ports> & { persistence?: Persistence };

function rebindPort<K extends keyof Ports>(container: Container, key: K, fake: Ports[K]): void {
  container.rebind(PORT[key]).toConstantValue(fake);
}

/**
 * The production container (apps/shared/container.ts) with what the test fakes rebound: the use
 * cases are wired exactly as in the server and the CLI, and only the faked ports differ. A fake is
 * a constant binding, so the agency never closes it; what is not faked stays as the environment
 * (`env`, the configuration contract) selects it.
 */
export function containerOn(fakes: Fakes, env: NodeJS.ProcessEnv = {}): Container {
  const container = createContainer(env);
  for (const key of PORT_KEYS) {
    const fake = fakes[key];
    if (fake !== undefined) rebindPort(container, key, fake);
  }
  if (fakes.persistence) container.rebind(T.persistence).toConstantValue(fakes.persistence);
  return container;
}

/**
 * The use cases on the given ports, from the container. Synchronous: every port is a constant, so
 * nothing is opened (and the configuration is never read).
 */
export function useCasesOn(ports: Ports): UseCases {
  return containerOn(ports).get(T.useCases);
}
