import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiError, serverMessage } from '../../api/client.js';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { TWO_FACTOR_MESSAGES } from '@core/domain/two-factor.js';
import { useAuth } from '../../api/user.js';
import { useT } from '../../lib/i18n.js';

/** The server's refusal of staff who must set up two-factor sign-in first (STAFF_TWO_FACTOR=required). */
function mustEnrol(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && serverMessage(error) === TWO_FACTOR_MESSAGES.enrolFirst;
}

/**
 * Gates a staff route: its page, or for a member of staff without two-factor sign-in whom the server
 * refuses until they set it up, a prompt that leads to the profile's section. The server decides
 * (STAFF_TWO_FACTOR): the gate asks it once with `probe`, a query the page reads anyway (the
 * /admin route passes the dashboard's tab counts), and renders the page only when it may.
 */
export function StaffEnrolmentGate<T, K extends QueryKey>({ probe, children }: { probe: UseQueryOptions<T, Error, T, K>; children: ReactNode }) {
  const { user } = useAuth();
  const unenrolled = Boolean(user && !user.twoFactorEnabled);
  const answer = useQuery({ ...probe, enabled: unenrolled, retry: false });
  if (unenrolled && answer.isPending) return <PageSpinner />;
  if (unenrolled && mustEnrol(answer.error)) return <EnrolmentPrompt />;
  return <>{children}</>;
}

export function EnrolmentPrompt() {
  const { t, tc } = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{t('Set up two-factor sign-in')}</CardTitle>
          <CardDescription>{tc(TWO_FACTOR_MESSAGES.enrolFirst)}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-slate-700">
          <p>{t('Staff sign in with a code from an authenticator app as well as their password. It takes a minute: scan a QR code, enter the code, save your recovery codes.')}</p>
          <Link to="/profile" hash="two-factor" className={buttonClasses('primary', 'md')}>
            {t('Set up two-factor sign-in')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
