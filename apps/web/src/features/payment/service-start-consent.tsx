import { useId, useState, type ReactNode } from 'react';
import { Checkbox } from '../../components/ui/checkbox.js';
import { INITIAL_FEE } from '@core/domain/fees.js';
import { formatPence } from '../../lib/format.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../lib/i18n.js';

/** What the applicant asks for and acknowledges before the first payment (docs/product.md, "Cancelling an application"). */
export const SERVICE_START_CONSENT_TEXT = msg(
  'Please start work on my application straight away. I understand that if I cancel within 14 days after your team has started, I pay for the work already done and may not get the {fee} back in full, and that I can no longer cancel once my application has been submitted to the Egyptian portal.',
);

/**
 * The express request to start at once, asked before the first payment: until it is ticked the
 * payment (`children`) is not shown, so no payment is opened without it. Already given (stored on
 * the application): the payment is shown at once.
 */
export function ServiceStartConsent({ given, children }: { given: boolean; children: (consented: boolean) => ReactNode }) {
  const { t, intl } = useT();
  const id = useId();
  const [ticked, setTicked] = useState(false);
  if (given) return <>{children(true)}</>;
  return (
    <div className="space-y-3">
      {/* The whole box is the target a finger taps (the checkbox alone is 20 px): a label around both. */}
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white p-3">
        <Checkbox id={id} checked={ticked} onCheckedChange={(checked) => setTicked(checked === true)} className="mt-0.5 shrink-0" />
        <span className="text-sm leading-snug text-slate-700">{t(SERVICE_START_CONSENT_TEXT, { fee: formatPence(INITIAL_FEE.amount, intl).replace(/[.,]00(?=\D*$)/, '') })}</span>
      </label>
      {children(ticked)}
    </div>
  );
}
