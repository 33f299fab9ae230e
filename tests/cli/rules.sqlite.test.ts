import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLineError, runCli, startBackend, type Backend } from './helpers/cli.js';

const SOURCE = { url: 'https://www.visa2egypt.gov.eg/', title: "Egypt's e-visa portal" };

/** `evisa rules list | show | set` (docs/product.md §5.11) as subprocesses on one SQLite DATA_DIR, in order. */
describe('evisa rules on sqlite', { timeout: 240_000 }, () => {
  let backend: Backend;
  const cli = (...args: string[]) => runCli(args, backend.env);

  beforeAll(async () => {
    backend = await startBackend('sqlite');
    await (await backend.agency()).persistence.migrate();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('lists and shows the shipped rules with their sources', async () => {
    const listed = await cli('rules', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('passport_validity from 2027-01-04: 8 months from arrival  [scheduled]');
    expect(listed.stdout).toContain('nationality_route Canada from 2023-08-01: Embassy visa only  [in force]');
    const shown = await cli('rules', 'show', 'nationality_route', 'Israel');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^nationality_route Israel from 2020-01-01: No visa needed \(up to 15 days\)  \[in force\] — .*checked 2026-11-25\n$/);
    const uk = await cli('rules', 'show', 'nationality_route', 'United Kingdom');
    expect(uk.stdout).toContain(
      'nationality_route United Kingdom from 2020-01-01: E-visa; also Visa on arrival US$25 up to 30 days at CAI HRG SSH LXR RMF ASW HBE TCP; also No visa needed (South Sinai only) free up to 15 days at SSH TCP  [in force]',
    );
    const unknown = await cli('rules', 'show', 'visa_colour');
    expect(unknown.code).not.toBe(0);
    expect(oneLineError(unknown)).toContain('The rule kind must be one of');
  });

  it('sets a rule from JSON with the API checks; bad input is refused with nothing stored', async () => {
    const set = await cli('rules', 'set', JSON.stringify({ kind: 'passport_validity', value: { months: 8, countedFrom: 'arrival' }, effectiveFrom: '2099-02-01', source: SOURCE }));
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^Set passport_validity from 2099-02-01: 8 months from arrival .* \(replaced 1 entry; 0 applications affected\)\.\n$/);
    const before = JSON.stringify(await (await backend.agency()).ports.egyptRules.list());
    const [absurd, notJson, unknownKind, badAirport] = await Promise.all([
      cli('rules', 'set', JSON.stringify({ kind: 'passport_validity', value: { months: 30, countedFrom: 'arrival' }, effectiveFrom: '2099-03-01', source: SOURCE })),
      cli('rules', 'set', '{not json'),
      cli('rules', 'set', JSON.stringify({ kind: 'visa_colour', value: {}, effectiveFrom: '2099-03-01', source: SOURCE })),
      cli(
        'rules',
        'set',
        JSON.stringify({
          kind: 'nationality_route',
          subject: 'France',
          value: { route: 'evisa', also: [{ route: 'visa_on_arrival', entryPoints: ['LHR'], sinaiOnly: false, maxDays: 30, priceCents: 2500, source: SOURCE }] },
          effectiveFrom: '2099-03-01',
          source: SOURCE,
        }),
      ),
    ]);
    for (const bad of [absurd, notJson, unknownKind, badAirport]) expect(bad.code).not.toBe(0);
    expect(oneLineError(badAirport)).toContain('The airports of another route must be a list of codes from CAI');
    expect(oneLineError(absurd)).toContain('from 1 to 24');
    expect(oneLineError(notJson)).toContain('It must be a JSON object');
    expect(oneLineError(unknownKind)).toContain('The rule kind must be one of');
    expect(JSON.stringify(await (await backend.agency()).ports.egyptRules.list())).toBe(before);
  });
});
