import type { ApplicationStatus } from './status.js';
import { addCalendarDays, londonDateOf, londonMidnight, nthWorkingDayAfter, workingDaysBetween, type LocalDate } from './working-days.js';

/** "Visa returned within 5 working days, otherwise the outstanding balance need not be paid." */
export const GUARANTEE_WORKING_DAYS = 5;

/**
 * The guarantee clock as clients read it (docs/product.md §16.3): the deadline (while paused, the
 * one it would be were the applicant to answer today), whether it was missed, how many of the 5
 * working days the agency has used, and whether the clock is paused waiting on the applicant.
 */
export interface GuaranteeView {
  deadline: Date | null;
  breached: boolean;
  workingDaysUsed: number;
  workingDaysTotal: typeof GUARANTEE_WORKING_DAYS;
  paused: boolean;
  /** While paused (absent while it runs): whom it waits on — the applicant, or Egypt's official portal during an outage (decision 0032). */
  pausedFor?: GuaranteePauseReason | null;
}

/** What a paused clock waits on (docs/decisions/0011, 0032). */
export const GUARANTEE_PAUSE_REASONS = ['applicant', 'portal'] as const;
export type GuaranteePauseReason = (typeof GUARANTEE_PAUSE_REASONS)[number];

/** What of an application the clock reads. */
export interface GuaranteeClock {
  status: ApplicationStatus;
  /** When the initial fee was confirmed: the clock starts here (the day itself is not counted). */
  initialPaymentAt: Date | null;
  /** The end of the 5th working day, moved on by every finished pause. */
  guaranteeDeadline: Date | null;
  /** Since when the clock is paused, waiting on the applicant; null while it runs. */
  guaranteePausedAt: Date | null;
  /** Who the pause waits on: the applicant (an information request) or the official portal (an outage); null while it runs. */
  guaranteePausedFor?: GuaranteePauseReason | null;
  approvedAt: Date | null;
  updatedAt: Date;
}

/** The last instant (London time) of `date`. */
function endOf(date: LocalDate): Date {
  return new Date(londonMidnight(addCalendarDays(date, 1)).getTime() - 1);
}

function laterOf(a: LocalDate, b: LocalDate): LocalDate {
  return a > b ? a : b;
}

/**
 * The clock starts when the initial payment is confirmed. The day of payment is not counted; the
 * deadline is the last instant (London time) of the 5th working day after it.
 */
export function guaranteeDeadline(initialPaymentAt: Date): Date {
  return endOf(nthWorkingDayAfter(londonDateOf(initialPaymentAt), GUARANTEE_WORKING_DAYS));
}

export function isGuaranteeBreached(deadline: Date | null, at: Date): boolean {
  return deadline !== null && at.getTime() > deadline.getTime();
}

/** The guarantee was already missed when the clock was paused: a pause never mends a breach. */
function breachedBeforePause(clock: Pick<GuaranteeClock, 'guaranteeDeadline' | 'guaranteePausedAt'>): boolean {
  return clock.guaranteePausedAt !== null && isGuaranteeBreached(clock.guaranteeDeadline, clock.guaranteePausedAt);
}

/**
 * The working days a pause from `pausedAt` to `resumedAt` takes off the clock: every working day
 * from the day it paused up to the day before it resumed (a day counts for the agency when the
 * application is back with it by the end of that day). The payment day itself never counts.
 */
export function pausedWorkingDays(pausedAt: Date, resumedAt: Date, initialPaymentAt: Date | null): number {
  let from = addCalendarDays(londonDateOf(pausedAt), -1);
  if (initialPaymentAt) from = laterOf(from, londonDateOf(initialPaymentAt));
  return workingDaysBetween(from, addCalendarDays(londonDateOf(resumedAt), -1));
}

/**
 * Pauses a running clock (an information request; an outage of the official portal, decision 0032).
 * A clock already paused keeps the moment it paused; an information request takes over a pause the
 * portal made (the application then waits on its applicant, and the portal's return does not end it).
 */
export function pauseGuarantee<T extends GuaranteeClock>(app: T, now: Date, reason: GuaranteePauseReason = 'applicant'): T {
  if (app.guaranteeDeadline === null) return app;
  if (app.guaranteePausedAt !== null) return reason === 'applicant' && app.guaranteePausedFor === 'portal' ? { ...app, guaranteePausedFor: 'applicant' } : app;
  return { ...app, guaranteePausedAt: now, guaranteePausedFor: reason };
}

/**
 * Resumes a paused clock (the applicant answered, or staff moved the application on): the deadline
 * moves by the working days the pause took — unless the guarantee was missed before it paused.
 */
export function resumeGuarantee<T extends GuaranteeClock>(app: T, now: Date): T {
  if (app.guaranteePausedAt === null) return app;
  if (app.guaranteeDeadline === null || breachedBeforePause(app)) return { ...app, guaranteePausedAt: null, guaranteePausedFor: null };
  const days = pausedWorkingDays(app.guaranteePausedAt, now, app.initialPaymentAt);
  const deadline = days === 0 ? app.guaranteeDeadline : endOf(nthWorkingDayAfter(londonDateOf(app.guaranteeDeadline), days));
  return { ...app, guaranteeDeadline: deadline, guaranteePausedAt: null, guaranteePausedFor: null };
}

/** When the clock stopped for good: approval, or rejection (its last change); null while undecided. */
export function guaranteeFinishedAt(app: Pick<GuaranteeClock, 'status' | 'approvedAt' | 'updatedAt'>): Date | null {
  return app.approvedAt ?? (app.status === 'rejected' ? app.updatedAt : null);
}

/** Whether the guarantee is missed at `at`: never while paused, unless it was missed before the pause. */
export function isClockBreached(app: Pick<GuaranteeClock, 'guaranteeDeadline' | 'guaranteePausedAt'>, at: Date): boolean {
  if (app.guaranteePausedAt !== null) return breachedBeforePause(app);
  return isGuaranteeBreached(app.guaranteeDeadline, at);
}

function clamp(days: number): number {
  return Math.max(0, Math.min(GUARANTEE_WORKING_DAYS, days));
}

/** The guarantee as dashboards show it, at `now` (docs/product.md §16.3). */
export function guaranteeStatus(app: GuaranteeClock, now: Date): GuaranteeView {
  const total = GUARANTEE_WORKING_DAYS;
  if (app.guaranteeDeadline === null) return { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: total, paused: false };
  const finishedAt = guaranteeFinishedAt(app);
  if (app.guaranteePausedAt !== null && finishedAt === null) {
    // Paused: the days used are those before the day it paused; the deadline is the one an answer today would give.
    const from = laterOf(addCalendarDays(londonDateOf(app.guaranteePausedAt), -1), app.initialPaymentAt ? londonDateOf(app.initialPaymentAt) : '');
    const left = breachedBeforePause(app) ? 0 : workingDaysBetween(from, londonDateOf(app.guaranteeDeadline));
    return {
      deadline: resumeGuarantee(app, now).guaranteeDeadline,
      breached: breachedBeforePause(app),
      workingDaysUsed: clamp(total - left),
      workingDaysTotal: total,
      paused: true,
      pausedFor: app.guaranteePausedFor ?? 'applicant',
    };
  }
  const at = finishedAt ?? now;
  const running = resumeGuarantee(app, at);
  const deadline = running.guaranteeDeadline!;
  return {
    deadline,
    breached: isGuaranteeBreached(deadline, at),
    workingDaysUsed: clamp(total - workingDaysBetween(londonDateOf(at), londonDateOf(deadline))),
    workingDaysTotal: total,
    paused: false,
  };
}

/** The London day by which an application whose initial fee is paid at `paidAt` is guaranteed an answer. */
export function guaranteedAnswerDay(paidAt: Date): LocalDate {
  return londonDateOf(guaranteeDeadline(paidAt));
}

/**
 * Whether a trip that starts on `arrival` (YYYY-MM-DD) may start before the answer to an application
 * paid at `paidAt`: the answer may come as late as the end of its guaranteed day, so an arrival on
 * or before that day may come first. Answers the guaranteed day when it may, else null. The apply
 * page warns (it is no error: the traveller may still apply, docs/product.md §2.6).
 */
export function answerMayComeAfterArrival(arrival: string, paidAt: Date): LocalDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(arrival)) return null;
  const answerDay = guaranteedAnswerDay(paidAt);
  return arrival <= answerDay ? answerDay : null;
}
