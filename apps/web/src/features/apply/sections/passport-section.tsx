import type { UploadProgress } from '../../../api/client.js';
import { FileUpload } from '../../../components/file-upload.js';
import { Input } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { PASSPORT_PHOTO_ACCEPT } from '../../../lib/file-rules.js';
import { Section } from '../form-parts.js';
import type { ApplicationFields } from '../use-application-form.js';
import { shownMessage } from '../../../lib/shown-message.js';
import { useT } from '../../../lib/i18n.js';

export interface PassportFile {
  file: File | null;
  progress: UploadProgress;
  /** While the application is being submitted. */
  disabled: boolean;
  onSelect: (file: File | null, input: HTMLInputElement) => void;
  /** What is wrong with the copy (refused when chosen, missing or refused on submit), shown beside it. */
  error: string | null;
}

/** The passport's number and expiry, and the required documents (the passport copy). */
export function PassportSection({ fields, minExpiry, passport }: { fields: ApplicationFields; minExpiry: string; passport: PassportFile }) {
  const words = useT();
  const { t } = words;
  const { form, error, aria } = fields;
  return (
    <Section title={t('Passport Information')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.id('passportNumber')} label={t('Passport number')} required error={error('passportNumber')}>
          <Input autoComplete="off" {...aria('passportNumber')} {...form.register('passportNumber')} />
        </Field>
        <Field id={fields.id('passportExpiry')} label={t('Passport expiry date')} required hint={fields.passportHint} error={error('passportExpiry')}>
          <Input type="date" min={minExpiry} {...aria('passportExpiry', true)} {...form.register('passportExpiry')} />
        </Field>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {t('Required documents')}{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </h3>
        <FileUpload
          inputId={fields.fileId}
          label={t('Passport copy (photo page)')}
          description={t('A clear colour scan or photo. JPG, PNG, HEIC or PDF, up to 10MB.')}
          accept={PASSPORT_PHOTO_ACCEPT}
          required
          file={passport.file}
          progress={passport.progress}
          disabled={passport.disabled}
          onSelect={passport.onSelect}
          describedBy={passport.error ? `${fields.fileId}-error` : undefined}
          invalid={Boolean(passport.error)}
        />
        {passport.error ? (
          <p id={`${fields.fileId}-error`} role="alert" className="text-sm text-red-600">
            {shownMessage(words, passport.error)}
          </p>
        ) : null}
      </div>
    </Section>
  );
}
