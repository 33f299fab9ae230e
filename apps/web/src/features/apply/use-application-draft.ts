import { useEffect, useRef, useState } from 'react';
import { DEFAULT_APPLICATION_VALUES, type ApplicationFormValues } from './rules.js';
import { useApplicationDraftQuery, useDeleteDraftMutation, useSaveDraftMutation, type DraftFieldsDto } from '../../api/drafts.js';
import type { ApplicationFormApi } from './use-application-form.js';

/** How long typing must pause before the form is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The form's values with a draft's fields laid over the defaults: a field of the wrong type for its
 * input (or one the form no longer has) is left at its default, a cleared one (null) is blank.
 */
export function valuesFromDraft(fields: DraftFieldsDto): ApplicationFormValues {
  const values: Record<string, string | boolean> = { ...DEFAULT_APPLICATION_VALUES };
  const saved = fields as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(DEFAULT_APPLICATION_VALUES)) {
    const value = saved[key];
    if (typeof value === typeof fallback) values[key] = value as string | boolean;
    else if (value === null && typeof fallback === 'string') values[key] = '';
  }
  return values as ApplicationFormValues;
}

const sameAs = (a: ApplicationFormValues, b: ApplicationFormValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Nothing typed is lost: the apply page restores the user's saved draft when it opens (on any
 * device they sign in on), unless they started typing first, and saves the form AUTOSAVE_DELAY_MS
 * after each pause in typing. `paused` (while submitting) stops saving: the server deletes the
 * draft once the application is created. `startOver` empties the form and deletes the draft.
 */
export function useApplicationDraft({ form, values, paused }: { form: ApplicationFormApi; values: ApplicationFormValues; paused: boolean }) {
  const draft = useApplicationDraftQuery();
  const save = useSaveDraftMutation();
  const remove = useDeleteDraftMutation();
  const [status, setStatus] = useState<DraftStatus>('idle');
  const [restored, setRestored] = useState(false);
  const [ready, setReady] = useState(false);
  // What the server holds (or the defaults, which are never saved): only a change is sent.
  const lastSaved = useRef<string>(JSON.stringify(DEFAULT_APPLICATION_VALUES));

  useEffect(() => {
    if (ready || draft.isPending) return;
    setReady(true);
    const fields = draft.data ?? null;
    if (!fields || !sameAs(form.getValues(), DEFAULT_APPLICATION_VALUES)) return;
    const restoredValues = valuesFromDraft(fields);
    lastSaved.current = JSON.stringify(restoredValues);
    if (sameAs(restoredValues, DEFAULT_APPLICATION_VALUES)) return;
    form.reset(restoredValues);
    setRestored(true);
  }, [ready, draft.isPending, draft.data, form]);

  const serialized = JSON.stringify(values);
  const { mutate } = save;
  useEffect(() => {
    if (!ready || paused || serialized === lastSaved.current) return;
    const timer = window.setTimeout(() => {
      setStatus('saving');
      mutate(JSON.parse(serialized) as DraftFieldsDto, {
        onSuccess: () => {
          lastSaved.current = serialized;
          setStatus('saved');
        },
        onError: () => setStatus('failed'),
      });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, paused, serialized, mutate]);

  const startOver = () => {
    lastSaved.current = JSON.stringify(DEFAULT_APPLICATION_VALUES);
    form.reset(DEFAULT_APPLICATION_VALUES);
    setRestored(false);
    setStatus('idle');
    remove.mutate(undefined, { onError: () => setStatus('failed') });
  };

  return { status, restored, startOver };
}
