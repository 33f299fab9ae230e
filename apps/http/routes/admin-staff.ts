import { Hono } from 'hono';
import { newStaffSchema, staffChangeSchema, staffUserIdSchema } from '../../../core/schemas/staff.js';
import { actorOf, adminOnly } from '../auth.js';
import { pathId, readBody, type AppEnv, type JsonBodyContext } from '../context.js';
import type { RouteDeps } from '../deps.js';
import { jsonBody, requires } from '../route-facts.js';

export const TWO_FACTOR_RESET_MESSAGE = 'Two-factor sign-in was reset. They set it up again when they next sign in.';

/**
 * Staff accounts and roles (docs/product.md §6, §7.6), mounted at /api/admin; 'staff.manage' only.
 * - GET /staff → every member of staff [{ id, email, fullName, phoneNumber, role, active, createdAt }], oldest first.
 * - POST /staff { email, fullName, phoneNumber, role } → 201 { member, created, message }: a new
 *   account mailed a link to choose its password, or (created: false) the existing account with
 *   this email made staff with that role.
 * - PUT /staff/:userId { role } | { active } → 200 the member. The last active admin cannot be
 *   demoted or deactivated (409), nobody deactivates themselves (400), an unknown user is 404.
 * - DELETE /staff/:userId/two-factor → { message }: a colleague's two-factor sign-in cleared (a lost
 *   phone) and their sessions ended; they set it up again when they next sign in. 404 for an
 *   account that is not staff.
 */
export function adminStaffRoutes({ agency }: RouteDeps) {
  const { useCases } = agency;
  return new Hono<AppEnv>()
    .use(adminOnly)
    .get('/staff', requires('staff.manage'), async (c) => c.json(await useCases.listStaff(actorOf(c)), 200))
    .post('/staff', requires('staff.manage'), jsonBody(), async (c: JsonBodyContext<typeof newStaffSchema>) => {
      const actor = actorOf(c);
      const input = await readBody(c, newStaffSchema);
      const added = await useCases.addStaff(actor, input);
      return c.json(added, added.created ? 201 : 200);
    })
    .put('/staff/:userId', requires('staff.manage'), jsonBody(), async (c: JsonBodyContext<typeof staffChangeSchema>) => {
      const actor = actorOf(c);
      const userId = pathId(c, 'userId', staffUserIdSchema);
      const change = await readBody(c, staffChangeSchema);
      return c.json(await useCases.changeStaff(actor, userId, change), 200);
    })
    .delete('/staff/:userId/two-factor', requires('staff.manage'), jsonBody(), async (c) => {
      await useCases.resetStaffTwoFactor(actorOf(c), pathId(c, 'userId', staffUserIdSchema));
      return c.json({ message: TWO_FACTOR_RESET_MESSAGE }, 200);
    });
}
