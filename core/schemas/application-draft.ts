import { z } from 'zod';
import type { ApplicationForm } from '../domain/application.js';
import type { DraftFields } from '../domain/application-draft.js';

export const DRAFT_MESSAGES = {
  notObject: 'A draft must be a JSON object of the application form’s fields.',
  text: 'Must be text',
  flag: 'Must be true or false',
} as const;

/** The form's yes/no answers: a draft keeps them as booleans. */
const FLAG_FIELDS = ['otherNationalities', 'visitedEgyptBefore', 'hasBeenDeported', 'privacyPolicyAccepted', 'smsUpdates'] as const;

/**
 * The longest text each field may hold in a draft: the form's own limit where it has one (with its
 * message), otherwise enough for any date, list value or country name.
 */
const TEXT_FIELDS: Record<Exclude<keyof ApplicationForm, (typeof FLAG_FIELDS)[number]>, { max: number; label?: string }> = {
  givenName: { max: 100, label: 'Given name' },
  surname: { max: 100, label: 'Surname' },
  gender: { max: 100 },
  dateOfBirth: { max: 100 },
  nationality: { max: 100 },
  countryOfBirth: { max: 100 },
  originalNationality: { max: 100 },
  otherNationality: { max: 100 },
  maritalStatus: { max: 100 },
  profession: { max: 100, label: 'Profession' },
  purposeOfVisit: { max: 100 },
  entry: { max: 100 },
  expectedArrivalDate: { max: 100 },
  expectedDepartureDate: { max: 100 },
  passportNumber: { max: 30, label: 'Passport number' },
  passportExpiry: { max: 100 },
  lastVisitDateFrom: { max: 100 },
  lastVisitDateTo: { max: 100 },
  lastVisitStayLocation: { max: 300 },
  deportedFrom: { max: 100 },
  deportationDate: { max: 100 },
  deportationReason: { max: 1000 },
};

const draftText = (max: number, label?: string) =>
  z
    .string({ error: DRAFT_MESSAGES.text })
    .max(max, label ? `${label} must be at most ${max} characters` : `Must be at most ${max} characters`)
    .nullable()
    .optional();

const draftFlag = z.boolean({ error: DRAFT_MESSAGES.flag }).nullable().optional();

const shape = {
  ...Object.fromEntries(Object.entries(TEXT_FIELDS).map(([field, { max, label }]) => [field, draftText(max, label)])),
  ...Object.fromEntries(FLAG_FIELDS.map((field) => [field, draftFlag])),
} as Record<keyof ApplicationForm, ReturnType<typeof draftText> | typeof draftFlag>;

/**
 * An application draft: any subset of the application form's fields, checked for type and size
 * only (nothing is required and no rule of the form applies until it is submitted). Other keys are
 * dropped, absent fields stay absent. The largest draft is a few KB.
 */
export const applicationDraftSchema = z
  .custom<Record<string, unknown>>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), { error: DRAFT_MESSAGES.notObject })
  .pipe(z.object(shape))
  .transform((v): DraftFields => {
    const fields: DraftFields = {};
    for (const [key, value] of Object.entries(v)) if (value !== undefined) fields[key as keyof DraftFields] = value;
    return fields;
  });

export type ApplicationDraftInput = z.input<typeof applicationDraftSchema>;
