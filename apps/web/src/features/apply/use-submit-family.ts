import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { ApplicationForm } from '../../../../../core/domain/application.js';
import { useUploadPassportMutation } from '../../api/passport-upload.js';
import { serverMessage, type UploadProgress } from '../../api/client.js';
import { track } from '../../lib/analytics.js';
import { showServerFieldErrors } from '../../lib/form-errors.js';
import { toast } from '../../lib/toast-store.js';
import type { TravellerHandle } from './family.js';
import { useCreateFamilyMutation, type CreatedFamily } from './family-api.js';
import type { ApplicationFormApi } from './use-application-form.js';
import { PAYMENT_REDIRECT_DELAY_MS } from './use-submit-application.js';

/**
 * Submits a family application: every traveller's form is checked, the family is created in one
 * request, each passport is uploaded to its own application, then the family's one payment page
 * opens. As for one application, a failed upload aborts and a retry only uploads what is missing.
 */
export function useSubmitFamily({ form, setLeadProgress }: { form: Pick<ApplicationFormApi, 'getValues' | 'setError'>; setLeadProgress: (p: UploadProgress) => void }) {
  const navigate = useNavigate();
  const create = useCreateFamilyMutation();
  const upload = useUploadPassportMutation();
  const created = useRef<CreatedFamily | null>(null);
  const uploaded = useRef(new Set<number>());
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (lead: ApplicationForm, leadPassport: File | null, travellers: TravellerHandle[]) => {
    const forms: ApplicationForm[] = [lead];
    for (const traveller of travellers) {
      const checked = await traveller.validate();
      if (!checked) {
        toast({ title: 'Please check the travellers', description: 'Some of the travellers’ details are missing or invalid.', variant: 'destructive' });
        return;
      }
      forms.push(checked);
    }
    const files = [leadPassport, ...travellers.map((t) => t.passport())];
    if (files.some((f) => !f)) {
      toast({ title: 'Missing Documents', description: 'Please upload the passport copy of every traveller.', variant: 'destructive' });
      return;
    }
    const progressOf = [setLeadProgress, ...travellers.map((t) => t.setProgress)];
    setSubmitting(true);
    try {
      created.current ??= await create.mutateAsync({ travellers: forms });
      const family = created.current;
      for (const [i, application] of family.applications.entries()) {
        if (uploaded.current.has(application.id)) continue;
        await upload.mutateAsync({ applicationId: application.id, file: files[i]!, onProgress: progressOf[i] ?? (() => undefined) });
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
      toast({ title: 'Application Submitted', description: 'Redirecting to payment page...' });
      setDone(true);
      window.setTimeout(() => {
        void navigate({ to: '/payment', search: { groupId: family.groupId } });
      }, PAYMENT_REDIRECT_DELAY_MS);
    } catch (error) {
      showServerFieldErrors(form, error);
      toast({ title: 'Submission Failed', description: serverMessage(error) ?? 'Please try again or contact support.', variant: 'destructive' });
    } finally {
      setSubmitting(false);
      for (const setProgress of progressOf) setProgress(0);
    }
  };

  return { submit, submitting: submitting || done, created: created.current !== null };
}
