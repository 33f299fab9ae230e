import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Permission } from '@core/domain/permissions.js';
import { userQuery, type CurrentUser } from '../api/user.js';

/**
 * The route guard (docs/product.md §2.2): used in `beforeLoad`. While the user loads the route's pending
 * component (a spinner) shows; a signed-out visitor goes to /auth; `admin: true` sends
 * non-admins to /dashboard.
 */
export async function requireUser(context: { queryClient: QueryClient }, options: { admin?: boolean } = {}): Promise<{ user: CurrentUser }> {
  const user = await context.queryClient.ensureQueryData(userQuery);
  if (!user) throw redirect({ to: '/auth' });
  if (options.admin && !user.isAdmin) throw redirect({ to: '/dashboard' });
  return { user };
}

/**
 * A staff page for the roles with `permission` (docs/product.md §6): other staff go back to the
 * dashboard, applicants to theirs, visitors to /auth. The permission table loads with the admin
 * pages, not with the landing page's bundle (its size budget).
 */
export async function requireStaffPermission(context: { queryClient: QueryClient }, permission: Permission): Promise<void> {
  const { user } = await requireUser(context, { admin: true });
  const { userCan } = await import('./permissions.js');
  if (!userCan(user, permission)) throw redirect({ to: '/admin' });
}
