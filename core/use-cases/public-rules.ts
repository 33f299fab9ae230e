import { rulesInForce, type EgyptRule, type RulesInForce } from '../domain/egypt-rules.js';
import { governmentFeeOn, type GovernmentFee } from '../domain/portal-ledger.js';
import { londonDateOf, type LocalDate } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { isCalendarDate } from '../schemas/dates.js';

/** The rules in force on a date, with issue 26's government fee in force that day beside them (docs/product.md §5.11). */
export interface PublicRules extends RulesInForce {
  /** The government fee per entry type the portal charges (US cents). Only the single entry is configured (issue 26). */
  governmentFee: { Single: { amountCents: number; effectiveFrom: LocalDate } | null };
  /** Changes already scheduled after `on` (the 8-month rule before its date), so a form can check a later arrival. */
  scheduled: EgyptRule[];
}

/**
 * GET /api/public/rules: the rules in force on `on` (default today), issue 26's government fee in
 * force that day, and the changes scheduled after it (who set them is left out).
 */
export function makePublicRules(ports: Pick<Ports, 'egyptRules' | 'governmentFees' | 'clock'>) {
  return async function publicRules(on?: string): Promise<PublicRules> {
    const date = on && isCalendarDate(on) ? on : londonDateOf(ports.clock.now());
    const [stored, fees] = await Promise.all([ports.egyptRules.list(), ports.governmentFees.list()]);
    const rules = stored.map((r) => ({ ...r, createdBy: null }));
    const fee: GovernmentFee | null = governmentFeeOn(fees, date);
    return {
      ...rulesInForce(rules, date),
      governmentFee: { Single: fee ? { amountCents: fee.amountCents, effectiveFrom: fee.effectiveFrom } : null },
      scheduled: rules.filter((r) => r.effectiveFrom > date),
    };
  };
}
