import { useState, type ChangeEvent } from 'react';
import { FileIcon } from '../../components/ui/icons.js';
import { Label } from '../../components/ui/label.js';
import { checkPassportFile } from '../../lib/file-rules.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';

/** docs/product.md §5.6: the admin visa upload accepts .pdf, .jpg, .jpeg, .png. */
export const VISA_ACCEPT = '.pdf,.jpg,.jpeg,.png';

/** The visa document prompt shown with an approval: the current file, a staged one, a file picker. */
export function VisaUpload({
  inputId,
  currentFileName,
  stagedFile,
  uploading,
  disabled,
  accept,
  onChoose,
}: {
  inputId: string;
  currentFileName: string | null;
  stagedFile: File | null;
  uploading: boolean;
  disabled?: boolean;
  accept: string;
  onChoose: (file: File) => void;
}) {
  // A refused file is said beside the picker (docs/product.md §14.5), not in a toast.
  const { t, tc } = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${inputId}-error`;
  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const input = e.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const check = checkPassportFile(file);
    if (!check.ok) {
      setProblem(t('{title}: {description}', { title: check.title === 'File Too Large' ? t('File Too Large') : t('Invalid File Type'), description: tc(check.description) }));
      return;
    }
    setProblem(null);
    onChoose(file);
  }

  return (
    <div className="space-y-2 rounded-md border border-green-300 bg-green-50 p-3">
      <Label htmlFor={inputId}>{currentFileName ? t('Replace the visa document') : t('Upload the visa document')}</Label>
      <p className="text-xs text-slate-600">{t('PDF, JPG or PNG, at most 10MB.')}</p>
      {currentFileName ? (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <FileIcon className="shrink-0 text-green-700" />{' '}
          <span>
            <Sentence text={t('Current visa: {fileName}', { fileName: slot('fileName') })} parts={{ fileName: <bdi className="font-medium">{currentFileName}</bdi> }} />
          </span>
        </p>
      ) : null}
      {stagedFile ? (
        <p className="text-sm text-orange-800" data-testid="staged-visa">
          <Sentence text={t('{fileName} will be uploaded when you apply the changes.', { fileName: slot('fileName') })} parts={{ fileName: <bdi>{stagedFile.name}</bdi> }} />
        </p>
      ) : null}
      <input
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled || uploading}
        onChange={onChange}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className="block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-blue-600 file:px-3 file:py-1.5 file:text-white touch:file:py-3 hover:file:bg-blue-700"
      />
      {problem ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      {uploading ? <p className="text-sm text-slate-600">{t('Uploading...')}</p> : null}
    </div>
  );
}
