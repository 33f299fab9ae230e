import type { AuditVerdict } from '../domain/audit-chain.js';
import type { Ports } from '../ports/index.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';
import { makeVerifyAuditLog } from './verify-audit-log.js';

/** The same walk for staff who read the log (the audit screen's "Verify the chain"). */
export function makeCheckAuditLog(ports: Pick<Ports, 'audit'>) {
  const verifyAuditLog = makeVerifyAuditLog(ports);
  return async function checkAuditLog(actor: Actor): Promise<AuditVerdict> {
    requirePermission(actor, 'audit.read');
    return verifyAuditLog();
  };
}
