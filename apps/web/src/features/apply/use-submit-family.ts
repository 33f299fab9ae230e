import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { ApplicationForm } from '@core/domain/application.js';
import { useUploadPassportMutation } from '../../api/passport-upload.js';
import { serverFieldErrors, serverMessage, type UploadProgress } from '../../api/client.js';
import { track } from '../../lib/analytics.js';
import { fileRefusal, setFieldErrors } from '../../lib/form-errors.js';
import { toast } from '../../lib/toast-store.js';
import type { TravellerHandle } from './family.js';
import { useCreateFamilyMutation, type CreatedFamily } from './family-api.js';
import type { ApplicationFormApi } from './use-application-form.js';
import { MISSING_DOCUMENTS_MESSAGE, PAYMENT_REDIRECT_DELAY_MS, SUBMISSION_FAILED_FALLBACK } from './use-submit-application.js';
import { useT } from '../../lib/i18n.js';
import { msg } from '@core/i18n/index.js';

export const MISSING_TRAVELLER_PASSPORT_MESSAGE = msg('Please upload the passport copy of every traveller.');

/**
 * Submits a family application: every traveller's form is checked, the family is created in one
 * request, each passport is uploaded to its own application, then the family's one payment page
 * opens. As for one application, a failed upload aborts and a retry only uploads what is missing.
 * What is refused is said where it belongs: a traveller's field errors (`travellers.N.field`) beside
 * that traveller's fields, a refused or missing passport copy beside it, anything else in `onRefused`.
 */
export function useSubmitFamily({
  form,
  setLeadProgress,
  setLeadPassportError,
  onRefused,
}: {
  form: Pick<ApplicationFormApi, 'getValues' | 'setError'>;
  setLeadProgress: (p: UploadProgress) => void;
  setLeadPassportError: (message: string | null) => void;
  /** Called once a submission stops short; `form` is its failure of no field, if any. */
  onRefused: (refusal: { form?: string }) => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const create = useCreateFamilyMutation();
  const upload = useUploadPassportMutation();
  const created = useRef<CreatedFamily | null>(null);
  const uploaded = useRef(new Set<number>());
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (lead: ApplicationForm, leadPassport: File | null, travellers: TravellerHandle[]) => {
    // Every traveller is checked (and shows its problems) before anything is sent.
    const checked = await Promise.all(travellers.map((traveller) => traveller.validate()));
    const files = [leadPassport, ...travellers.map((t) => t.passport())];
    const setPassportErrors = [setLeadPassportError, ...travellers.map((t) => t.setPassportError)];
    files.forEach((file, i) => {
      if (!file) setPassportErrors[i]!(i === 0 ? MISSING_DOCUMENTS_MESSAGE : MISSING_TRAVELLER_PASSPORT_MESSAGE);
    });
    if (checked.some((form) => !form) || files.some((f) => !f)) return onRefused({});
    const forms = [lead, ...(checked as ApplicationForm[])];
    const progressOf = [setLeadProgress, ...travellers.map((t) => t.setProgress)];
    setSubmitting(true);
    try {
      try {
        created.current ??= await create.mutateAsync({ travellers: forms });
      } catch (error) {
        const shown = showTravellersErrors(error, [form, ...travellers]);
        onRefused(shown ? {} : { form: serverMessage(error) ?? SUBMISSION_FAILED_FALLBACK });
        return;
      }
      const family = created.current;
      for (const [i, application] of family.applications.entries()) {
        if (uploaded.current.has(application.id)) continue;
        try {
          await upload.mutateAsync({ applicationId: application.id, file: files[i]!, onProgress: progressOf[i] ?? (() => undefined) });
        } catch (error) {
          const refused = fileRefusal(error);
          if (refused) setPassportErrors[i]?.(refused);
          onRefused(refused ? {} : { form: serverMessage(error) ?? SUBMISSION_FAILED_FALLBACK });
          return;
        }
        uploaded.current.add(application.id);
      }
      track('application_submitted', {
        applicationId: family.applications[0]!.id,
        nationality: lead.nationality,
        purposeOfVisit: lead.purposeOfVisit,
        entry: lead.entry,
        groupId: family.groupId,
        groupSize: family.applications.length,
      });
      toast({ title: t('Application Submitted'), description: t('Redirecting to payment page...') });
      setDone(true);
      window.setTimeout(() => {
        void navigate({ to: '/payment', search: { groupId: family.groupId } });
      }, PAYMENT_REDIRECT_DELAY_MS);
    } finally {
      setSubmitting(false);
      for (const setProgress of progressOf) setProgress(0);
    }
  };

  return { submit, submitting: submitting || done, created: created.current !== null };
}

/**
 * The family's validation answer (`travellers.N.field`) beside each traveller's fields: N = 0 is the
 * lead's form, N = 1… the added travellers'. Answers whether any field error was shown.
 */
function showTravellersErrors(error: unknown, forms: readonly Pick<ApplicationFormApi, 'getValues' | 'setError'>[]): boolean {
  const byTraveller = new Map<number, Record<string, string>>();
  for (const [path, message] of Object.entries(serverFieldErrors(error))) {
    const match = /^travellers\.(\d+)\.(\w+)$/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    byTraveller.set(index, { ...byTraveller.get(index), [match[2]!]: message });
  }
  let shown = false;
  for (const [index, errors] of byTraveller) {
    const target = forms[index];
    if (target && setFieldErrors(target, errors, { focus: false })) shown = true;
  }
  return shown;
}
