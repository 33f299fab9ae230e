import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMemo, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ApplicationForm } from '../../../../../core/domain/application.js';
import { applicationFormSchema, type ApplicationSchemaContext } from '../../../../../core/schemas/application.js';
import { earliestArrivalDate, earliestPassportExpiry } from '../../../../../core/schemas/dates.js';
import type { FormProblem } from '../../components/error-summary.js';
import { fieldAria } from '../../components/ui/label.js';
import { fieldProblems, type FieldIds } from '../../lib/form-errors.js';
import { isoDate } from '../../lib/format.js';
import { DEFAULT_APPLICATION_VALUES, submitState, type ApplicationFormValues, type SubmitState } from './rules.js';

export type ApplicationFormApi = UseFormReturn<ApplicationFormValues, unknown, ApplicationForm>;
export type ApplicationField = keyof ApplicationFormValues;

/**
 * The form's values validated by the core's applicationFormSchema (the server's own): a Standard
 * Schema whose input is the browser's values and whose output is the ApplicationForm it parses
 * them into. (zod types its input as what it accepts — `privacyPolicyAccepted: true` — while the
 * form also holds an unticked consent, so zod's resolver cannot take these values as they are.)
 */
function applicationFormResolver(context: ApplicationSchemaContext): Resolver<ApplicationFormValues, unknown, ApplicationForm> {
  const schema = applicationFormSchema(context);
  return standardSchemaResolver<ApplicationFormValues, unknown, ApplicationForm>({
    '~standard': { version: 1, vendor: 'zod', validate: (values) => schema['~standard'].validate(values) },
  });
}

/**
 * The fields that can show a message, in the order the page shows them; the passport copy (no field
 * of the form) comes between the passport's expiry and the purpose of the visit, the consent last.
 */
const BEFORE_PASSPORT_COPY: readonly ApplicationField[] = [
  'givenName', 'surname', 'gender', 'dateOfBirth', 'nationality', 'countryOfBirth', 'originalNationality', 'maritalStatus', 'profession',
  'passportNumber', 'passportExpiry',
];
const AFTER_PASSPORT_COPY: readonly ApplicationField[] = [
  'purposeOfVisit', 'entry', 'otherNationality',
  'lastVisitDateFrom', 'lastVisitDateTo', 'lastVisitStayLocation', 'deportedFrom', 'deportationDate', 'deportationReason',
  'expectedArrivalDate', 'expectedDepartureDate', 'privacyPolicyAccepted',
];

/** What a section needs to draw its fields: the form, its values, and each field's id, error and aria props. */
export interface ApplicationFields {
  form: ApplicationFormApi;
  values: ApplicationFormValues;
  id(name: ApplicationField): string;
  error(name: ApplicationField): string | undefined;
  aria(name: ApplicationField, hint?: boolean): ReturnType<typeof fieldAria>;
  /** The id of the passport file's input. */
  fileId: string;
  /**
   * The error summary's lines for this form: each field's message and the passport copy's
   * (`passportError`) in the page's order, leaving out the fields in `except` (another traveller's
   * copy of the trip, which their form does not show).
   */
  problems(passportError: string | null, except?: readonly ApplicationField[]): FormProblem[];
}

/** The date limits the pickers show (the schema checks the same). */
export interface ApplicationDates {
  today: string;
  minArrival: string;
  minExpiry: string;
}

/**
 * The application form's whole state in one place: the values (watched, for the submit rules and
 * anything that follows them), the chosen passport file, the date limits and the submit state.
 */
export function useApplicationForm({ agencyEmail, now, idPrefix = 'app' }: { agencyEmail: string; now: Date; /** Another traveller's form on the same page has its own ids. */ idPrefix?: string }) {
  const resolver = useMemo(() => applicationFormResolver({ today: now, agencyEmail }), [now, agencyEmail]);
  const form: ApplicationFormApi = useForm<ApplicationFormValues, unknown, ApplicationForm>({
    resolver,
    defaultValues: DEFAULT_APPLICATION_VALUES,
    mode: 'onTouched',
    // The page's error summary takes the focus after a failed attempt and links to each field.
    shouldFocusError: false,
  });
  const values = form.watch();
  const [passport, setPassport] = useState<File | null>(null);
  const dates = useMemo<ApplicationDates>(() => ({ today: isoDate(now), minArrival: earliestArrivalDate(now), minExpiry: earliestPassportExpiry(now) }), [now]);
  const errors = form.formState.errors;
  const error = (name: ApplicationField) => errors[name]?.message;
  const fields: ApplicationFields = {
    form,
    values,
    id: (name) => `${idPrefix}-${name}`,
    error,
    aria: (name, hint) => fieldAria(`${idPrefix}-${name}`, error(name), hint),
    fileId: `${idPrefix}-passport-file`,
    problems: (passportError, except = []) => {
      const ids = (names: readonly ApplicationField[]): FieldIds<ApplicationFormValues> =>
        names.filter((name) => !except.includes(name)).map((name) => [name, `${idPrefix}-${name}`] as const);
      return [
        ...fieldProblems(errors, ids(BEFORE_PASSPORT_COPY)),
        ...(passportError ? [{ fieldId: `${idPrefix}-passport-file`, message: passportError }] : []),
        ...fieldProblems(errors, ids(AFTER_PASSPORT_COPY)),
      ];
    },
  };
  const state: SubmitState = submitState(values, Boolean(passport));
  return { form, fields, values, passport, setPassport, dates, submitState: state, idPrefix };
}
