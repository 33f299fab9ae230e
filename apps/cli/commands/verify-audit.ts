import type { Command } from 'commander';
import type { AuditVerdict } from '../../../core/domain/audit-chain.js';
import { withAgency } from '../context.js';
import { CommandFailed } from '../errors.js';
import { createReporter, plural } from '../output.js';

/** The first thing wrong with the chain, as the operator reads it. */
export function describeAuditProblem(verdict: Exclude<AuditVerdict, { ok: true }>): string {
  switch (verdict.problem) {
    case 'changed':
      return `Audit entry ${verdict.seq} was changed: its content no longer matches its hash.`;
    case 'inserted':
      return `Audit entry ${verdict.seq} was inserted: the log never appended it.`;
    case 'removed':
      return `Audit entry ${verdict.after + 1} was removed: the chain breaks after entry ${verdict.after}.`;
    case 'unlinked':
      return `Audit entry ${verdict.seq} does not follow entry ${verdict.seq - 1}: one of them was changed or replaced.`;
  }
}

export function registerVerifyAudit(program: Command): void {
  program
    .command('verify-audit')
    .description("Walk the audit log's hash chain and report the first entry changed, inserted or removed since it was written (exit 1), or that it is intact (exit 0).")
    .addHelpText(
      'after',
      `
Keep the hash it prints somewhere else (a ticket, a mail to yourself): someone able to rewrite the
whole log from an entry on could make a new chain that verifies, but not one that ends in that hash.

Example:
  $ evisa verify-audit
  Audit log intact: 1,204 entries, last 3f9a2c71b0de.`,
    )
    .action(async () => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const verdict = await agency.useCases.verifyAuditLog();
        if (!verdict.ok) throw new CommandFailed(describeAuditProblem(verdict));
        out.summary(`Audit log intact: ${plural(verdict.rows, 'entry', 'entries')}, last ${verdict.head.hash.slice(0, 12)}.`);
      });
    });
}
