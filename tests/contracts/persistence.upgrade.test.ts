import Database from 'better-sqlite3';
import { drizzle as drizzleLite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateLite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { createPostgresPersistence, POSTGRES_MIGRATIONS_FOLDER } from '../../adapters/persistence/postgres/index.js';
import { createSqlitePersistence, SQLITE_MIGRATIONS_FOLDER } from '../../adapters/persistence/sqlite/index.js';
import { startTestPostgres } from '../support/postgres.js';

// A database created by the first release (migration 0000 only) with data in it must upgrade in
// place: later migrations add the search columns and backfill them for existing applications.
const work = mkdtempSync(join(tmpdir(), 'evisa-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of a migrations folder holding only its first migration. */
function firstReleaseOnly(folder: string, name: string): string {
  const out = join(work, name);
  mkdirSync(join(out, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, 1);
  writeFileSync(join(out, 'meta', '_journal.json'), JSON.stringify(journal));
  copyFileSync(join(folder, `${journal.entries[0].tag}.sql`), join(out, `${journal.entries[0].tag}.sql`));
  return out;
}

const USER = `insert into users (email, password_hash, full_name, phone_number, created_at) values ('Early.Bird@Example.com', 'h', 'Early Bird', '1', %NOW%)`;
// A user who never applied, with accents only the stores' fold (migration 0005's backfill) makes searchable.
const PSEUDO = `insert into users (email, password_hash, full_name, phone_number, created_at) values ('zoe@example.com', 'h', 'Zoë Brontë', '2', %NOW%)`;
// A mail the old outbox sender had not sent yet: the job engine must queue its job on the upgrade.
const MAIL = `insert into mail_outbox (to_address, template, data) values ('early.bird@example.com', 'application_reminder', '{"fullName":"Early Bird"}')`;
const APP = `insert into applications (application_number, user_id, given_name, surname, gender, date_of_birth, nationality, country_of_birth,
  marital_status, profession, expected_arrival_date, expected_departure_date, passport_number, passport_expiry, created_at, updated_at)
  values ('EV-OLD-1', 1, 'Chloé', 'Little', 'male', '2000-01-01', 'France', 'France', 'single', 'Pilot', '2026-05-01', '2026-05-09', 'FR1', '2031-01-01', %NOW%, %NOW%)`;

// A decided application (approved, then rejected): migration 0021/0017 backfills its decision, the
// first entry into a decision status, from the history (docs/decisions/0016-report-figures.md).
const T0 = Date.parse('2026-01-05T09:00:00Z');
const DAY = 86_400_000;
const DECIDED_USER = `insert into users (email, password_hash, full_name, phone_number, created_at) values ('ada@example.com', 'h', 'Ada Lane', '3', %T0%)`;
const DECIDED = `insert into applications (application_number, user_id, status, given_name, surname, gender, date_of_birth, nationality, country_of_birth,
  marital_status, profession, expected_arrival_date, expected_departure_date, passport_number, passport_expiry, initial_payment_at, guarantee_deadline, created_at, updated_at)
  values ('EV-OLD-2', 3, 'rejected', 'Ada', 'Lane', 'female', '2000-01-01', 'France', 'France', 'single', 'Pilot', '2026-05-01', '2026-05-09', 'FR2', '2031-01-01', %T0%, %T5%, %T0%, %T3%)`;
const HISTORY = `insert into status_history (application_id, from_status, to_status, changed_by_name, changed_at) values
  (2, 'online_entry', 'application_created', 'system', %T0%), (2, 'verified', 'approved', 'admin', %T2%), (2, 'approved', 'rejected', 'admin', %T3%)`;
/** The statements with their instants as the dialect writes them. */
function timed(statement: string, at: (ms: number) => string): string {
  return statement.replace(/%T(\d)%/g, (_, days: string) => at(T0 + Number(days) * DAY));
}

async function expectUpgraded(p: Persistence) {
  await p.migrate();
  const found = await p.applications.listForAdmin({ q: 'early.bird@', page: 1, pageSize: 10 });
  expect(found.items.map((i) => i.application.applicationNumber)).toEqual(['EV-OLD-1']);
  expect((await p.applications.listForAdmin({ q: 'early bird', page: 1, pageSize: 10 })).total).toBe(1);
  expect((await p.applications.findById(found.items[0].application.id))?.version).toBe(1);
  // 0005: the folded keys of existing rows, the maintained status counts, the pseudo-entry flag.
  expect((await p.applications.listForAdmin({ q: 'chloe lit', page: 1, pageSize: 10 })).total).toBe(1);
  expect(await p.applications.countByStatus()).toEqual({ online_entry: 1, rejected: 1 });
  // The backfilled decision: the approval two days after the payment, not the later rejection.
  expect(await p.reports.decisions({ start: new Date(T0), end: new Date(T0 + 10 * DAY) })).toEqual({ finished: 1, withinGuarantee: 1, medianHours: 48, p90Hours: 48 });
  expect((await p.applications.listForAdmin({ tab: 'online-entries', page: 1, pageSize: 10 })).total).toBe(1);
  const pseudo = await p.users.pageWithoutApplication({ q: 'zoe bronte', offset: 0, limit: 10 });
  expect(pseudo.items.map((u) => u.fullName)).toEqual(['Zoë Brontë']);
  expect((await p.users.pageWithoutApplication({ offset: 0, limit: 0 })).total).toBe(1);
  // The job engine's store is new: the mail left waiting got its deliver-mail job.
  const [waiting] = await p.outbox.list({ sent: false });
  expect((await p.jobs.fetch('deliver-mail', 10)).map((j) => j.input)).toEqual([{ mailId: waiting!.id }]);
}

describe('upgrading a first-release database', () => {
  it('sqlite', async () => {
    const file = join(work, 'old.sqlite');
    const raw = new Database(file);
    migrateLite(drizzleLite(raw), { migrationsFolder: firstReleaseOnly(SQLITE_MIGRATIONS_FOLDER, 'sqlite') });
    raw.exec(USER.replace('%NOW%', String(Date.now())));
    raw.exec(PSEUDO.replace('%NOW%', String(Date.now())));
    raw.exec(APP.replaceAll('%NOW%', String(Date.now())));
    raw.exec(MAIL);
    raw.exec(timed(DECIDED_USER, String));
    raw.exec(timed(DECIDED, String));
    raw.exec(timed(HISTORY, String));
    raw.close();
    const p = createSqlitePersistence(file);
    try {
      await expectUpgraded(p);
    } finally {
      await p.close();
    }
  });

  it('postgres', async () => {
    const database = await startTestPostgres();
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder: firstReleaseOnly(POSTGRES_MIGRATIONS_FOLDER, 'postgres') });
      await pool.query(USER.replace('%NOW%', 'now()'));
      await pool.query(PSEUDO.replace('%NOW%', 'now()'));
      await pool.query(APP.replaceAll('%NOW%', 'now()'));
      await pool.query(MAIL);
      const pgTime = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;
      await pool.query(timed(DECIDED_USER, pgTime));
      await pool.query(timed(DECIDED, pgTime));
      await pool.query(timed(HISTORY, pgTime));
      await pool.end();
      const p = createPostgresPersistence(database.url, { max: 1 });
      try {
        await expectUpgraded(p);
      } finally {
        await p.close();
      }
    } finally {
      await pool.end().catch(() => {});
      await database.stop();
    }
  });
});
