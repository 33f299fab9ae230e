import type { Application } from './application.js';
import { personName } from './wording.js';

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
  /** The visa's validity as the product knows it (the e-visa's own dates are the ones that count); null before it is issued. */
  validity: VisaValidity | null;
  /** The hotel details the applicant gave (address details step); null when none were given. */
  stay: string | null;
  agency: { name: string; email: string; website: string; address: string[] };
}

/** What the pack says of the visa's validity; the renderer words it in the applicant's language. */
export interface VisaValidity {
  entry: Application['entry'];
  issuedAt: Date;
  /** About VISA_VALIDITY_DAYS after issue: an estimate, printed without its weekday. */
  validUntil: Date;
  validityDays: number;
  stayDays: number;
  /** The planned stay, calendar dates ('2026-12-20'). */
  arrival: string;
  departure: string;
}

/**
 * The product stores no validity date: the visa upload records when it was issued to the agency
 * (the document's upload time). The pack derives the rest from the rules of the single-entry
 * tourist e-visa and says so.
 */
export function visaValidity(application: Pick<Application, 'entry' | 'expectedArrivalDate' | 'expectedDepartureDate'>, issuedAt: Date): VisaValidity {
  return {
    entry: application.entry,
    issuedAt,
    validUntil: new Date(issuedAt.getTime() + VISA_VALIDITY_DAYS * 86_400_000),
    validityDays: VISA_VALIDITY_DAYS,
    stayDays: TOURIST_STAY_DAYS,
    arrival: application.expectedArrivalDate,
    departure: application.expectedDepartureDate,
  };
}

/**
 * What an application's pack prints: its facts as the traveller reads them — the name in title case
 * rather than a passport's capitals (the renderer writes the dates for people, in their language).
 * `visaIssuedAt` is when the latest visa was attached (null: none yet).
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
    validity: visaIssuedAt ? visaValidity(application, visaIssuedAt) : null,
    stay: application.hotelDetails?.trim() || null,
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
