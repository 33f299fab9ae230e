import { useId, useRef, type ChangeEvent } from 'react';
import type { UploadProgress } from '../api/client.js';
import { cn } from '../lib/format.js';
import { FileIcon } from './ui/icons.js';
import { useT } from '../lib/i18n.js';

function formatSize(bytes: number, intl: string): string {
  const format = (n: number, digits: number) => n.toLocaleString(intl, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return bytes < 1024 * 1024 ? `${format(Math.max(1, Math.round(bytes / 1024)), 0)} KB` : `${format(bytes / 1024 / 1024, 1)} MB`;
}

/**
 * The shared upload control: a labelled file input styled as a drop area, with the 25/50/75/100 %
 * progress steps of an upload in flight. The default accept is JPEG/PNG only (docs/product.md §5.6).
 */
export function FileUpload({
  label,
  description,
  accept = 'image/jpeg,image/png',
  file,
  progress,
  disabled,
  onSelect,
  inputId,
  required,
  describedBy,
  invalid,
}: {
  label: string;
  description?: string;
  accept?: string;
  file: File | null;
  progress: UploadProgress;
  disabled?: boolean;
  onSelect: (file: File | null, input: HTMLInputElement) => void;
  inputId?: string;
  /** Announced to screen readers (the form checks it on submit). */
  required?: boolean;
  /** Ids of the hint and error beside the control (its field error is announced with it). */
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t, intl } = useT();
  const generated = useId();
  const id = inputId ?? generated;
  const inputRef = useRef<HTMLInputElement>(null);
  const uploading = progress > 0;

  return (
    <div className="space-y-2">
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
          // A refused or missing file: the area is marked like an invalid input, its message beside it.
          invalid ? 'border-red-500 bg-red-50/40' : 'border-blue-300 bg-blue-50/50',
          'hover:border-blue-500 hover:bg-blue-50 focus-within:ring-2 focus-within:ring-blue-500',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="#2563eb" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
        </svg>
        <span className="text-sm font-semibold text-slate-900">{label}</span>
        {description ? <span className="text-xs text-slate-600">{description}</span> : null}
        <span className="text-sm text-blue-700 underline">{file ? t('Choose a different file') : t('Choose a file')}</span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="sr-only"
          onChange={(e: ChangeEvent<HTMLInputElement>) => onSelect(e.target.files?.[0] ?? null, e.target)}
        />
      </label>
      {file ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="selected-file">
          <FileIcon className="shrink-0 text-blue-700" />
          <bdi className="font-medium">{file.name}</bdi>
          <span className="text-slate-500">
            (<bdi>{formatSize(file.size, intl)}</bdi>)
          </span>
        </p>
      ) : null}
      {uploading ? (
        <div>
          <div role="progressbar" aria-label={t('Upload progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
            <div className="h-full bg-gradient-to-r from-blue-600 to-purple-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">{t('Uploading… {progress}%', { progress })}</p>
        </div>
      ) : null}
    </div>
  );
}
