import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLineError, runCli, startBackend, type Backend } from './helpers/cli.js';

/**
 * `evisa portal-status [up|down] --message …` (decision 0032) as subprocesses on one SQLite
 * DATA_DIR; the tests run in order on the same data.
 */
describe('evisa portal-status on sqlite', { timeout: 240_000 }, () => {
  let backend: Backend;
  const cli = (...args: string[]) => runCli(args, backend.env);

  beforeAll(async () => {
    backend = await startBackend('sqlite');
    await (await backend.agency()).persistence.migrate();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('refuses down without a message and an unknown state, storing nothing', async () => {
    const [noMessage, sideways] = await Promise.all([cli('portal-status', 'down'), cli('portal-status', 'sideways', '--message', 'x')]);
    expect(noMessage.code).not.toBe(0);
    expect(oneLineError(noMessage)).toContain('Say what is wrong with the portal');
    expect(sideways.code).not.toBe(0);
    expect(oneLineError(sideways)).toContain('sideways');
    expect(await (await backend.agency()).ports.portalOutages.latest()).toBeNull();
    const shown = await cli('portal-status');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe('The official portal is up.\n');
  });

  it('switches it down with a message, shows it, and up again; each switch is in the audit log', async () => {
    const down = await cli('portal-status', 'down', '--message', 'visa2egypt.gov.eg answers 404.');
    expect(down.stderr).toBe('');
    expect(down.code).toBe(0);
    expect(down.stdout).toMatch(/^The official portal is down since .+: visa2egypt\.gov\.eg answers 404\.\n0 guarantee clocks paused, 0 applicants mailed\.\n$/);
    expect((await cli('portal-status')).stdout).toMatch(/^The official portal is down since .+: visa2egypt\.gov\.eg answers 404\.\n$/);
    const up = await cli('portal-status', 'up');
    expect(up.stdout).toBe('The official portal is up.\n0 guarantee clocks resumed.\n');
    const audit = (await (await backend.agency()).ports.audit.list({ limit: 10 })).filter((e) => e.action === 'portal_status.set');
    expect(audit.map((e) => (e.detail.after as { state: string }).state).sort()).toEqual(['down', 'up']);
    expect(audit.every((e) => e.actorId === null)).toBe(true);
  });
});
