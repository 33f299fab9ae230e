import { waivedPaymentId, type Application } from '../../../core/domain/application.js';
import { decisionsOf, turnaroundTenths, type ReportWindow } from '../../../core/domain/reports.js';
import { isDecided } from '../../../core/domain/status.js';
import type { ReportQueries } from '../../../core/ports/report-queries.js';
import { byCountThenName } from '../shared/rules.js';
import { time, type MemoryState } from './state.js';

const inWindow = (at: Date, w: ReportWindow) => time(at) >= time(w.start) && time(at) < time(w.end);

/**
 * The reports' aggregates over the memory state, by the same definitions as the SQL
 * (core/domain/reports.ts): the test double iterates its rows. An application's decision is its
 * first status-history entry into a decision status (the SQL stores keep it on the row).
 */
export function reportQueries(s: MemoryState): ReportQueries {
  function decidedAt(): Map<number, Date> {
    const first = new Map<number, Date>();
    for (const h of s.history.values()) {
      if (!isDecided(h.toStatus)) continue;
      const known = first.get(h.applicationId);
      if (!known || time(h.changedAt) < time(known)) first.set(h.applicationId, h.changedAt);
    }
    return first;
  }

  /** The counted decisions in `w`: each application with its decision time. */
  function decided(w: ReportWindow): { application: Application; at: Date }[] {
    const found: { application: Application; at: Date }[] = [];
    for (const [id, at] of decidedAt()) {
      const application = s.applications.get(id);
      if (!application || application.initialPaymentAt === null || application.cancelledAt !== null || !inWindow(at, w)) continue;
      found.push({ application, at });
    }
    return found;
  }

  const onTime = (d: { application: Application; at: Date }) => d.application.guaranteeDeadline !== null && time(d.at) <= time(d.application.guaranteeDeadline);
  const cohort = (w: ReportWindow) => [...s.applications.values()].filter((a) => inWindow(a.createdAt, w));
  const succeededRefunds = (w: ReportWindow) => [...s.refunds.values()].filter((r) => r.status === 'succeeded' && inWindow(r.updatedAt, w));

  return {
    async decisions(window) {
      return decisionsOf(decided(window).map((d) => ({ tenths: turnaroundTenths(time(d.application.initialPaymentAt!), time(d.at)), decided: 1, onTime: onTime(d) ? 1 : 0 })));
    },
    async decisionsByWeek(weeks) {
      return weeks.map((w) => {
        const found = decided(w.window);
        return { weekStart: w.weekStart, finished: found.length, withinGuarantee: found.filter(onTime).length };
      });
    },
    async waivers(window) {
      let count = 0;
      for (const p of s.payments.values()) if (p.type === 'final' && p.status === 'waived' && inWindow(p.createdAt, window)) count += 1;
      return { count };
    },
    async refunds(window) {
      const found = succeededRefunds(window);
      return { count: found.length, pence: found.reduce((sum, r) => sum + r.amount, 0) };
    },
    async revenue(months) {
      return months.map((m) => {
        const paid = [...s.payments.values()].filter((p) => p.status === 'succeeded' && inWindow(p.createdAt, m.window));
        const sum = (type: 'initial' | 'final') => paid.filter((p) => p.type === type).reduce((total, p) => total + p.amount, 0);
        return {
          month: m.month,
          initialPence: sum('initial'),
          finalPence: sum('final'),
          refundedPence: succeededRefunds(m.window).reduce((total, r) => total + r.amount, 0),
          governmentFeePence: [...s.portal.values()].reduce((total, l) => (l.paidAt && inWindow(l.paidAt, m.window) ? total + (l.governmentFeePence ?? 0) : total), 0),
          absorbedFeePence: [...s.portal.values()].reduce((total, l) => (l.paidAt && inWindow(l.paidAt, m.window) ? total + (l.absorbedFeePence ?? 0) : total), 0),
        };
      });
    },
    async registered(window) {
      return [...s.users.values()].filter((u) => !u.isAdmin && inWindow(u.createdAt, window)).length;
    },
    async cohort(window) {
      const applications = cohort(window);
      const count = (test: (a: Application) => boolean) => applications.filter(test).length;
      const counts = new Map<string, number>();
      for (const a of applications) counts.set(a.nationality, (counts.get(a.nationality) ?? 0) + 1);
      return {
        funnel: {
          applied: applications.length,
          initialPaid: count((a) => a.initialPaymentAt !== null),
          addressGiven: count((a) => a.postcode !== null),
          approved: count((a) => a.approvedAt !== null),
          finalPaid: count((a) => a.finalPaymentId !== null && a.finalPaymentId !== waivedPaymentId(a.id)),
        },
        nationalities: [...counts].map(([nationality, count]) => ({ nationality, count })).sort(byCountThenName),
      };
    },
    // Every figure is counted from the state itself: there are no rollups to keep.
    async refreshRollups() {
      return { refreshed: 0, pending: 0 };
    },
  };
}
