import { Navigate, Outlet } from '@tanstack/react-router';
import { PageSpinner } from '../../components/ui/spinner.js';
import { useAuth } from '../../api/user.js';
import { useT } from '../../lib/i18n.js';

/**
 * Keeps guarded pages guarded after they loaded: if the user signs out (or the session ends and
 * the user query turns null) the page is left for /auth.
 */
export function AuthedLayout() {
  const { user, isLoading } = useAuth();
  const { t } = useT();
  if (isLoading) return <PageSpinner label={t('Loading your account')} />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
