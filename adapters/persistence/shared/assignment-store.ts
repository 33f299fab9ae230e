import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isStoredId } from '../../../core/domain/ids.js';
import type { AssignmentRepository } from '../../../core/ports/assignment-repository.js';
import type { SqlDatabase } from './sql-database.js';
import { changes, rows } from './unit.js';
import { appendAudit } from './audit-store.js';

export function assignmentStore(database: SqlDatabase): AssignmentRepository {
  const { db, tables: t } = database;
  const h = t.assignmentHistory;
  const u = t.users;
  return {
    async assign(applicationId, entry, audit = []) {
      if (!isStoredId(applicationId)) return 'no-application';
      return database.transaction(function* (tx) {
        if (entry.assigneeId !== null) {
          // Checked in the unit, so a deactivation committed meanwhile cannot slip an inactive assignee in.
          const [staff] = yield* rows(
            tx
              .select({ id: u.id })
              .from(u)
              .where(and(eq(u.id, entry.assigneeId), eq(u.isAdmin, true), isNull(u.deactivatedAt))),
          );
          if (!staff) return 'not-staff' as const;
        }
        const changed = yield* changes(tx.update(t.applications).set({ assigneeId: entry.assigneeId }).where(eq(t.applications.id, applicationId)));
        if (changed === 0) return 'no-application' as const;
        yield* changes(tx.insert(h).values({ ...entry, applicationId }));
        yield* appendAudit(tx, t, audit);
        return 'assigned' as const;
      });
    },
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      const found = await db.select().from(h).where(eq(h.applicationId, applicationId)).orderBy(asc(h.createdAt), asc(h.id));
      return found.map((row) => ({ ...row }));
    },
    async staffNames(ids) {
      const wanted = [...new Set(ids)].filter(isStoredId);
      if (wanted.length === 0) return [];
      const found = await db.select({ id: u.id, fullName: u.fullName, email: u.email }).from(u).where(inArray(u.id, wanted));
      return found.map((r) => ({ id: r.id, fullName: r.fullName.trim() || r.email }));
    },
  };
}
