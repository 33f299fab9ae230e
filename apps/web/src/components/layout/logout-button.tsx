import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../../api/client.js';
import { toast } from '../../lib/toast-store.js';
import { useLogoutMutation } from '../../api/logout.js';
import { forgetUser } from '../../api/user.js';
import { useT } from '../../lib/i18n.js';

/**
 * The header's 'Logout' ('Logging out...' meanwhile). Only a signed-in visitor sees it, so the header
 * loads it lazily: a signed-out visitor's pages never carry the mutation code.
 */
export default function LogoutButton({ className }: { className: string }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogoutMutation({
    onSuccess: async () => {
      // Leave the guarded page first, or its guard would send the visitor to /auth instead of home.
      await navigate({ to: '/' });
      forgetUser(queryClient);
    },
    onError: (error) => {
      toast({ title: t('Logout failed'), description: serverMessage(error) ?? String(error), variant: 'destructive' });
    },
  });
  return (
    <button type="button" className={className} disabled={logout.isPending} onClick={() => logout.mutate()}>
      {logout.isPending ? t('Logging out...') : t('Logout')}
    </button>
  );
}
