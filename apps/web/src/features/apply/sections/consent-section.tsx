import type { ApplicationFields } from '../use-application-form.js';
import { FormCheckbox } from './form-checkbox.js';

/** The privacy policy and terms, which open in a new tab so the form keeps its answers. */
export function ConsentSection({ fields }: { fields: ApplicationFields }) {
  return (
    <FormCheckbox
      fields={fields}
      name="privacyPolicyAccepted"
      required
      label={
        <>
          I have read and accept the{' '}
          <a href="/privacy" target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
            privacy policy<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          and the{' '}
          <a href="/terms" target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
            terms of service<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </>
      }
    />
  );
}
