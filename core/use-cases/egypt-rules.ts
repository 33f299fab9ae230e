import { RULE_KINDS, type RuleKind } from '../domain/egypt-rules.js';
import type { Ports } from '../ports/index.js';
import { makeAllRules } from './all-rules.js';
import { makeListRules } from './list-rules.js';
import { makePublicRules } from './public-rules.js';
import { makeSetRule } from './set-rule.js';
import { makeShowRule } from './show-rule.js';
import { makeVisaRoute } from './visa-route.js';

export type { PublicRules } from './public-rules.js';
export type { RuleSetResult } from './set-rule.js';

/**
 * Egypt's rules as dated data (docs/product.md §5.11, decision 0031): anyone reads the rules in force
 * (the apply form checks against them), staff with `rules.manage` (admins) list and change them, every
 * change in the audit chain with its before and after. A change that makes open applications fail
 * (a passport now too short for its arrival, a nationality moved off the e-visa) marks them for
 * staff and mails each applicant once, with what it means for them and what to do.
 * The group's face: each verb is its own file.
 */
export function makeEgyptRules(ports: Pick<Ports, 'egyptRules' | 'governmentFees' | 'clock' | 'audit' | 'settings'>) {
  return {
    allRules: makeAllRules(ports),
    publicRules: makePublicRules(ports),
    visaRoute: makeVisaRoute(ports),
    listRules: makeListRules(ports),
    showRule: makeShowRule(ports),
    setRule: makeSetRule(ports),
  };
}

/** The kinds, for the CLI's and the admin page's choices. */
export const EGYPT_RULE_KINDS: readonly RuleKind[] = RULE_KINDS;
