import { z } from 'zod';
import { msg } from '../i18n/index.js';
import type { ApplicationForm } from '../domain/application.js';
import { isCountry, nationalityMessage } from '../domain/countries.js';
import { minDaysMessage, passportMustReach, passportValidityMessage, routeOf, rulesInForce, SHIPPED_EGYPT_RULES, type EgyptRule } from '../domain/egypt-rules.js';
import { addCalendarDays } from '../domain/working-days.js';
import { agencyToday, toCalendarDate } from './dates.js';
import { flag, optionalText, requiredText } from './fields.js';

export const APPLICATION_MESSAGES = {
  privacy: msg('You must accept the privacy policy to continue'),
  arrival: msg('Arrival date must be at least 3 days from today'),
  arrivalRequired: msg('Arrival date is required'),
  departureRequired: msg('Departure date is required'),
  departureBeforeArrival: msg('Departure date must be on or after the arrival date'),
  passportExpiry: msg('Passport must be valid for at least 6 months from today'),
  passportExpiryRequired: msg('Passport expiry date is required'),
  entry: msg('Entry must be Single or Multiple'),
  purpose: msg('Only tourism visas can be applied for'),
  gender: msg('Please select a gender'),
  maritalStatus: msg('Please select a marital status'),
  nationality: msg('Please select your nationality'),
  countryOfBirth: msg('Please select your country of birth'),
  dateOfBirth: msg('Date of birth is required'),
  dateOfBirthFuture: msg('Date of birth must be in the past'),
  otherNationality: msg('Please enter your other nationality'),
  originalNationality: msg('Original nationality is required when your country of birth differs from your nationality'),
  lastVisitDateFrom: msg('Please enter the start date of your last visit'),
  lastVisitDateTo: msg('Please enter the end date of your last visit'),
  lastVisitDateOrder: msg('The end of your last visit must be on or after its start'),
  lastVisitStayLocation: msg('Please enter where you stayed on your last visit'),
  deportedFrom: msg('Please enter the country you were deported from'),
  deportationDate: msg('Please enter the date of deportation'),
  deportationReason: msg('Please enter the reason for deportation'),
  invalidDate: msg('Please enter a valid date'),
} as const;

/** A required calendar date: 'YYYY-MM-DD' (a full ISO timestamp is cut to its date). */
function requiredDate(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((v, ctx) => {
      const date = toCalendarDate(v);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.invalidDate });
        return z.NEVER;
      }
      return date;
    });
}

/** An optional calendar date: absent/blank → null; otherwise it must be a real date. */
const optionalDate = z
  .string({ error: APPLICATION_MESSAGES.invalidDate })
  .nullish()
  .transform((v, ctx) => {
    const text = typeof v === 'string' ? v.trim() : '';
    if (text === '') return null;
    const date = toCalendarDate(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.invalidDate });
      return z.NEVER;
    }
    return date;
  });

/** Lower-cases the value before matching an enum, so 'Male' and 'TOURISM' are accepted. */
function lowerEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values, { error: message }));
}

const countryField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => isCountry(v), message);

export interface ApplicationSchemaContext {
  /** Now, from the Clock: "today" is its date in the agency's time zone (Europe/London). */
  today: Date;
  /** The agency's contact address, shown in the unsupported-nationality message. */
  agencyEmail: string;
  /**
   * Egypt's rules, every stored entry (docs/product.md §5.11): the form is checked against the set
   * in force on its arrival date. Absent: the shipped defaults.
   */
  rules?: readonly EgyptRule[];
}

/**
 * docs/product.md §5.3 Application form. Accepts only the personal, passport, travel, travel-history,
 * deportation and entry fields: status, payment ids, document fields and anything else are dropped.
 * Conditional fields are required only when their flag says so, and are null otherwise.
 */
export function applicationFormSchema({ today, agencyEmail, rules = SHIPPED_EGYPT_RULES }: ApplicationSchemaContext) {
  const todayDate = agencyToday(today);
  const m = APPLICATION_MESSAGES;

  const shape = z.object({
    givenName: requiredText(msg('Given name is required'), { max: 100, maxMessage: msg('Given name must be at most 100 characters') }),
    surname: requiredText(msg('Surname is required'), { max: 100, maxMessage: msg('Surname must be at most 100 characters') }),
    gender: lowerEnum(['male', 'female'], m.gender),
    dateOfBirth: requiredDate(m.dateOfBirth).refine((d) => d < todayDate, m.dateOfBirthFuture),
    nationality: countryField(m.nationality),
    countryOfBirth: countryField(m.countryOfBirth),
    originalNationality: optionalText(100),
    otherNationalities: flag(msg('Please say whether you hold other nationalities')).default(false),
    otherNationality: optionalText(100),
    maritalStatus: lowerEnum(['married', 'divorced', 'widow', 'single'], m.maritalStatus),
    profession: requiredText(msg('Profession is required'), { max: 100, maxMessage: msg('Profession must be at most 100 characters') }),
    purposeOfVisit: lowerEnum(['tourism'], m.purpose),
    entry: z.preprocess((v) => (typeof v === 'string' ? v.trim().charAt(0).toUpperCase() + v.trim().slice(1).toLowerCase() : v), z.enum(['Single', 'Multiple'], { error: m.entry })).default('Single'),
    expectedArrivalDate: requiredDate(m.arrivalRequired),
    expectedDepartureDate: requiredDate(m.departureRequired),
    passportNumber: requiredText(msg('Passport number is required'), {
      max: 30,
      maxMessage: msg('Passport number must be at most 30 characters'),
    }),
    passportExpiry: requiredDate(m.passportExpiryRequired),
    visitedEgyptBefore: flag(msg('Please say whether you have visited Egypt before')).default(false),
    lastVisitDateFrom: optionalDate,
    lastVisitDateTo: optionalDate,
    lastVisitStayLocation: optionalText(300),
    hasBeenDeported: flag(msg('Please say whether you have been deported')).default(false),
    deportedFrom: optionalText(100),
    deportationDate: optionalDate,
    deportationReason: optionalText(1000),
    privacyPolicyAccepted: z.literal(true, { error: m.privacy }),
    smsUpdates: flag(msg('Please say whether you want text messages')).default(false),
  });

  return shape
    .superRefine(
      (value, ctx) => {
        // Runs even when other fields failed, so the user sees every problem at once; the value may
        // then hold raw input, hence the defensive reads.
        const v = value as Record<string, unknown>;
        const present = (key: string) => typeof v[key] === 'string' && (v[key] as string).trim() !== '';
        const need = (key: string, message: string) => {
          if (!present(key)) ctx.addIssue({ code: 'custom', message, path: [key] });
        };
        const arrival = toCalendarDate(String(v.expectedArrivalDate ?? ''));
        const departure = toCalendarDate(String(v.expectedDepartureDate ?? ''));
        // Egypt's rules in force on the arrival date (docs/product.md §5.11); today's without one.
        const inForce = rulesInForce(rules, arrival ?? todayDate);
        const leastDays = inForce.minDaysBeforeArrival.value.days;
        if (arrival && arrival < addCalendarDays(todayDate, leastDays)) {
          ctx.addIssue({ code: 'custom', message: minDaysMessage(leastDays), path: ['expectedArrivalDate'] });
        }
        const validity = inForce.passportValidity.value;
        const expiry = toCalendarDate(String(v.passportExpiry ?? ''));
        if (expiry && (arrival || validity.countedFrom === 'application')) {
          const mustReach = passportMustReach(validity, todayDate, arrival ?? todayDate);
          if (expiry < mustReach) ctx.addIssue({ code: 'custom', message: passportValidityMessage(validity, mustReach), path: ['passportExpiry'] });
        }
        const nationality = typeof v.nationality === 'string' ? v.nationality.trim() : '';
        if (isCountry(nationality)) {
          const route = routeOf(inForce, nationality);
          if (route?.route !== 'evisa') ctx.addIssue({ code: 'custom', message: nationalityMessage(nationality, route, agencyEmail), path: ['nationality'] });
        }
        if (arrival && departure && departure < arrival) {
          ctx.addIssue({ code: 'custom', message: m.departureBeforeArrival, path: ['expectedDepartureDate'] });
        }
        if (v.otherNationalities === true || v.otherNationalities === 'true') need('otherNationality', m.otherNationality);
        if (
          typeof v.nationality === 'string' &&
          typeof v.countryOfBirth === 'string' &&
          v.nationality.trim() !== '' &&
          v.countryOfBirth.trim() !== '' &&
          v.nationality.trim() !== v.countryOfBirth.trim()
        ) {
          need('originalNationality', m.originalNationality);
        }
        if (v.visitedEgyptBefore === true || v.visitedEgyptBefore === 'true') {
          need('lastVisitDateFrom', m.lastVisitDateFrom);
          need('lastVisitDateTo', m.lastVisitDateTo);
          need('lastVisitStayLocation', m.lastVisitStayLocation);
          const from = toCalendarDate(String(v.lastVisitDateFrom ?? ''));
          const to = toCalendarDate(String(v.lastVisitDateTo ?? ''));
          if (from && to && to < from) ctx.addIssue({ code: 'custom', message: m.lastVisitDateOrder, path: ['lastVisitDateTo'] });
        }
        if (v.hasBeenDeported === true || v.hasBeenDeported === 'true') {
          need('deportedFrom', m.deportedFrom);
          need('deportationDate', m.deportationDate);
          need('deportationReason', m.deportationReason);
        }
      },
      { when: () => true },
    )
    .transform((v): ApplicationForm => {
      const birthDiffers = v.countryOfBirth !== v.nationality;
      return {
        givenName: v.givenName,
        surname: v.surname,
        gender: v.gender,
        dateOfBirth: v.dateOfBirth,
        nationality: v.nationality,
        countryOfBirth: v.countryOfBirth,
        originalNationality: birthDiffers ? v.originalNationality : null,
        otherNationalities: v.otherNationalities,
        otherNationality: v.otherNationalities ? v.otherNationality : null,
        maritalStatus: v.maritalStatus,
        profession: v.profession,
        purposeOfVisit: v.purposeOfVisit,
        entry: v.entry,
        expectedArrivalDate: v.expectedArrivalDate,
        expectedDepartureDate: v.expectedDepartureDate,
        passportNumber: v.passportNumber,
        passportExpiry: v.passportExpiry,
        visitedEgyptBefore: v.visitedEgyptBefore,
        lastVisitDateFrom: v.visitedEgyptBefore ? v.lastVisitDateFrom : null,
        lastVisitDateTo: v.visitedEgyptBefore ? v.lastVisitDateTo : null,
        lastVisitStayLocation: v.visitedEgyptBefore ? v.lastVisitStayLocation : null,
        hasBeenDeported: v.hasBeenDeported,
        deportedFrom: v.hasBeenDeported ? v.deportedFrom : null,
        deportationDate: v.hasBeenDeported ? v.deportationDate : null,
        deportationReason: v.hasBeenDeported ? v.deportationReason : null,
        privacyPolicyAccepted: v.privacyPolicyAccepted,
        smsUpdates: v.smsUpdates,
      };
    });
}

export type ApplicationFormSchema = ReturnType<typeof applicationFormSchema>;
/** What the form sends (before parsing). */
export type ApplicationFormInput = z.input<ApplicationFormSchema>;
