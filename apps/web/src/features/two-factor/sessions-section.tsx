import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { toast } from '../../lib/toast-store.js';
import { useEndSessionMutation, useSessionsQuery, type SessionListing } from './api.js';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "Where you're signed in" on the profile (docs/product.md §6.4): each session, with a sign-out. */
export function SessionsSection() {
  const sessions = useSessionsQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you&apos;re signed in</CardTitle>
        <CardDescription>Sign out a browser you no longer use or do not recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : sessions.isError ? (
          <p className="text-sm text-red-700">Your sessions could not be loaded.</p>
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
  const end = useEndSessionMutation({
    onSuccess: () => {
      // Ending this browser's own session signs it out: the page reloads signed out.
      if (session.current) window.location.assign('/auth');
      else toast({ title: 'Signed out', description: 'That browser has been signed out.' });
    },
    onError: (error) => toast({ title: 'Sign-out failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
  });
  return (
    <li className="flex items-center justify-between gap-4 py-3 text-sm">
      <div>
        <p className="font-medium text-slate-900">
          {session.userAgent ?? 'Unknown browser'}
          {session.current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">This browser</span> : null}
        </p>
        <p className="text-slate-600">
          {session.clientAddress ?? 'Unknown address'} · signed in {when(session.createdAt)} · last seen {when(session.lastSeenAt)}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => end.mutate(session.id)} disabled={end.isPending}>
        Sign out
      </Button>
    </li>
  );
}
