import { useEffect, useId, useRef } from 'react';
import { useT } from '../lib/i18n.js';
import { shownMessage } from '../lib/shown-message.js';

/** One problem: its message, and the id of the field it is about (none for a problem of the whole form). */
export interface FormProblem {
  message: string;
  fieldId?: string;
}

/**
 * GOV.UK's error summary: 'There is a problem' at the top of a form, each problem a link to its
 * field. It takes the focus (so a screen reader reads it and a phone scrolls to it) once per failed
 * submit attempt — `focusKey` changes at each — as soon as it has problems to show; never while
 * the person types and the list shrinks (or grows) with the fields' messages. Each field still
 * shows its own message beside it.
 */
export function ErrorSummary({ problems, focusKey }: { problems: readonly FormProblem[]; focusKey: number }) {
  const words = useT();
  const { t } = words;
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The attempt the summary last took the focus for.
  const focusedFor = useRef<number | null>(null);
  const shown = problems.length > 0;
  useEffect(() => {
    if (!shown || focusedFor.current === focusKey) return;
    focusedFor.current = focusKey;
    ref.current?.focus();
  }, [shown, focusKey]);
  if (problems.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={headingId}
      data-testid="error-summary"
      className="rounded-md border-2 border-red-600 bg-white p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('There is a problem')}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {problems.map((problem) => (
          <li key={`${problem.fieldId ?? ''}:${problem.message}`}>
            {problem.fieldId ? (
              <a
                href={`#${problem.fieldId}`}
                className="inline-flex min-h-11 items-center font-medium text-red-700 underline underline-offset-2"
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(problem.fieldId!)?.focus();
                }}
              >
                {shownMessage(words, problem.message)}
              </a>
            ) : (
              <span className="font-medium text-red-700">{shownMessage(words, problem.message)}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
