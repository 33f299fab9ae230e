import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The committed migrations must be exactly what drizzle-kit generates from today's schemas: a schema
// change without `npm run db:generate` fails here (drizzle-kit runs offline against a copy).
const work = mkdtempSync(join(tmpdir(), 'evisa-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each([
  { dialect: 'sqlite', folder: 'adapters/persistence/sqlite' },
  { dialect: 'postgresql', folder: 'adapters/persistence/postgres' },
])('$dialect migrations', ({ dialect, folder }) => {
  it('are in step with the drizzle schema', () => {
    const out = join(work, dialect);
    cpSync(join(folder, 'migrations'), out, { recursive: true });
    const before = readdirSync(out).sort();
    const printed = execFileSync(
      process.execPath,
      ['node_modules/drizzle-kit/bin.cjs', 'generate', '--dialect', dialect, '--schema', `${folder}/schema.ts`, '--out', relative(process.cwd(), out)], // drizzle-kit prefixes './'
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(printed).toContain('No schema changes');
    expect(readdirSync(out).sort()).toEqual(before);
  });

  // drizzle's migrator applies a journal entry only when its `when` is later than the last applied
  // one's: an entry dated earlier than the one before it would be skipped on every database that is
  // already past that one (only fresh databases would get it).
  it('are dated in the order they apply, each with its own file', () => {
    const journal = JSON.parse(readFileSync(join(folder, 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const files = readdirSync(join(folder, 'migrations')).filter((f) => f.endsWith('.sql'));
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
      expect(files).toContain(`${entry.tag}.sql`);
    });
    expect(files).toHaveLength(journal.entries.length);
  });
});
