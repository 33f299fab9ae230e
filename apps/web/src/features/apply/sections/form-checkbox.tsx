import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { Label } from '../../../components/ui/label.js';
import type { ApplicationFields } from '../use-application-form.js';
import { shownMessage } from '../../../lib/shown-message.js';
import { useT } from '../../../lib/i18n.js';

/** The form's yes/no boxes: a checkbox, its label, an optional hint below it, and its error. */
export function FormCheckbox({
  fields,
  name,
  label,
  hint,
  required = false,
}: {
  fields: ApplicationFields;
  name: 'privacyPolicyAccepted' | 'smsUpdates';
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}) {
  const words = useT();
  const id = fields.id(name);
  const error = fields.error(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <Controller
          control={fields.form.control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              checked={field.value}
              onCheckedChange={(checked) => {
                field.onChange(checked === true);
                // A click is the whole interaction (focus often stays on the box): count it as
                // touched, so unticking shows the message at once (mode onTouched).
                field.onBlur();
              }}
              onBlur={field.onBlur}
              aria-required={required ? 'true' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
          )}
        />
        <div className="space-y-1">
          <Label htmlFor={id} className="font-normal leading-snug">
            {label}
          </Label>
          {hint ? (
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {shownMessage(words, error)}
        </p>
      ) : null}
    </div>
  );
}
