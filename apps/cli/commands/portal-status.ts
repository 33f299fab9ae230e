import { Argument, type Command } from 'commander';
import { PORTAL_STATES_SWITCHED, type PortalStatus } from '../../../core/domain/portal-outage.js';
import { formatDayAndTime } from '../../../core/domain/wording.js';
import { actingAs } from '../command-permissions.js';
import { withAgency } from '../context.js';
import { createReporter, plural } from '../output.js';

const describeStatus = (status: PortalStatus) =>
  status.state === 'down' ? `The official portal is down${status.since ? ` since ${formatDayAndTime(status.since)}` : ''}: ${status.message ?? ''}` : 'The official portal is up.';

/**
 * `evisa portal-status [up|down] --message …` (decision 0032): the official portal's outage mode,
 * as POST /api/admin/portal-status and the admin's Portal status page switch it.
 */
export function registerPortalStatus(program: Command): void {
  program
    .command('portal-status')
    .description(
      "Show or switch the official portal's status: while it is down, every public page and the dashboard say so, the guarantee clocks waiting for it pause, and applicants due within OUTAGE_NOTICE_DAYS are mailed once.",
    )
    .addArgument(new Argument('[state]', 'up or down; without it, show the status').choices(PORTAL_STATES_SWITCHED))
    .option('--message <text>', 'what travellers read while it is down (needed with down, at most 500 characters)')
    .addHelpText(
      'after',
      `
Examples:
  $ evisa portal-status
  The official portal is up.
  $ evisa portal-status down --message "visa2egypt.gov.eg answers 404 since 09:00; we submit as soon as it is back."
  The official portal is down since 24 November 2026 at 09:05 (UK time): visa2egypt.gov.eg answers 404 …
  2 guarantee clocks paused, 1 applicant mailed.
  $ evisa portal-status up
  The official portal is up.
  2 guarantee clocks resumed.`,
    )
    .action(async (state: 'up' | 'down' | undefined, flags: { message?: string }) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        if (state === undefined) {
          out.line(describeStatus(await agency.useCases.portalStatus()));
          return;
        }
        const result = await agency.useCases.setPortalStatus(actingAs(), { state, message: flags.message ?? null });
        out.line(describeStatus(result.status));
        if (state === 'down') out.summary(`${plural(result.paused, 'guarantee clock')} paused, ${plural(result.mailed, 'applicant')} mailed.`);
        else out.summary(`${plural(result.resumed, 'guarantee clock')} resumed.`);
      });
    });
}
