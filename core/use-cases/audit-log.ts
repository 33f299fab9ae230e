import type { Ports } from '../ports/index.js';
import { makeCheckAuditLog } from './check-audit-log.js';
import { makeListApplicationAudit } from './list-application-audit.js';
import { makeListAuditLog } from './list-audit-log.js';
import { makeVerifyAuditLog } from './verify-audit-log.js';

export { APPLICATION_TRAIL_LIMIT } from './list-application-audit.js';
export { NO_SUCH_APPLICATION_MESSAGE, type AuditLogPage, type NumberedAuditEntry } from './list-audit-log.js';

/**
 * Reading and verifying the audit log (docs/product.md §6.5). Writing is recordAudit (audit.ts).
 * The group's face: each verb is its own file.
 */
export function makeAuditLog(ports: Pick<Ports, 'audit' | 'applications'>) {
  return {
    listAuditLog: makeListAuditLog(ports),
    listApplicationAudit: makeListApplicationAudit(ports),
    verifyAuditLog: makeVerifyAuditLog(ports),
    checkAuditLog: makeCheckAuditLog(ports),
  };
}
