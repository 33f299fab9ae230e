/**
 * `npx tsx bench/persistence.ts [sqlite|postgres] [count]` — admin listing at scale.
 *
 * Seeds `count` applications (default 100 000, one user each) into a fresh SQLite file and/or a fresh
 * PostgreSQL database (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test),
 * then times, through the Persistence port, the first page of every admin tab (with its total) and
 * searches by email, name, surname, passport number and application number, printing p50/p95 per
 * query. Target: p95 ≤ 50 ms for each.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ADMIN_TAB_IDS } from '../core/domain/admin-tabs.js';
import { newApplication } from '../core/domain/application.js';
import { APPLICATION_STATUSES } from '../core/domain/status.js';
import type { AdminListQuery } from '../core/ports/application-repository.js';
import type { NewUser } from '../core/ports/user-repository.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import { createPostgresPersistence } from '../adapters/persistence/postgres/index.js';
import { createSqlitePersistence } from '../adapters/persistence/sqlite/index.js';
import { createRandom, demoForm, demoPerson } from '../apps/cli/seed/demo-data.js';

const GIVEN = ['Olivia', 'Noah', 'Amelia', 'Leo', 'Isla', 'Oliver', 'Ava', 'Arthur', 'Mia', 'George', 'Ivy', 'Muhammad', 'Freya', 'Harry', 'Lily'];
const SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White'];
const BATCH = 2000;

/** Applicant i and their application: predictable names, passports and numbers for the searches below. */
function applicant(i: number) {
  const base = Date.parse('2025-01-01T00:00:00Z');
  const given = GIVEN[i % GIVEN.length];
  const surname = `${SURNAMES[(i * 7) % SURNAMES.length]}${i % 97 === 0 ? 'son' : ''}`;
  const createdAt = new Date(base + i * 60_000);
  const user: NewUser = {
    email: `${given}.${surname}.${i}@example.com`.toLowerCase(),
    passwordHash: 'x',
    fullName: `${given} ${surname}`,
    phoneNumber: '+44 7700 900000',
    isAdmin: false,
    role: null,
    deactivatedAt: null,
    needsPasswordChange: false,
    applicationReminderSent: null,
    createdAt,
  };
  // The CLI's demo data fills the rest of the form.
  const rng = createRandom(i);
  const form = {
    ...demoForm(rng, demoPerson(rng, i, 'bench'), createdAt),
    givenName: given,
    surname,
    dateOfBirth: '1990-01-01',
    expectedArrivalDate: '2026-05-01',
    expectedDepartureDate: '2026-05-10',
    passportNumber: `GB${String(100000000 + i)}`,
    passportExpiry: '2031-01-01',
  };
  const application = {
    ...newApplication({ form, userId: 0, applicationNumber: `EV-${String(i).padStart(7, '0')}`, now: createdAt }),
    status: APPLICATION_STATUSES[(i * 13) % APPLICATION_STATUSES.length],
  };
  return { user, application };
}

/** Seeds `count` applicants with one application each, through the persistence's bulk loader. */
async function seed(p: Persistence, count: number) {
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, j) => applicant(from + j));
    const userIds = await p.bulk.insertUsers(batch.map((b) => b.user));
    await p.bulk.insertApplications(batch.map((b, j) => ({ application: { ...b.application, userId: userIds[j] }, payments: [], history: [], documents: [], finalFeeWaived: false })));
  }
}

async function time(p: Persistence, label: string, query: AdminListQuery, runs = 30) {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const page = await p.applications.listForAdmin(query);
    const ms = performance.now() - t0;
    total = page.total;
    if (i >= 3) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  const p50 = samples[Math.floor(samples.length * 0.5)];
  const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)];
  const flag = p95 <= 50 ? 'ok' : 'SLOW';
  console.log(`  ${label.padEnd(34)} total ${String(total).padStart(6)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${flag}`);
  return p95;
}

async function measure(p: Persistence) {
  let worst = 0;
  for (const tab of ADMIN_TAB_IDS) worst = Math.max(worst, await time(p, `tab ${tab}`, { tab, page: 1, pageSize: 20 }));
  worst = Math.max(worst, await time(p, 'all, page 1', { page: 1, pageSize: 20 }));
  worst = Math.max(worst, await time(p, 'all, page 200', { page: 200, pageSize: 20 }));
  for (const q of ['olivia.smith', 'amelia', 'taylor', 'isla wright', 'gb1000500', 'ev-00420', 'nobody']) {
    worst = Math.max(worst, await time(p, `search "${q}"`, { q, page: 1, pageSize: 20 }));
  }
  worst = Math.max(worst, await time(p, 'search "smith" in initial-payment', { q: 'smith', tab: 'initial-payment', page: 1, pageSize: 20 }));
  const t0 = performance.now();
  await p.applications.countByStatus();
  console.log(`  countByStatus (unfiltered)          ${(performance.now() - t0).toFixed(1)} ms`);
  console.log(`  worst p95: ${worst.toFixed(1)} ms (target ≤ 50 ms)`);
}

const which = process.argv[2] ?? 'both';
const count = Number(process.argv[3] ?? 100_000);

if (which === 'sqlite' || which === 'both') {
  // BENCH_SQLITE_FILE keeps (and reuses) the seeded file between runs, for tuning.
  const kept = process.env.BENCH_SQLITE_FILE;
  const dir = kept ? null : mkdtempSync(join(tmpdir(), 'evisa-bench-'));
  const file = kept ?? join(dir as string, 'bench.sqlite');
  if (!kept || !existsSync(kept)) {
    const p = createSqlitePersistence(file);
    await p.migrate();
    const t0 = performance.now();
    await seed(p, count);
    console.log(`SQLite: seeded ${count} applications in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await p.close();
    // The planner's statistics, as a database in use has them.
    const sqlite = new Database(file);
    sqlite.exec('analyze');
    sqlite.close();
  }
  const q = createSqlitePersistence(file);
  await q.migrate();
  await measure(q);
  await q.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

if (which === 'postgres' || which === 'both') {
  // BENCH_PG_URL: use (and keep) that database, seeding it only when it has no applications.
  const keptUrl = process.env.BENCH_PG_URL;
  const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `evisa_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  let url = keptUrl ?? '';
  if (!keptUrl) {
    await admin.query(`create database "${name}"`);
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  try {
    const p = createPostgresPersistence(url);
    await p.migrate();
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const existing = Number((await probe.query('select count(*) as n from applications')).rows[0].n);
    await probe.end();
    if (existing === 0) {
      const t0 = performance.now();
      await seed(p, count);
      console.log(`PostgreSQL: seeded ${count} applications in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const analyze = new pg.Client({ connectionString: url });
      await analyze.connect();
      await analyze.query('analyze');
      await analyze.end();
    }
    await measure(p);
    await p.close();
  } finally {
    if (!keptUrl) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
