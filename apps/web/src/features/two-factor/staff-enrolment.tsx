import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, serverMessage } from '../../api/client.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { TWO_FACTOR_MESSAGES } from '../../../../../core/domain/two-factor.js';
import { AdminDashboard } from '../admin/admin-dashboard.js';
import { adminCountsQuery } from '../admin/list-queries.js';
import { useAuth } from '../auth/use-auth.js';

/** The server's refusal of staff who must set up two-factor sign-in first (STAFF_TWO_FACTOR=required). */
function mustEnrol(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && serverMessage(error) === TWO_FACTOR_MESSAGES.enrolFirst;
}

/**
 * The admin, or for a member of staff without two-factor sign-in whom the server refuses until they
 * set it up, a prompt that leads to the profile's section. The server decides (STAFF_TWO_FACTOR):
 * the page asks it once, with the tab counts the dashboard reads anyway.
 */
export function AdminOrEnrolment() {
  const { user } = useAuth();
  const unenrolled = Boolean(user && !user.twoFactorEnabled);
  const probe = useQuery({ ...adminCountsQuery({ q: '', overdue: false }), enabled: unenrolled, retry: false });
  if (unenrolled && probe.isPending) return <PageSpinner />;
  if (unenrolled && mustEnrol(probe.error)) return <EnrolmentPrompt />;
  return <AdminDashboard />;
}

export function EnrolmentPrompt() {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Set up two-factor sign-in</CardTitle>
          <CardDescription>{TWO_FACTOR_MESSAGES.enrolFirst}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-slate-700">
          <p>Staff sign in with a code from an authenticator app as well as their password. It takes a minute: scan a QR code, enter the code, save your recovery codes.</p>
          <Link to="/profile" hash="two-factor" className={buttonClasses('primary', 'md')}>
            Set up two-factor sign-in
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
