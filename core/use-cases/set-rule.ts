import { entriesInForce, ruleChangeKey, ruleKey, ruleProblem, type EgyptRule, type RuleCheckedApplication, type RuleNotice } from '../domain/egypt-rules.js';
import { errors } from '../domain/errors.js';
import { londonDateOf } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { egyptRuleInputSchema, RULE_MESSAGES, type EgyptRuleInput } from '../schemas/egypt-rules.js';
import { parseInput } from '../schemas/parse.js';
import { auditEntry, CLI_OPERATOR } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

const writerId = (actor: Actor): number | null => (actor.userId === CLI_OPERATOR.userId ? null : actor.userId);

/** What a rule reads as in the audit chain's before and after. */
const shown = (r: EgyptRule) => ({ kind: r.kind, subject: r.subject, value: r.value, effectiveFrom: r.effectiveFrom, source: r.source, lastChecked: r.lastChecked });

/** What setting a rule did: the entry, the entries it replaced, and the open applications it marked. */
export interface RuleSetResult {
  rule: EgyptRule;
  replaced: EgyptRule[];
  /** Ids of the open applications this change affects and marked now (their applicants were mailed). */
  affected: number[];
}

/**
 * Sets a rule from its effectiveFrom on. The same entry with the same value records a new check
 * (source, lastChecked); a change cannot start in the past while the rule is in force; a change
 * replaces the one already scheduled after today for the same rule (how staff move the 8-month
 * rule's date). Then the open applications arriving from its date that now fail are marked and
 * their applicants mailed, once.
 */
export function makeSetRule(ports: Pick<Ports, 'egyptRules' | 'clock' | 'audit'>) {
  return async function setRule(actor: Actor, input: EgyptRuleInput): Promise<RuleSetResult> {
    requirePermission(actor, 'rules.manage');
    const checked = parseInput(egyptRuleInputSchema, input);
    const now = ports.clock.now();
    const day = londonDateOf(now);
    const lastChecked = checked.lastChecked ?? day;
    if (lastChecked > day) throw errors.validation(RULE_MESSAGES.lastChecked, { lastChecked: [RULE_MESSAGES.lastChecked] });
    const before = await ports.egyptRules.list();
    const key = ruleKey(checked);
    const same = before.find((r) => ruleKey(r) === key && r.effectiveFrom === checked.effectiveFrom);
    const recheck = same !== undefined && JSON.stringify(same.value) === JSON.stringify(checked.value);
    const inForceToday = entriesInForce(before, day).get(key);
    if (!recheck && checked.effectiveFrom < day && inForceToday) {
      throw errors.validation(RULE_MESSAGES.pastInForce, { effectiveFrom: [RULE_MESSAGES.pastInForce] });
    }
    const rule = { ...checked, lastChecked, createdAt: now, createdBy: writerId(actor) } as EgyptRule;
    const remove = recheck ? [] : before.filter((r) => ruleKey(r) === key && r.effectiveFrom > day && r.effectiveFrom !== rule.effectiveFrom).map((r) => r.effectiveFrom);
    // Written with the entry, from those it replaced as read in that transaction (decision 0010).
    const replaced = await ports.egyptRules.save(rule, remove, (gone) => [
      auditEntry(ports, actor, {
        action: 'egypt_rule.set',
        target: { type: 'egypt_rule', id: ruleChangeKey(rule) },
        before: gone.length > 0 ? { entries: gone.map(shown) } : undefined,
        after: shown(rule),
      }),
    ]);
    const affected = recheck ? [] : await noticeAffected(ports, before, [...before.filter((r) => !replaced.some((g) => sameEntry(g, r))), rule], rule, now);
    return { rule, replaced, affected };
  };
}

/** Marks the open applications the change makes fail, and mails each applicant once. */
async function noticeAffected(ports: Pick<Ports, 'egyptRules'>, before: EgyptRule[], after: EgyptRule[], rule: EgyptRule, now: Date): Promise<number[]> {
  const from = [rule.effectiveFrom, londonDateOf(now)].sort()[0]!;
  const change = ruleChangeKey(rule);
  const open = await ports.egyptRules.listOpen(from);
  const byApplicant = new Map<number, { app: RuleCheckedApplication; notice: RuleNotice }[]>();
  for (const app of open) {
    if (app.ruleNoticeChange === change) continue;
    const problem = ruleProblem(after, app);
    if (!problem || ruleProblem(before, app)) continue;
    const list = byApplicant.get(app.userId) ?? [];
    list.push({ app, notice: { change, reason: problem.reason, message: problem.message, at: now.toISOString() } });
    byApplicant.set(app.userId, list);
  }
  const marked: number[] = [];
  for (const list of byApplicant.values()) {
    const first = list[0]!.app;
    const ids = await ports.egyptRules.noticeAffected(
      list.map(({ app, notice }) => ({ applicationId: app.id, notice })),
      {
        to: first.email,
        template: 'rules_changed',
        data: { fullName: first.fullName, applications: list.map(({ app, notice }) => ({ applicationNumber: app.applicationNumber, applicationId: app.id, message: notice.message })) },
      },
      now,
    );
    marked.push(...ids);
  }
  return marked.sort((a, b) => a - b);
}

const sameEntry = (a: EgyptRule, b: EgyptRule) => a.kind === b.kind && a.subject === b.subject && a.effectiveFrom === b.effectiveFrom;
