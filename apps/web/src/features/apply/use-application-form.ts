import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ApplicationForm } from '@core/domain/application.js';
import { applicationFormSchema, type ApplicationSchemaContext } from '@core/schemas/application.js';
import { nationalityMessage } from '@core/domain/countries.js';
import { passportMustReach, routeOf, rulesInForce, type EgyptRule } from '@core/domain/egypt-rules.js';
import { formatShortDay } from '@core/domain/wording.js';
import { addCalendarDays } from '@core/domain/working-days.js';
import { toCalendarDate } from '@core/schemas/dates.js';
import type { FormProblem } from '../../components/error-summary.js';
import { fieldAria } from '../../components/ui/label.js';
import { fieldProblems, type FieldIds } from '../../lib/form-errors.js';
import { isoDate } from '../../lib/format.js';
import { formRules } from './form-rules.js';
import { publicRulesQuery } from '../../api/rules.js';
import { DEFAULT_APPLICATION_VALUES, submitState, type ApplicationFormValues, type SubmitState } from './rules.js';
import { useT, type PageWords } from '../../lib/i18n.js';
import { nationalityProblemIn } from './nationality-words.js';

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
  'givenName',
  'surname',
  'gender',
  'dateOfBirth',
  'nationality',
  'countryOfBirth',
  'originalNationality',
  'maritalStatus',
  'profession',
  'passportNumber',
  'passportExpiry',
];
const AFTER_PASSPORT_COPY: readonly ApplicationField[] = [
  'purposeOfVisit',
  'entry',
  'otherNationality',
  'lastVisitDateFrom',
  'lastVisitDateTo',
  'lastVisitStayLocation',
  'deportedFrom',
  'deportationDate',
  'deportationReason',
  'expectedArrivalDate',
  'expectedDepartureDate',
  'privacyPolicyAccepted',
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
   * What the chosen nationality is told when Egypt's rules in force on the arrival date (today
   * without one) do not put it on the e-visa route (docs/product.md §5.5), or null.
   */
  nationalityProblem: string | null;
  /** The passport expiry's hint: the rule in force on the arrival date, in words (docs/product.md §5.11). */
  passportHint: string;
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
  // Egypt's rules as the server has them (GET /api/public/rules); the shipped ones until they arrive.
  const { data: publicRules } = useQuery(publicRulesQuery);
  const rules = useMemo(() => formRules(publicRules), [publicRules]);
  const resolver = useMemo(() => applicationFormResolver({ today: now, agencyEmail, rules }), [now, agencyEmail, rules]);
  const form: ApplicationFormApi = useForm<ApplicationFormValues, unknown, ApplicationForm>({
    resolver,
    defaultValues: DEFAULT_APPLICATION_VALUES,
    mode: 'onTouched',
    // The page's error summary takes the focus after a failed attempt and links to each field.
    shouldFocusError: false,
  });
  const values = form.watch();
  const [passport, setPassport] = useState<File | null>(null);
  const today = isoDate(now);
  const arrival = toCalendarDate(values.expectedArrivalDate ?? '');
  const words = useT();
  const checks = useMemo(() => formChecks(rules, today, arrival, values.nationality ?? '', agencyEmail), [rules, today, arrival, values.nationality, agencyEmail]);
  const dates = useMemo<ApplicationDates>(() => ({ today, minArrival: checks.minArrival, minExpiry: checks.minExpiry }), [today, checks]);
  const errors = form.formState.errors;
  // The schema's message for a nationality off the e-visa route is the core's English: said in the page's language.
  const nationalityText = checks.nationalityProblem === null ? null : nationalityProblemIn(values.nationality ?? '', checks.route, agencyEmail, words);
  const worded = (message: string | undefined) => (message !== undefined && message === checks.nationalityProblem && nationalityText ? nationalityText : message);
  const error = (name: ApplicationField) => worded(errors[name]?.message);
  const fields: ApplicationFields = {
    form,
    values,
    id: (name) => `${idPrefix}-${name}`,
    error,
    aria: (name, hint) => fieldAria(`${idPrefix}-${name}`, error(name), hint),
    fileId: `${idPrefix}-passport-file`,
    nationalityProblem: nationalityText,
    passportHint: passportHintIn(checks.passportRule, words),
    problems: (passportError, except = []) => {
      const ids = (names: readonly ApplicationField[]): FieldIds<ApplicationFormValues> => names.filter((name) => !except.includes(name)).map((name) => [name, `${idPrefix}-${name}`] as const);
      return [
        ...fieldProblems(errors, ids(BEFORE_PASSPORT_COPY)),
        ...(passportError ? [{ fieldId: `${idPrefix}-passport-file`, message: passportError }] : []),
        ...fieldProblems(errors, ids(AFTER_PASSPORT_COPY)),
      ].map((problem) => ({ ...problem, message: worded(problem.message)! }));
    },
  };
  const state: SubmitState = submitState(values, Boolean(passport), checks.nationalityProblem === null);
  return { form, fields, values, passport, setPassport, dates, submitState: state, idPrefix };
}

/** formChecks' passport hint in the page's language (the English is the same words). */
function passportHintIn({ months, fromArrival, mustReach }: { months: number; fromArrival: boolean; mustReach: string | null }, { t, intl }: Pick<PageWords, 't' | 'intl'>): string {
  if (!fromArrival) return t('Must be valid for at least {months, plural, one {# month} other {# months}} from today.', { months });
  if (mustReach)
    return t('Must be valid for at least {months, plural, one {# month} other {# months}} from your arrival date: until {day} or later.', { months, day: formatShortDay(mustReach, intl) });
  return t('Must be valid for at least {months, plural, one {# month} other {# months}} from your arrival date.', { months });
}

/**
 * What Egypt's rules in force on the arrival date (today without one) ask of this form
 * (docs/product.md §5.11): the pickers' limits, the passport's hint and the nationality's problem.
 * The schema checks the same on submit, and the server again.
 */
export function formChecks(rules: readonly EgyptRule[], today: string, arrival: string | null, nationality: string, agencyEmail: string) {
  const inForce = rulesInForce(rules, arrival ?? today);
  const todays = rulesInForce(rules, today);
  const validity = inForce.passportValidity.value;
  const fromArrival = validity.countedFrom === 'arrival';
  const mustReach = fromArrival && !arrival ? null : passportMustReach(validity, today, arrival ?? today);
  const months = `${validity.months} ${validity.months === 1 ? 'month' : 'months'}`;
  const passportHint = fromArrival
    ? `Must be valid for at least ${months} from your arrival date${mustReach ? `: until ${formatShortDay(mustReach)} or later` : ''}.`
    : `Must be valid for at least ${months} from today.`;
  const route = nationality ? routeOf(inForce, nationality) : null;
  const nationalityProblem = route && route.route !== 'evisa' ? nationalityMessage(nationality, route, agencyEmail) : null;
  return {
    minArrival: addCalendarDays(today, todays.minDaysBeforeArrival.value.days),
    minExpiry: mustReach ?? passportMustReach(todays.passportValidity.value, today, today),
    passportHint,
    /** The facts of the hint and of the nationality's problem, for saying them in the page's language. */
    route,
    passportRule: { months: validity.months, fromArrival, mustReach },
    nationalityProblem,
  };
}
