import type { ApplicationForm, Gender, MaritalStatus } from '../../../core/domain/application.js';
import { COUNTRIES, isSupportedNationality } from '../../../core/domain/countries.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';

/** A small, fast, seedable PRNG (mulberry32) so a seed reproduces the same demo data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

const FEMALE = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Emily',
  'Sophia',
  'Grace',
  'Mia',
  'Charlotte',
  'Lily',
  'Hannah',
  'Chloe',
  'Ella',
  'Lucy',
  'Anna',
  'Laura',
  'Sarah',
  'Emma',
  'Julia',
  'Sofia',
  'Marie',
  'Clara',
  'Elena',
  'Ingrid',
  'Freya',
  'Aiko',
  'Mei',
  'Priya',
  'Ana',
  'Camila',
  'Valentina',
  'Zoe',
  'Ruth',
  'Helen',
  'Margaret',
  'Fiona',
  'Niamh',
  'Siobhan',
  'Katarzyna',
  'Eva',
];
const MALE = [
  'Oliver',
  'George',
  'Noah',
  'Arthur',
  'Harry',
  'Leo',
  'Jack',
  'Charlie',
  'Thomas',
  'James',
  'William',
  'Henry',
  'Daniel',
  'David',
  'Michael',
  'Lucas',
  'Matteo',
  'Luca',
  'Jan',
  'Pieter',
  'Lars',
  'Erik',
  'Pierre',
  'Louis',
  'Hugo',
  'Carlos',
  'Diego',
  'Mateo',
  'Kenji',
  'Hiroshi',
  'Wei',
  'Arjun',
  'Rahul',
  'Sean',
  'Connor',
  'Patrick',
  'Tomasz',
  'Piotr',
  'Ivan',
  'Andrei',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Hughes',
  'Murphy',
  "O'Brien",
  'Kelly',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Dubois',
  'Martin',
  'Bernard',
  'Rossi',
  'Russo',
  'Bianchi',
  'García',
  'Fernández',
  'López',
  'Silva',
  'Santos',
  'Jansen',
  'de Vries',
  'Andersson',
  'Nilsson',
  'Hansen',
  'Nowak',
  'Kowalski',
  'Novák',
  'Horváth',
  'Ivanova',
  'Petrov',
  'Tanaka',
  'Suzuki',
  'Wang',
  'Li',
  'Kim',
  'Park',
  'Sharma',
  'Patel',
  'Anderson',
  'Miller',
];
const PROFESSIONS = [
  'Teacher',
  'Software engineer',
  'Nurse',
  'Accountant',
  'Retired',
  'Student',
  'Doctor',
  'Architect',
  'Sales manager',
  'Civil engineer',
  'Pharmacist',
  'Lawyer',
  'Chef',
  'Photographer',
  'Graphic designer',
  'Electrician',
  'Journalist',
  'Consultant',
  'Project manager',
  'Dentist',
  'Police officer',
  'Musician',
  'Researcher',
  'Marketing executive',
  'Self-employed',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Avenue',
  'Mill Lane',
  'Kings Road',
  'Queen Street',
  'Bahnhofstraße 12',
  'Rue de la Paix',
  'Via Roma',
  'Calle Mayor',
  'Main Street',
  'Maple Drive',
  'Oak Avenue',
];
const CITIES: readonly (readonly [string, string])[] = [
  ['London', 'SW1A 1AA'],
  ['Manchester', 'M1 1AE'],
  ['Birmingham', 'B1 1BB'],
  ['Leeds', 'LS1 4DY'],
  ['Glasgow', 'G1 1XQ'],
  ['Bristol', 'BS1 4DJ'],
  ['Edinburgh', 'EH1 1YZ'],
  ['Berlin', '10115'],
  ['Munich', '80331'],
  ['Paris', '75001'],
  ['Lyon', '69001'],
  ['Rome', '00184'],
  ['Madrid', '28013'],
  ['Amsterdam', '1012 JS'],
  ['Stockholm', '111 52'],
  ['Warsaw', '00-001'],
  ['Dublin', 'D02 X285'],
  ['New York', '10001'],
  ['Toronto', 'M5H 2N2'],
  ['Sydney', '2000'],
];
const HOTELS = [
  'Marriott Mena House, 6 Pyramids Road, Giza',
  'Steigenberger Nile Palace, Corniche El Nil, Luxor',
  'Sofitel Winter Palace, Luxor',
  'Old Cataract Hotel, Aswan',
  'Four Seasons Nile Plaza, Garden City, Cairo',
  'Kempinski Nile Hotel, Cairo',
  'Hilton Hurghada Plaza, Hurghada',
  'Rixos Sharm El Sheikh',
  'Steigenberger Aldau Beach, Hurghada',
  'Movenpick Resort Aswan, Elephantine Island',
  'Hilton Luxor Resort & Spa',
  'The Nile Ritz-Carlton, Cairo',
  'Jaz Mirabel Beach, Sharm El Sheikh',
  'Oberoi Beach Resort, Sahl Hasheesh',
  'Nile cruise MS Sonesta St. George, Luxor to Aswan',
];
const STAY_LOCATIONS = ['Cairo', 'Luxor', 'Aswan', 'Hurghada', 'Sharm El Sheikh', 'Alexandria', 'Dahab', 'Marsa Alam'];
const INFO_MESSAGES = [
  'The passport scan is blurred: please upload a clear copy of the photo page.',
  'Please confirm your hotel booking for the first night of your stay.',
  'The photo page is cut off at the bottom: please upload the complete page.',
  'Please upload a copy in colour showing both the photo and the signature.',
  'Your passport number on the form does not match the scan: please check and upload again.',
];

/** Where visitors come from, weighted towards the agency's main markets; every entry is supported. */
const SUPPORTED = COUNTRIES.filter((c) => isSupportedNationality(c));
const MAIN_MARKETS: readonly (readonly [string, number])[] = [
  ['United Kingdom', 40],
  ['Germany', 10],
  ['United States', 8],
  ['France', 6],
  ['Italy', 5],
  ['Netherlands', 4],
  ['Ireland {Republic}', 4],
  ['Spain', 4],
  ['Poland', 3],
  ['Switzerland', 3],
  ['Australia', 3],
  ['Sweden', 2],
  ['Japan', 2],
  ['China', 2],
  ['India', 2],
  ['Russian Federation', 2],
];

export const DEMO_STATUS_WEIGHTS: readonly (readonly [ApplicationStatus, number])[] = [
  ['online_entry', 12],
  ['application_created', 10],
  ['under_process', 14],
  ['additional_info_required', 8],
  ['verified', 10],
  ['approved', 10],
  ['final_payment_received', 26],
  ['rejected', 10],
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

export interface DemoPerson {
  givenName: string;
  surname: string;
  gender: Gender;
  nationality: string;
  email: string;
  phoneNumber: string;
}

export function demoPerson(rng: Random, index: number, tag: string): DemoPerson {
  const gender: Gender = rng.chance(0.5) ? 'female' : 'male';
  const givenName = rng.pick(gender === 'female' ? FEMALE : MALE);
  const surname = rng.pick(SURNAMES);
  const nationality = rng.chance(0.85) ? rng.weighted(MAIN_MARKETS) : rng.pick(SUPPORTED);
  const local = `${givenName}.${surname}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const phoneNumber = nationality === 'United Kingdom' ? `+44 7${rng.int(100, 999)} ${rng.int(100000, 999999)}` : `+${rng.int(30, 49)} ${rng.int(100, 999)} ${rng.int(1000000, 9999999)}`;
  return { givenName, surname, gender, nationality, email: `${local}.${tag}${index}@example.com`, phoneNumber };
}

function passportNumber(rng: Random, nationality: string): string {
  if (nationality === 'United Kingdom' || nationality === 'United States') return String(rng.int(100_000_000, 999_999_999));
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `${letters[rng.int(0, letters.length - 1)]}${letters[rng.int(0, letters.length - 1)]}${rng.int(1_000_000, 9_999_999)}`;
}

/** A complete, valid form as the applicant filled it in on `createdAt`. */
export function demoForm(rng: Random, person: DemoPerson, createdAt: Date): ApplicationForm {
  const age = rng.int(18, 78);
  const dob = addDays(createdAt, -(age * 365 + rng.int(0, 364)));
  const arrival = addDays(createdAt, rng.int(3, 75));
  const departure = addDays(
    arrival,
    rng.weighted([
      [7, 5],
      [10, 3],
      [14, 4],
      [rng.int(3, 28), 3],
    ] as const),
  );
  const expiry = addDays(createdAt, rng.int(220, 3600));
  const bornElsewhere = rng.chance(0.08);
  const countryOfBirth = bornElsewhere ? rng.pick(COUNTRIES) : person.nationality;
  const otherNationalities = rng.chance(0.05);
  const visited = rng.chance(0.22);
  const deported = rng.chance(0.01);
  const visitFrom = addDays(createdAt, -rng.int(200, 3000));
  const maritalStatus: MaritalStatus = rng.weighted([
    ['married', 45],
    ['single', 40],
    ['divorced', 10],
    ['widow', 5],
  ] as const);
  return {
    givenName: person.givenName,
    surname: person.surname,
    gender: person.gender,
    dateOfBirth: ymd(dob),
    nationality: person.nationality,
    countryOfBirth,
    originalNationality: countryOfBirth !== person.nationality ? countryOfBirth : null,
    otherNationalities,
    otherNationality: otherNationalities ? rng.pick(SUPPORTED.filter((c) => c !== person.nationality)) : null,
    maritalStatus,
    profession: rng.pick(PROFESSIONS),
    purposeOfVisit: 'tourism',
    entry: rng.chance(0.85) ? 'Single' : 'Multiple',
    expectedArrivalDate: ymd(arrival),
    expectedDepartureDate: ymd(departure),
    passportNumber: passportNumber(rng, person.nationality),
    passportExpiry: ymd(expiry),
    visitedEgyptBefore: visited,
    lastVisitDateFrom: visited ? ymd(visitFrom) : null,
    lastVisitDateTo: visited ? ymd(addDays(visitFrom, rng.int(4, 21))) : null,
    lastVisitStayLocation: visited ? rng.pick(STAY_LOCATIONS) : null,
    hasBeenDeported: deported,
    deportedFrom: deported ? rng.pick(['United Kingdom', 'United States', 'Germany', 'France']) : null,
    deportationDate: deported ? ymd(addDays(createdAt, -rng.int(400, 4000))) : null,
    deportationReason: deported ? rng.pick(['Overstayed a visa', 'Worked without a permit', 'Incomplete documents at the border']) : null,
    privacyPolicyAccepted: true,
  };
}

export function demoAddress(rng: Random): { address: string; city: string; postcode: string; hotelDetails: string } {
  const [city, postcode] = rng.pick(CITIES);
  return {
    address: `${rng.int(1, 240)} ${rng.pick(STREETS)}`,
    city,
    postcode,
    hotelDetails: `${rng.pick(HOTELS)} (booking ref ${rng.int(100000, 999999)})`,
  };
}

export function demoInfoMessage(rng: Random): string {
  return rng.pick(INFO_MESSAGES);
}

/** Why an applicant cancels (null: they gave no reason). */
export const DEMO_CANCELLATION_REASONS: readonly (string | null)[] = [
  'Our trip has been cancelled.',
  'Travel plans changed: we are going somewhere else this year.',
  'Our tour operator arranges the visa for us after all.',
  'I applied twice by mistake.',
  null,
];

/** Staff accepting a cancellation request after work started: the part of the £10 refunded, and the message the applicant reads. */
export const DEMO_CANCELLATION_ACCEPTS: readonly (readonly [number, string])[] = [
  [500, 'We had started the review, so half of the £10 is refunded.'],
  [700, 'The passport check was done; the rest of the fee is refunded.'],
  [1000, 'Nothing had been sent to the portal yet: the whole £10 is refunded.'],
];

/** Goodwill refunds of part or all of the £10 initial fee, by how the application ended. */
export const DEMO_GOODWILL: Readonly<Record<'granted' | 'rejected', readonly (readonly [number, string])[]>> = {
  granted: [
    [500, 'Goodwill gesture: the visa came later than we told the applicant.'],
    [1000, 'Goodwill gesture: the applicant was asked for the passport copy twice.'],
    [300, "Goodwill gesture: a late reply to the applicant's enquiry."],
  ],
  rejected: [
    [1000, 'Goodwill gesture after the portal refused the visa.'],
    [500, 'Goodwill: half of the initial fee back after the rejection.'],
  ],
};

/** Why the payment provider could not make a refund (the in-process provider's message, Stripe's failure_reason). */
export const DEMO_REFUND_FAILURES: readonly string[] = ['The card issuer declined the refund.', 'expired_or_canceled_card', 'lost_or_stolen_card'];

/** A 1×1 PNG: the demo's stand-in for a passport scan or a visa (a real image, so sniffing accepts it). */
export const DEMO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A minimal one-page PDF for demo visas. */
export const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
