import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { isStoredId } from '../../../core/domain/ids.js';
import type { TwoFactorStore } from '../../../core/ports/two-factor-store.js';
import { announcing, type AccessChangeFeed } from '../access-changes.js';
import type { SqlDatabase } from './sql-database.js';
import { changes } from './unit.js';
import { appendAudit } from './audit-store.js';

/**
 * Two-factor sign-in. Turning it on or off changes what the signed-in user looks like
 * (`twoFactorEnabled`), so both are announced on `access` like any other change to a user.
 */
export function twoFactorStore(database: SqlDatabase, access: AccessChangeFeed): TwoFactorStore {
  const { db, tables: t } = database;
  const u = t.users;
  const codes = t.twoFactorRecoveryCodes;
  const challenges = t.twoFactorChallenges;
  return {
    async find(userId) {
      if (!isStoredId(userId)) return null;
      const [row] = await db
        .select({ secret: u.twoFactorSecret, pendingSecret: u.twoFactorPendingSecret, enabledAt: u.twoFactorEnabledAt, lastStep: u.twoFactorLastStep })
        .from(u)
        .where(eq(u.id, userId));
      return row ?? null;
    },
    async setPending(userId, secret) {
      await db.update(u).set({ twoFactorPendingSecret: secret }).where(eq(u.id, userId));
    },
    async enable(userId, secret, step, enabledAt, recoveryCodeHashes) {
      return announcing(access, { user: userId }, () =>
        database.transaction(function* (tx) {
          const changed = yield* changes(
            tx
              .update(u)
              .set({ twoFactorSecret: secret, twoFactorPendingSecret: null, twoFactorEnabledAt: enabledAt, twoFactorLastStep: step })
              .where(and(eq(u.id, userId), eq(u.twoFactorPendingSecret, secret))),
          );
          if (changed === 0) return false;
          yield* changes(tx.delete(codes).where(eq(codes.userId, userId)));
          if (recoveryCodeHashes.length > 0) yield* changes(tx.insert(codes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash }))));
          return true;
        }),
      );
    },
    async disable(userId, audit = []) {
      await announcing(access, { user: userId }, () =>
        database.transaction(function* (tx) {
          yield* changes(tx.update(u).set({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null }).where(eq(u.id, userId)));
          yield* changes(tx.delete(codes).where(eq(codes.userId, userId)));
          yield* changes(tx.delete(challenges).where(eq(challenges.userId, userId)));
          yield* appendAudit(tx, t, audit);
        }),
      );
    },
    async useStep(userId, step) {
      // Compare-and-set: of two requests with the same code, only one moves the last step.
      const moved = await db
        .update(u)
        .set({ twoFactorLastStep: step })
        .where(and(eq(u.id, userId), or(isNull(u.twoFactorLastStep), lt(u.twoFactorLastStep, step))))
        .returning({ id: u.id });
      return moved.length > 0;
    },
    async useRecoveryCode(userId, codeHash, at) {
      const used = await db
        .update(codes)
        .set({ usedAt: at })
        .where(and(eq(codes.userId, userId), eq(codes.codeHash, codeHash), isNull(codes.usedAt)))
        .returning({ id: codes.id });
      return used.length > 0;
    },
    async unusedRecoveryCodes(userId) {
      const [row] = await db
        .select({ n: count() })
        .from(codes)
        .where(and(eq(codes.userId, userId), isNull(codes.usedAt)));
      return Number(row?.n ?? 0);
    },
    async createChallenge(challenge) {
      await db.insert(challenges).values({ ...challenge });
    },
    async findChallenge(idHash) {
      const [row] = await db.select().from(challenges).where(eq(challenges.idHash, idHash));
      return row ? { ...row } : null;
    },
    async deleteChallenge(idHash) {
      await db.delete(challenges).where(eq(challenges.idHash, idHash));
    },
    async deleteExpiredChallenges(now) {
      const gone = await db.delete(challenges).where(lt(challenges.expiresAt, now)).returning({ idHash: challenges.idHash });
      return gone.length;
    },
  };
}
