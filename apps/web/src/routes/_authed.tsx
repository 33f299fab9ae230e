import { createFileRoute } from '@tanstack/react-router';
import { PageSpinner } from '../components/ui/spinner.js';
import { AuthedLayout } from '../features/auth/index.js';
import { requireUser } from '../lib/guard.js';
import { useT } from '../lib/i18n.js';

/** Every signed-in page sits under this pathless layout: the route guard of docs/product.md §2.2. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context }) => requireUser(context),
  pendingComponent: AccountPending,
  component: AuthedLayout,
});

function AccountPending() {
  const { t } = useT();
  return <PageSpinner label={t('Loading your account')} />;
}
