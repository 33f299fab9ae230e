import { useState } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError, serverFieldErrors, serverMessage } from '../api/client.js';
import { FILE_TOO_LARGE_MESSAGE } from '@core/domain/document.js';
import type { FormProblem } from '../components/error-summary.js';

function isFieldOf<T extends FieldValues>(values: T, name: string): name is Path<T> {
  return Object.prototype.hasOwnProperty.call(values, name);
}

/**
 * Shows a validation answer's field errors (400 `{ message, errors: { field: [messages] } }`)
 * under the form's own fields, focusing the first; errors about anything else (a link's token, a
 * file) are left to the caller. Answers whether any field error was shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  error: unknown,
  // `focus: false` where an error summary takes the focus instead.
  { focus = true }: { focus?: boolean } = {},
): boolean {
  return setFieldErrors(form, serverFieldErrors(error), { focus });
}

/** Sets each message of `errors` (field → message) on the form's field of that name; others are skipped. Answers whether any was set. */
export function setFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  errors: Readonly<Record<string, string>>,
  { focus = true }: { focus?: boolean } = {},
): boolean {
  const values = form.getValues();
  let shown = false;
  for (const [name, message] of Object.entries(errors)) {
    if (!isFieldOf(values, name)) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: focus && !shown });
    shown = true;
  }
  return shown;
}

/** A form's fields in the order the page shows them: each field's name and the id of its control. */
export type FieldIds<T extends FieldValues> = readonly (readonly [Path<T>, string])[];

/** The error summary's lines for the fields' current messages, in the fields' order, each linked to its control. */
export function fieldProblems<T extends FieldValues>(errors: FieldErrors<T>, fields: FieldIds<T>): FormProblem[] {
  return fields.flatMap(([name, fieldId]) => {
    const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? [{ fieldId, message }] : [];
  });
}

/**
 * The server's words when an upload's file was refused — too large (413), a type it refuses (415),
 * nothing it can read (422), or a body it cannot take (400) — else null: the failure is no field's.
 */
export function fileRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || ![400, 413, 415, 422].includes(error.status)) return null;
  // A proxy in front of the server may refuse a large body in its own words (or in HTML).
  return serverMessage(error) ?? (error.status === 413 ? FILE_TOO_LARGE_MESSAGE : null);
}

/**
 * A form's errors as GOV.UK shows them (docs/product.md §14.5): each beside its field, and after a
 * submit attempt in the error summary at the top (`summary`, for <ErrorSummary>), which takes the
 * focus at each failed attempt. The server's refusal goes where it belongs: its field errors beside
 * their fields; a refusal the caller knows to be one field's (`field`) beside that field; anything
 * else (no field's: too many attempts, the server unreachable) in the summary alone. Never a toast.
 */
export function useFormProblems<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'getValues' | 'setError' | 'formState'>, fields: FieldIds<T>) {
  const [formError, setFormError] = useState<string | null>(null);
  // Failed submit attempts: the summary shows from the first and takes the focus at each.
  const [attempts, setAttempts] = useState(0);
  const problems: FormProblem[] = attempts === 0 ? [] : [...fieldProblems(form.formState.errors, fields), ...(formError ? [{ message: formError }] : [])];
  return {
    summary: { problems, focusKey: attempts },
    /** The last refusal that was no field's, while it stands. */
    formError,
    /** Call as the form is sent again: the last failure of no field no longer stands. */
    sending: () => setFormError(null),
    /** handleSubmit's second argument: the browser's own checks found problems. */
    invalid: () => setAttempts((n) => n + 1),
    /** The server refused: `fallback` when it said nothing; `field` names the field a refusal without field errors is about. */
    refused: (error: unknown, { fallback, field }: { fallback: string; field?: (error: unknown) => Path<T> | null }) => {
      if (!showServerFieldErrors(form, error, { focus: false })) {
        const message = serverMessage(error) ?? fallback;
        const name = field?.(error) ?? null;
        if (name) form.setError(name, { type: 'server', message }, { shouldFocus: false });
        else setFormError(message);
      }
      setAttempts((n) => n + 1);
    },
  };
}

/** A failure of the status `status` (say, 409 for an email already registered). */
export function isStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}
