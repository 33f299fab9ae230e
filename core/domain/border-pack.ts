import type { Application } from './application.js';
import { formatDay, formatShortDay, personName } from './wording.js';

/**
 * The border pack (docs/product.md §16.6): one A4 page a traveller prints and shows at the border —
 * their application number, passport number, the visa's validity, where they stay, the agency's
 * contact and the visa's first page.
 */

/** The Egypt e-visa is valid for about 90 days from issue (docs/product.md §1), for a stay of up to 30 days. */
export const VISA_VALIDITY_DAYS = 90;
export const TOURIST_STAY_DAYS = 30;

/** What the pack prints, but the visa file itself. */
export interface BorderPackFacts {
  applicationNumber: string;
  travellerName: string;
  passportNumber: string;
  nationality: string;
  /** The visa's validity as the product knows it, in lines (the e-visa's own dates are the ones that count). */
  validity: string[];
  /** The hotel details the applicant gave (address details step), or a line saying none were given. */
  stay: string;
  agency: { name: string; email: string; website: string; address: string[] };
}

/**
 * The product stores no validity date: the visa upload records when it was issued to the agency
 * (the document's upload time). The pack derives the rest from the rules of the single-entry
 * tourist e-visa and says so. Dates are written for people (docs/product.md §14.4); the estimated
 * end of validity goes without its weekday, which an 'about' date cannot promise.
 */
export function visaValidity(application: Pick<Application, 'entry' | 'expectedArrivalDate' | 'expectedDepartureDate'>, issuedAt: Date): string[] {
  const until = new Date(issuedAt.getTime() + VISA_VALIDITY_DAYS * 86_400_000);
  return [
    `${application.entry === 'Multiple' ? 'Multiple-entry' : 'Single-entry'} tourist e-visa, issued ${formatDay(issuedAt)}.`,
    `Valid for ${VISA_VALIDITY_DAYS} days from issue (until about ${formatShortDay(until)}), for a stay of up to ${TOURIST_STAY_DAYS} days.`,
    `Your planned stay: ${formatDay(application.expectedArrivalDate)} to ${formatDay(application.expectedDepartureDate)}.`,
    'The dates printed on your e-visa are the ones that count.',
  ];
}

/**
 * What an application's pack prints: its facts as the traveller reads them — the name in title case
 * rather than a passport's capitals, the dates written for people. `visaIssuedAt` is when the latest
 * visa was attached (null: none yet).
 */
export function borderPackFacts(
  application: Pick<Application, 'applicationNumber' | 'givenName' | 'surname' | 'passportNumber' | 'nationality' | 'entry' | 'expectedArrivalDate' | 'expectedDepartureDate' | 'hotelDetails'>,
  visaIssuedAt: Date | null,
  agency: BorderPackFacts['agency'],
): BorderPackFacts {
  return {
    applicationNumber: application.applicationNumber,
    travellerName: personName(`${application.givenName} ${application.surname}`),
    passportNumber: application.passportNumber,
    nationality: application.nationality,
    validity: visaIssuedAt ? visaValidity(application, visaIssuedAt) : ['The e-visa has not been issued yet.'],
    stay: application.hotelDetails?.trim() || 'No hotel details were given.',
    agency,
  };
}

export function borderPackFileName(applicationNumber: string): string {
  return `border-pack-${applicationNumber}.pdf`;
}

/** Where the owner downloads it (GET /api/applications/{id}/border-pack). */
export function borderPackUrl(applicationId: number): string {
  return `/api/applications/${applicationId}/border-pack`;
}
