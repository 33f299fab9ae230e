import { isRuleKind, type EgyptRule } from '../domain/egypt-rules.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { RULE_MESSAGES } from '../schemas/egypt-rules.js';
import { makeListRules } from './list-rules.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/** The entries of one kind (and nationality, for a route), oldest first. */
export function makeShowRule(ports: Pick<Ports, 'egyptRules' | 'clock'>) {
  const listRules = makeListRules(ports);
  return async function showRule(actor: Actor, kind: string, subject = ''): Promise<(EgyptRule & { state: 'in_force' | 'scheduled' | 'past' })[]> {
    requirePermission(actor, 'rules.manage');
    if (!isRuleKind(kind)) throw errors.validation(RULE_MESSAGES.kind, { kind: [RULE_MESSAGES.kind] });
    const { rules } = await listRules(actor);
    const found = rules.filter((r) => r.kind === kind && (kind !== 'nationality_route' || !subject || r.subject === subject));
    if (found.length === 0) throw errors.notFound('Rule', `No ${kind} rule for ${subject || 'everyone'}.`);
    return found;
  };
}
