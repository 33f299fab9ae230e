import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditHash } from '../../core/domain/audit-chain.js';
import { detailToText, type AuditEntry } from '../../core/domain/audit.js';
import { CLI_OPERATOR, recordAudit } from '../../core/use-cases/audit.js';
import { oneLineError, runCli, startBackend, type Backend } from './helpers/cli.js';

/** Plain SQL on the agency's database, as someone with direct access to it would run it. */
interface RawDatabase {
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

function openRaw(backend: Backend): RawDatabase {
  if (backend.name === 'sqlite') {
    const db = new Database(path.join(backend.dataDir, 'agency.sqlite'));
    return {
      async run(sql, params = []) {
        db.prepare(sql.replace(/\$\d+/g, '?')).run(...params.map((p) => (p instanceof Date ? p.getTime() : p)));
      },
      async close() {
        db.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: backend.env.DATABASE_URL, max: 1 });
  return {
    async run(sql, params = []) {
      await pool.query(sql, params);
    },
    close: () => pool.end(),
  };
}

const INSERT =
  'INSERT INTO audit_log (seq, at, actor_id, actor_email, client_address, action, target_type, target_id, application_id, detail, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)';
const insertValues = (e: AuditEntry) => [e.seq, e.at, e.actorId, e.actorEmail, e.clientAddress, e.action, e.targetType, e.targetId, e.applicationId, detailToText(e.detail), e.prevHash, e.hash];

/**
 * `evisa verify-audit` (docs/product.md §15) against rows changed, removed and inserted directly in
 * the database, on both dialects; each tampering is undone before the next.
 */
describe.each(['sqlite', 'postgres'] as const)('evisa verify-audit on %s', { timeout: 240_000 }, (backendName) => {
  let backend: Backend;
  let raw: RawDatabase;
  let rows: AuditEntry[];
  const verify = () => runCli(['verify-audit'], backend.env);

  beforeAll(async () => {
    backend = await startBackend(backendName);
    const agency = await backend.agency();
    const staff = { userId: 4, isAdmin: true, email: 'reviewer@agency.example', clientAddress: '198.51.100.7' };
    rows = [];
    for (let i = 1; i <= 5; i += 1) {
      rows.push(
        await recordAudit(agency.ports, i === 5 ? CLI_OPERATOR : staff, {
          action: 'application.status_changed',
          target: { type: 'application', id: 10 + i },
          applicationId: 10 + i,
          before: { status: 'application_created' },
          after: { status: 'in_review' },
        }),
      );
    }
    raw = openRaw(backend);
  });
  afterAll(async () => {
    await raw?.close();
    await backend?.stop();
  });

  it('passes an intact chain, naming how many entries and the last hash', async () => {
    const result = await verify();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Audit log intact: 5 entries, last ${rows[4]!.hash.slice(0, 12)}.\n`);
  });

  it('names an entry whose content was updated', async () => {
    await raw.run('UPDATE audit_log SET detail = $1 WHERE seq = 3', [detailToText({ before: { status: 'application_created' }, after: { status: 'rejected' } })]);
    const result = await verify();
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe('Error: Audit entry 3 was changed: its content no longer matches its hash.');
    await raw.run('UPDATE audit_log SET detail = $1 WHERE seq = 3', [detailToText(rows[2]!.detail)]);
    expect((await verify()).code).toBe(0);
  });

  it('names an entry updated together with a recomputed hash: the next entry no longer follows it', async () => {
    const forged = { ...rows[1]!, actorEmail: 'someone.else@agency.example' };
    await raw.run('UPDATE audit_log SET actor_email = $1, hash = $2 WHERE seq = 2', [forged.actorEmail, auditHash(forged)]);
    const result = await verify();
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe('Error: Audit entry 3 does not follow entry 2: one of them was changed or replaced.');
    await raw.run('UPDATE audit_log SET actor_email = $1, hash = $2 WHERE seq = 2', [rows[1]!.actorEmail, rows[1]!.hash]);
  });

  it('names an entry deleted in the middle', async () => {
    await raw.run('DELETE FROM audit_log WHERE seq = 3');
    const result = await verify();
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe('Error: Audit entry 3 was removed: the chain breaks after entry 2.');
    await raw.run(INSERT, insertValues(rows[2]!));
  });

  it('names the last entry deleted', async () => {
    await raw.run('DELETE FROM audit_log WHERE seq = 5');
    const result = await verify();
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe('Error: Audit entry 5 was removed: the chain breaks after entry 4.');
    await raw.run(INSERT, insertValues(rows[4]!));
  });

  it('names an entry inserted, even one chained and hashed by the rule', async () => {
    const unhashed = { ...rows[4]!, seq: 6, prevHash: rows[4]!.hash, actorEmail: 'intruder@example.com' };
    await raw.run(INSERT, insertValues({ ...unhashed, hash: auditHash(unhashed) }));
    const result = await verify();
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe('Error: Audit entry 6 was inserted: the log never appended it.');
    await raw.run('DELETE FROM audit_log WHERE seq = 6');
  });

  it('passes again once every tampering is undone', async () => {
    const result = await verify();
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Audit log intact: 5 entries, last ${rows[4]!.hash.slice(0, 12)}.\n`);
  });
});
