import { createFileRoute, redirect } from '@tanstack/react-router';

/** docs/product.md §2.2: /admin-dashboard redirects to /admin. */
export const Route = createFileRoute('/admin-dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/admin', replace: true });
  },
});
