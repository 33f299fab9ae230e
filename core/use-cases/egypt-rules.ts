import {
  entriesInForce,
  isRuleKind,
  RULE_KINDS,
  ruleChangeKey,
  ruleKey,
  ruleProblem,
  rulesInForce,
  type EgyptRule,
  type RuleCheckedApplication,
  type RuleKind,
  type RuleNotice,
  type RulesInForce,
} from '../domain/egypt-rules.js';
import { errors } from '../domain/errors.js';
import { governmentFeeOn, type GovernmentFee } from '../domain/portal-ledger.js';
import { routesFor, type RouteAnswer } from '../domain/visa-router.js';
import { visaRouteQuerySchema, type VisaRouteQuery } from '../schemas/visa-router.js';
import { londonDateOf, type LocalDate } from '../domain/working-days.js';
import type { Ports } from '../ports/index.js';
import { egyptRuleInputSchema, RULE_MESSAGES, type EgyptRuleInput } from '../schemas/egypt-rules.js';
import { parseInput } from '../schemas/parse.js';
import { isCalendarDate } from '../schemas/dates.js';
import { CLI_OPERATOR, recordAudit } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

const writerId = (actor: Actor): number | null => (actor.userId === CLI_OPERATOR.userId ? null : actor.userId);

/** What a rule reads as in the audit chain's before and after. */
const shown = (r: EgyptRule) => ({ kind: r.kind, subject: r.subject, value: r.value, effectiveFrom: r.effectiveFrom, source: r.source, lastChecked: r.lastChecked });

/** The rules in force on a date, with issue 26's government fee in force that day beside them (docs/product.md §5.11). */
export interface PublicRules extends RulesInForce {
  /** The government fee per entry type the portal charges (US cents). Only the single entry is configured (issue 26). */
  governmentFee: { Single: { amountCents: number; effectiveFrom: LocalDate } | null };
  /** Changes already scheduled after `on` (the 8-month rule before its date), so a form can check a later arrival. */
  scheduled: EgyptRule[];
}

/** What setting a rule did: the entry, the entries it replaced, and the open applications it marked. */
export interface RuleSetResult {
  rule: EgyptRule;
  replaced: EgyptRule[];
  /** Ids of the open applications this change affects and marked now (their applicants were mailed). */
  affected: number[];
}

/**
 * Egypt's rules as dated data (docs/product.md §5.11, decision 0031): anyone reads the rules in force
 * (the apply form checks against them), staff with `rules.manage` (admins) list and change them, every
 * change in the audit chain with its before and after. A change that makes open applications fail
 * (a passport now too short for its arrival, a nationality moved off the e-visa) marks them for
 * staff and mails each applicant once, with what it means for them and what to do.
 */
export function makeEgyptRules(ports: Pick<Ports, 'egyptRules' | 'governmentFees' | 'clock' | 'audit' | 'settings'>) {
  const today = () => londonDateOf(ports.clock.now());

  /** Every stored entry (what the apply form and the API check against). */
  async function allRules(): Promise<EgyptRule[]> {
    return ports.egyptRules.list();
  }

  /**
   * GET /api/public/rules: the rules in force on `on` (default today), issue 26's government fee in
   * force that day, and the changes scheduled after it (who set them is left out).
   */
  async function publicRules(on?: string): Promise<PublicRules> {
    const date = on && isCalendarDate(on) ? on : today();
    const [stored, fees] = await Promise.all([ports.egyptRules.list(), ports.governmentFees.list()]);
    const rules = stored.map((r) => ({ ...r, createdBy: null }));
    const fee: GovernmentFee | null = governmentFeeOn(fees, date);
    return {
      ...rulesInForce(rules, date),
      governmentFee: { Single: fee ? { amountCents: fee.amountCents, effectiveFrom: fee.effectiveFrom } : null },
      scheduled: rules.filter((r) => r.effectiveFrom > date),
    };
  }

  /**
   * GET /api/public/route (docs/product.md §5.12): every route into Egypt open to a traveller, from the
   * rules in force on their arrival date and the government fee in force today (when they would apply).
   * Bad input (an unknown nationality, an arrival in the past or over 12 months away, a bad stay) is a
   * Validation error. `portalUrl` is the official portal the agency names (its configuration).
   */
  async function visaRoute(query: VisaRouteQuery, portalUrl: string): Promise<RouteAnswer> {
    const day = today();
    const trip = parseInput(visaRouteQuerySchema(day), query);
    const [stored, fees] = await Promise.all([ports.egyptRules.list(), ports.governmentFees.list()]);
    return routesFor(trip, rulesInForce(stored, trip.arrival), governmentFeeOn(fees, day), day, portalUrl);
  }

  /** Every entry with whether it is in force today, scheduled or past (staff). */
  async function listRules(actor: Actor): Promise<{ today: LocalDate; rules: (EgyptRule & { state: 'in_force' | 'scheduled' | 'past' })[] }> {
    requirePermission(actor, 'rules.manage');
    const rules = await ports.egyptRules.list();
    const day = today();
    const inForce = new Set([...entriesInForce(rules, day).values()]);
    return { today: day, rules: rules.map((r) => ({ ...r, state: inForce.has(r) ? 'in_force' : r.effectiveFrom > day ? 'scheduled' : 'past' })) };
  }

  /** The entries of one kind (and nationality, for a route), oldest first. */
  async function showRule(actor: Actor, kind: string, subject = ''): Promise<(EgyptRule & { state: 'in_force' | 'scheduled' | 'past' })[]> {
    requirePermission(actor, 'rules.manage');
    if (!isRuleKind(kind)) throw errors.validation(RULE_MESSAGES.kind, { kind: [RULE_MESSAGES.kind] });
    const { rules } = await listRules(actor);
    const found = rules.filter((r) => r.kind === kind && (kind !== 'nationality_route' || !subject || r.subject === subject));
    if (found.length === 0) throw errors.notFound('Rule', `No ${kind} rule for ${subject || 'everyone'}.`);
    return found;
  }

  /**
   * Sets a rule from its effectiveFrom on. The same entry with the same value records a new check
   * (source, lastChecked); a change cannot start in the past while the rule is in force; a change
   * replaces the one already scheduled after today for the same rule (how staff move the 8-month
   * rule's date). Then the open applications arriving from its date that now fail are marked and
   * their applicants mailed, once.
   */
  async function setRule(actor: Actor, input: EgyptRuleInput): Promise<RuleSetResult> {
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
    const replaced = await ports.egyptRules.save(rule, remove);
    await recordAudit(ports, actor, {
      action: 'egypt_rule.set',
      target: { type: 'egypt_rule', id: ruleChangeKey(rule) },
      before: replaced.length > 0 ? { entries: replaced.map(shown) } : undefined,
      after: shown(rule),
    });
    const affected = recheck ? [] : await noticeAffected(before, [...before.filter((r) => !replaced.some((g) => sameEntry(g, r))), rule], rule, now);
    return { rule, replaced, affected };
  }

  /** Marks the open applications the change makes fail, and mails each applicant once. */
  async function noticeAffected(before: EgyptRule[], after: EgyptRule[], rule: EgyptRule, now: Date): Promise<number[]> {
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

  return { allRules, publicRules, visaRoute, listRules, showRule, setRule };
}

const sameEntry = (a: EgyptRule, b: EgyptRule) => a.kind === b.kind && a.subject === b.subject && a.effectiveFrom === b.effectiveFrom;

/** The kinds, for the CLI's and the admin page's choices. */
export const EGYPT_RULE_KINDS: readonly RuleKind[] = RULE_KINDS;
