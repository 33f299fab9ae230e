import { actingAs } from '../command-permissions.js';
import { Option, type Command } from 'commander';
import { collectGarbage } from '../memory.js';
import type { AdminTabId } from '../../../core/domain/admin-tabs.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import { withAgency } from '../context.js';
import { csvRow } from '../../shared/csv.js';
import { EXPORT_HEADER, exportRecord, exportValues } from '../export-columns.js';
import { createReporter, openDestination, plural, seconds, writeChunk } from '../output.js';
import { adminTab, applicationStatus, isoDate } from '../validate.js';

type Format = 'csv' | 'json' | 'ndjson';

interface Flags {
  format: Format;
  tab?: AdminTabId;
  status?: ApplicationStatus;
  since?: Date;
  out?: string;
}

/** Rows are gathered into chunks of about this size before each (backpressured) write. */
const CHUNK_CHARS = 64 * 1024;
/** Rows between full garbage collections: keeps the peak RSS flat however long the export. */
const GC_EVERY_ROWS = 10_000;

export function registerExportApplications(program: Command): void {
  program
    .command('export-applications')
    .description('Stream every application (with its applicant) as CSV, JSON or NDJSON, for accounting and the official portal.')
    .addOption(new Option('--format <format>', 'output format').choices(['csv', 'json', 'ndjson']).default('csv'))
    .option('--tab <tab>', 'only one admin tab: online-entries, initial-payment, submitted-portal, approved, completed, rejected', adminTab)
    .option('--status <status>', 'only applications in this status (e.g. approved)', applicationStatus)
    .option('--since <date>', 'only applications created on or after this date (2026-01-31 or an ISO timestamp)', isoDate)
    .option('--out <file>', 'write to this file instead of stdout (written in full, then moved into place)')
    .addHelpText(
      'after',
      `
CSV follows RFC 4180 (CRLF line ends, quoted where needed); a cell starting with = + - @ or a tab is
prefixed with ' so spreadsheets do not run it as a formula. Dates are ISO 8601. Rows are streamed,
so memory stays flat however many applications there are.

Example:
  $ evisa export-applications --tab approved --since 2026-01-01 --out approved.csv
  Exported 1,204 applications to /srv/exports/approved.csv (csv) in 0.3 s.
  $ evisa export-applications --format ndjson --status rejected | jq .email`,
    )
    .action(async (flags: Flags) => {
      const started = performance.now();
      const destination = await openDestination(flags.out);
      const out = createReporter({ dataOnStdout: destination.toStdout });
      let rows = 0;
      let users = 0;
      try {
        await withAgency(async (agency) => {
          const entries = agency.useCases.exportApplications({ tab: flags.tab, status: flags.status, since: flags.since }, actingAs());
          const bar = out.progress('Exporting applications');
          const stream = destination.stream;
          let chunk = '';
          const flush = async () => {
            if (chunk) {
              const text = chunk;
              chunk = '';
              await writeChunk(stream, text);
            }
          };
          try {
            if (flags.format === 'csv') chunk += csvRow(EXPORT_HEADER);
            else if (flags.format === 'json') chunk += '[';
            for await (const entry of entries) {
              if (flags.format === 'csv') chunk += csvRow(exportValues(entry));
              else if (flags.format === 'ndjson') chunk += `${JSON.stringify(exportRecord(entry))}\n`;
              else chunk += `${rows === 0 ? '\n' : ',\n'}${JSON.stringify(exportRecord(entry))}`;
              rows++;
              if (!entry.application) users++;
              if (chunk.length >= CHUNK_CHARS) {
                bar.increment(0);
                await flush();
              }
              if ((rows & 1023) === 0) bar.increment(1024);
              if (rows % GC_EVERY_ROWS === 0) collectGarbage();
            }
            if (flags.format === 'json') chunk += rows === 0 ? ']\n' : '\n]\n';
            await flush();
          } finally {
            bar.stop();
          }
        });
        await destination.finish();
      } catch (error) {
        await destination.abort();
        throw error;
      }
      out.summary(
        `Exported ${plural(rows - users, 'application')}${users ? ` and ${plural(users, 'registered user')} without one` : ''} ` +
          `to ${destination.label} (${flags.format}) in ${seconds(performance.now() - started)}.`,
      );
    });
}
