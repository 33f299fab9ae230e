import { entriesFrom, SHIPPED_EGYPT_RULES, type EgyptRule } from '@core/domain/egypt-rules.js';
import type { PublicRulesDto } from '../../api/rules.js';

/** The entries the form checks against: the server's, or the shipped rules until they arrive (or when they cannot). */
export function formRules(data: PublicRulesDto | undefined): readonly EgyptRule[] {
  // Dates arrive as text; the checks read only the values, dates and kinds.
  return data ? entriesFrom(data as unknown as Parameters<typeof entriesFrom>[0]) : SHIPPED_EGYPT_RULES;
}
