import { Controller } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { Label } from '../../../components/ui/label.js';
import type { ApplicationFields } from '../use-application-form.js';

/** The privacy policy and terms, which open in a new tab so the form keeps its answers. */
export function ConsentSection({ fields }: { fields: ApplicationFields }) {
  const id = fields.id('privacyPolicyAccepted');
  const error = fields.error('privacyPolicyAccepted');
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <Controller
          control={fields.form.control}
          name="privacyPolicyAccepted"
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
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
        />
        <Label htmlFor={id} className="font-normal leading-snug">
          I have read and accept the{' '}
          <a href="/privacy" target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
            privacy policy<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          and the{' '}
          <a href="/terms" target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
            terms of service<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </Label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
