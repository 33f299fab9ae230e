import { useId, useState } from 'react';
import { applicantGuaranteeText, type GuaranteeClockView } from '@core/domain/guarantee-text.js';
import { applicantStatusLabel } from '@core/domain/status-display.js';
import type { TimelineKind } from '@core/domain/timeline.js';
import { formatDayAndTime } from '@core/domain/wording.js';

/** One step as the API sends it (docs/product.md §16.2). */
export interface TimelineStep {
  at: string;
  kind: TimelineKind;
  status?: string;
  message?: string;
}

/** The guarantee clock's line for the applicant (docs/product.md §16.3), or nothing. */
export function GuaranteeClock({ guarantee, status }: { guarantee: GuaranteeClockView | null | undefined; status: string }) {
  const text = applicantGuaranteeText(guarantee, status);
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

function StepText({ step }: { step: TimelineStep }) {
  if (step.kind === 'status' && step.status) {
    return (
      <>
        <span className="font-medium text-slate-900">{applicantStatusLabel(step.status)}</span>
        {step.message ? <span className="block whitespace-pre-line text-slate-700">{step.message}</span> : null}
      </>
    );
  }
  return <span className="text-slate-900">{step.message}</span>;
}

/** The steps, oldest first (the track page shows them as they are; the dashboard card behind a disclosure). */
export function TimelineSteps({ timeline, id, hidden }: { timeline: readonly TimelineStep[]; id?: string; hidden?: boolean }) {
  return (
    <ol id={id} hidden={hidden} aria-label="Timeline" className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
      {timeline.map((step, i) => (
        <li key={`${step.at}-${i}`}>
          <time dateTime={step.at} className="block text-xs text-slate-500">
            {formatDayAndTime(step.at)}
          </time>
          <StepText step={step} />
        </li>
      ))}
    </ol>
  );
}

/** The timeline behind a disclosure button ('Show timeline' / 'Hide timeline'), oldest step first. */
export function ApplicationTimeline({ timeline }: { timeline: readonly TimelineStep[] | undefined }) {
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
        {open ? 'Hide timeline' : 'Show timeline'}
      </button>
      <TimelineSteps timeline={timeline} id={listId} hidden={!open} />
    </div>
  );
}

/** What a missed guarantee means for the applicant (docs/product.md §4.4), while the balance is still open. */
export function GuaranteeMissedNotice({ guarantee, status }: { guarantee: { breached: boolean } | null | undefined; status: string }) {
  if (!guarantee?.breached || status === 'rejected' || status === 'final_payment_received') return null;
  return <p className="rounded-md bg-green-50 p-3 text-sm text-green-900">We missed our 5 working days guarantee for this application: you will not pay the outstanding balance.</p>;
}
