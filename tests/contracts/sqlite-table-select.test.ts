import Database from 'better-sqlite3';
import { and, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_MIGRATIONS_FOLDER } from '../../adapters/persistence/sqlite/index.js';
import * as schema from '../../adapters/persistence/sqlite/schema.js';
import { compileColumnsSelect, compileJoinSelect, compileTableSelect } from '../../adapters/persistence/sqlite/table-select.js';

// The SQLite adapter's hot reads skip drizzle's row mapping: their rows must be exactly drizzle's.
describe('compileTableSelect (SQLite)', () => {
  const sqlite = new Database(':memory:');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
  afterAll(() => sqlite.close());

  const user = db
    .insert(schema.users)
    .values({ email: 'a@example.com', passwordHash: 'x', fullName: 'A', phoneNumber: '+44', isAdmin: true, applicationReminderSent: new Date(5) })
    .returning()
    .get();

  it('decodes rows as drizzle does (timestamps, booleans, nulls) and binds parameters in order', () => {
    const select = compileTableSelect(
      sqlite,
      schema.users,
      db
        .select()
        .from(schema.users)
        .where(eq(schema.users.id, sql.placeholder('id'))),
    );
    const drizzleRow = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get();
    expect(select.get({ id: user.id })).toStrictEqual(drizzleRow);
    expect(select.all({ id: user.id })).toStrictEqual([drizzleRow]);
    expect(select.get({ id: user.id + 1 })).toBeUndefined();
    expect(select.all({ id: user.id + 1 })).toEqual([]);
  });

  it('decodes a join table by table, as drizzle does, with fixed parameters beside the placeholders', () => {
    const session = { idHash: 'h1', userId: user.id, createdAt: new Date(1_000), lastSeenAt: new Date(2_000) };
    db.insert(schema.sessions).values(session).run();
    const joined = { session: schema.sessions, user: schema.users };
    const query = () => db.select(joined).from(schema.sessions).innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId));
    const select = compileJoinSelect(sqlite, joined, query().where(and(eq(schema.sessions.idHash, sql.placeholder('hash')), gte(schema.sessions.createdAt, new Date(500)))));
    const drizzleRows = query().where(eq(schema.sessions.idHash, 'h1')).all();
    expect(drizzleRows).toHaveLength(1);
    expect(select.all({ hash: 'h1' })).toStrictEqual(drizzleRows);
    expect(select.get({ hash: 'h2' })).toBeUndefined();
  });

  it('refuses a query that does not select every column of the table in order', () => {
    expect(() => compileTableSelect(sqlite, schema.users, db.select({ id: schema.users.id }).from(schema.users))).toThrow(/every column of users, in order/);
  });

  it('decodes a select of some of a table’s columns as drizzle does, and refuses one that selects others', () => {
    const { passwordHash: _hash, searchEmail: _email, searchName: _name, ...some } = getTableColumns(schema.users);
    const query = () => db.select(some).from(schema.users);
    const select = compileColumnsSelect(sqlite, some, query().where(eq(schema.users.id, sql.placeholder('id'))));
    const drizzleRow = query().where(eq(schema.users.id, user.id)).get();
    expect(drizzleRow).toMatchObject({ email: 'a@example.com', isAdmin: true, applicationReminderSent: new Date(5) });
    expect(select.get({ id: user.id })).toStrictEqual(drizzleRow);
    expect(select.all({ id: user.id + 1 })).toEqual([]);
    expect(() => compileColumnsSelect(sqlite, some, db.select().from(schema.users))).toThrow(/must select the columns id, /);
  });
});
