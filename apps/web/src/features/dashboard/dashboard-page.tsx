import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { cn } from '../../lib/format.js';
import { personName } from '@core/domain/wording.js';
import { useAuth } from '../../api/user.js';
import { DashboardPartsProvider, useDashboardParts, type DashboardParts } from './parts.js';
import { ApplicationCard } from './application-card.js';
import { DraftCard, useSavedDraft } from './draft-card.js';
import { useDashboardApplicationsQuery } from './api.js';
import { dashboardItems, FamilyHeading } from './family-groups.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { useT } from '../../lib/i18n.js';

/** The card grid's columns for one, two, or three and more applications. */
const COLUMNS = { 1: 'max-w-2xl', 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3' } as const;

/** The applicant's dashboard. `parts`: what other features show on it, composed by the /dashboard route. */
export function DashboardPage({ parts }: { parts: DashboardParts }) {
  return (
    <DashboardPartsProvider parts={parts}>
      <Dashboard />
    </DashboardPartsProvider>
  );
}

function Dashboard() {
  const { t } = useT();
  const { MailBounceNotice } = useDashboardParts();
  const { user, isLoading: userLoading } = useAuth();
  const applications = useDashboardApplicationsQuery({ signedIn: Boolean(user) });
  const { draft, known: draftKnown } = useSavedDraft(Boolean(user));

  if (userLoading) return <PageSpinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="text-lg text-slate-700">{t('Please log in to view your dashboard.')}</p>
        <Link to="/auth" className={buttonClasses('primary', 'md', 'mt-4')}>
          {t('Login')}
        </Link>
      </div>
    );
  }

  // A family's travellers are shown together, under one heading with their one payment.
  const singles = dashboardItems(applications.data ?? []).flatMap((item) => (item.kind === 'single' ? [item.application] : []));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('Manage your e-visa applications')}</h1>
          <p className="mt-1 text-slate-600">
            <Sentence text={t('Welcome back, {name}.', { name: slot('name') })} parts={{ name: <bdi>{personName(user.fullName)}</bdi> }} />
          </p>
        </div>
        <Link to="/apply" className={buttonClasses('primary', 'md')}>
          {t('New Application')}
        </Link>
      </div>
      <div className="mt-4 empty:hidden">
        <MailBounceNotice user={user} />
      </div>
      {draft ? (
        <div className="mt-8">
          <DraftCard draft={draft} />
        </div>
      ) : null}

      {applications.isLoading ? (
        <PageSpinner label={t('Loading your applications')} />
      ) : applications.isError ? (
        <p role="alert" className="mt-8 rounded-md bg-red-50 p-4 text-red-800">
          {t('Your applications could not be loaded: {reason}', { reason: applications.error.message })}
        </p>
      ) : (applications.data ?? []).length === 0 ? (
        // With a draft saved, its card above says where the applicant is: nothing here (nor before
        // the draft is known, so 'No Applications Yet' never flashes above it).
        draft || !draftKnown ? null : (
          <Card className="mx-auto mt-10 max-w-lg text-center">
            <CardContent className="pt-8">
              <h2 className="text-xl font-semibold text-slate-900">{t('No Applications Yet')}</h2>
              <p className="mt-2 text-slate-600">{t('Start your Egypt e-visa application: it takes about 10 minutes.')}</p>
              <Link to="/apply" className={buttonClasses('primary', 'md', 'mt-6')}>
                {t('Start Application')}
              </Link>
            </CardContent>
          </Card>
        )
      ) : (
        // As many columns as there are cards, up to three: a lone card a third wide wrapped its
        // name and number.
        <div className="mt-8 space-y-8">
          {dashboardItems(applications.data!).map((item) =>
            item.kind === 'single' ? null : (
              <section key={`family-${item.groupId}`} aria-label={t('Family application {number}', { number: item.groupId })} className="space-y-4 rounded-xl border border-slate-200 p-4">
                <FamilyHeading groupId={item.groupId} members={item.members} />
                <div className={cn('grid gap-6', COLUMNS[Math.min(item.members.length, 3) as 1 | 2 | 3])}>
                  {item.members.map((app) => (
                    <ApplicationCard key={app.id} application={app} />
                  ))}
                </div>
              </section>
            ),
          )}
          {singles.length > 0 ? (
            <div className={cn('grid gap-6', COLUMNS[Math.min(singles.length, 3) as 1 | 2 | 3])}>
              {singles.map((app) => (
                <ApplicationCard key={app.id} application={app} />
              ))}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
