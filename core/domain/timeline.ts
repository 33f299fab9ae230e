import type { ApplicationStatus } from './status.js';

/** What happened to an application, as its applicant reads it (docs/product.md, "Where an application stands"). */
export const TIMELINE_KINDS = ['status', 'payment', 'refund', 'upload'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One step of an application's timeline: when, what kind, the status it reached (status steps) and
 * the words meant for the applicant (an information request, a rejection reason, a payment's fee).
 * Never a staff member's name or an internal note.
 */
export interface TimelineEntry {
  at: Date;
  kind: TimelineKind;
  status?: ApplicationStatus;
  message?: string;
}

/** Oldest first; steps at the same instant keep the order they were given in. */
export function sortTimeline(entries: TimelineEntry[]): TimelineEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index)
    .map(({ entry }) => entry);
}
