import type { DerivedConstants, DerivedFunction, DerivedGroup, DerivedTrigger } from './index.js';
import { literals } from './index.js';

/**
 * The derived SQL for PostgreSQL (see index.ts). Inserts and deletes are counted once per statement
 * from their transition tables (a bulk load's 5,000 rows, one statement); updates row by row, and
 * only when a column the count reads changed. Where several writers may move the same counter rows,
 * they lock them in key order first, so that two never deadlock.
 */
export function renderPostgres(c: DerivedConstants): DerivedGroup[] {
  return [overdueDays(c), searchPrefixes(c), reportMarks(c)];
}

const q = (name: string) => `"${name}"`;

function fn(name: string, signature: string, returns: string, body: string, counts = false): DerivedFunction {
  return {
    name,
    body,
    counts,
    create: `CREATE OR REPLACE FUNCTION ${q(name)}(${signature}) RETURNS ${returns} AS $$${body}$$`,
  };
}
const plpgsql = (name: string, body: string) => fn(name, '', 'trigger LANGUAGE plpgsql', body);
const trigger = (name: string, table: string, create: string): DerivedTrigger => ({ name, table, create });
/** A statement-level trigger that reads the statement's rows as new_rows (insert) or old_rows (delete). */
const perStatement = (name: string, op: 'INSERT' | 'DELETE', table: string, call: string) =>
  trigger(
    name,
    table,
    `CREATE TRIGGER ${q(name)} AFTER ${op} ON ${q(table)}\nREFERENCING ${op === 'INSERT' ? 'NEW TABLE AS new_rows' : 'OLD TABLE AS old_rows'} FOR EACH STATEMENT EXECUTE FUNCTION ${call}`,
  );
const distinct = (columns: readonly string[]) => `(${columns.map((col) => `OLD.${q(col)}`).join(', ')}) IS DISTINCT FROM (${columns.map((col) => `NEW.${q(col)}`).join(', ')})`;

function overdueDays(c: DerivedConstants): DerivedGroup {
  const counted = (row: string) => `"application_overdue_candidate"(${row}"status", ${row}"guarantee_deadline", ${row}"guarantee_paused_at")`;
  return {
    name: 'overdue-days',
    home: 'application_overdue_days',
    triggerPrefix: 'application_overdue_days_',
    functions: [
      // An overdue candidate (shared/sql-values.ts OVERDUE_CANDIDATE_SQL) and its day, the UTC day of its deadline since the epoch.
      fn(
        'application_overdue_candidate',
        'status text, deadline timestamptz, paused timestamptz',
        'boolean LANGUAGE sql IMMUTABLE',
        `\n  SELECT deadline IS NOT NULL AND status IN (${literals(c.undecided)}) AND (paused IS NULL OR paused > deadline)\n`,
        true,
      ),
      fn('application_overdue_day', 'deadline timestamptz', 'integer LANGUAGE sql IMMUTABLE', '\n  SELECT floor(extract(epoch FROM deadline) / 86400)::integer\n', true),
      plpgsql(
        'application_overdue_days_insert',
        `
BEGIN
  INSERT INTO "application_overdue_days" ("status", "day", "n")
  SELECT "status", "application_overdue_day"("guarantee_deadline"), count(*) FROM new_rows
  WHERE ${counted('')}
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("status", "day") DO UPDATE SET "n" = "application_overdue_days"."n" + excluded."n";
  RETURN NULL;
END;
`,
      ),
      plpgsql(
        'application_overdue_days_delete',
        `
BEGIN
  UPDATE "application_overdue_days" AS c SET "n" = c."n" - d.k
  FROM (SELECT "status", "application_overdue_day"("guarantee_deadline") AS day, count(*) AS k FROM old_rows
        WHERE ${counted('')} GROUP BY 1, 2) AS d
  WHERE c."status" = d."status" AND c."day" = d.day;
  RETURN NULL;
END;
`,
      ),
      // The counter rows an update moves between are locked in (status, day) order first.
      plpgsql(
        'application_overdue_days_update',
        `
DECLARE
  was boolean := ${counted('OLD.')};
  now_is boolean := ${counted('NEW.')};
BEGIN
  IF NOT was AND NOT now_is THEN RETURN NULL; END IF;
  PERFORM 1 FROM "application_overdue_days"
  WHERE (was AND "status" = OLD."status" AND "day" = "application_overdue_day"(OLD."guarantee_deadline"))
     OR (now_is AND "status" = NEW."status" AND "day" = "application_overdue_day"(NEW."guarantee_deadline"))
  ORDER BY "status", "day" FOR UPDATE;
  IF was THEN
    UPDATE "application_overdue_days" SET "n" = "n" - 1 WHERE "status" = OLD."status" AND "day" = "application_overdue_day"(OLD."guarantee_deadline");
  END IF;
  IF now_is THEN
    INSERT INTO "application_overdue_days" ("status", "day", "n") VALUES (NEW."status", "application_overdue_day"(NEW."guarantee_deadline"), 1)
    ON CONFLICT ("status", "day") DO UPDATE SET "n" = "application_overdue_days"."n" + 1;
  END IF;
  RETURN NULL;
END;
`,
      ),
    ],
    triggers: [
      perStatement('application_overdue_days_insert', 'INSERT', 'applications', '"application_overdue_days_insert"()'),
      perStatement('application_overdue_days_delete', 'DELETE', 'applications', '"application_overdue_days_delete"()'),
      trigger(
        'application_overdue_days_update',
        'applications',
        `CREATE TRIGGER "application_overdue_days_update" AFTER UPDATE ON "applications" FOR EACH ROW\nWHEN (${distinct(['status', 'guarantee_deadline', 'guarantee_paused_at'])})\nEXECUTE FUNCTION "application_overdue_days_update"()`,
      ),
    ],
    recount: [
      'DELETE FROM "application_overdue_days"',
      `INSERT INTO "application_overdue_days" ("status", "day", "n")
SELECT "status", "application_overdue_day"("guarantee_deadline"), count(*) FROM "applications"
WHERE ${counted('')}
GROUP BY 1, 2`,
    ],
  };
}

function searchPrefixes(c: DerivedConstants): DerivedGroup {
  const keys = c.searchKeys;
  const of = (row: string) => `"application_search_prefixes_of"(${keys.map((k) => `${row}${q(k.column)}`).join(', ')})`;
  const upsert = '  ON CONFLICT ("prefix", "status") DO UPDATE SET "n" = "application_search_prefixes"."n" + excluded."n";';
  return {
    name: 'search-prefixes',
    home: 'application_search_prefixes',
    // Named to fire after application_status_counts' (PostgreSQL fires a table's triggers in name order).
    triggerPrefix: 'application_status_search_prefixes_',
    functions: [
      // Every distinct non-empty prefix of the keys, each up to its longest.
      fn(
        'application_search_prefixes_of',
        keys.map((k) => `${k.arg} text`).join(', '),
        'SETOF text LANGUAGE sql IMMUTABLE',
        `
  SELECT DISTINCT left(k, l)
  FROM unnest(ARRAY[${keys.map((k) => (k.lower ? `lower(${k.arg})` : k.arg)).join(', ')}], ARRAY[${keys.map((k) => k.longest).join(', ')}]) AS keys(k, longest),
       generate_series(1, least(longest, length(k))) AS l
`,
        true,
      ),
      // A bulk loader counts its own applications (see application_search_prefixes_loading).
      plpgsql(
        'application_search_prefixes_insert',
        `
BEGIN
  IF EXISTS (SELECT 1 FROM "application_search_prefixes_loading") THEN RETURN NULL; END IF;
  INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
  SELECT p, a."status", count(*)
  FROM new_rows AS a, ${of('a.')} AS p
  GROUP BY 1, 2 ORDER BY 1, 2
${upsert}
  RETURN NULL;
END;
`,
      ),
      // The rows a delete counts down exist (its applications were counted in them): the upsert only updates.
      plpgsql(
        'application_search_prefixes_delete',
        `
BEGIN
  INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
  SELECT p, a."status", -count(*)
  FROM old_rows AS a, ${of('a.')} AS p
  GROUP BY 1, 2 ORDER BY 1, 2
${upsert}
  RETURN NULL;
END;
`,
      ),
      // The old prefixes counted down in the old status, the new ones up in the new, the ones that
      // stayed in place left alone; the statuses' counter rows locked first, so a writer touches a
      // status's prefix rows only while it holds that status's counter row.
      plpgsql(
        'application_search_prefixes_update',
        `
BEGIN
  PERFORM 1 FROM "application_status_counts" WHERE "status" IN (OLD."status", NEW."status") ORDER BY "status" FOR UPDATE;
  INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
  SELECT prefix, status, sum(k)::integer FROM (
    SELECT p AS prefix, OLD."status" AS status, -1 AS k
    FROM ${of('OLD.')} AS p
    UNION ALL
    SELECT p, NEW."status", 1
    FROM ${of('NEW.')} AS p
  ) AS d
  GROUP BY 1, 2 HAVING sum(k) <> 0 ORDER BY 1, 2
${upsert}
  RETURN NULL;
END;
`,
      ),
    ],
    triggers: [
      perStatement('application_status_search_prefixes_insert', 'INSERT', 'applications', '"application_search_prefixes_insert"()'),
      perStatement('application_status_search_prefixes_delete', 'DELETE', 'applications', '"application_search_prefixes_delete"()'),
      trigger(
        'application_status_search_prefixes_update',
        'applications',
        `CREATE TRIGGER "application_status_search_prefixes_update" AFTER UPDATE ON "applications" FOR EACH ROW\nWHEN (${distinct(['status', ...keys.map((k) => k.column)])})\nEXECUTE FUNCTION "application_search_prefixes_update"()`,
      ),
    ],
    recount: [
      'DELETE FROM "application_search_prefixes"',
      `INSERT INTO "application_search_prefixes" ("prefix", "status", "n")
SELECT p, a."status", count(*)
FROM "applications" AS a, ${of('a.')} AS p
GROUP BY 1, 2`,
    ],
  };
}

function reportMarks(c: DerivedConstants): DerivedGroup {
  const args = (hours: readonly string[]) => hours.map((h) => literals([h])).join(', ');
  return {
    name: 'report-marks',
    home: 'report_dirty_hours',
    triggerPrefix: 'report_mark_',
    functions: [
      // The hours of a statement's rows (new_rows or old_rows), for each column named.
      plpgsql(
        'report_mark_rows',
        `
DECLARE col text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    EXECUTE format(
      'INSERT INTO "report_dirty_hours" ("hour") SELECT DISTINCT floor(extract(epoch FROM %1$I) / 3600)::integer FROM %2$I WHERE %1$I IS NOT NULL',
      col, CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
  END LOOP;
  RETURN NULL;
END;
`,
      ),
      // The hours of an updated row, before and after, for each column named.
      plpgsql(
        'report_mark_row',
        `
BEGIN
  INSERT INTO "report_dirty_hours" ("hour")
  SELECT DISTINCT floor(extract(epoch FROM v::timestamptz) / 3600)::integer
  FROM unnest(TG_ARGV) AS c(col), LATERAL (VALUES (to_jsonb(OLD) ->> c.col), (to_jsonb(NEW) ->> c.col)) AS t(v)
  WHERE v IS NOT NULL;
  RETURN NULL;
END;
`,
      ),
    ],
    triggers: c.reportReads.flatMap(({ table, hours, reads, countedWhen }) => {
      const name = (op: string) => `report_mark_${table}_${op}`;
      const counted = countedWhen
        ? `(OLD.${q(countedWhen.column)} = ${literals([countedWhen.is])} OR NEW.${q(countedWhen.column)} = ${literals([countedWhen.is])})\n  AND ${distinct(reads)}`
        : distinct(reads);
      return [
        perStatement(name('insert'), 'INSERT', table, `"report_mark_rows"(${args(hours)})`),
        perStatement(name('delete'), 'DELETE', table, `"report_mark_rows"(${args(hours)})`),
        trigger(name('update'), table, `CREATE TRIGGER ${q(name('update'))} AFTER UPDATE ON ${q(table)} FOR EACH ROW\nWHEN (${counted})\nEXECUTE FUNCTION "report_mark_row"(${args(hours)})`),
      ];
    }),
    recount: [],
  };
}
