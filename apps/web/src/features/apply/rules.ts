import type { ApplicationForm } from '@core/domain/application.js';
import { isSupportedNationality } from '@core/domain/countries.js';
import { msg } from '@core/i18n/index.js';

/**
 * The form's raw values as the browser holds them, before the shared schema parses them into an
 * ApplicationForm: its yes/no answers (and the consent) as booleans, everything else as the text
 * of its input or the value of its list, '' while not filled in.
 */
export type ApplicationFormValues = { [Field in keyof ApplicationForm]-?: NonNullable<ApplicationForm[Field]> extends boolean ? boolean : string };

export const DEFAULT_APPLICATION_VALUES: ApplicationFormValues = {
  givenName: '',
  surname: '',
  gender: '',
  dateOfBirth: '',
  nationality: 'United Kingdom',
  countryOfBirth: 'United Kingdom',
  originalNationality: '',
  otherNationalities: false,
  otherNationality: '',
  maritalStatus: '',
  profession: '',
  purposeOfVisit: 'tourism',
  entry: 'Single',
  expectedArrivalDate: '',
  expectedDepartureDate: '',
  passportNumber: '',
  passportExpiry: '',
  visitedEgyptBefore: false,
  lastVisitDateFrom: '',
  lastVisitDateTo: '',
  lastVisitStayLocation: '',
  hasBeenDeported: false,
  deportedFrom: '',
  deportationDate: '',
  deportationReason: '',
  privacyPolicyAccepted: false,
  smsUpdates: false,
};
const filled = (v: string | undefined | null) => typeof v === 'string' && v.trim() !== '';

/** docs/product.md §5.4: every field that must be filled before the submit button is enabled. */
export function allRequiredFilled(v: ApplicationFormValues): boolean {
  const always = [
    v.givenName,
    v.surname,
    v.gender,
    v.dateOfBirth,
    v.nationality,
    v.passportNumber,
    v.passportExpiry,
    v.countryOfBirth,
    v.maritalStatus,
    v.profession,
    v.purposeOfVisit,
    v.entry,
    v.expectedArrivalDate,
    v.expectedDepartureDate,
  ];
  if (!always.every(filled)) return false;
  if (v.otherNationalities && !filled(v.otherNationality)) return false;
  if (v.countryOfBirth !== v.nationality && !filled(v.originalNationality)) return false;
  if (v.visitedEgyptBefore && ![v.lastVisitDateFrom, v.lastVisitDateTo, v.lastVisitStayLocation].every(filled)) return false;
  if (v.hasBeenDeported && ![v.deportedFrom, v.deportationDate, v.deportationReason].every(filled)) return false;
  return true;
}

export interface SubmitState {
  enabled: boolean;
  /** The hints shown under the disabled button (docs/product.md §5.4). */
  hints: string[];
}

export const HINT_DOCUMENTS = msg('Please upload the required documents');
export const HINT_PRIVACY = msg('Please accept the privacy policy');
export const HINT_FIELDS = msg('Please fill in all required fields');
export const HINT_NATIONALITY = msg('Your nationality is not supported');

/** The submit button is enabled only when all conditions of docs/product.md §5.4 hold. */
export function submitState(values: ApplicationFormValues, hasPassportFile: boolean, nationalitySupported?: boolean): SubmitState {
  const hints: string[] = [];
  if (!hasPassportFile) hints.push(HINT_DOCUMENTS);
  if (!values.privacyPolicyAccepted) hints.push(HINT_PRIVACY);
  if (!allRequiredFilled(values)) hints.push(HINT_FIELDS);
  // The form passes what Egypt's rules in force say (use-application-form.ts); the shipped rules otherwise.
  if (filled(values.nationality) && !(nationalitySupported ?? isSupportedNationality(values.nationality))) hints.push(HINT_NATIONALITY);
  return { enabled: hints.length === 0, hints };
}

/** The departure date is raised to the arrival date when it would fall before it. */
export function raisedDeparture(arrival: string, departure: string): string {
  return arrival && departure && departure < arrival ? arrival : departure;
}
