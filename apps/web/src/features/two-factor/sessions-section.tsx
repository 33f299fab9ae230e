import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { toast } from '../../lib/toast-store.js';
import { userAgentInWords } from '@core/domain/user-agent.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { useEndSessionMutation, useSessionsQuery, type SessionListing } from './api.js';
import { isolate } from '../../lib/bidi.js';
import { useT } from '../../lib/i18n.js';

/** "Where you're signed in" on the profile (docs/product.md §6.4): each session, with a sign-out. */
export function SessionsSection() {
  const { t } = useT();
  const sessions = useSessionsQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Where you're signed in")}</CardTitle>
        <CardDescription>{t('Sign out a browser you no longer use or do not recognise.')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <p className="text-sm text-slate-600">{t('Loading...')}</p>
        ) : sessions.isError ? (
          <p className="text-sm text-red-700">{t('Your sessions could not be loaded.')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionListing }) {
  const { t, intl, dir } = useT();
  const end = useEndSessionMutation({
    onSuccess: () => {
      // Ending this browser's own session signs it out: the page reloads signed out.
      if (session.current) window.location.assign('/auth');
      else toast({ title: t('Signed out'), description: t('That browser has been signed out.') });
    },
    onError: (error) => toast({ title: t('Sign-out failed'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  const browser = userAgentInWords(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm">
      <div className="min-w-[13rem] flex-1">
        <p className="font-medium text-slate-900">
          <bdi title={session.userAgent ?? undefined}>{browser}</bdi>
          {session.current ? <span className="ms-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">{t('This browser')}</span> : null}
        </p>
        <p className="text-slate-600">{session.clientAddress ? <bdi dir="ltr">{session.clientAddress}</bdi> : t('Unknown address')}</p>
        <p className="text-slate-600">{t('Signed in {when}', { when: formatDayAndTime(session.createdAt, intl) })}</p>
        <p className="text-slate-600">{t('Last seen {when}', { when: formatDayAndTime(session.lastSeenAt, intl) })}</p>
        {session.userAgent ? (
          <details className="mt-1 text-xs text-slate-600">
            <summary className="inline-flex min-h-11 cursor-pointer items-center md:min-h-0">{t('What the browser sent')}</summary>
            <code dir="ltr" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono">
              {session.userAgent}
            </code>
          </details>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => end.mutate(session.id)}
        disabled={end.isPending}
        aria-label={session.current ? t('Sign out {browser} (this browser)', { browser: isolate(browser, dir) }) : t('Sign out {browser}', { browser: isolate(browser, dir) })}
      >
        {t('Sign out')}
      </Button>
    </li>
  );
}
