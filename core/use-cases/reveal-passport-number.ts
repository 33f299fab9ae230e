import { errors } from '../domain/errors.js';
import type { RevealedPassport } from '../domain/passport-mask.js';
import type { Ports } from '../ports/index.js';
import { recordAudit } from './audit.js';
import { requirePermission } from './shared.js';
import type { Actor } from './types.js';

/**
 * "Reveal" (decision 0030): the application's passport number in full, and what its passport
 * copy's MRZ reads, for staff whose role may see it (`passports.reveal`). Recorded in the audit
 * log before the number is answered: a reveal that cannot be recorded is not served. The number
 * itself is not written in the log (it would outlive an erasure).
 */
export function makeRevealPassportNumber(ports: Pick<Ports, 'applications' | 'clock' | 'audit'>) {
  return async function revealPassportNumber(actor: Actor, applicationId: number): Promise<RevealedPassport> {
    requirePermission(actor, 'passports.reveal');
    const application = await ports.applications.findById(applicationId);
    if (!application) throw errors.notFound('Application');
    await recordAudit(ports, actor, {
      action: 'application.passport_revealed',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
    });
    const scan = application.passportScan?.status === 'read' ? application.passportScan.scan : null;
    return {
      passportNumber: application.passportNumber,
      scanned: scan ? { passportNumber: scan.fields.passportNumber, mrz: [scan.mrz[0], scan.mrz[1]] } : null,
    };
  };
}
