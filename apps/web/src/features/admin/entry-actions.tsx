import { useId } from 'react';
import { statusChoicesFor } from '@core/domain/admin-tabs.js';
import { canAttachVisa, infoRequestIsComplete, INFO_REQUEST_NEEDED_MESSAGE } from '@core/domain/application.js';
import { statusLabel, type ApplicationStatus } from '@core/domain/status.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { toast } from '../../lib/toast-store.js';
import { visaStagedToast } from './visa-staged-toast.js';
import { useChangeStatusMutation, useSendEvisaMutation, useUploadVisaMutation, type AdminApplicationDto } from './api.js';
import { savedState, useStagedChanges, type StagedChange } from './staged-changes.js';
import { VISA_ACCEPT, VisaUpload } from './visa-upload.js';
import type { Translate } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

/** The docs/product.md §8.2 toasts of a failed visa upload. */
function visaUploadFailed(error: unknown, t: Translate) {
  toast({ title: t('Upload Failed'), description: serverMessage(error) ?? t('Failed to upload visa document. Please try again.'), variant: 'destructive' });
}

/**
 * An application's admin actions (docs/product.md §2.15): the status choices of its tab, the information
 * request, the visa upload and the e-visa email. Status changes are staged and sent only on
 * 'Apply Changes'.
 */
export function EntryActions({ app }: { app: AdminApplicationDto }) {
  const { t, tc } = useT();
  const staged = useStagedChanges();
  const ids = useId();
  const draft: StagedChange = staged.get(app.id) ?? savedState(app);
  const isStaged = staged.get(app.id) !== undefined;
  const saveStatus = useChangeStatusMutation(app.id, {
    onError: () => toast({ title: t('Error'), description: t('Failed to save changes. Please try again.'), variant: 'destructive' }),
  });
  // A failed visa upload keeps the file staged (with the status, now saved) so 'Apply Changes' can try it again.
  const uploadVisa = useUploadVisaMutation(app.id, { onError: (error) => visaUploadFailed(error, t) });
  const sendEvisa = useSendEvisaMutation(app.id, {
    onSuccess: () => toast({ title: t('Success'), description: t("E-visa document sent successfully to user's email") }),
    onError: (error) => {
      toast({ title: t('Error'), description: serverMessage(error) ?? t('Failed to send e-visa document. Please try again.'), variant: 'destructive' });
    },
  });
  const saving = saveStatus.isPending || uploadVisa.isPending;
  const saveError = saveStatus.isError ? (serverMessage(saveStatus.error) ?? null) : null;

  const choices = statusChoicesFor(app.status);
  const asksForInfo = draft.status === 'additional_info_required';
  const infoMissing = asksForInfo && !infoRequestIsComplete(draft);
  // docs/product.md §2.15: the visa upload prompt appears when the status is approved (staged or saved).
  const showVisaPrompt = draft.status === 'approved' || (canAttachVisa(app.status) && draft.status !== 'rejected');
  const rejects = draft.status === 'rejected';
  const statusFieldsChanged =
    draft.status !== app.status ||
    (rejects && draft.rejectionReason.trim() !== '') ||
    (asksForInfo && (draft.additionalInfoMessage.trim() !== (app.additionalInfoMessage ?? '').trim() || draft.requiresPassportReupload !== app.requiresPassportReupload));

  function update(patch: Partial<StagedChange>) {
    saveStatus.reset();
    staged.stage(app, { ...draft, ...patch });
  }

  async function applyChanges() {
    const change = draft;
    try {
      if (statusFieldsChanged) {
        await saveStatus.mutateAsync({
          status: change.status,
          ...(asksForInfo ? { additionalInfoMessage: change.additionalInfoMessage.trim() || null, requiresPassportReupload: change.requiresPassportReupload } : {}),
          ...(rejects && change.rejectionReason.trim() ? { rejectionReason: change.rejectionReason.trim() } : {}),
        });
      }
      // The staged visa goes up once the status (if it changed) is saved: the server attaches a
      // visa only from approval on.
      if (change.visaFile) await uploadVisa.mutateAsync(change.visaFile);
    } catch {
      return; // told by the failed step's toast
    }
    staged.discard(app.id);
    toast({ title: t('Changes Saved'), description: t('Application status and information have been updated successfully.') });
  }

  /** A chosen visa (first or replacement) is staged like every other change. */
  function chooseVisa(file: File) {
    update({ visaFile: file });
    toast(visaStagedToast(app, t));
  }

  const applyButtons = (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={applyChanges} disabled={!isStaged || saving || infoMissing}>
        {saving ? t('Saving...') : t('Apply Changes')}
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          saveStatus.reset();
          staged.discard(app.id);
        }}
        disabled={!isStaged || saving}
      >
        {t('Discard Changes')}
      </Button>
      {isStaged ? <p className="basis-full text-xs text-orange-800">{t('Unsaved changes: nothing is sent until you apply them.')}</p> : null}
    </div>
  );

  // The side panel's header (docs/product.md §2.14): the status and what goes with it, then the
  // staged change's Apply/Discard; 'Send E-Visa Email' beside the status once the final fee is paid.
  return (
    <section aria-label={t('Actions for {applicationNumber}', { applicationNumber: app.applicationNumber })} className="space-y-3" data-testid={`actions-${app.id}`}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-[11rem] flex-1 space-y-1">
          <Label htmlFor={`status-${app.id}`}>{t('Status')}</Label>
          <Select
            id={`status-${app.id}`}
            value={draft.status}
            onValueChange={(value) => update({ status: value as ApplicationStatus })}
            options={choices.map((s) => ({ value: s, label: tc(statusLabel(s)) }))}
            disabled={saving}
          />
        </div>
        {app.finalPaymentId ? (
          <Button variant="outline" onClick={() => sendEvisa.mutate()} disabled={sendEvisa.isPending || saving}>
            {sendEvisa.isPending ? t('Sending...') : t('Send E-Visa Email')}
          </Button>
        ) : null}
      </div>

      {asksForInfo ? (
        <div className="space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor={`info-message-${app.id}`}>{t('Message to the applicant')}</Label>
            <Textarea
              id={`info-message-${app.id}`}
              value={draft.additionalInfoMessage}
              maxLength={2000}
              rows={3}
              placeholder={t('What do you need from the applicant?')}
              onChange={(e) => update({ additionalInfoMessage: e.target.value })}
              aria-describedby={infoMissing ? `${ids}-info-missing` : undefined}
              aria-invalid={infoMissing || undefined}
              disabled={saving}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={`reupload-${app.id}`} checked={draft.requiresPassportReupload} onCheckedChange={(checked) => update({ requiresPassportReupload: checked === true })} disabled={saving} />
            <Label htmlFor={`reupload-${app.id}`}>{t('Require passport copy re-upload')}</Label>
          </div>
          {infoMissing ? (
            <p id={`${ids}-info-missing`} className="text-sm text-orange-800">
              {tc(INFO_REQUEST_NEEDED_MESSAGE)}
            </p>
          ) : null}
        </div>
      ) : null}

      {rejects ? (
        <div className="space-y-1.5">
          <Label htmlFor={`rejection-reason-${app.id}`}>{t('Reason for the applicant (optional)')}</Label>
          <Textarea
            id={`rejection-reason-${app.id}`}
            value={draft.rejectionReason}
            maxLength={2000}
            rows={3}
            placeholder={t("Shown on the applicant's dashboard and in the email")}
            onChange={(e) => update({ rejectionReason: e.target.value })}
            disabled={saving}
          />
        </div>
      ) : null}

      {showVisaPrompt ? (
        <VisaUpload
          inputId={`visa-file-${app.id}`}
          currentFileName={app.visaDocument}
          stagedFile={draft.visaFile}
          uploading={saving && draft.visaFile !== null}
          disabled={saving}
          onChoose={chooseVisa}
          accept={VISA_ACCEPT}
        />
      ) : null}

      {saveError ? (
        <p role="alert" className="text-sm text-red-700">
          {saveError}
        </p>
      ) : null}

      {applyButtons}
    </section>
  );
}
