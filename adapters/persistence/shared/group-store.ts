import { asc, eq } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import type { Application } from '../../../core/domain/application.js';
import type { ApplicationGroupRepository, GroupCommitResult } from '../../../core/ports/application-group-repository.js';
import { isForeignKeyViolation, isUniqueViolation } from './driver-errors.js';
import { applicationFromRow } from './mappers.js';
import type { NewAuditEntry } from '../../../core/domain/audit.js';
import { commitApplication, insertApplication } from './application-store.js';
import { appendAudit } from './audit-store.js';
import { queueMails } from './outbox-store.js';
import { CONFLICT_MESSAGES } from './rules.js';
import type { ApplicationGroupRow } from './schema-parity.js';
import type { SqlDatabase } from './sql-database.js';
import { rows } from './unit.js';

const groupFromRow = (r: ApplicationGroupRow) => ({ id: r.id, userId: r.userId, createdAt: r.createdAt });

/** Family orders: the group row and its applications are written, and paid, in one transaction. */
export function groupStore(database: SqlDatabase): ApplicationGroupRepository {
  const { db, tables: t } = database;
  const a = t.applications;
  return {
    async create(userId, applications, now, mails) {
      try {
        return await database.transaction(function* (tx) {
          const [group] = yield* rows(tx.insert(t.applicationGroups).values({ userId, createdAt: now }).returning());
          const created: Application[] = [];
          for (const application of applications) {
            created.push(yield* insertApplication(tx, t, { ...application, userId }, { groupId: group!.id }));
          }
          yield* queueMails(tx, t, mails?.(created), now);
          return { group: groupFromRow(group!), applications: created };
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw errors.conflict(CONFLICT_MESSAGES.applicationNumber);
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async findById(id) {
      const [row] = await db.select().from(t.applicationGroups).where(eq(t.applicationGroups.id, id));
      return row ? groupFromRow(row) : null;
    },
    async listApplications(groupId) {
      const found = await db.select().from(a).where(eq(a.groupId, groupId)).orderBy(asc(a.id));
      return found.map(applicationFromRow);
    },
    async commitAll(list) {
      try {
        // lockFirst: commitApplication reads each row before it writes (application-store.ts, commit).
        return await database.transaction(
          function* (tx) {
            const committed: Application[] = [];
            const audit: NewAuditEntry[] = [];
            for (const change of list) {
              const done = yield* commitApplication(tx, t, change);
              // One moved: throwing rolls back what this transaction changed before it.
              if (!done) throw new StaleGroup();
              committed.push(done.result.application);
              audit.push(...done.audit);
            }
            yield* appendAudit(tx, t, audit);
            const result: GroupCommitResult = { outcome: 'committed', applications: committed };
            return result;
          },
          { lockFirst: true },
        );
      } catch (e) {
        if (e instanceof StaleGroup) return { outcome: 'stale' };
        if (isUniqueViolation(e)) return { outcome: 'conflict' };
        throw e;
      }
    },
  };
}

/** Thrown inside commitAll's transaction so that it rolls back whole. */
class StaleGroup extends Error {}
