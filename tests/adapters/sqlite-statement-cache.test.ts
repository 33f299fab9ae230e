import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheStatements } from '../../adapters/persistence/sqlite/statement-cache.js';

describe('the SQLite statement cache', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  function open(): Database.Database {
    db = new Database(':memory:');
    db.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
    cacheStatements(db, 2);
    return db;
  }

  it('keeps each user’s row mode apart on the one compiled statement', () => {
    open();
    const arrays = db.prepare('select id, name from t order by id').raw();
    const objects = db.prepare('select id, name from t order by id');
    const firsts = db.prepare('select id, name from t order by id').pluck();
    expect(arrays.all()).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(objects.all()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
    expect(firsts.all()).toEqual([1, 2, 3]);
    expect(objects.get()).toEqual({ id: 1, name: 'a' });
    expect(arrays.get()).toEqual([1, 'a']);
  });

  it('gives a new statement while the kept one is streaming rows, and both read right', () => {
    open();
    const streamed: unknown[] = [];
    for (const row of db.prepare('select name from t order by id').pluck().iterate()) {
      streamed.push(row);
      // Read the same SQL again mid-stream: the kept statement is busy, so this one is new.
      expect(db.prepare('select name from t order by id').pluck().all()).toEqual(['a', 'b', 'c']);
    }
    expect(streamed).toEqual(['a', 'b', 'c']);
  });

  it('writes through a reused statement, and forgets the least recently used past its limit', () => {
    open();
    for (const name of ['d', 'e']) db.prepare('insert into t (name) values (?)').run(name);
    db.prepare('select 1').get();
    db.prepare('select 2').get();
    // The limit is 2: the insert was let go, and preparing it again still works.
    expect(db.prepare('insert into t (name) values (?)').run('f').changes).toBe(1);
    expect(db.prepare('select count(*) from t').pluck().get()).toBe(6);
  });
});
