import { isDecided } from '../../../core/domain/status.js';
import { ruleKey, SHIPPED_EGYPT_RULES, type EgyptRule, type RuleCheckedApplication } from '../../../core/domain/egypt-rules.js';
import { londonDateOf } from '../../../core/domain/working-days.js';
import type { EgyptRuleRepository } from '../../../core/ports/egypt-rule-repository.js';
import { appendAudit, copy, queueMails, type MemoryState } from './state.js';

/** The key of one stored entry: its kind, subject and effectiveFrom. */
export const egyptRuleEntryKey = (r: Pick<EgyptRule, 'kind' | 'subject' | 'effectiveFrom'>) => `${ruleKey(r)}@${r.effectiveFrom}`;

/** What a new memory database starts with: the shipped rules (a migration seeds the SQL ones). */
export function seededEgyptRules(): Map<string, EgyptRule> {
  return new Map(SHIPPED_EGYPT_RULES.map((r) => [egyptRuleEntryKey(r), copy(r)]));
}

const order = (a: EgyptRule, b: EgyptRule) =>
  a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.subject !== b.subject ? (a.subject < b.subject ? -1 : 1) : a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0;

export function egyptRuleStore(s: MemoryState): EgyptRuleRepository {
  return {
    async list() {
      return [...s.egyptRules.values()].sort(order).map(copy);
    },
    async save(rule, remove, audit) {
      const gone: EgyptRule[] = [];
      const same = s.egyptRules.get(egyptRuleEntryKey(rule));
      if (same) gone.push(copy(same));
      for (const date of remove) {
        const key = egyptRuleEntryKey({ ...rule, effectiveFrom: date });
        const found = s.egyptRules.get(key);
        if (found && date !== rule.effectiveFrom) {
          gone.push(copy(found));
          s.egyptRules.delete(key);
        }
      }
      s.egyptRules.set(egyptRuleEntryKey(rule), copy(rule));
      appendAudit(s, audit?.(gone.map((r) => copy(r))) ?? []);
      return gone;
    },
    async listOpen(arrivingFrom) {
      const open: RuleCheckedApplication[] = [];
      for (const a of [...s.applications.values()].sort((x, y) => x.id - y.id)) {
        if (isDecided(a.status) || a.cancelledAt || a.expectedArrivalDate < arrivingFrom) continue;
        const user = s.users.get(a.userId);
        open.push({
          id: a.id,
          userId: a.userId,
          email: user?.email ?? '',
          fullName: user?.fullName ?? '',
          applicationNumber: a.applicationNumber,
          nationality: a.nationality,
          passportExpiry: a.passportExpiry,
          expectedArrivalDate: a.expectedArrivalDate,
          appliedOn: londonDateOf(a.createdAt),
          ruleNoticeChange: a.ruleNotice?.change ?? null,
        });
      }
      return open;
    },
    async noticeAffected(notices, mail, now) {
      const marked: number[] = [];
      for (const { applicationId: id, notice } of notices) {
        const a = s.applications.get(id);
        if (!a || a.ruleNotice?.change === notice.change) continue;
        s.applications.set(id, { ...a, ruleNotice: copy(notice) });
        marked.push(id);
      }
      if (marked.length > 0) queueMails(s, [mail], now);
      return marked;
    },
  };
}
