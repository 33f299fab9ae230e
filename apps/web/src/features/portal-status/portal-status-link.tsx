import { Link } from '@tanstack/react-router';
import { textLinkClasses } from '../../components/ui/text-link.js';
import { usePortalStatus } from '../../api/portal-status.js';

/** The admin dashboard's way to the Portal status page, saying so while the portal is marked down. */
export function PortalStatusLink() {
  const down = usePortalStatus().data?.state === 'down';
  return (
    <Link to="/admin/portal-status" className={textLinkClasses(down ? 'text-sm font-semibold text-amber-800' : 'text-sm')}>
      {down ? 'Portal status: down' : 'Portal status'}
    </Link>
  );
}
