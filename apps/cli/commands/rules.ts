import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { ENTRY_ROUTE_LABELS, type EgyptRule } from '../../../core/domain/egypt-rules.js';
import { errors } from '../../../core/domain/errors.js';
import { actingAs } from '../command-permissions.js';
import { withAgency } from '../context.js';
import { createReporter, plural } from '../output.js';

/** One rule entry on one line: what it says, from when, its state, its source and when it was checked. */
export function describeRule(rule: EgyptRule & { state?: string }): string {
  const who = rule.subject ? ` ${rule.subject}` : '';
  let value: string;
  switch (rule.kind) {
    case 'passport_validity':
      value = `${rule.value.months} months from ${rule.value.countedFrom === 'arrival' ? 'arrival' : 'the day of applying'}`;
      break;
    case 'min_days_before_arrival':
      value = `${rule.value.days} days`;
      break;
    case 'nationality_route':
      value = `${ENTRY_ROUTE_LABELS[rule.value.route]}${rule.value.maxDays !== null ? ` (up to ${rule.value.maxDays} days)` : ''}${rule.value.also
        .map(
          (o) =>
            `; also ${ENTRY_ROUTE_LABELS[o.route]}${o.sinaiOnly ? ' (South Sinai only)' : ''} ${o.priceCents === null ? 'price unknown' : o.priceCents === 0 ? 'free' : `US$${o.priceCents / 100}`}${o.maxDays !== null ? ` up to ${o.maxDays} days` : ''} at ${o.entryPoints.length > 0 ? o.entryPoints.join(' ') : 'every airport'}`,
        )
        .join('')}`;
      break;
  }
  const state = rule.state ? `  [${rule.state.replace('_', ' ')}]` : '';
  return `${rule.kind}${who} from ${rule.effectiveFrom}: ${value}${state} — ${rule.source.title} <${rule.source.url}>, checked ${rule.lastChecked}`;
}

/** The JSON text of `evisa rules set`: an argument, or `-` for standard input. */
function jsonText(value: string): unknown {
  const text = value === '-' ? readFileSync(0, 'utf8') : value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidArgumentError(
      `It must be a JSON object such as '{"kind":"passport_validity","value":{"months":8,"countedFrom":"arrival"},"effectiveFrom":"2027-01-04","source":{"url":"https://www.visa2egypt.gov.eg/","title":"…"}}'.`,
    );
  }
}

/** `evisa rules list | show <kind> | set <json>` (docs/product.md §5.11): Egypt's rules as dated data. */
export function registerRules(program: Command): void {
  const command = program.command('rules').description("Egypt's rules as dated data: passport validity, the route of each nationality, the least days before arrival.");

  command
    .command('list')
    .description('List every rule entry: in force today, scheduled, or past.')
    .option('--routes', 'include the nationality routes (one line per nationality)')
    .addHelpText(
      'after',
      `
Example:
  $ evisa rules list
  passport_validity from 2020-01-01: 6 months from the day of applying  [in force] — Visa policy of Egypt (Wikipedia) <https://…>, checked 2026-11-25
  passport_validity from 2027-01-04: 8 months from arrival  [scheduled] — …`,
    )
    .action(async (flags: { routes?: boolean }) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const { rules } = await agency.useCases.listRules(actingAs());
        const shown = flags.routes ? rules : rules.filter((r) => r.kind !== 'nationality_route' || r.state !== 'in_force' || r.effectiveFrom > '2020-01-01');
        for (const rule of shown) out.line(describeRule(rule));
        out.summary(`${plural(shown.length, 'entry', 'entries')}${flags.routes ? '' : ' (the nationality routes in force since 2020 left out: --routes lists them)'}.`);
      });
    });

  command
    .command('show <kind> [nationality]')
    .description("One rule's entries, oldest first (a nationality's route: `evisa rules show nationality_route Canada`).")
    .action(async (kind: string, nationality: string | undefined) => {
      const out = createReporter();
      await withAgency(async (agency) => {
        const rules = await agency.useCases.showRule(actingAs(), kind, nationality ?? '');
        for (const rule of rules) out.line(describeRule(rule));
      });
    });

  command
    .command('set')
    .description('Set a rule from a date on, from JSON; the same checks as the admin page.')
    .argument('<json>', 'the rule as a JSON object, or - to read it from standard input', jsonText)
    .addHelpText(
      'after',
      `
A change that makes open applications fail (a passport now too short, a nationality off the e-visa)
marks them for staff and mails each applicant once.

Example:
  $ evisa rules set '{"kind":"passport_validity","value":{"months":8,"countedFrom":"arrival"},"effectiveFrom":"2027-02-01","source":{"url":"https://www.visa2egypt.gov.eg/","title":"Egypt e-visa portal"}}'
  Set passport_validity from 2027-02-01: 8 months from arrival — … (replaced 1 entry; 0 applications affected).`,
    )
    .action(async (input: unknown) => {
      const out = createReporter();
      if (input === null || typeof input !== 'object' || Array.isArray(input)) throw errors.validation('The rule must be a JSON object.');
      await withAgency(async (agency) => {
        const { rule, replaced, affected } = await agency.useCases.setRule(actingAs(), input as Parameters<typeof agency.useCases.setRule>[1]);
        out.line(`Set ${describeRule(rule)} (replaced ${plural(replaced.length, 'entry', 'entries')}; ${plural(affected.length, 'application', 'applications')} affected).`);
      });
    });
}
