import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_GOVERNMENT_FEE } from '../../core/domain/portal-ledger.js';
import { oneLineError, runCli, startBackend, type Backend } from './helpers/cli.js';

/**
 * `evisa government-fee list | set` (docs/product.md §2.16) as subprocesses on one SQLite DATA_DIR;
 * the tests run in order on the same data.
 */
describe('evisa government-fee on sqlite', { timeout: 240_000 }, () => {
  let backend: Backend;
  const cli = (...args: string[]) => runCli(args, backend.env);

  beforeAll(async () => {
    backend = await startBackend('sqlite');
    await (await backend.agency()).persistence.migrate();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('lists the seeded entry', async () => {
    const listed = await cli('government-fee', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe('from 2020-01-01: US$25.00 booked at £19.75  (in effect today)\n1 entry.\n');
  });

  it('sets an entry from a date, replaces one of the same date and says what changed; bad values are refused with nothing stored', async () => {
    const first = await cli('government-fee', 'set', '--from', '2099-12-01', '--usd', '45.00', '--gbp', '35.55');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Set the government fee from 2099-12-01: US$45.00 booked at £35.55 (new entry).\n');
    const again = await cli('government-fee', 'set', '--from', '2099-12-01', '--usd', '40', '--gbp', '31.6');
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Set the government fee from 2099-12-01: US$40.00 booked at £31.60 (was US$45.00 booked at £35.55).\n');

    const [badDate, negative, threeDecimals, missing] = await Promise.all([
      cli('government-fee', 'set', '--from', '2026-02-30', '--usd', '45.00', '--gbp', '35.55'),
      cli('government-fee', 'set', '--from', '2026-12-01', '--usd', '-45.00', '--gbp', '35.55'),
      cli('government-fee', 'set', '--from', '2026-12-01', '--usd', '45.001', '--gbp', '35.55'),
      cli('government-fee', 'set', '--from', '2026-12-01', '--usd', '45.00'),
    ]);
    for (const bad of [badDate, negative, threeDecimals, missing]) expect(bad.code).not.toBe(0);
    expect(oneLineError(badDate)).toContain("It must be a date such as 2026-12-01 (got '2026-02-30').");
    expect(oneLineError(threeDecimals)).toContain('at most 2 decimals');

    const fees = await (await backend.agency()).ports.governmentFees.list();
    expect(fees.map((f) => [f.effectiveFrom, f.amountCents, f.pence])).toEqual([
      [SEEDED_GOVERNMENT_FEE.effectiveFrom, 2500, 1975],
      ['2099-12-01', 4000, 3160],
    ]);
    const listed = await cli('government-fee', 'list');
    expect(listed.stdout).toBe('from 2020-01-01: US$25.00 booked at £19.75  (in effect today)\nfrom 2099-12-01: US$40.00 booked at £31.60\n2 entries.\n');
  });
});
