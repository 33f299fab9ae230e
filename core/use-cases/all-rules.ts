import type { EgyptRule } from '../domain/egypt-rules.js';
import type { Ports } from '../ports/index.js';

/** Every stored entry (what the apply form and the API check against). */
export function makeAllRules(ports: Pick<Ports, 'egyptRules'>) {
  return async function allRules(): Promise<EgyptRule[]> {
    return ports.egyptRules.list();
  };
}
