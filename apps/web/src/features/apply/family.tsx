import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import type { ApplicationForm } from '@core/domain/application.js';
import { MAX_GROUP_SIZE } from '@core/domain/application-group.js';
import { Button } from '../../components/ui/button.js';
import { checkPassportFile } from '../../lib/file-rules.js';
import type { ApplicationFormValues } from './rules.js';
import { AdditionalSection } from './sections/additional-section.js';
import { PassportSection } from './sections/passport-section.js';
import { PersonalSection } from './sections/personal-section.js';
import { TravelHistorySection } from './sections/travel-history-section.js';
import type { UploadProgress } from '../../api/client.js';
import { useApplicationForm, type ApplicationFormApi } from './use-application-form.js';
import type { FormProblem } from '../../components/error-summary.js';
import { useT } from '../../lib/i18n.js';

/** What the lead's form shares with every traveller: the trip, and the consent given for the family. */
const SHARED_FIELDS = ['purposeOfVisit', 'entry', 'expectedArrivalDate', 'expectedDepartureDate', 'privacyPolicyAccepted', 'smsUpdates'] as const;

/** The most travellers that can be added to the lead's own application. */
export const MAX_EXTRA_TRAVELLERS = MAX_GROUP_SIZE - 1;

/** What the page asks of a traveller's form when the family is submitted (and its form, for the server's field errors). */
export interface TravellerHandle extends Pick<ApplicationFormApi, 'getValues' | 'setError'> {
  /** The traveller's form as the server's schema reads it (its errors shown), or null when invalid. */
  validate(): Promise<ApplicationForm | null>;
  passport(): File | null;
  setProgress(progress: UploadProgress): void;
  /** The passport copy's problem (missing, or refused by the upload), beside it. */
  setPassportError(message: string | null): void;
}

/**
 * Another traveller of a family application: their own personal and passport sections and passport
 * file; the trip (dates, entry, purpose) and the consent are copied from the lead's form.
 */
export function TravellerForm({
  uid,
  index,
  agencyEmail,
  now,
  shared,
  disabled,
  onRemove,
  handle,
  onProblems,
}: {
  /** Stable while travellers before it are removed: its fields' ids. */
  uid: number;
  index: number;
  agencyEmail: string;
  now: Date;
  shared: ApplicationFormValues;
  disabled: boolean;
  onRemove: () => void;
  handle: Ref<TravellerHandle>;
  /** This traveller's lines of the page's error summary, whenever they change. */
  onProblems: (problems: FormProblem[]) => void;
}) {
  const { t } = useT();
  const { form, fields, passport, setPassport, dates } = useApplicationForm({ agencyEmail, now, idPrefix: `traveller${uid}` });
  const [progress, setProgress] = useState<UploadProgress>(0);
  const [passportError, setPassportError] = useState<string | null>(null);
  // The trip is the lead's: its messages stand by the lead's fields, not this form's hidden copy.
  const problems = fields.problems(passportError, SHARED_FIELDS);
  const problemsKey = JSON.stringify(problems);
  useEffect(() => onProblems(problems), [problemsKey]);
  // Copied again whenever the lead changes one of them (the key stands for the shared values).
  const sharedKey = SHARED_FIELDS.map((f) => String(shared[f])).join('|');
  useEffect(() => {
    for (const field of SHARED_FIELDS) form.setValue(field, shared[field] as never);
  }, [sharedKey, form]);

  useImperativeHandle(
    handle,
    () => ({
      validate: () =>
        new Promise<ApplicationForm | null>((resolve) => {
          void form.handleSubmit(
            (data) => resolve(data),
            () => resolve(null),
          )();
        }),
      passport: () => passport,
      setProgress,
      setPassportError,
      getValues: form.getValues,
      setError: form.setError,
    }),
    [form, passport],
  );

  const onSelectFile = (file: File | null, input: HTMLInputElement) => {
    if (!file) return;
    const check = checkPassportFile(file, { heic: true });
    if (!check.ok) {
      setPassportError(check.description);
      input.value = '';
      return;
    }
    setPassportError(null);
    setPassport(file);
  };

  return (
    <section aria-label={t('Traveller {number}', { number: index + 2 })} className="space-y-6 rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900">{t('Traveller {number}', { number: index + 2 })}</h2>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          {t('Remove traveller')}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t('Travelling on the same dates as the first traveller; the hotel details are asked once the fees are paid.')}</p>
      <PersonalSection fields={fields} agencyEmail={agencyEmail} today={dates.today} />
      <PassportSection fields={fields} minExpiry={dates.minExpiry} passport={{ file: passport, progress, disabled, onSelect: onSelectFile, error: passportError }} />
      <AdditionalSection fields={fields} />
      <TravelHistorySection fields={fields} today={dates.today} />
    </section>
  );
}
