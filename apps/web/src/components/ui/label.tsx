import { createContext, useContext, type LabelHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { shownMessage } from '../../lib/shown-message.js';

export function Label({ className, required, children, ...props }: LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean }) {
  return (
    <label className={cn('text-sm font-medium text-slate-800', className)} {...props}>
      {children}
      {required ? (
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

const RequiredField = createContext<string | null>(null);

/** A short note beside a field's label; `attention` when the person must look at the field. */
export interface FieldNote {
  text: string;
  attention?: boolean;
}

/**
 * Short notes shown beside the labels of the fields with these ids (say, 'Read from your passport'
 * for the fields a scan filled), so a form can mark fields without each section passing them on.
 */
const FieldNotes = createContext<Readonly<Record<string, FieldNote>>>({});
export const FieldNotesProvider = FieldNotes.Provider;

/**
 * aria-required for the control with this id when it sits in a required <Field>, so every input,
 * select, textarea and radix Select is announced as required without each call site saying so.
 */
export function useAriaRequired(id: string | undefined): true | undefined {
  const requiredId = useContext(RequiredField);
  return id !== undefined && requiredId === id ? true : undefined;
}

/**
 * A label, its control, an optional hint and the field's error, tied together for screen readers.
 * `required` announces the control as required; the visible asterisk shows too, unless
 * `requiredMark` is false (forms where every field is required and no field is marked).
 */
export function Field({
  id,
  label,
  required,
  requiredMark = true,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  requiredMark?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const note = useContext(FieldNotes)[id];
  const words = useT();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} required={required && requiredMark}>
        {label}
        {note ? (
          <span
            data-field-note={note.attention ? 'attention' : ''}
            className={cn('ms-2 rounded px-1.5 py-0.5 text-xs font-normal', note.attention ? 'bg-amber-100 font-medium text-amber-900' : 'bg-emerald-50 text-emerald-800')}
          >
            {shownMessage(words, note.text)}
          </span>
        ) : null}
      </Label>
      <RequiredField.Provider value={required ? id : null}>{children}</RequiredField.Provider>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {shownMessage(words, error)}
        </p>
      ) : null}
    </div>
  );
}

/** aria props for a control inside <Field>. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}
