import type { PortalOutage } from '../../../core/domain/portal-outage.js';
import type { PortalOutageRepository } from '../../../core/ports/portal-outage-repository.js';
import { errors } from '../../../core/domain/errors.js';
import type { GovernmentFee, PortalLedger } from '../../../core/domain/portal-ledger.js';
import type { GovernmentFeeRepository } from '../../../core/ports/government-fee-repository.js';
import type { PortalLedgerRepository } from '../../../core/ports/portal-ledger-repository.js';
import { appendAudit, copy, type MemoryState } from './state.js';

export function portalLedgerStore(s: MemoryState): PortalLedgerRepository {
  return {
    async find(applicationId) {
      const row = s.portal.get(applicationId);
      return row ? copy(row) : null;
    },
    async save(applicationId, row, expectedVersion, audit = []) {
      if (!s.applications.has(applicationId)) throw errors.notFound('Application');
      const current = s.portal.get(applicationId);
      if ((current?.version ?? 0) !== expectedVersion) return 'stale';
      const stored: PortalLedger = { ...copy(row), applicationId, version: expectedVersion + 1 };
      s.portal.set(applicationId, stored);
      appendAudit(s, audit);
      return copy(stored);
    },
    async receiptKeysInUse(storageKeys) {
      const wanted = new Set(storageKeys);
      const found = new Set<string>();
      for (const row of s.portal.values()) if (row.receipt && wanted.has(row.receipt.storageKey)) found.add(row.receipt.storageKey);
      return found;
    },
  };
}

export function governmentFeeStore(s: MemoryState): GovernmentFeeRepository {
  return {
    async list() {
      return [...s.governmentFees.values()].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1)).map(copy);
    },
    async set(fee, audit) {
      const previous: GovernmentFee | undefined = s.governmentFees.get(fee.effectiveFrom);
      s.governmentFees.set(fee.effectiveFrom, copy(fee));
      const replaced = previous ? copy(previous) : null;
      appendAudit(s, audit?.(replaced) ?? []);
      return replaced;
    },
  };
}

export function portalOutageStore(s: MemoryState): PortalOutageRepository {
  return {
    async latest() {
      const ids = [...s.portalOutages.keys()];
      return ids.length === 0 ? null : copy(s.portalOutages.get(Math.max(...ids))!);
    },
    async start(outage) {
      const id = Math.max(0, ...s.portalOutages.keys()) + 1;
      const stored: PortalOutage = { ...outage, id };
      s.portalOutages.set(id, copy(stored));
      return copy(stored);
    },
    async update(outage) {
      const found = s.portalOutages.get(outage.id);
      if (!found) return null;
      const stored: PortalOutage = { ...found, message: outage.message, endedAt: outage.endedAt, endedBy: outage.endedBy, updatedAt: outage.updatedAt };
      s.portalOutages.set(outage.id, copy(stored));
      return copy(stored);
    },
  };
}
