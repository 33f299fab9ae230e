import { Link } from '@tanstack/react-router';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { usePortalStatus } from '../../api/portal-status.js';
import { useT } from '../../lib/i18n.js';

/** The admin dashboard's way to the Portal status page, saying so while the portal is marked down. */
export function PortalStatusLink() {
  const { t } = useT();
  const down = usePortalStatus().data?.state === 'down';
  return (
    <Link to="/admin/portal-status" className={textLinkClasses(down ? 'text-sm font-semibold text-amber-800' : 'text-sm')}>
      {down ? t('Portal status: down') : t('Portal status')}
    </Link>
  );
}
