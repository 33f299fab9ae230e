import { useId, useState } from 'react';
import { applicantGuaranteeText, type GuaranteeClockView } from '@core/domain/guarantee-text.js';
import type { PaymentType } from '@core/domain/fees.js';
import { applicantStatusLabel } from '@core/domain/status-display.js';
import type { TimelineKind } from '@core/domain/timeline.js';
import { formatDay, formatDayAndTime } from '@core/domain/wording.js';
import { formatPence } from '../lib/format.js';
import { useT, type PageWords } from '../lib/i18n.js';

/** One step as the API sends it (docs/product.md §16.2). */
export interface TimelineStep {
  at: string;
  kind: TimelineKind;
  status?: string;
  message?: string;
  /** A payment's or refund's facts (absent from older answers: the message is shown as it came). */
  fee?: PaymentType;
  amount?: number;
  waived?: boolean;
}

/**
 * applicantGuaranteeText's line in the page's language, built from the same facts (the English is
 * the core's, word for word).
 */
export function guaranteeLine(guarantee: GuaranteeClockView | null | undefined, status: string, { t, intl }: Pick<PageWords, 't' | 'intl'>): string | null {
  if (!guarantee || applicantGuaranteeText(guarantee, status) === null) return null;
  const values = { used: guarantee.workingDaysUsed, total: guarantee.workingDaysTotal, by: formatDay(guarantee.deadline, intl) };
  if (guarantee.paused && guarantee.pausedFor === 'portal') return t("Paused — Egypt's official portal is down ({used} of {total} working days used)", values);
  if (guarantee.paused) return t('Paused — waiting for your answer ({used} of {total} working days used)', values);
  if (guarantee.workingDaysUsed === 0) return t('Your {total} working days start on the next working day — we answer by {by}', values);
  return t('Working day {used} of {total} — we answer by {by}', values);
}

/** The guarantee clock's line for the applicant (docs/product.md §16.3), or nothing. */
export function GuaranteeClock({ guarantee, status }: { guarantee: GuaranteeClockView | null | undefined; status: string }) {
  const words = useT();
  const text = guaranteeLine(guarantee, status, words);
  if (!text) return null;
  return (
    <p className="rounded-md bg-slate-50 p-3 text-sm font-medium text-slate-800" data-testid="guarantee-clock">
      {text}
    </p>
  );
}

/** The reason staff gave with the latest rejection, if they gave one. */
export function rejectionReasonOf(timeline: readonly TimelineStep[] | undefined): string | null {
  const rejection = (timeline ?? []).filter((s) => s.kind === 'status' && s.status === 'rejected').at(-1);
  return rejection?.message ?? null;
}

/** A payment's, refund's or upload's step in the page's language; a status's words are staff's, shown as written. */
function stepMessage(step: TimelineStep, { t, tc, intl }: PageWords): string | undefined {
  if (step.fee && step.amount !== undefined) {
    const values = { fee: step.fee, amount: formatPence(step.amount, intl) };
    if (step.kind === 'refund') return t('Refunded {amount} of the {fee, select, initial {initial fee} other {final fee}} to your card', values);
    if (step.kind === 'payment' && step.waived) return t('{fee, select, initial {Initial fee} other {Final fee}} waived under the 5-working-day guarantee', values);
    if (step.kind === 'payment') return t('{fee, select, initial {Initial fee} other {Final fee}} paid: {amount}', values);
  }
  return step.message === undefined ? undefined : tc(step.message);
}

function StepText({ step }: { step: TimelineStep }) {
  const words = useT();
  if (step.kind === 'status' && step.status) {
    return (
      <>
        <span className="font-medium text-slate-900">{words.tc(applicantStatusLabel(step.status))}</span>
        {/* Staff's words, as typed. */}
        {step.message ? <bdi className="block whitespace-pre-line text-slate-700">{step.message}</bdi> : null}
      </>
    );
  }
  return <span className="text-slate-900">{stepMessage(step, words)}</span>;
}

/** The steps, oldest first (the track page shows them as they are; the dashboard card behind a disclosure). */
export function TimelineSteps({ timeline, id, hidden }: { timeline: readonly TimelineStep[]; id?: string; hidden?: boolean }) {
  const { t, intl } = useT();
  return (
    <ol id={id} hidden={hidden} aria-label={t('Timeline')} className="mt-2 space-y-2 border-s-2 border-slate-200 ps-3">
      {timeline.map((step, i) => (
        <li key={`${step.at}-${i}`}>
          <time dateTime={step.at} className="block text-xs text-slate-500">
            {formatDayAndTime(step.at, intl)}
          </time>
          <StepText step={step} />
        </li>
      ))}
    </ol>
  );
}

/** The timeline behind a disclosure button ('Show timeline' / 'Hide timeline'), oldest step first. */
export function ApplicationTimeline({ timeline }: { timeline: readonly TimelineStep[] | undefined }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!timeline || timeline.length === 0) return null;
  return (
    <div className="text-sm">
      <button
        type="button"
        // 44 px high: a finger's target on a phone (WCAG 2.5.8).
        className="min-h-11 font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('Hide timeline') : t('Show timeline')}
      </button>
      <TimelineSteps timeline={timeline} id={listId} hidden={!open} />
    </div>
  );
}

/** What a missed guarantee means for the applicant (docs/product.md §4.4), while the balance is still open. */
export function GuaranteeMissedNotice({ guarantee, status }: { guarantee: { breached: boolean } | null | undefined; status: string }) {
  const { t } = useT();
  if (!guarantee?.breached || status === 'rejected' || status === 'final_payment_received') return null;
  return <p className="rounded-md bg-green-50 p-3 text-sm text-green-900">{t('We missed our 5 working days guarantee for this application: you will not pay the outstanding balance.')}</p>;
}
