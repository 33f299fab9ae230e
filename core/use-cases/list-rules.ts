import { entriesInForce, type EgyptRule } from '../domain/egypt-rules.js';
import { londonDateOf, type LocalDate } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** Every entry with whether it is in force today, scheduled or past (staff). */
export function makeListRules(ports: Pick<Ports, 'egyptRules' | 'clock'>) {
  return async function listRules(actor: Actor): Promise<{ today: LocalDate; rules: (EgyptRule & { state: 'in_force' | 'scheduled' | 'past' })[] }> {
    requirePermission(actor, 'rules.manage');
    const rules = await ports.egyptRules.list();
    const day = londonDateOf(ports.clock.now());
    const inForce = new Set([...entriesInForce(rules, day).values()]);
    return { today: day, rules: rules.map((r) => ({ ...r, state: inForce.has(r) ? 'in_force' : r.effectiveFrom > day ? 'scheduled' : 'past' })) };
  };
}
