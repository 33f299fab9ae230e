import { createFileRoute, redirect } from '@tanstack/react-router';
import { userQuery } from '../api/user.js';
import { AuthPage, parseAuthSearch } from '../features/auth/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/auth')({
  staticData: { title: msg('Sign In or Register') },
  // ?tab=signup opens the Sign Up tab (the header's 'Register').
  validateSearch: parseAuthSearch,
  // docs/product.md §2.2: an already signed-in user goes to /admin (admin) or /dashboard.
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQuery);
    if (user) throw redirect({ to: user.isAdmin ? '/admin' : '/dashboard' });
  },
  component: AuthPage,
});
