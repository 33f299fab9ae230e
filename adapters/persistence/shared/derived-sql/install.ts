import type BetterSqlite3 from 'better-sqlite3';
import { fingerprint, type DerivedGroup } from './index.js';

/**
 * Puts the rendered derived SQL (index.ts) in a database, as `migrate()` does after the migrations:
 * each group whose triggers differ from what is rendered is dropped and created afresh, and its
 * table counted again when what defines the count changed, in one transaction. A database that has
 * them already is left alone (no lock taken). Answers the groups re-created.
 */
export function installSqliteDerivedSql(db: BetterSqlite3.Database, groups: DerivedGroup[]): DerivedGroup['name'][] {
  const changed: DerivedGroup['name'][] = [];
  db.transaction(() => {
    for (const group of groups) {
      const found = sqliteTriggers(db, group);
      if (sameTriggers(found, group)) continue;
      for (const name of found.keys()) db.exec(`DROP TRIGGER "${name}"`);
      for (const t of group.triggers) db.exec(t.create);
      // The counts follow the triggers: SQLite's carry the definition of what they count.
      for (const statement of group.recount) db.exec(statement);
      changed.push(group.name);
    }
  }).immediate();
  return changed;
}

/** The group's triggers in an SQLite database, by name: the statement each was created with, as it keeps it. */
export function sqliteTriggers(db: BetterSqlite3.Database, group: DerivedGroup): Map<string, string> {
  const rows = db.prepare("select name, sql from sqlite_master where type = 'trigger' and substr(name, 1, ?) = ? order by name").all(group.triggerPrefix.length, group.triggerPrefix) as {
    name: string;
    sql: string;
  }[];
  return new Map(rows.map((r) => [r.name, r.sql]));
}

const sameTriggers = (found: Map<string, string>, group: DerivedGroup) => found.size === group.triggers.length && group.triggers.every((t) => found.get(t.name) === t.create);

/** What installPostgresDerivedSql needs of a client (pg's PoolClient): one connection, for its transaction. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The same for PostgreSQL, on one client the caller holds (migrate() holds it under its advisory
 * lock). Whether a group is in place is read off the fingerprint its table's comment keeps (reading
 * it takes no lock; dropping a trigger locks its table out while the transaction lasts). The counts
 * are counted again only when a counting function's body (pg_proc.prosrc) differs from the rendered
 * one: re-created triggers that count the same way need no recount.
 */
export async function installPostgresDerivedSql(client: PgQueryable, groups: DerivedGroup[]): Promise<DerivedGroup['name'][]> {
  const changed: DerivedGroup['name'][] = [];
  const stored = await client.query(`select relname, obj_description(c.oid, 'pg_class') as mark from pg_class c where c.relnamespace = current_schema()::regnamespace and relname = any($1)`, [
    groups.map((g) => g.home),
  ]);
  const marks = new Map(stored.rows.map((r) => [r.relname as string, r.mark as string | null]));
  const pending = groups.filter((g) => marks.get(g.home) !== fingerprint(g));
  if (pending.length === 0) return changed;
  await client.query('begin');
  try {
    for (const group of pending) {
      const bodies = await postgresFunctionBodies(client, group);
      const recount = group.functions.some((f) => f.counts && bodies.get(f.name) !== f.body);
      for (const t of await postgresTriggerNames(client, group)) await client.query(`drop trigger "${t.name}" on ${t.table}`);
      const functions = await client.query('select p.oid::regprocedure::text as f from pg_proc p where p.pronamespace = current_schema()::regnamespace and p.proname = any($1)', [
        group.functions.map((f) => f.name),
      ]);
      for (const r of functions.rows) await client.query(`drop function ${r.f as string}`);
      for (const f of group.functions) await client.query(f.create);
      for (const t of group.triggers) await client.query(t.create);
      if (recount) for (const statement of group.recount) await client.query(statement);
      await client.query(`comment on table "${group.home}" is '${fingerprint(group)}'`);
      changed.push(group.name);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return changed;
}

/** The group's functions in a PostgreSQL database, by name: their bodies as it keeps them. */
export async function postgresFunctionBodies(client: PgQueryable, group: DerivedGroup): Promise<Map<string, string>> {
  const { rows } = await client.query('select proname, prosrc from pg_proc where pronamespace = current_schema()::regnamespace and proname = any($1) order by proname', [
    group.functions.map((f) => f.name),
  ]);
  return new Map(rows.map((r) => [r.proname as string, r.prosrc as string]));
}

/** The group's triggers in a PostgreSQL database (named with its prefix), and their tables. */
export async function postgresTriggerNames(client: PgQueryable, group: DerivedGroup): Promise<{ name: string; table: string }[]> {
  const { rows } = await client.query(
    `select t.tgname as name, t.tgrelid::regclass::text as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and starts_with(t.tgname::text, $1) order by 1`,
    [group.triggerPrefix],
  );
  return rows as { name: string; table: string }[];
}

/** The group's triggers' definitions as PostgreSQL prints them (pg_get_triggerdef), by name. */
export async function postgresTriggerDefinitions(client: PgQueryable, group: DerivedGroup): Promise<Map<string, string>> {
  const { rows } = await client.query(
    `select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and starts_with(t.tgname::text, $1) order by 1`,
    [group.triggerPrefix],
  );
  return new Map(rows.map((r) => [r.name as string, r.def as string]));
}

/**
 * Where a PostgreSQL database's group differs from the rendered one: the functions' bodies compared
 * as kept, the triggers as PostgreSQL prints them — the rendered ones are created in a transaction
 * rolled back, to be printed the same way. It locks the tables out meanwhile: for tests and checks,
 * not for a serving database. Answers the names that differ (empty: in step).
 */
export async function postgresDrift(client: PgQueryable, group: DerivedGroup): Promise<string[]> {
  const drift: string[] = [];
  const bodies = await postgresFunctionBodies(client, group);
  for (const f of group.functions) if (bodies.get(f.name) !== f.body) drift.push(f.name);
  for (const name of bodies.keys()) if (!group.functions.some((f) => f.name === name)) drift.push(name);
  const found = await postgresTriggerDefinitions(client, group);
  await client.query('begin');
  try {
    for (const t of await postgresTriggerNames(client, group)) await client.query(`drop trigger "${t.name}" on ${t.table}`);
    const rendered = new Map<string, string>();
    for (const t of group.triggers) {
      await client.query('savepoint rendered');
      try {
        await client.query(t.create);
        await client.query('release savepoint rendered');
      } catch {
        // A trigger that cannot be created here (its function missing or different) differs.
        await client.query('rollback to savepoint rendered');
        rendered.set(t.name, `(cannot be created: ${t.create})`);
      }
    }
    for (const [name, def] of await postgresTriggerDefinitions(client, group)) if (!rendered.has(name)) rendered.set(name, def);
    for (const name of new Set([...found.keys(), ...rendered.keys()])) if (found.get(name) !== rendered.get(name)) drift.push(name);
  } finally {
    await client.query('rollback');
  }
  return drift.sort();
}

/** The same for SQLite, whose triggers are kept as the statements that created them. */
export function sqliteDrift(db: BetterSqlite3.Database, group: DerivedGroup): string[] {
  const found = sqliteTriggers(db, group);
  const names = new Set([...found.keys(), ...group.triggers.map((t) => t.name)]);
  return [...names].filter((name) => found.get(name) !== group.triggers.find((t) => t.name === name)?.create).sort();
}
