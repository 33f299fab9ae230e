import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../core/domain/permissions.js';
import { COMMAND_PERMISSIONS } from '../../apps/cli/command-permissions.js';
import { buildProgram } from '../../apps/cli/program.js';

describe('a permission decides every CLI command', () => {
  it('every registered command names one permission of the table, and the table names no other command', () => {
    const commands = buildProgram()
      .commands.map((c) => c.name())
      .sort();
    expect(Object.keys(COMMAND_PERMISSIONS).sort()).toEqual(commands);
    for (const permission of Object.values(COMMAND_PERMISSIONS)) expect(PERMISSIONS).toContain(permission);
  });
});
