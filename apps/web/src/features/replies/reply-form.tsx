import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, serverFieldErrors, serverMessage, type UploadProgress } from '../../api/client.js';
import { REPLY_EMPTY_MESSAGE, REPLY_MAX_FILES, REPLY_TEXT_MAX } from '@core/domain/reply.js';
import { FileUpload } from '../../components/file-upload.js';
import { Button } from '../../components/ui/button.js';
import { Label } from '../../components/ui/label.js';
import { Textarea } from '../../components/ui/input.js';
import { cn } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { checkPassportFile, PASSPORT_ACCEPT } from '../../lib/file-rules.js';
import { useSendReplyMutation } from './api.js';
import { shownMessage } from '../../lib/shown-message.js';
import { useT, type PageWords } from '../../lib/i18n.js';

type ReplyErrors = { text?: string; files?: string; form?: string };

/** 'You have 3,988 characters remaining' / 'You have 12 characters too many' (the GOV.UK character count). */
function charactersLeft(length: number, t: PageWords['t']): string {
  const left = REPLY_TEXT_MAX - length;
  if (left >= 0) return t('{count, plural, one {You have # character remaining} other {You have # characters remaining}}', { count: left });
  return t('{count, plural, one {You have # character too many} other {You have # characters too many}}', { count: -left });
}

/** The server's refusal, beside the field it is about: the words, the documents, or the form. */
function errorsOf(error: unknown, t: PageWords['t']): ReplyErrors {
  const fields = serverFieldErrors(error);
  if (fields.text || fields.files) return { text: fields.text, files: fields.files };
  // 413 (over 10 MB) and 415 (not a JPG, PNG or PDF by its content) are about a document.
  if (error instanceof ApiError && (error.status === 413 || error.status === 415)) return { files: serverMessage(error) };
  return { form: serverMessage(error) ?? t('Your reply could not be sent. Please try again.') };
}

function formatSize(bytes: number, intl: string): string {
  const format = (n: number, digits: number) => n.toLocaleString(intl, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return bytes < 1024 * 1024 ? `${format(Math.max(1, Math.round(bytes / 1024)), 0)} KB` : `${format(bytes / 1024 / 1024, 1)} MB`;
}

/**
 * The applicant's reply to an information request (docs/product.md §16.7): the words (a character
 * count, at most 4,000) and up to 5 documents chosen one at a time with the shared upload control
 * (the upload rules: JPG, PNG or PDF, 10 MB each). Errors sit beside their field and are announced.
 */
export function ReplyForm({ applicationId, onSent }: { applicationId: number; onSent?: () => void }) {
  const pageWords = useT();
  const { t, intl } = pageWords;
  const id = useId();
  const textId = `${id}-text`;
  const filesId = `${id}-files`;
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<ReplyErrors>({});
  const [progress, setProgress] = useState<UploadProgress>(0);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendReplyMutation(applicationId, {
    onSuccess: () => {
      setText('');
      setFiles([]);
      setErrors({});
      toast({ title: t('Reply sent'), description: t('Our team has your reply.') });
      onSent?.();
    },
    onError: (error) => {
      const shown = errorsOf(error, t);
      setErrors(shown);
      if (shown.text) textRef.current?.focus();
      else if (shown.files) document.getElementById(filesId)?.focus();
    },
    onSettled: () => setProgress(0),
  });

  const choose = (file: File | null, input: HTMLInputElement) => {
    input.value = ''; // the same file may be chosen again after it is removed
    if (!file) return;
    const check = checkPassportFile(file);
    if (!check.ok) return setErrors((e) => ({ ...e, files: check.description }));
    if (files.length >= REPLY_MAX_FILES) return setErrors((e) => ({ ...e, files: t('You can attach at most {count} documents to one reply.', { count: REPLY_MAX_FILES }) }));
    setFiles((chosen) => [...chosen, file]);
    setErrors((e) => ({ ...e, files: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    const found: ReplyErrors = {};
    if (words.length > REPLY_TEXT_MAX) found.text = t('Your reply can be at most {max, number} characters.', { max: REPLY_TEXT_MAX });
    else if (words === '' && files.length === 0) found.text = REPLY_EMPTY_MESSAGE;
    setErrors(found);
    if (found.text) return textRef.current?.focus();
    send.mutate({ text, files, onProgress: setProgress });
  };

  const textDescribedBy = [`${textId}-hint`, `${textId}-count`, errors.text ? `${textId}-error` : null].filter(Boolean).join(' ');
  const filesDescribedBy = [`${filesId}-hint`, errors.files ? `${filesId}-error` : null].filter(Boolean).join(' ');
  const full = files.length >= REPLY_MAX_FILES;
  return (
    <form className="space-y-4" onSubmit={submit} noValidate aria-label={t('Reply to our team')}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={textId}>{t('Your reply')}</Label>
        <p id={`${textId}-hint`} className="text-xs text-slate-600">
          {t('Answer our request in your own words. Only our team reads it.')}
        </p>
        <Textarea
          ref={textRef}
          id={textId}
          value={text}
          rows={5}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={textDescribedBy}
          disabled={send.isPending}
        />
        <p id={`${textId}-count`} className={cn('text-xs', text.length > REPLY_TEXT_MAX ? 'font-medium text-red-700' : 'text-slate-600')}>
          {charactersLeft(text.length, t)}
        </p>
        {errors.text ? (
          <p id={`${textId}-error`} role="alert" className="text-sm text-red-700">
            {shownMessage(pageWords, errors.text)}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1.5">
        <FileUpload
          inputId={filesId}
          label={full ? t('{count} documents chosen', { count: REPLY_MAX_FILES }) : t('Add a document (optional)')}
          description={t('JPG, PNG or PDF, up to 10MB each; at most {count} documents.', { count: REPLY_MAX_FILES })}
          accept={PASSPORT_ACCEPT}
          file={null}
          progress={progress}
          disabled={send.isPending || full}
          onSelect={choose}
          describedBy={filesDescribedBy}
          invalid={Boolean(errors.files)}
        />
        <p id={`${filesId}-hint`} className="sr-only">
          {t('{chosen} of {count} documents chosen.', { chosen: files.length, count: REPLY_MAX_FILES })}
        </p>
        {errors.files ? (
          <p id={`${filesId}-error`} role="alert" className="text-sm text-red-700">
            {shownMessage(pageWords, errors.files)}
          </p>
        ) : null}
        {files.length > 0 ? (
          <ul aria-label={t('Documents to send')} className="space-y-1">
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex min-w-0 items-center justify-between gap-2 rounded-md border border-slate-200 bg-white px-2 py-1 text-sm text-slate-800">
                <span className="min-w-0 break-words">
                  <bdi className="font-medium">{file.name}</bdi>{' '}
                  <span className="text-slate-500">
                    (<bdi>{formatSize(file.size, intl)}</bdi>)
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-11 shrink-0 sm:h-9"
                  aria-label={t('Remove {file}', { file: file.name })}
                  disabled={send.isPending}
                  onClick={() => setFiles((chosen) => chosen.filter((_, j) => j !== i))}
                >
                  {t('Remove')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {shownMessage(pageWords, errors.form)}
        </p>
      ) : null}
      <Button type="submit" className="h-11 w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? t('Sending...') : t('Send reply')}
      </Button>
    </form>
  );
}
