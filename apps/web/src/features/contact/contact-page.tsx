import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY } from '@core/domain/country-list.js';
import { contactSchema } from '@core/schemas/contact.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input, NativeSelect, Textarea } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { track } from '../../lib/analytics.js';
import { AGENCY_ADDRESS, AGENCY_PHONE, AGENCY_PHONE_HREF, SUPPORT_HOURS, WEEKEND_SUPPORT } from '../../lib/agency-info.js';
import { useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { toast } from '../../lib/toast-store.js';
import { useAgency } from '../../lib/use-agency.js';
import { useT } from '../../lib/i18n.js';
import { useSubmitContactMutation } from './api.js';

type ContactValues = z.input<typeof contactSchema>;

const CONTACT_FIELDS: FieldIds<ContactValues> = [
  ['fullName', 'contact-fullName'],
  ['email', 'contact-email'],
  ['phoneNumber', 'contact-phoneNumber'],
  ['nationality', 'contact-nationality'],
  ['purposeOfTravel', 'contact-purposeOfTravel'],
];

/** What the thank-you card says: an account was made, or one already exists for `email`. */
export type ContactOutcome = { accountCreated: true } | { accountCreated: false; email: string };

export function ContactPage() {
  const [outcome, setOutcome] = useState<ContactOutcome | null>(null);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">{outcome ? <ThankYouCard outcome={outcome} /> : <ContactForm onSubmitted={setOutcome} />}</div>
        <ContactDetails />
      </div>
    </div>
  );
}

export function ContactForm({ onSubmitted }: { onSubmitted: (outcome: ContactOutcome) => void }) {
  const { t } = useT();
  const form = useForm<ContactValues, unknown, z.output<typeof contactSchema>>({
    resolver: zodResolver(contactSchema),
    defaultValues: { fullName: '', email: '', phoneNumber: '', nationality: DEFAULT_COUNTRY, purposeOfTravel: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, CONTACT_FIELDS);
  const submit = useSubmitContactMutation({
    onSuccess: (data, values) => {
      track('contact_submitted', { nationality: values.nationality });
      // The server says when the email already had an account (then no account was created).
      const existing = data?.accountCreated === false;
      toast({
        title: t('Contact form submitted successfully!'),
        description: existing
          ? t("We've received your inquiry and will contact you soon. An account already exists for this email: please sign in.")
          : t("We've received your inquiry and will contact you soon. An account has been created for you."),
      });
      onSubmitted(existing ? { accountCreated: false, email: values.email } : { accountCreated: true });
    },
    onError: (error) => problems.refused(error, { fallback: t('Failed to submit contact form') }),
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {t('Contact Our Visa Experts')}
        </CardTitle>
        <CardDescription>
          {t('Tell us about your trip and we will get back to you. When you submit this form an account will be created for you, so you can follow up and apply with the same email address.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            problems.sending();
            void form.handleSubmit((values) => submit.mutate(values), problems.invalid)(event);
          }}
        >
          <ErrorSummary {...problems.summary} />
          <Field id="contact-fullName" label={t('Full name')} required error={errors.fullName?.message}>
            <Input autoComplete="name" {...fieldAria('contact-fullName', errors.fullName?.message)} {...form.register('fullName')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="contact-email" label={t('Email')} required error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...fieldAria('contact-email', errors.email?.message)} {...form.register('email')} />
            </Field>
            <Field id="contact-phoneNumber" label={t('Phone number')} required error={errors.phoneNumber?.message}>
              <Input type="tel" autoComplete="tel" {...fieldAria('contact-phoneNumber', errors.phoneNumber?.message)} {...form.register('phoneNumber')} />
            </Field>
          </div>
          <Field id="contact-nationality" label={t('Nationality')} required error={errors.nationality?.message}>
            <NativeSelect {...fieldAria('contact-nationality', errors.nationality?.message)} {...form.register('nationality')}>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="contact-purposeOfTravel" label={t('Purpose of travel')} required hint={t('e.g. tourism, business, transit, etc.')} error={errors.purposeOfTravel?.message}>
            <Textarea rows={4} {...fieldAria('contact-purposeOfTravel', errors.purposeOfTravel?.message, true)} {...form.register('purposeOfTravel')} />
          </Field>
          <Button type="submit" className="w-full" disabled={submit.isPending}>
            {submit.isPending ? t('Submitting...') : t('Submit Contact Form')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ThankYouCard({ outcome }: { outcome: ContactOutcome }) {
  const { t } = useT();
  return (
    <Card className="text-center" data-testid="contact-thank-you">
      <CardContent className="space-y-4 pt-10">
        <div aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-2xl text-green-700">
          ✓
        </div>
        <h1 className="text-2xl font-bold text-slate-900">{t('Thank You!')}</h1>
        {outcome.accountCreated ? (
          <p className="text-slate-700">
            {t("We've received your inquiry and will contact you soon. An account has been created for you with your email address — check your inbox for how to sign in.")}
          </p>
        ) : (
          <p className="text-slate-700">
            <Trans
              i18nKey="We've received your inquiry and will contact you soon. An account already exists for <mail>{email}</mail>, so no new one was created: sign in with your password. We've emailed you how, and how to choose a new password if you've forgotten it."
              values={{ email: outcome.email }}
              components={{ mail: <bdi dir="ltr" /> }}
            />
          </p>
        )}
        <div className="flex flex-col items-center gap-3">
          <Link to="/auth" className={buttonClasses('primary', 'md')}>
            {t('Sign In to Your Account')}
          </Link>
          {outcome.accountCreated ? null : (
            <Link to="/forgot-password" className="text-sm text-blue-700 underline">
              {t('Forgot your password?')}
            </Link>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function ContactDetails() {
  const { agencyEmail } = useAgency();
  const { t } = useT();
  return (
    <aside className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('Get in touch')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm text-slate-700">
          <div>
            <p className="font-semibold text-slate-900">{t('Email')}</p>
            <a href={`mailto:${agencyEmail}`} className="text-blue-700 underline" dir="ltr">
              {agencyEmail}
            </a>
          </div>
          <div>
            <p className="font-semibold text-slate-900">{t('Phone')}</p>
            <a href={AGENCY_PHONE_HREF} className="text-blue-700 underline" dir="ltr">
              {AGENCY_PHONE}
            </a>
          </div>
          <div>
            <p className="font-semibold text-slate-900">{t('Address')}</p>
            <address className="not-italic">
              {AGENCY_ADDRESS.map((line) => (
                <span key={line} className="block">
                  <bdi>{line}</bdi>
                </span>
              ))}
            </address>
          </div>
          <div>
            <p className="font-semibold text-slate-900">{t('Support hours')}</p>
            <p>{t(SUPPORT_HOURS)}</p>
            <p>{t(WEEKEND_SUPPORT)}</p>
          </div>
        </CardContent>
      </Card>
    </aside>
  );
}
