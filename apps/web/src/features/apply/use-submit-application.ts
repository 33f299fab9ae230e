import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { ApplicationForm } from '@core/domain/application.js';
import { useUploadPassportMutation } from '../../api/passport-upload.js';
import { serverMessage, type UploadProgress } from '../../api/client.js';
import { track } from '../../lib/analytics.js';
import { fileRefusal, showServerFieldErrors } from '../../lib/form-errors.js';
import { toast } from '../../lib/toast-store.js';
import { useCreateApplicationMutation } from './api.js';
import type { ApplicationFormApi } from './use-application-form.js';
import { useT } from '../../lib/i18n.js';
import { msg } from '@core/i18n/index.js';

/** docs/product.md §14.2: redirect to the payment page 500 ms after the application was submitted. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;

/**
 * What went wrong with a submission, said where it belongs (docs/product.md §14.5): the server's
 * field errors are already beside their fields; `passport` is the passport copy's problem (missing,
 * or the file refused by the upload), `form` a failure of no field.
 */
export interface SubmitRefusal {
  passport?: string;
  form?: string;
}

export const MISSING_DOCUMENTS_MESSAGE = msg('Please upload all required documents to complete your application.');
export const SUBMISSION_FAILED_FALLBACK = msg('Please try again or contact support.');

/**
 * Submits an application as docs/product.md §2.6 says: create it, upload the passport (an upload failure aborts
 * the submission: nothing is said to be submitted, and a retry uploads to the application already
 * created instead of creating a second), then go to the payment page 0.5 s later. What the server
 * refuses goes to `onRefused` (and its field errors beside their fields), never to a toast.
 */
export function useSubmitApplication({
  form,
  onRefused,
}: {
  /** Kept for the callers; the nationality's message comes from the form's schema now. */
  agencyEmail?: string;
  form: Pick<ApplicationFormApi, 'getValues' | 'setError'>;
  onRefused: (refusal: SubmitRefusal) => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const create = useCreateApplicationMutation();
  const upload = useUploadPassportMutation();
  const [progress, setProgress] = useState<UploadProgress>(0);
  // The application created by an earlier attempt whose upload failed: a retry only re-uploads.
  const createdId = useRef<number | null>(null);

  const submit = async (data: ApplicationForm, passport: File | null) => {
    if (!passport) return onRefused({ passport: MISSING_DOCUMENTS_MESSAGE });
    // A nationality off the e-visa route never gets here: the form's schema checks it against
    // Egypt's rules in force on the arrival date (and the server again).
    let id = createdId.current;
    try {
      if (id === null) {
        id = (await create.mutateAsync(data)).id;
        createdId.current = id;
      }
    } catch (error) {
      if (!showServerFieldErrors(form, error, { focus: false })) onRefused({ form: serverMessage(error) ?? SUBMISSION_FAILED_FALLBACK });
      else onRefused({});
      return;
    }
    try {
      await upload.mutateAsync({ applicationId: id, file: passport, onProgress: setProgress });
    } catch (error) {
      // The file refused (its size, its type, nothing readable): beside the passport copy; anything else of no field.
      const refused = fileRefusal(error);
      onRefused(refused ? { passport: refused } : { form: serverMessage(error) ?? SUBMISSION_FAILED_FALLBACK });
      return;
    } finally {
      setProgress(0);
    }
    track('application_submitted', { applicationId: id, nationality: data.nationality, purposeOfVisit: data.purposeOfVisit, entry: data.entry });
    toast({ title: t('Application Submitted'), description: t('Redirecting to payment page...') });
    const target = id;
    window.setTimeout(() => {
      void navigate({ to: '/payment', search: { applicationId: target, type: 'initial' } });
    }, PAYMENT_REDIRECT_DELAY_MS);
  };

  // Still submitting after the upload succeeded: until the payment page opens.
  const submitting = create.isPending || upload.isPending || upload.isSuccess;
  // The application exists (the server deleted the draft with it), even if its upload must be retried.
  const created = create.isSuccess || createdId.current !== null;
  return { submit, submitting, progress, created };
}
