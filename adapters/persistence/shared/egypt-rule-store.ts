import { and, asc, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import type { EgyptRule, RuleCheckedApplication } from '../../../core/domain/egypt-rules.js';
import { UNDECIDED_STATUSES } from '../../../core/domain/status.js';
import { isStoredId } from '../../../core/domain/ids.js';
import { londonDateOf } from '../../../core/domain/working-days.js';
import type { EgyptRuleRepository } from '../../../core/ports/egypt-rule-repository.js';
import { queueMails } from './outbox-store.js';
import type { EgyptRuleRow } from './schema-parity.js';
import type { SqlDatabase } from './sql-database.js';
import { changes, rows } from './unit.js';
import { appendAudit } from './audit-store.js';

/** A stored rule as the domain reads it: its kind and value belong together (written so by the use case). */
export function egyptRuleFromRow(r: EgyptRuleRow): EgyptRule {
  return {
    kind: r.kind,
    subject: r.subject,
    value: r.value,
    effectiveFrom: r.effectiveFrom,
    source: { url: r.sourceUrl, title: r.sourceTitle },
    lastChecked: r.lastChecked,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
  } as EgyptRule;
}

function egyptRuleToRow(rule: EgyptRule): EgyptRuleRow {
  return {
    kind: rule.kind,
    subject: rule.subject,
    effectiveFrom: rule.effectiveFrom,
    value: rule.value,
    sourceUrl: rule.source.url,
    sourceTitle: rule.source.title,
    lastChecked: rule.lastChecked,
    createdAt: rule.createdAt,
    createdBy: rule.createdBy,
  };
}

/** Egypt's rules (docs/product.md §5.11): one query per operation, the same SQL on both databases. */
export function egyptRuleStore(database: SqlDatabase): EgyptRuleRepository {
  const { db, tables: t } = database;
  const r = t.egyptRules;
  const a = t.applications;
  const u = t.users;
  return {
    async list() {
      return (await db.select().from(r).orderBy(asc(r.kind), asc(r.subject), asc(r.effectiveFrom))).map(egyptRuleFromRow);
    },
    async save(rule, remove, audit) {
      return database.transaction(function* (tx) {
        const dates = [...new Set([rule.effectiveFrom, ...remove])];
        const found = yield* rows(
          tx
            .select()
            .from(r)
            .where(and(eq(r.kind, rule.kind), eq(r.subject, rule.subject), inArray(r.effectiveFrom, dates))),
        );
        const others = dates.filter((d) => d !== rule.effectiveFrom);
        if (others.length > 0) yield* changes(tx.delete(r).where(and(eq(r.kind, rule.kind), eq(r.subject, rule.subject), inArray(r.effectiveFrom, others))));
        const row = egyptRuleToRow(rule);
        yield* changes(
          tx
            .insert(r)
            .values(row)
            .onConflictDoUpdate({
              target: [r.kind, r.subject, r.effectiveFrom],
              set: { value: row.value, sourceUrl: row.sourceUrl, sourceTitle: row.sourceTitle, lastChecked: row.lastChecked, createdAt: row.createdAt, createdBy: row.createdBy },
            }),
        );
        const replaced = found.map(egyptRuleFromRow);
        yield* appendAudit(tx, t, audit?.(replaced) ?? []);
        return replaced;
      });
    },
    async listOpen(arrivingFrom) {
      const found = await db
        .select({
          id: a.id,
          userId: a.userId,
          email: u.email,
          fullName: u.fullName,
          applicationNumber: a.applicationNumber,
          nationality: a.nationality,
          passportExpiry: a.passportExpiry,
          expectedArrivalDate: a.expectedArrivalDate,
          createdAt: a.createdAt,
          ruleNoticeChange: a.ruleNoticeChange,
        })
        .from(a)
        .innerJoin(u, eq(u.id, a.userId))
        .where(and(inArray(a.status, [...UNDECIDED_STATUSES]), isNull(a.cancelledAt), gte(a.expectedArrivalDate, arrivingFrom)))
        .orderBy(asc(a.id));
      return found.map(({ createdAt, ...rest }): RuleCheckedApplication => ({ ...rest, appliedOn: londonDateOf(createdAt) }));
    },
    async noticeAffected(notices, mail, now) {
      const wanted = notices.filter((n) => isStoredId(n.applicationId));
      if (wanted.length === 0) return [];
      return database.transaction(function* (tx) {
        const marked: number[] = [];
        for (const { applicationId, notice } of wanted) {
          // Not the version: a notice is no edit of the application (commit never writes these columns).
          const changed = yield* changes(
            tx
              .update(a)
              .set({ ruleNoticeChange: notice.change, ruleNotice: notice })
              .where(and(eq(a.id, applicationId), or(isNull(a.ruleNoticeChange), ne(a.ruleNoticeChange, notice.change)))),
          );
          if (changed > 0) marked.push(applicationId);
        }
        if (marked.length > 0) yield* queueMails(tx, t, [mail], now);
        return marked;
      });
    },
  };
}
