import type { ApplicationForm } from './application.js';

/** What a draft may hold of a form field: typed text (dates too, as typed), a yes/no answer, or nothing. */
export type DraftValue = string | boolean | null;

/**
 * Any subset of the application form's fields, as typed so far: nothing in it is checked but each
 * value's type and size (the form is validated when it is submitted).
 */
export type DraftFields = Partial<Record<keyof ApplicationForm, DraftValue>>;

/** The one unfinished application form a user keeps on the server (private to them). */
export interface ApplicationDraft {
  userId: number;
  fields: DraftFields;
  updatedAt: Date;
}
