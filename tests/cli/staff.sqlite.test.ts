import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLineError, runCli, startBackend, type Backend } from './helpers/cli.js';

/**
 * Staff from the shell: create-admin --role, list-staff, deactivate-staff, and the global --as that
 * checks a command against a member of staff's role (apps/cli/command-permissions.ts). Each command
 * is a subprocess on one SQLite DATA_DIR; the tests run in order on the same data.
 */
describe('evisa staff commands on sqlite', { timeout: 240_000 }, () => {
  let backend: Backend;
  const cli = (...args: string[]) => runCli(args, backend.env);
  const staff = (email: string) => ['--email', email, '--password', 'secret-123', '--name', email.split('@')[0]!, '--phone', '+441111222333'];

  beforeAll(async () => {
    backend = await startBackend('sqlite');
    await (await backend.agency()).persistence.migrate();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('create-admin --role makes a member of staff with that role (admin by default); an unknown role is refused with exit 2', async () => {
    const [ops, rita, bad] = await Promise.all([
      cli('create-admin', ...staff('ops@agency.example')),
      cli('create-admin', ...staff('rita@agency.example'), '--role', 'reviewer'),
      cli('create-admin', ...staff('owner@agency.example'), '--role', 'owner'),
    ]);
    expect(ops.code).toBe(0);
    expect(ops.stdout).toMatch(/^Created admin ops@agency\.example \(user \d+\)\.\n$/);
    expect(rita.code).toBe(0);
    expect(rita.stdout).toMatch(/^Created reviewer rita@agency\.example \(user \d+\)\.\n$/);
    expect(bad.code).toBe(2);
    expect(oneLineError(bad)).toBe('Error: --role: Please choose a role: admin, reviewer, finance, support.');
    const users = (await backend.agency()).ports.users;
    expect(await users.findByEmail('rita@agency.example')).toMatchObject({ isAdmin: true, role: 'reviewer', deactivatedAt: null });
    expect(await users.findByEmail('ops@agency.example')).toMatchObject({ isAdmin: true, role: 'admin' });
    expect(await users.findByEmail('owner@agency.example')).toBeNull();
  });

  it('list-staff prints a table of id, email, name, role and active', async () => {
    const listed = await cli('list-staff');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+email\s+name\s+role\s+active$/);
    // Created at once above: their order (oldest first) is not decided here.
    expect(
      lines
        .slice(1, 3)
        .map((l) => l.split(/\s+/).slice(1))
        .sort(),
    ).toEqual([
      ['ops@agency.example', 'ops', 'admin', 'yes'],
      ['rita@agency.example', 'rita', 'reviewer', 'yes'],
    ]);
    expect(lines[3]).toBe('2 members of staff, 2 active.');
  });

  it('--as checks the command against that member of staff’s role: refused with exit 1, nothing done', async () => {
    const [asReviewer, asAdmin, asNobody, deactivateAsReviewer] = await Promise.all([
      cli('--as', 'rita@agency.example', 'list-staff'),
      cli('--as', 'OPS@agency.example', 'list-staff'),
      cli('--as', 'nobody@agency.example', 'migrate'),
      cli('--as', 'rita@agency.example', 'deactivate-staff', 'ops@agency.example'),
    ]);
    expect(asReviewer.code).toBe(1);
    expect(oneLineError(asReviewer)).toBe('Error: --as rita@agency.example: the role reviewer does not allow list-staff (staff.manage).');
    expect(asReviewer.stdout).toBe('');
    expect(asAdmin.code).toBe(0);
    expect(asAdmin.stdout).toMatch(/rita@agency\.example/);
    expect(asNobody.code).toBe(1);
    expect(oneLineError(asNobody)).toBe('Error: --as nobody@agency.example: no active member of staff has this email.');
    expect(deactivateAsReviewer.code).toBe(1);
    expect((await (await backend.agency()).ports.users.findByEmail('ops@agency.example'))?.deactivatedAt).toBeNull();
  });

  it('deactivate-staff ends a member’s access; the last admin, yourself (--as) and unknown emails are refused, nothing written', async () => {
    const users = (await backend.agency()).ports.users;
    const [lastAdmin, self, unknown] = await Promise.all([
      cli('deactivate-staff', 'ops@agency.example'),
      cli('--as', 'ops@agency.example', 'deactivate-staff', 'ops@agency.example'),
      cli('deactivate-staff', 'nobody@agency.example'),
    ]);
    expect(lastAdmin.code).toBe(1);
    expect(oneLineError(lastAdmin)).toBe('Error: The agency must keep at least one active admin: make another member of staff admin first.');
    expect(self.code).toBe(2);
    expect(oneLineError(self)).toBe('Error: You cannot deactivate your own account. Ask another admin to do it.');
    expect(unknown.code).toBe(1);
    expect(oneLineError(unknown)).toBe('Error: No member of staff has the email nobody@agency.example.');
    expect((await users.findByEmail('ops@agency.example'))?.deactivatedAt).toBeNull();

    const done = await cli('deactivate-staff', 'Rita@agency.example');
    expect(done.code).toBe(0);
    expect(done.stdout).toBe('Deactivated rita@agency.example (reviewer); their sessions have ended.\n');
    expect((await users.findByEmail('rita@agency.example'))?.deactivatedAt).toBeInstanceOf(Date);
    // A deactivated member of staff can no longer be acted as.
    const asRita = await cli('--as', 'rita@agency.example', 'send-reminders', '--dry-run');
    expect(asRita.code).toBe(1);
    expect(oneLineError(asRita)).toBe('Error: --as rita@agency.example: no active member of staff has this email.');
  });
});
