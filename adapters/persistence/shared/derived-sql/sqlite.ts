import type { DerivedConstants, DerivedGroup, DerivedTrigger } from './index.js';
import { literals } from './index.js';

/**
 * The derived SQL for SQLite (see index.ts): triggers only, row by row, in the writing transaction
 * (SQLite has one writer: no lock order to keep). Timestamps are integer milliseconds: a day is
 * ms / 86400000, an hour ms / 3600000.
 */
export function renderSqlite(c: DerivedConstants): DerivedGroup[] {
  return [overdueDays(c), searchPrefixes(c), reportMarks(c)];
}

const q = (name: string) => `\`${name}\``;
type Row = '' | 'NEW.' | 'OLD.';
const trigger = (name: string, table: string, create: string): DerivedTrigger => ({ name, table, create });

/** An overdue candidate (shared/sql-values.ts OVERDUE_CANDIDATE_SQL, of `row`). */
function candidate(c: DerivedConstants, row: Row): string {
  const col = (name: string) => `${row}${q(name)}`;
  return `${col('guarantee_deadline')} is not null and ${col('status')} in (${literals(c.undecided)}) and (${col('guarantee_paused_at')} is null or ${col('guarantee_paused_at')} > ${col('guarantee_deadline')})`;
}

function overdueDays(c: DerivedConstants): DerivedGroup {
  const up = `  INSERT INTO \`application_overdue_days\` (\`status\`, \`day\`, \`n\`) VALUES (NEW.\`status\`, NEW.\`guarantee_deadline\` / 86400000, 1)
  ON CONFLICT (\`status\`, \`day\`) DO UPDATE SET \`n\` = \`n\` + 1;`;
  const down = '  UPDATE `application_overdue_days` SET `n` = `n` - 1 WHERE `status` = OLD.`status` AND `day` = OLD.`guarantee_deadline` / 86400000;';
  const update = 'AFTER UPDATE OF `status`, `guarantee_deadline`, `guarantee_paused_at` ON `applications`';
  const t = (name: string, on: string, row: Row, body: string) => trigger(name, 'applications', `CREATE TRIGGER ${q(name)} ${on}\nWHEN ${candidate(c, row)}\nBEGIN\n${body}\nEND`);
  return {
    name: 'overdue-days',
    home: 'application_overdue_days',
    triggerPrefix: 'application_overdue_days_',
    functions: [],
    triggers: [
      t('application_overdue_days_insert', 'AFTER INSERT ON `applications`', 'NEW.', up),
      t('application_overdue_days_delete', 'AFTER DELETE ON `applications`', 'OLD.', down),
      t('application_overdue_days_update_old', update, 'OLD.', down),
      t('application_overdue_days_update_new', update, 'NEW.', up),
    ],
    recount: [
      'DELETE FROM `application_overdue_days`',
      `INSERT INTO \`application_overdue_days\` (\`status\`, \`day\`, \`n\`)
SELECT \`status\`, \`guarantee_deadline\` / 86400000, count(*) FROM \`applications\`
WHERE ${candidate(c, '')}
GROUP BY 1, 2`,
    ],
  };
}

/** Every prefix of every counted key (as `row`'s), as SQL expressions; empty and NULL ones are filtered out after. */
function prefixes(c: DerivedConstants, row: Row): string[] {
  return c.searchKeys.flatMap((k) => {
    const key = k.lower ? `lower(${row}${q(k.column)})` : `${row}${q(k.column)}`;
    return Array.from({ length: k.longest }, (_, i) => `substr(${key}, 1, ${i + 1})`);
  });
}

function searchPrefixes(c: DerivedConstants): DerivedGroup {
  const count = (row: 'NEW.' | 'OLD.', n: 1 | -1) => {
    const [first, ...rest] = prefixes(c, row);
    return `  INSERT INTO \`application_search_prefixes\` (\`prefix\`, \`status\`, \`n\`)
  SELECT p, ${row}\`status\`, ${n} FROM (SELECT ${first} AS p${rest.map((p) => `\n    UNION SELECT ${p}`).join('')}) WHERE p <> ''
  ON CONFLICT (\`prefix\`, \`status\`) DO UPDATE SET \`n\` = \`n\` + excluded.\`n\`;`;
  };
  const watched = ['status', ...c.searchKeys.map((k) => k.column)];
  const [first, ...rest] = prefixes(c, '');
  return {
    name: 'search-prefixes',
    home: 'application_search_prefixes',
    triggerPrefix: 'application_search_prefixes_',
    functions: [],
    triggers: [
      // A bulk loader counts its own applications (see application_search_prefixes_loading in the schema).
      trigger(
        'application_search_prefixes_insert',
        'applications',
        `CREATE TRIGGER \`application_search_prefixes_insert\` AFTER INSERT ON \`applications\`\nWHEN NOT EXISTS (SELECT 1 FROM \`application_search_prefixes_loading\`)\nBEGIN\n${count('NEW.', 1)}\nEND`,
      ),
      trigger('application_search_prefixes_delete', 'applications', `CREATE TRIGGER \`application_search_prefixes_delete\` AFTER DELETE ON \`applications\`\nBEGIN\n${count('OLD.', -1)}\nEND`),
      // Only when the status or a search key changed: the old prefixes counted down, then the new ones up.
      trigger(
        'application_search_prefixes_update',
        'applications',
        `CREATE TRIGGER \`application_search_prefixes_update\` AFTER UPDATE OF ${watched.map(q).join(', ')} ON \`applications\`
WHEN (${watched.map((w) => `OLD.${q(w)}`).join(', ')}) IS NOT (${watched.map((w) => `NEW.${q(w)}`).join(', ')})
BEGIN\n${count('OLD.', -1)}\n${count('NEW.', 1)}\nEND`,
      ),
    ],
    recount: [
      'DELETE FROM `application_search_prefixes`',
      `INSERT INTO \`application_search_prefixes\` (\`prefix\`, \`status\`, \`n\`)
SELECT p, \`status\`, count(*) FROM (
  SELECT \`id\`, \`status\`, ${first} AS p FROM \`applications\`${rest.map((p) => `\n  UNION SELECT \`id\`, \`status\`, ${p} FROM \`applications\``).join('')}
) WHERE p <> '' GROUP BY 1, 2`,
    ],
  };
}

function reportMarks(c: DerivedConstants): DerivedGroup {
  // Marks each hour once (the report-rollups job deletes the marks).
  const mark = (hours: string[]) => `  INSERT INTO \`report_dirty_hours\` (\`hour\`)
  SELECT h.\`hour\` FROM (${hours.map((h) => `SELECT ${h} / 3600000 AS \`hour\``).join(' UNION ')}) AS h
  WHERE h.\`hour\` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \`report_dirty_hours\` AS d WHERE d.\`hour\` = h.\`hour\`);`;
  return {
    name: 'report-marks',
    home: 'report_dirty_hours',
    triggerPrefix: 'report_mark_',
    functions: [],
    triggers: c.reportReads.flatMap(({ table, hours, reads, countedWhen }) => {
      const name = (op: string) => `report_mark_${table}_${op}`;
      const changed = `(${reads.map((r) => `OLD.${q(r)} IS NOT NEW.${q(r)}`).join(' OR ')})`;
      const when = countedWhen ? `(OLD.${q(countedWhen.column)} = ${literals([countedWhen.is])} OR NEW.${q(countedWhen.column)} = ${literals([countedWhen.is])}) AND ${changed}` : changed;
      return [
        trigger(name('insert'), table, `CREATE TRIGGER ${q(name('insert'))} AFTER INSERT ON ${q(table)}\nBEGIN\n${mark(hours.map((h) => `NEW.${q(h)}`))}\nEND`),
        trigger(name('delete'), table, `CREATE TRIGGER ${q(name('delete'))} AFTER DELETE ON ${q(table)}\nBEGIN\n${mark(hours.map((h) => `OLD.${q(h)}`))}\nEND`),
        trigger(name('update'), table, `CREATE TRIGGER ${q(name('update'))} AFTER UPDATE ON ${q(table)} WHEN ${when}\nBEGIN\n${mark(hours.flatMap((h) => [`OLD.${q(h)}`, `NEW.${q(h)}`]))}\nEND`),
      ];
    }),
    recount: [],
  };
}
