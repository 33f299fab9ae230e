import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { userQuery, type CurrentUser } from './api.js';

/**
 * The route guard (docs/product.md §2.2): used in `beforeLoad`. While the user loads the route's pending
 * component (a spinner) shows; a signed-out visitor goes to /auth; `admin: true` sends
 * non-admins to /dashboard.
 */
export async function requireUser(
  context: { queryClient: QueryClient },
  options: { admin?: boolean } = {},
): Promise<{ user: CurrentUser }> {
  const user = await context.queryClient.ensureQueryData(userQuery);
  if (!user) throw redirect({ to: '/auth' });
  if (options.admin && !user.isAdmin) throw redirect({ to: '/dashboard' });
  return { user };
}
