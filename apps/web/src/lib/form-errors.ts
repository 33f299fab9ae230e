import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { serverFieldErrors } from '../api/client.js';

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
  const values = form.getValues();
  let shown = false;
  for (const [name, message] of Object.entries(serverFieldErrors(error))) {
    if (!isFieldOf(values, name)) continue;
    form.setError(name, { type: 'server', message }, { shouldFocus: focus && !shown });
    shown = true;
  }
  return shown;
}
