import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { ApplicationForm } from '../../../../../core/domain/application.js';
import { isSupportedNationality, unsupportedNationalityMessage } from '../../../../../core/domain/countries.js';
import { useUploadPassportMutation } from '../../api/passport-upload.js';
import { serverMessage, type UploadProgress } from '../../api/client.js';
import { track } from '../../lib/analytics.js';
import { showServerFieldErrors } from '../../lib/form-errors.js';
import { toast } from '../../lib/toast-store.js';
import { useCreateApplicationMutation } from './api.js';
import type { ApplicationFormApi } from './use-application-form.js';

/** docs/product.md §14.2: redirect to the payment page 500 ms after the application was submitted. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;

/**
 * Submits an application as docs/product.md §2.6 says: create it, upload the passport (an upload failure aborts
 * the submission: nothing is said to be submitted, and a retry uploads to the application already
 * created instead of creating a second), then go to the payment page 0.5 s later. Field errors the
 * server finds are shown under their fields.
 */
export function useSubmitApplication({ agencyEmail, form }: { agencyEmail: string; form: Pick<ApplicationFormApi, 'getValues' | 'setError'> }) {
  const navigate = useNavigate();
  const create = useCreateApplicationMutation();
  const upload = useUploadPassportMutation();
  const [progress, setProgress] = useState<UploadProgress>(0);
  // The application created by an earlier attempt whose upload failed: a retry only re-uploads.
  const createdId = useRef<number | null>(null);

  const submit = async (data: ApplicationForm, passport: File | null) => {
    if (!passport) {
      toast({ title: 'Missing Documents', description: 'Please upload all required documents to complete your application.', variant: 'destructive' });
      return;
    }
    if (!isSupportedNationality(data.nationality)) {
      toast({ title: 'Nationality Not Supported', description: unsupportedNationalityMessage(agencyEmail), variant: 'destructive' });
      return;
    }
    try {
      let id = createdId.current;
      if (id === null) {
        id = (await create.mutateAsync(data)).id;
        createdId.current = id;
      }
      await upload.mutateAsync({ applicationId: id, file: passport, onProgress: setProgress });
      track('application_submitted', { applicationId: id, nationality: data.nationality, purposeOfVisit: data.purposeOfVisit, entry: data.entry });
      toast({ title: 'Application Submitted', description: 'Redirecting to payment page...' });
      const target = id;
      window.setTimeout(() => {
        void navigate({ to: '/payment', search: { applicationId: target, type: 'initial' } });
      }, PAYMENT_REDIRECT_DELAY_MS);
    } catch (error) {
      showServerFieldErrors(form, error);
      toast({ title: 'Submission Failed', description: serverMessage(error) ?? 'Please try again or contact support.', variant: 'destructive' });
    } finally {
      setProgress(0);
    }
  };

  // Still submitting after the upload succeeded: until the payment page opens.
  const submitting = create.isPending || upload.isPending || upload.isSuccess;
  // The application exists (the server deleted the draft with it), even if its upload must be retried.
  const created = create.isSuccess || createdId.current !== null;
  return { submit, submitting, progress, created };
}
