import { zodResolver } from '@hookform/resolvers/zod';
import { personName } from '@core/domain/wording.js';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applicantStatusLabel, statusBadgeTone } from '@core/domain/status-display.js';
import { TRACKING_CODE_TTL_TEXT } from '@core/domain/tracking.js';
import { trackForgotSchema, trackingCodeField, trackRequestSchema } from '@core/schemas/tracking.js';
import { serverMessage } from '../../api/client.js';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { GuaranteeClock, GuaranteeMissedNotice, TimelineSteps } from '../../components/application-timeline.js';
import { useT } from '../../lib/i18n.js';
import { trackedApplicationQuery, useEndTrackingMutation, useForgotNumberMutation, useRequestTrackingCodeMutation, useVerifyTrackingCodeMutation, type TrackedApplication } from './api.js';

type Asked = z.output<typeof trackRequestSchema>;
const TEXT_BUTTON = 'inline-flex min-h-11 items-center text-blue-700 underline underline-offset-2 hover:text-blue-900';
const codeSchema = z.object({ code: trackingCodeField });

const ASK_FIELDS: FieldIds<z.input<typeof trackRequestSchema>> = [
  ['applicationNumber', 'track-number'],
  ['email', 'track-email'],
];
const CODE_FIELDS: FieldIds<z.input<typeof codeSchema>> = [['code', 'track-code']];
const FORGOT_NUMBER_FIELDS: FieldIds<z.input<typeof trackForgotSchema>> = [['email', 'forgot-number-email']];

/**
 * /track (docs/product.md §16.1): where an application stands, without signing in. The application
 * number and the account's email → the 6-digit code mailed to it → the status, the guarantee clock,
 * what happens next and the timeline. A reload keeps the view while the tracking cookie lives.
 */
export function TrackPage() {
  const { t } = useT();
  const tracked = useQuery(trackedApplicationQuery);
  const [asked, setAsked] = useState<Asked | null>(null);
  const application = tracked.data?.application ?? null;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <header className="text-center">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Track your application')}</h1>
        <p className="mt-2 text-slate-700">{t('See where your Egypt e-visa application stands, without signing in.')}</p>
      </header>
      {application ? (
        <TrackedView application={application} onDone={() => setAsked(null)} />
      ) : asked ? (
        <CodeStep asked={asked} onRestart={() => setAsked(null)} />
      ) : (
        <>
          <AskStep onAsked={setAsked} />
          <ForgotNumber />
        </>
      )}
    </div>
  );
}

function AskStep({ onAsked }: { onAsked: (asked: Asked) => void }) {
  const { t } = useT();
  const form = useForm<z.input<typeof trackRequestSchema>, unknown, Asked>({
    resolver: zodResolver(trackRequestSchema),
    defaultValues: { applicationNumber: '', email: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, ASK_FIELDS);
  const request = useRequestTrackingCodeMutation({ onError: (error) => problems.refused(error, { fallback: t('We could not send the code. Please try again.') }) });
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          {t('Find your application')}
        </CardTitle>
        <CardDescription>{t('Enter your application number and the email address you applied with. We will email you a 6-digit code.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            problems.sending();
            void form.handleSubmit((values) => request.mutate(values, { onSuccess: () => onAsked(values) }), problems.invalid)(event);
          }}
        >
          <ErrorSummary {...problems.summary} />
          <Field
            id="track-number"
            label={t('Application number')}
            required
            requiredMark={false}
            hint={t('For example {number}', { number: 'EV-2611-7K3QX9' })}
            error={errors.applicationNumber?.message}
          >
            <Input autoCapitalize="characters" autoComplete="off" spellCheck={false} {...fieldAria('track-number', errors.applicationNumber?.message, true)} {...form.register('applicationNumber')} />
          </Field>
          <Field id="track-email" label={t('Email')} required requiredMark={false} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...fieldAria('track-email', errors.email?.message)} {...form.register('email')} />
          </Field>
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? t('Sending...') : t('Email me a code')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function CodeStep({ asked, onRestart }: { asked: Asked; onRestart: () => void }) {
  const { t, tc } = useT();
  const form = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, CODE_FIELDS);
  const verify = useVerifyTrackingCodeMutation({ onError: (error) => problems.refused(error, { fallback: t('We could not check the code. Please try again.') }) });
  const resend = useRequestTrackingCodeMutation();
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          {t('Enter the 6-digit code we emailed')}
        </CardTitle>
        <CardDescription>
          <Trans
            i18nKey="If <num>{number}</num> is an application of <mail>{email}</mail>, we have sent a code there. It works for {ttl} and only once."
            values={{ number: asked.applicationNumber, email: asked.email, ttl: tc(TRACKING_CODE_TTL_TEXT) }}
            components={{ num: <bdi dir="ltr" />, mail: <bdi dir="ltr" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            problems.sending();
            void form.handleSubmit(({ code }) => verify.mutate({ ...asked, code }), problems.invalid)(event);
          }}
        >
          <ErrorSummary {...problems.summary} />
          <Field id="track-code" label={t('6-digit code')} required requiredMark={false} error={errors.code?.message}>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={7}
              className="text-center text-lg tracking-[0.4em]"
              {...fieldAria('track-code', errors.code?.message)}
              {...form.register('code')}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={verify.isPending}>
            {verify.isPending ? t('Checking...') : t('Show my application')}
          </Button>
        </form>
        {/* Text buttons, each a finger's height (44 px). */}
        <div className="flex flex-wrap justify-between gap-x-2 text-sm">
          <button type="button" className={TEXT_BUTTON} disabled={resend.isPending} onClick={() => resend.mutate(asked)}>
            {resend.isSuccess ? t('New code sent') : t('Send a new code')}
          </button>
          <button type="button" className={TEXT_BUTTON} onClick={onRestart}>
            {t('Use another application number')}
          </button>
        </div>
        {resend.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {serverMessage(resend.error) ?? t('We could not send a new code.')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function TrackedView({ application, onDone }: { application: TrackedApplication; onDone: () => void }) {
  const { t, tc } = useT();
  const end = useEndTrackingMutation({ onSuccess: onDone });
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-xl">
            <Trans i18nKey="Hello <who>{name}</who>" values={{ name: personName(application.givenName) }} components={{ who: <bdi /> }} />
          </CardTitle>
          <Badge tone={statusBadgeTone(application.status)}>{tc(applicantStatusLabel(application.status))}</Badge>
        </div>
        <CardDescription>
          <Trans i18nKey="Application <num>{number}</num>" values={{ number: application.applicationNumber }} components={{ num: <bdi dir="ltr" /> }} />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <GuaranteeClock guarantee={application.guarantee} status={application.status} />
        <GuaranteeMissedNotice guarantee={application.guarantee} status={application.status} />
        <section aria-labelledby="track-next">
          <h3 id="track-next" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {t('What happens next')}
          </h3>
          <p className="mt-1 text-slate-900">{tc(application.nextStep)}</p>
        </section>
        <section aria-labelledby="track-timeline">
          <h3 id="track-timeline" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {t('Timeline')}
          </h3>
          {application.timeline.length === 0 ? <p className="mt-1 text-sm text-slate-700">{t('Nothing has happened yet since you applied.')}</p> : <TimelineSteps timeline={application.timeline} />}
        </section>
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" disabled={end.isPending} onClick={() => end.mutate()}>
            {t('Track another application')}
          </Button>
          <Link to="/auth" className={buttonClasses('primary', 'md')}>
            {t('Sign in')}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function ForgotNumber() {
  const { t, tc } = useT();
  const form = useForm<z.input<typeof trackForgotSchema>, unknown, z.output<typeof trackForgotSchema>>({
    resolver: zodResolver(trackForgotSchema),
    defaultValues: { email: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, FORGOT_NUMBER_FIELDS);
  const forgot = useForgotNumberMutation({ onError: (error) => problems.refused(error, { fallback: t('Please try again.') }) });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="forgot-number" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="forgot-number" className="text-base font-semibold text-slate-900">
        {t('Forgot your application number?')}
      </h2>
      {forgot.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-green-900">
          {tc(forgot.data.message)}
        </p>
      ) : (
        <form
          noValidate
          className="mt-2 space-y-3"
          onSubmit={(event) => {
            problems.sending();
            void form.handleSubmit((values) => forgot.mutate(values), problems.invalid)(event);
          }}
        >
          <ErrorSummary {...problems.summary} />
          <Field id="forgot-number-email" label={t('Email you applied with')} required requiredMark={false} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...fieldAria('forgot-number-email', errors.email?.message)} {...form.register('email')} />
          </Field>
          <Button type="submit" variant="outline" disabled={forgot.isPending}>
            {forgot.isPending ? t('Sending...') : t('Email me my application numbers')}
          </Button>
        </form>
      )}
    </section>
  );
}
