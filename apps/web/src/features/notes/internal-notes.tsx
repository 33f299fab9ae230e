import { useId, useState, type FormEvent } from 'react';
import { formatDayAndTime } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { INTERNAL_NOTE_MAX } from '@core/domain/internal-note.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';

import { useT } from '../../lib/i18n.js';
import { toast } from '../../lib/toast-store.js';
import { useAddInternalNoteMutation, useInternalNotesQuery } from './api.js';

/** Staff's notes for each other on the admin row (docs/product.md, "Internal notes"); the applicant never sees them. */
export function InternalNotes({ applicationId }: { applicationId: number }) {
  const notes = useInternalNotesQuery(applicationId);
  const [text, setText] = useState('');
  const fieldId = useId();
  const { t, intl } = useT();
  const add = useAddInternalNoteMutation(applicationId, {
    onSuccess: () => setText(''),
    onError: (error) => toast({ title: t('Note not saved'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) add.mutate(text);
  };
  return (
    <section aria-label={t('Internal notes')}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('Internal notes')}</h3>
      <p className="text-xs text-slate-500">{t('For staff only: the applicant never sees these.')}</p>
      {notes.isLoading ? (
        <Spinner className="mt-2" label={t('Loading the notes')} />
      ) : notes.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('The notes could not be loaded: {error}', { error: notes.error.message })}
        </p>
      ) : (notes.data ?? []).length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('No notes yet.')}</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {notes.data!.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 p-2 text-sm text-slate-800">
              <p className="whitespace-pre-line break-words">
                <bdi>{note.text}</bdi>
              </p>
              <p className="mt-1 text-xs text-slate-500">{t('{author}, {at}', { author: note.authorName, at: formatDayAndTime(note.createdAt, intl) })}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="mt-2 space-y-2" onSubmit={submit}>
        <label htmlFor={fieldId} className="sr-only">
          {t('New internal note')}
        </label>
        <textarea
          id={fieldId}
          value={text}
          maxLength={INTERNAL_NOTE_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('A note for colleagues')}
          className="h-20 w-full rounded-md border border-slate-300 p-2 text-sm"
        />
        <Button type="submit" size="sm" variant="outline" disabled={add.isPending || text.trim() === ''}>
          {add.isPending ? t('Saving...') : t('Add note')}
        </Button>
      </form>
    </section>
  );
}
