import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The dependency rule of eslint.config.js, applied to one-line files placed in each layer: what it
// refuses and what it lets through. (`npm run lint` applies it to the real files.)
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

/** The dependency-rule messages ESLint gives `code` as if it were the file at `path`. */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.ruleId === 'web/borders').map((m) => m.message);
}

describe('the dependency rule', () => {
  it('keeps core/ framework-free, for static and dynamic imports', async () => {
    expect(await refusals('core/domain/x.ts', "import { eq } from 'drizzle-orm';")).toEqual([expect.stringContaining('core/ must stay framework-free')]);
    expect(await refusals('core/use-cases/x.ts', "import { openPersistence } from '../../adapters/persistence/index.js';")).toHaveLength(1);
    expect(await refusals('core/use-cases/x.ts', "export const load = () => import('../../apps/shared/config.js');")).toHaveLength(1);
    expect(await refusals('core/domain/x.ts', "import { z } from 'zod';\nimport { errors } from './errors.js';")).toEqual([]);
  });

  it('keeps a use case from importing use-cases.ts or index.ts, which import every use case (the type circle of issue 40)', async () => {
    for (const code of ["import type { Actor } from './use-cases.js';", "import { makeLogIn } from './index.js';", "export const load = () => import('./use-cases.js');"]) {
      expect(await refusals('core/use-cases/x.ts', code), code).toEqual([expect.stringContaining('imports Actor and the views from ./types.js')]);
    }
    expect(await refusals('core/use-cases/x.ts', "import type { Actor } from './types.js';\nimport { requireAdmin } from './shared.js';")).toEqual([]);
    // The two faces themselves, and the apps, import them.
    expect(await refusals('core/use-cases/use-cases.ts', "import type * as make from './index.js';")).toEqual([]);
    expect(await refusals('apps/http/x.ts', "import type { Actor } from '../../core/use-cases/use-cases.js';")).toEqual([]);
  });

  it('keeps apps/ out of adapters/', async () => {
    expect(await refusals('adapters/mail/x.ts', "import type { Agency } from '../../apps/shared/agency.js';")).toEqual([expect.stringContaining('Adapters never import apps/')]);
    expect(await refusals('adapters/mail/x.ts', "export const load = () => import('../../apps/shared/config.js');")).toHaveLength(1);
    expect(await refusals('adapters/persistence/x.ts', "import pg from 'pg';\nimport { errors } from '../../core/domain/errors.js';")).toEqual([]);
  });

  it('keeps database drivers, drizzle and the dialect schemas out of apps/', async () => {
    for (const code of [
      "import pg from 'pg';",
      "import Database from 'better-sqlite3';",
      "import { PGlite } from '@electric-sql/pglite';",
      "import { getTableColumns } from 'drizzle-orm';",
      "import * as schema from '../../../adapters/persistence/sqlite/schema.js';",
      "import * as schema from '../../../adapters/persistence/postgres/schema.js';",
      "import { applicationToRow } from '../../../adapters/persistence/shared/mappers.js';",
      "export const load = () => import('pg');",
      "export const load = () => import('../../adapters/persistence/postgres/index.js');",
    ]) {
      expect(await refusals('apps/cli/seed/x.ts', code), code).toEqual([expect.stringContaining('apps/ reach the database through Persistence')]);
    }
    expect(
      await refusals(
        'apps/cli/commands/x.ts',
        "import type { Persistence, LoadedApplication } from '../../../adapters/persistence/persistence.js';\nimport { openPersistence } from '../../../adapters/persistence/index.js';",
      ),
    ).toEqual([]);
  });

  it('lets nothing but tests import tests/', async () => {
    for (const path of ['bench/x.ts', 'apps/http/x.ts', 'adapters/storage/x.ts', 'core/domain/x.ts', 'scripts/x.mjs']) {
      const up = path.split('/').length - 1;
      const code = `import { validForm } from '${'../'.repeat(up)}tests/core/helpers.js';`;
      expect(await refusals(path, code), path).toEqual([expect.stringContaining('Only tests import tests/')]);
    }
    expect(await refusals('bench/x.ts', "export const load = () => import('../tests/support/postgres.js');")).toHaveLength(1);
    expect(await refusals('tests/http/x.ts', "import { validForm } from '../core/helpers.js';\nimport pg from 'pg';")).toEqual([]);
  });

  describe("the web app's borders (apps/web/src)", () => {
    const web = 'apps/web/src';

    it('refuses a feature importing another feature, statically, dynamically or by re-export', async () => {
      for (const [path, code] of [
        [`${web}/features/portal/api.ts`, "import { refreshAdminData } from '../admin/api.js';"],
        [`${web}/features/two-factor/staff-enrolment.tsx`, "import { AdminDashboard } from '../admin/index.js';"],
        [`${web}/features/apply/sections/x.tsx`, "import { useAuth } from '../../auth/use-auth.js';"],
        [`${web}/features/landing/x.tsx`, "export const load = () => import('../record/landing-record.js');"],
        [`${web}/features/dashboard/x.ts`, "export { EvisaStatus } from '../evisa/index.js';"],
      ]) {
        expect(await refusals(path, code), `${path}: ${code}`).toEqual([expect.stringContaining('A feature never imports another feature')]);
      }
    });

    it('refuses shared code importing a feature', async () => {
      for (const [path, code] of [
        [`${web}/components/layout/header.tsx`, "import { useAuth } from '../../features/auth/index.js';"],
        [`${web}/lib/permissions.ts`, "import { useUserQuery } from '../features/auth/user-query.js';"],
        [`${web}/api/admin.ts`, "export const load = () => import('../features/admin/api.js');"],
        [`${web}/hooks/x.ts`, "import { x } from '../features/admin/index.js';"],
      ]) {
        expect(await refusals(path, code), `${path}: ${code}`).toEqual([expect.stringContaining('Shared code (api/, components/, lib/, hooks/) never imports a feature')]);
      }
    });

    it("lets routes import a feature's public face only", async () => {
      expect(await refusals(`${web}/routes/_authed/admin.tsx`, "import { AdminDashboard } from '../../features/admin/admin-dashboard.js';")).toEqual([
        expect.stringContaining('Routes import a feature through its public face only'),
      ]);
      expect(await refusals(`${web}/routes/index.tsx`, "export const load = () => import('../features/record/landing-record.js');")).toHaveLength(1);
      expect(
        await refusals(
          `${web}/routes/_authed/admin.tsx`,
          "import { AdminDashboard } from '../../features/admin/index.js';\nimport { StaffEnrolmentGate } from '../../features/two-factor/index.js';\nimport { requireUser } from '../../lib/guard.js';",
        ),
      ).toEqual([]);
      expect(await refusals(`${web}/routes/_authed/-admin-parts.tsx`, "import { PortalSection } from '../../features/portal/index.js';")).toEqual([]);
    });

    it('lets a feature import itself, the shared layer and the core', async () => {
      expect(
        await refusals(
          `${web}/features/apply/sections/x.tsx`,
          "import { ApplyPage } from '../apply-page.js';\nimport { useAuth } from '../../../api/user.js';\nimport { Button } from '../../../components/ui/button.js';\nimport { formatPence } from '@core/domain/money.js';",
        ),
      ).toEqual([]);
      expect(await refusals(`${web}/features/portal/api.ts`, "import { refreshAdminData } from '../../api/admin.js';")).toEqual([]);
      expect(await refusals(`${web}/components/layout/header.tsx`, "import { useAuth } from '../../api/user.js';\nimport { cn } from '../../lib/format.js';")).toEqual([]);
    });
  });
});
