import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { ApplicationForm } from '../../../../../core/domain/application.js';
import { COUNTRIES, isSupportedNationality, unsupportedNationalityMessage } from '../../../../../core/domain/countries.js';
import { INITIAL_FEE } from '../../../../../core/domain/fees.js';
import { applicationFormSchema } from '../../../../../core/schemas/application.js';
import { earliestArrivalDate, earliestPassportExpiry } from '../../../../../core/schemas/dates.js';
import { useUploadPassportMutation } from '../../api/applications.js';
import { serverMessage, type UploadProgress } from '../../api/client.js';
import { FileUpload } from '../../components/file-upload.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Input, NativeSelect, Textarea } from '../../components/ui/input.js';
import { Field, fieldAria, Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { track } from '../../lib/analytics.js';
import { formatPence, isoDate } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { useAgency } from '../../lib/use-agency.js';
import { useCreateApplicationMutation } from './api.js';
import { checkPassportFile, PASSPORT_ACCEPT } from './file-rules.js';
import { DEFAULT_APPLICATION_VALUES, raisedDeparture, submitState, type ApplicationFormValues } from './rules.js';

/** SPEC §9: redirect to the payment page 500 ms after the application was submitted. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;

const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];
const MARITAL_STATUSES = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widow', label: 'Widowed' },
];
const ENTRIES = [
  { value: 'Single', label: 'Single entry' },
  { value: 'Multiple', label: 'Multiple entry' },
];
const PURPOSES = [{ value: 'tourism', label: 'Tourism' }];

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6">
      {/* A heading in the legend: screen-reader users can jump between sections, and the headings
          inside a section (h3) follow an h2. */}
      <legend className="px-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      </legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

function CountryOptions() {
  return (
    <>
      {COUNTRIES.map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </>
  );
}

export function ApplyPage() {
  const { agencyEmail } = useAgency();
  return <ApplicationFormView agencyEmail={agencyEmail} />;
}

export function ApplicationFormView({ agencyEmail, now: fixedNow }: { agencyEmail: string; now?: Date }) {
  const [now] = useState(() => fixedNow ?? new Date());
  const createApplication = useCreateApplicationMutation();
  const uploadPassport = useUploadPassportMutation();
  const navigate = useNavigate();
  const schema = useMemo(() => applicationFormSchema({ today: now, agencyEmail }), [now, agencyEmail]);
  const minArrival = earliestArrivalDate(now);
  const minExpiry = earliestPassportExpiry(now);
  const today = isoDate(now);

  const form = useForm<ApplicationFormValues, unknown, ApplicationForm>({
    resolver: zodResolver(schema) as unknown as Resolver<ApplicationFormValues, unknown, ApplicationForm>,
    defaultValues: DEFAULT_APPLICATION_VALUES,
    mode: 'onTouched',
  });
  const { register, control, formState, setValue } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as ApplicationFormValues;

  const [passport, setPassport] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress>(0);
  const [submitting, setSubmitting] = useState(false);
  // The application created by an earlier attempt whose upload failed: a retry only re-uploads.
  const createdId = useRef<number | null>(null);

  const nationalitySupported = !values.nationality || isSupportedNationality(values.nationality);
  const state = submitState(values, Boolean(passport));
  const birthDiffers = values.countryOfBirth !== values.nationality;

  const err = (name: keyof ApplicationFormValues) => errors[name]?.message;
  const aria = (name: keyof ApplicationFormValues, hint?: boolean) => fieldAria(`app-${name}`, err(name), hint);

  const onSelectFile = (file: File | null, input: HTMLInputElement) => {
    try {
      if (!file) return;
      const check = checkPassportFile(file);
      if (!check.ok) {
        toast({ title: check.title, description: check.description, variant: 'destructive' });
        input.value = '';
        return;
      }
      setPassport(file);
      toast({ title: 'File Selected', description: file.name });
    } catch {
      toast({ title: 'Selection Error', description: 'There was a problem selecting your file. Please try again.', variant: 'destructive' });
    }
  };

  const submit = async (data: ApplicationForm) => {
    if (!passport) {
      toast({ title: 'Missing Documents', description: 'Please upload all required documents to complete your application.', variant: 'destructive' });
      return;
    }
    if (!isSupportedNationality(data.nationality)) {
      toast({ title: 'Nationality Not Supported', description: unsupportedNationalityMessage(agencyEmail), variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      let id = createdId.current;
      if (id === null) {
        id = (await createApplication.mutateAsync(data)).id;
        createdId.current = id;
      }
      await uploadPassport.mutateAsync({ applicationId: id, file: passport, onProgress: setProgress });
      track('application_submitted', { applicationId: id, nationality: data.nationality, purposeOfVisit: data.purposeOfVisit, entry: data.entry });
      toast({ title: 'Application Submitted', description: 'Redirecting to payment page...' });
      const target = id;
      window.setTimeout(() => {
        void navigate({ to: '/payment', search: { applicationId: target, type: 'initial' } });
      }, PAYMENT_REDIRECT_DELAY_MS);
    } catch (error) {
      toast({ title: 'Submission Failed', description: serverMessage(error) ?? 'Please try again or contact support.', variant: 'destructive' });
      setSubmitting(false);
    } finally {
      setProgress(0);
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl sm:text-3xl">Egypt E-Visa Application</CardTitle>
          <CardDescription>
            Fields marked <span className="text-red-600">*</span> are required. Your answers must match your passport exactly.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="space-y-8" onSubmit={form.handleSubmit(submit)}>
            <Section title="Personal Information">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="app-givenName" label="Given name(s)" required error={err('givenName')}>
                  <Input autoComplete="given-name" {...aria('givenName')} {...register('givenName')} />
                </Field>
                <Field id="app-surname" label="Surname" required error={err('surname')}>
                  <Input autoComplete="family-name" {...aria('surname')} {...register('surname')} />
                </Field>
                <Field id="app-gender" label="Gender" required error={err('gender')}>
                  <Controller
                    control={control}
                    name="gender"
                    render={({ field }) => (
                      <Select
                        id="app-gender"
                        value={field.value}
                        onValueChange={(v) => field.onChange(v)}
                        onBlur={field.onBlur}
                        options={GENDERS}
                        placeholder="Select gender"
                        invalid={Boolean(err('gender'))}
                      />
                    )}
                  />
                </Field>
                <Field id="app-dateOfBirth" label="Date of birth" required error={err('dateOfBirth')}>
                  <Input type="date" max={today} {...aria('dateOfBirth')} {...register('dateOfBirth')} />
                </Field>
                <Field id="app-nationality" label="Nationality" required error={err('nationality')}>
                  <NativeSelect
                    {...aria('nationality')}
                    {...register('nationality', {
                      onChange: (e: { target: { value: string } }) => {
                        if (!isSupportedNationality(e.target.value)) {
                          toast({ title: 'Nationality Not Supported', description: unsupportedNationalityMessage(agencyEmail), variant: 'destructive' });
                        }
                      },
                    })}
                  >
                    <CountryOptions />
                  </NativeSelect>
                </Field>
                <Field id="app-countryOfBirth" label="Country of birth" required error={err('countryOfBirth')}>
                  <NativeSelect {...aria('countryOfBirth')} {...register('countryOfBirth')}>
                    <CountryOptions />
                  </NativeSelect>
                </Field>
                {birthDiffers ? (
                  <Field
                    id="app-originalNationality"
                    label="Original nationality"
                    required
                    hint="Required because your country of birth differs from your nationality."
                    error={err('originalNationality')}
                  >
                    <NativeSelect {...aria('originalNationality', true)} {...register('originalNationality')}>
                      <option value="">Select original nationality</option>
                      <CountryOptions />
                    </NativeSelect>
                  </Field>
                ) : null}
                <Field id="app-maritalStatus" label="Marital status" required error={err('maritalStatus')}>
                  <Controller
                    control={control}
                    name="maritalStatus"
                    render={({ field }) => (
                      <Select
                        id="app-maritalStatus"
                        value={field.value}
                        onValueChange={(v) => field.onChange(v)}
                        onBlur={field.onBlur}
                        options={MARITAL_STATUSES}
                        placeholder="Select marital status"
                        invalid={Boolean(err('maritalStatus'))}
                      />
                    )}
                  />
                </Field>
                <Field id="app-profession" label="Profession" required error={err('profession')}>
                  <Input autoComplete="organization-title" {...aria('profession')} {...register('profession')} />
                </Field>
              </div>
              {!nationalitySupported ? (
                <div role="alert" className="rounded-lg border-2 border-red-500 bg-red-50 p-4 text-red-900" data-testid="nationality-not-supported">
                  <h3 className="font-semibold">Nationality Not Supported</h3>
                  <p className="mt-1 text-sm">{unsupportedNationalityMessage(agencyEmail)}</p>
                </div>
              ) : null}
            </Section>

            <Section title="Passport Information">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="app-passportNumber" label="Passport number" required error={err('passportNumber')}>
                  <Input autoComplete="off" {...aria('passportNumber')} {...register('passportNumber')} />
                </Field>
                <Field id="app-passportExpiry" label="Passport expiry date" required hint="Must be valid for at least 6 months from today." error={err('passportExpiry')}>
                  <Input type="date" min={minExpiry} {...aria('passportExpiry', true)} {...register('passportExpiry')} />
                </Field>
              </div>
              <div className="space-y-2">
                <h3 className="text-sm font-semibold text-slate-900">
                  Required documents <span className="text-red-600" aria-hidden="true">*</span>
                </h3>
                <FileUpload
                  inputId="app-passport-file"
                  label="Passport copy (photo page)"
                  description="A clear colour scan or photo. JPG, PNG or PDF, up to 10MB."
                  accept={PASSPORT_ACCEPT}
                  required
                  file={passport}
                  progress={progress}
                  disabled={submitting}
                  onSelect={onSelectFile}
                />
              </div>
            </Section>

            <Section title="Additional Information">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="app-purposeOfVisit" label="Purpose of visit" required error={err('purposeOfVisit')}>
                  <Controller
                    control={control}
                    name="purposeOfVisit"
                    render={({ field }) => <Select id="app-purposeOfVisit" value={field.value} onValueChange={(v) => field.onChange(v)} options={PURPOSES} />}
                  />
                </Field>
                <Field id="app-entry" label="Entry" required error={err('entry')}>
                  <Controller
                    control={control}
                    name="entry"
                    render={({ field }) => <Select id="app-entry" value={field.value} onValueChange={(v) => field.onChange(v)} options={ENTRIES} />}
                  />
                </Field>
              </div>
              <CheckboxField control={control} name="otherNationalities" label="I hold other nationalities" />
              {values.otherNationalities ? (
                <Field id="app-otherNationality" label="Other nationality" required error={err('otherNationality')}>
                  <NativeSelect {...aria('otherNationality')} {...register('otherNationality')}>
                    <option value="">Select other nationality</option>
                    <CountryOptions />
                  </NativeSelect>
                </Field>
              ) : null}
            </Section>

            <Section title="Travel History">
              <CheckboxField control={control} name="visitedEgyptBefore" label="I have visited Egypt before" />
              {values.visitedEgyptBefore ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id="app-lastVisitDateFrom" label="Last visit: from" required error={err('lastVisitDateFrom')}>
                    <Input type="date" max={today} {...aria('lastVisitDateFrom')} {...register('lastVisitDateFrom')} />
                  </Field>
                  <Field id="app-lastVisitDateTo" label="Last visit: to" required error={err('lastVisitDateTo')}>
                    <Input type="date" min={values.lastVisitDateFrom || undefined} {...aria('lastVisitDateTo')} {...register('lastVisitDateTo')} />
                  </Field>
                  <Field id="app-lastVisitStayLocation" label="Where did you stay?" required error={err('lastVisitStayLocation')} className="sm:col-span-2">
                    <Input {...aria('lastVisitStayLocation')} {...register('lastVisitStayLocation')} />
                  </Field>
                </div>
              ) : null}
              <CheckboxField control={control} name="hasBeenDeported" label="I have been deported from a country" />
              {values.hasBeenDeported ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id="app-deportedFrom" label="Deported from" required error={err('deportedFrom')}>
                    <NativeSelect {...aria('deportedFrom')} {...register('deportedFrom')}>
                      <option value="">Select country</option>
                      <CountryOptions />
                    </NativeSelect>
                  </Field>
                  <Field id="app-deportationDate" label="Date of deportation" required error={err('deportationDate')}>
                    <Input type="date" max={today} {...aria('deportationDate')} {...register('deportationDate')} />
                  </Field>
                  <Field id="app-deportationReason" label="Reason for deportation" required error={err('deportationReason')} className="sm:col-span-2">
                    <Textarea {...aria('deportationReason')} {...register('deportationReason')} />
                  </Field>
                </div>
              ) : null}
            </Section>

            <Section title="Travel Information">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="app-expectedArrivalDate" label="Expected arrival date" required hint="At least 3 days from today." error={err('expectedArrivalDate')}>
                  <Input
                    type="date"
                    min={minArrival}
                    {...aria('expectedArrivalDate', true)}
                    {...register('expectedArrivalDate', {
                      onChange: (e: { target: { value: string } }) => {
                        const departure = form.getValues('expectedDepartureDate');
                        const raised = raisedDeparture(e.target.value, departure);
                        if (raised !== departure) setValue('expectedDepartureDate', raised, { shouldValidate: true });
                      },
                    })}
                  />
                </Field>
                <Field
                  id="app-expectedDepartureDate"
                  label="Expected departure date"
                  required
                  hint={values.expectedArrivalDate ? undefined : 'Choose your arrival date first.'}
                  error={err('expectedDepartureDate')}
                >
                  <Input
                    type="date"
                    min={values.expectedArrivalDate || minArrival}
                    disabled={!values.expectedArrivalDate}
                    {...aria('expectedDepartureDate', !values.expectedArrivalDate)}
                    {...register('expectedDepartureDate')}
                  />
                </Field>
              </div>
            </Section>

            <div className="rounded-xl border-2 border-blue-200 bg-blue-50 p-4 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">Initial payment: {formatPence(INITIAL_FEE.amount)}</h2>
              <p className="mt-1 text-sm text-slate-700">
                After you submit, you will pay the non-refundable {formatPence(INITIAL_FEE.amount)} assessment fee so our experts can review your
                application. The final fee of £39 is charged only once your visa is approved.
              </p>
            </div>

            <div className="space-y-2">
              <div className="flex items-start gap-3">
                <Controller
                  control={control}
                  name="privacyPolicyAccepted"
                  render={({ field }) => (
                    <Checkbox
                      id="app-privacyPolicyAccepted"
                      checked={field.value}
                      onCheckedChange={(checked) => {
                        field.onChange(checked === true);
                        // A click is the whole interaction (focus often stays on the box): count it as
                        // touched, so unticking shows the message at once (mode onTouched).
                        field.onBlur();
                      }}
                      onBlur={field.onBlur}
                      aria-required="true"
                      aria-invalid={err('privacyPolicyAccepted') ? true : undefined}
                      aria-describedby={err('privacyPolicyAccepted') ? 'app-privacyPolicyAccepted-error' : undefined}
                    />
                  )}
                />
                <Label htmlFor="app-privacyPolicyAccepted" className="font-normal leading-snug">
                  I have read and accept the{' '}
                  <a href="/privacy" target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                    privacy policy<span className="sr-only"> (opens in a new tab)</span>
                  </a>{' '}
                  and the{' '}
                  <a href="/terms" target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                    terms of service<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  .
                </Label>
              </div>
              {err('privacyPolicyAccepted') ? (
                <p id="app-privacyPolicyAccepted-error" role="alert" className="text-sm text-red-600">
                  {err('privacyPolicyAccepted')}
                </p>
              ) : null}
            </div>

            <div className="space-y-2">
              <Button type="submit" size="lg" className="w-full" disabled={!state.enabled || submitting} aria-describedby="submit-hints">
                {submitting ? 'Submitting Application...' : 'Submit Application'}
              </Button>
              <ul id="submit-hints" className="space-y-1 text-sm text-slate-600" aria-live="polite">
                {state.hints.map((hint) => (
                  <li key={hint}>• {hint}</li>
                ))}
              </ul>
              <p className="text-center text-sm text-slate-600">
                Need help? <Link to="/contact" className="text-blue-700 underline">Contact our experts</Link>.
              </p>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function CheckboxField({
  control,
  name,
  label,
}: {
  control: ReturnType<typeof useForm<ApplicationFormValues, unknown, ApplicationForm>>['control'];
  name: 'otherNationalities' | 'visitedEgyptBefore' | 'hasBeenDeported';
  label: string;
}) {
  const id = `app-${name}`;
  return (
    <div className="flex items-center gap-3">
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Checkbox id={id} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
      />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
