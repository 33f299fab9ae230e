import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { FieldNotesProvider } from '../../components/ui/label.js';
import { ErrorSummary, type FormProblem } from '../../components/error-summary.js';
import { toast } from '../../lib/toast-store.js';
import { useAgency } from '../../lib/use-agency.js';
import { DraftBar } from './draft-bar.js';
import { MAX_EXTRA_TRAVELLERS, TravellerForm, type TravellerHandle } from './family.js';
import type { UploadProgress } from '../../api/client.js';
import { useSubmitFamily } from './use-submit-family.js';
import { checkPassportFile } from '../../lib/file-rules.js';
import type { SubmitState } from './rules.js';
import { AdditionalSection } from './sections/additional-section.js';
import { ConsentSection } from './sections/consent-section.js';
import { TextUpdatesSection } from './sections/text-updates-section.js';
import { PassportScanSection } from './sections/passport-scan-section.js';
import { PassportSection } from './sections/passport-section.js';
import { PaymentNotice } from './sections/payment-notice.js';
import { PersonalSection } from './sections/personal-section.js';
import { TravelHistorySection } from './sections/travel-history-section.js';
import { TravelSection } from './sections/travel-section.js';
import { useApplicationDraft } from './use-application-draft.js';
import { useApplicationForm } from './use-application-form.js';
import { usePassportScan } from './use-passport-scan.js';
import { useSubmitApplication } from './use-submit-application.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { formatPence } from '../../lib/format.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

export { PAYMENT_REDIRECT_DELAY_MS } from './use-submit-application.js';

/** docs/product.md §8.2 'Selection Error': the browser could not hand the chosen file over. */
const SELECTION_ERROR_MESSAGE = msg('There was a problem selecting your file. Please try again.');

export function ApplyPage() {
  const { agencyEmail } = useAgency();
  return <ApplicationFormView agencyEmail={agencyEmail} />;
}

/** docs/product.md §2.6, 'Egypt E-Visa Application': its sections, the payment notice, the consent and the submit button with its hints. */
export function ApplicationFormView({ agencyEmail, now: fixedNow }: { agencyEmail: string; now?: Date }) {
  const { t, intl } = useT();
  const [now] = useState(() => fixedNow ?? new Date());
  const { form, fields, values, passport, setPassport, dates, submitState } = useApplicationForm({ agencyEmail, now });
  // The page's errors (docs/product.md §14.5): the passport copy's and a failure of no field, beside the
  // fields' own; after a failed attempt all of them in the summary at the top, which then takes the focus.
  const [passportError, setPassportError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const refused = (refusal: { form?: string; passport?: string }) => {
    if (refusal.passport) setPassportError(refusal.passport);
    setFormError(refusal.form ?? null);
    setAttempts((n) => n + 1);
  };
  const choosePassport = (file: File | null) => {
    setPassport(file);
    if (file) setPassportError(null);
  };
  const { submit, submitting, progress, created } = useSubmitApplication({ agencyEmail, form, onRefused: refused });
  const scan = usePassportScan({ form, values, setPassport: choosePassport });
  // A family application (issue 17): the travellers added to this form, each with its own form.
  const [travellers, setTravellers] = useState<number[]>([]);
  const nextTraveller = useRef(0);
  const handles = useRef(new Map<number, TravellerHandle>());
  const [travellerProblems, setTravellerProblems] = useState<ReadonlyMap<number, FormProblem[]>>(new Map());
  const [familyProgress, setFamilyProgress] = useState<UploadProgress>(0);
  const family = useSubmitFamily({ form, setLeadProgress: setFamilyProgress, setLeadPassportError: setPassportError, onRefused: refused });
  const busy = submitting || family.submitting;
  const draft = useApplicationDraft({ form, values, paused: busy || created || family.created });
  const startOver = () => {
    draft.startOver();
    scan.reset();
    choosePassport(null);
    setPassportError(null);
    setTravellers([]);
  };
  const removeTraveller = (key: number) => {
    setTravellers((list) => list.filter((k) => k !== key));
    setTravellerProblems((all) => new Map([...all].filter(([k]) => k !== key)));
  };

  const onSelectFile = (file: File | null, input: HTMLInputElement) => {
    try {
      if (!file) return;
      const check = checkPassportFile(file, { heic: true });
      if (!check.ok) {
        // Beside the field, announced — not a toast (issue 37).
        setPassportError(check.description);
        input.value = '';
        return;
      }
      choosePassport(file);
      toast({ title: t('File Selected'), description: file.name });
    } catch {
      setPassportError(SELECTION_ERROR_MESSAGE);
    }
  };

  const leadProblems = fields.problems(passportError);
  const consent = fields.id('privacyPolicyAccepted');
  const problems: FormProblem[] =
    attempts === 0
      ? []
      : [
          ...leadProblems.filter((p) => p.fieldId !== consent),
          ...travellers.flatMap((key) => travellerProblems.get(key) ?? []),
          ...leadProblems.filter((p) => p.fieldId === consent),
          ...(formError ? [{ message: formError }] : []),
        ];
  const travellerHandles = () => travellers.map((key) => handles.current.get(key)!);
  const onSubmit = form.handleSubmit(
    (data) => {
      setFormError(null);
      // Sent again: a refusal of the chosen copy is the server's to repeat.
      if (passport) setPassportError(null);
      return travellers.length === 0 ? submit(data, passport) : family.submit(data, passport, travellerHandles());
    },
    // The lead's form has problems: the travellers' are shown too, so the summary lists them all.
    async () => {
      await Promise.all(travellerHandles().map((handle) => handle.validate()));
      setAttempts((n) => n + 1);
    },
  );

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl sm:text-3xl">
            {t('Egypt E-Visa Application')}
          </CardTitle>
          <CardDescription>
            <Sentence text={t('Fields marked {mark} are required. Your answers must match your passport exactly.', { mark: slot('mark') })} parts={{ mark: <span className="text-red-600">*</span> }} />
          </CardDescription>
          <p className="text-sm text-slate-600">
            {t('Not sure the e-visa is your route?')}{' '}
            <Link to="/do-i-need-a-visa" className="inline-flex min-h-11 items-center font-medium text-blue-700 underline underline-offset-2">
              {t('Do I need a visa?')}
            </Link>
          </p>
          <DraftBar status={draft.status} restored={draft.restored} onStartOver={startOver} />
        </CardHeader>
        <CardContent>
          <form noValidate className="space-y-8" onSubmit={(event) => void onSubmit(event)}>
            <ErrorSummary problems={problems} focusKey={attempts} />
            <PassportScanSection state={scan.state} scan={(file) => void scan.scan(file)} keepPicture={scan.keepPicture} disabled={busy} />
            <FieldNotesProvider value={scan.notes}>
              <PersonalSection fields={fields} agencyEmail={agencyEmail} today={dates.today} />
              <PassportSection
                fields={fields}
                minExpiry={dates.minExpiry}
                passport={{
                  file: passport,
                  progress: travellers.length > 0 ? familyProgress : progress,
                  disabled: busy,
                  onSelect: onSelectFile,
                  error: passportError,
                }}
              />
            </FieldNotesProvider>
            <AdditionalSection fields={fields} />
            <TravelHistorySection fields={fields} today={dates.today} />
            <TravelSection fields={fields} minArrival={dates.minArrival} now={now} />
            {travellers.map((key, index) => (
              <TravellerForm
                key={key}
                uid={key}
                index={index}
                agencyEmail={agencyEmail}
                now={now}
                shared={values}
                disabled={busy || family.created}
                onRemove={() => removeTraveller(key)}
                onProblems={(list) => setTravellerProblems((all) => new Map(all).set(key, list))}
                handle={(handle) => {
                  if (handle) handles.current.set(key, handle);
                  else handles.current.delete(key);
                }}
              />
            ))}
            {travellers.length < MAX_EXTRA_TRAVELLERS && !family.created ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="outline" disabled={busy} onClick={() => setTravellers((list) => [...list, nextTraveller.current++])}>
                  {t('Add a traveller')}
                </Button>
                <p className="text-sm text-slate-600">
                  {t('Family or friends on the same trip: one order, one payment of {count} × {fee}.', {
                    count: travellers.length + 2,
                    fee: formatPence(INITIAL_FEE.amount, intl).replace(/[.,]00(?=\D*$)/, ''),
                  })}
                </p>
              </div>
            ) : null}
            <PaymentNotice />
            <TextUpdatesSection fields={fields} />
            <ConsentSection fields={fields} />
            <SubmitBar state={submitState} submitting={busy} />
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/** The submit button, disabled until the conditions of docs/product.md §5.4 hold, with the hints that say which do not. */
function SubmitBar({ state, submitting }: { state: SubmitState; submitting: boolean }) {
  const { t } = useT();
  return (
    <div className="space-y-2">
      <Button type="submit" size="lg" className="w-full" disabled={!state.enabled || submitting} aria-describedby="submit-hints">
        {submitting ? t('Submitting Application...') : t('Submit Application')}
      </Button>
      <ul id="submit-hints" className="space-y-1 text-sm text-slate-600" aria-live="polite">
        {state.hints.map((hint) => (
          <li key={hint}>• {t(hint)}</li>
        ))}
      </ul>
      <p className="text-center text-sm text-slate-600">
        <Sentence
          text={t('Need help? {link}.', { link: slot('link') })}
          parts={{
            link: (
              <Link to="/contact" className="text-blue-700 underline">
                {t('Contact our experts')}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
