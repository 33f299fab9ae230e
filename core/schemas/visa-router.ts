import { z } from 'zod';
import { addCalendarMonths } from '../domain/calendar-months.js';
import { isCountry, type Country } from '../domain/country-list.js';
import { ENTRY_POINT_CODES, isEntryPoint, type EntryPoint } from '../domain/entry-points.js';
import { countryOfIcaoCode } from '../domain/icao-codes.js';
import { MAX_ARRIVAL_MONTHS, MAX_TRIP_DAYS, type Trip } from '../domain/visa-router.js';
import type { LocalDate } from '../domain/working-days.js';
import { isCalendarDate } from './dates.js';

export const ROUTE_QUERY_MESSAGES = {
  nationality: 'Choose a nationality from the list (its name, or its three-letter passport code such as GBR).',
  arrival: 'The arrival date must be a date such as 2027-03-01.',
  arrivalPast: 'The arrival date cannot be in the past.',
  arrivalFar: `The arrival date must be within ${MAX_ARRIVAL_MONTHS} months from today: Egypt's rules further ahead are not known.`,
  airport: `The airport must be one of ${ENTRY_POINT_CODES.join(', ')}, or empty.`,
  days: `The length of the stay must be a whole number of days from 1 to ${MAX_TRIP_DAYS}.`,
  sinaiOnly: 'Sinai only must be true or false.',
} as const;

/** A nationality as the router takes it: a name from the list, or an ICAO passport code ('GBR'). */
function countryOf(text: string): Country | null {
  if (isCountry(text)) return text;
  return /^[A-Za-z]{3}$/.test(text) ? countryOfIcaoCode(text) : null;
}

/**
 * GET /api/public/route's query (docs/product.md §5.12): every field as text, the nationality a name
 * or passport code, the arrival from `today` to 12 months ahead, the airport optional.
 */
export function visaRouteQuerySchema(today: LocalDate) {
  return z
    .object({
      nationality: z.string({ error: ROUTE_QUERY_MESSAGES.nationality }).trim().min(1, ROUTE_QUERY_MESSAGES.nationality),
      arrival: z
        .string({ error: ROUTE_QUERY_MESSAGES.arrival })
        .trim()
        .refine(isCalendarDate, ROUTE_QUERY_MESSAGES.arrival)
        .refine((d) => d >= today, ROUTE_QUERY_MESSAGES.arrivalPast)
        .refine((d) => d <= addCalendarMonths(today, MAX_ARRIVAL_MONTHS), ROUTE_QUERY_MESSAGES.arrivalFar),
      airport: z
        .string({ error: ROUTE_QUERY_MESSAGES.airport })
        .trim()
        .toUpperCase()
        .refine((v) => v === '' || isEntryPoint(v), ROUTE_QUERY_MESSAGES.airport)
        .optional(),
      days: z
        .string({ error: ROUTE_QUERY_MESSAGES.days })
        .trim()
        .regex(/^\d{1,3}$/, ROUTE_QUERY_MESSAGES.days)
        .transform(Number)
        .refine((n) => n >= 1 && n <= MAX_TRIP_DAYS, ROUTE_QUERY_MESSAGES.days),
      sinaiOnly: z.enum(['true', 'false'], { error: ROUTE_QUERY_MESSAGES.sinaiOnly }).optional(),
    })
    .transform((q, ctx): Trip => {
      const nationality = countryOf(q.nationality);
      if (nationality === null) {
        ctx.addIssue({ code: 'custom', message: ROUTE_QUERY_MESSAGES.nationality, path: ['nationality'] });
        return z.NEVER;
      }
      return { nationality, arrival: q.arrival, airport: q.airport ? (q.airport as EntryPoint) : null, days: q.days, sinaiOnly: q.sinaiOnly === 'true' };
    });
}

/** The query as a client sends it (all text). */
export type VisaRouteQuery = z.input<ReturnType<typeof visaRouteQuerySchema>>;
