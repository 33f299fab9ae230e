import { msg } from '../i18n/index.js';
import { COUNTRIES, type Country } from './country-list.js';
import { addCalendarMonths } from './calendar-months.js';
import type { EntryPoint } from './entry-points.js';
import type { LocalDate } from './working-days.js';
import { formatShortDay } from './wording.js';

/**
 * Egypt's rules as dated data (docs/product.md §5.11, decision 0031): what the e-visa portal asks of a
 * traveller, each rule with its value, the London date it applies from, where it was read and the
 * day it was last checked. Staff maintain them (admin page, `evisa rules`); the rule set that applies
 * to a traveller is the one in force on their arrival date. The government fee is not one of them:
 * it is issue 26's dated government fee (core/domain/portal-ledger.ts), read beside them.
 */
export const RULE_KINDS = ['passport_validity', 'nationality_route', 'min_days_before_arrival'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export function isRuleKind(value: string): value is RuleKind {
  return (RULE_KINDS as readonly string[]).includes(value);
}

/** How a nationality's citizens enter Egypt as tourists. Only `evisa` can be applied for through the agency. */
export const ENTRY_ROUTES = ['evisa', 'visa_on_arrival', 'visa_free', 'embassy_only'] as const;
export type EntryRoute = (typeof ENTRY_ROUTES)[number];

export const ENTRY_ROUTE_LABELS: Readonly<Record<EntryRoute, string>> = {
  evisa: msg('E-visa'),
  visa_on_arrival: msg('Visa on arrival'),
  visa_free: msg('No visa needed'),
  embassy_only: msg('Embassy visa only'),
};

/** Where a passport's validity is counted from: the day of applying, or the arrival date. */
export const VALIDITY_COUNTED_FROM = ['application', 'arrival'] as const;
export type ValidityCountedFrom = (typeof VALIDITY_COUNTED_FROM)[number];

export interface RuleSource {
  url: string;
  title: string;
}

export interface PassportValidityValue {
  months: number;
  countedFrom: ValidityCountedFrom;
}
/** The routes a nationality may have besides its primary one (decision 0034). */
export const OTHER_ROUTES = ['visa_on_arrival', 'visa_free'] as const;
export type OtherRoute = (typeof OTHER_ROUTES)[number];

/**
 * A further route open to a nationality's citizens besides its primary one (decision 0034): a visa on
 * arrival, or a visa-free stay such as the Sinai-resort stamp, with where and for how long it applies,
 * its price and how it is paid, and where that was read.
 */
export interface OtherRouteValue {
  route: OtherRoute;
  /** The airports where it is given (ENTRY_POINTS codes); empty: every one. */
  entryPoints: EntryPoint[];
  /** Only for a stay wholly in the South Sinai resorts (Sharm el-Sheikh, Dahab, Nuweiba, Taba). */
  sinaiOnly: boolean;
  /** The longest stay it allows, in days, or null when the source says none. */
  maxDays: number | null;
  /** What it costs, in US cents (0: free), or null when the source does not say. */
  priceCents: number | null;
  /** How it is paid, in a traveller's words (cash, which currencies, cards), or null when unknown. */
  payment: string | null;
  /** Anything else a traveller must know, or null. */
  conditions: string | null;
  source: RuleSource;
}

export interface NationalityRouteValue {
  /**
   * The primary route: the one the apply form and the API apply (only `evisa` can be applied for
   * through the agency; any other is named in the refusal).
   */
  route: EntryRoute;
  /** What the route is limited to, in a traveller's words (the Sinai-resort stamp's resorts), or null. */
  conditions: string | null;
  /** The longest stay the route allows, in days, or null when the rule says none. */
  maxDays: number | null;
  /** Every other route open to the same traveller (the router lists them all); empty: none. */
  also: OtherRouteValue[];
}
export interface MinDaysValue {
  days: number;
}

export interface RuleValues {
  passport_validity: PassportValidityValue;
  nationality_route: NationalityRouteValue;
  min_days_before_arrival: MinDaysValue;
}

interface RuleFields {
  /** The nationality of a `nationality_route` rule; '' for the rules that apply to everyone. */
  subject: string;
  /** The London date from which it applies to travellers arriving on or after it. */
  effectiveFrom: LocalDate;
  source: RuleSource;
  /** The London date someone last checked it against its source. */
  lastChecked: LocalDate;
  createdAt: Date;
  /** The member of staff who set it; null for a shipped rule or the CLI operator. */
  createdBy: number | null;
}

export type EgyptRuleOf<K extends RuleKind> = RuleFields & { kind: K; value: RuleValues[K] };
export type EgyptRule = { [K in RuleKind]: EgyptRuleOf<K> }[RuleKind];

/** A rule's identity: its kind and subject. One (kind, subject) has one entry per effectiveFrom. */
export function ruleKey(rule: { kind: RuleKind; subject: string }): string {
  return rule.subject === '' ? rule.kind : `${rule.kind}:${rule.subject}`;
}

/** Above this a validity rule is a typo (the issue's "absurd value"). */
export const MAX_VALIDITY_MONTHS = 24;
/** Above this a least-days rule is a typo: no one applies a year ahead. */
export const MAX_MIN_DAYS = 90;
/** A visa-free stay longer than a year is a typo. */
export const MAX_STAY_DAYS = 365;
/** More than this many other routes for one nationality is a typo (there are two kinds). */
export const MAX_OTHER_ROUTES = 4;
/** A visa at a border dearer than US$1,000 is a typo. */
export const MAX_ROUTE_PRICE_CENTS = 100_000;
/** A shipped rule checked longer ago than this is due for a check (the test fails). */
export const RULE_CHECK_MONTHS = 12;

// ---------------------------------------------------------------------------------------------
// The shipped defaults (docs/product.md §5.11 quotes each with its source; ../shared/egypt-facts.md).

const SHIPPED_AT = new Date('2026-11-29T00:00:00Z');
/** The day the shipped rules were last checked against their sources (egypt-facts.md: 2026-11-25). */
export const SHIPPED_RULES_CHECKED: LocalDate = '2026-11-25';

/**
 * The 8-month rule applies to travellers arriving from this date (staff move it on the admin rules
 * page or with `evisa rules set`). Why 4 January 2027 (docs/product.md §5.11): five weeks ahead of
 * the release, so open applications arriving after it can be told and fixed before their trip, past
 * the Christmas and New Year arrivals already booked under the 6-month rule, and a Monday.
 */
export const EIGHT_MONTH_RULE_FROM: LocalDate = '2027-01-04';

const PORTAL: RuleSource = { url: 'https://www.visa2egypt.gov.eg/', title: "Egypt's official e-visa portal (visa2egypt.gov.eg): eligible nationalities" };
const WIKIPEDIA: RuleSource = { url: 'https://en.wikipedia.org/wiki/Visa_policy_of_Egypt', title: 'Visa policy of Egypt (Wikipedia)' };

function shipped<K extends RuleKind>(kind: K, subject: string, value: RuleValues[K], effectiveFrom: LocalDate, source: RuleSource): EgyptRuleOf<K> {
  return { kind, subject, value, effectiveFrom, source, lastChecked: SHIPPED_RULES_CHECKED, createdAt: SHIPPED_AT, createdBy: null };
}

/**
 * Nationalities on the official portal's e-visa list (the EU/EEA and Schengen states except
 * Andorra and Liechtenstein, the rest of Europe's eligible states, the Americas' eligible states,
 * and Australia, Brunei, China, India, Japan, Kazakhstan, Korea South, Malaysia, New Zealand,
 * Singapore, Taiwan and South Africa). Canada left it in August 2023 (below).
 */
const EVISA_NATIONALITIES: readonly Country[] = [
  'Albania',
  'Argentina',
  'Armenia',
  'Australia',
  'Austria',
  'Azerbaijan',
  'Belarus',
  'Belgium',
  'Bosnia Herzegovina',
  'Brazil',
  'Brunei',
  'Bulgaria',
  'Chile',
  'China',
  'Colombia',
  'Croatia',
  'Cyprus',
  'Czech Republic',
  'Denmark',
  'Ecuador',
  'Estonia',
  'Finland',
  'France',
  'Georgia',
  'Germany',
  'Greece',
  'Hungary',
  'Iceland',
  'India',
  'Ireland {Republic}',
  'Italy',
  'Japan',
  'Kazakhstan',
  'Korea South',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Macedonia',
  'Malaysia',
  'Malta',
  'Mexico',
  'Moldova',
  'Monaco',
  'Montenegro',
  'Netherlands',
  'New Zealand',
  'Norway',
  'Paraguay',
  'Peru',
  'Poland',
  'Portugal',
  'Romania',
  'Russian Federation',
  'San Marino',
  'Serbia',
  'Singapore',
  'Slovakia',
  'Slovenia',
  'South Africa',
  'Spain',
  'Sweden',
  'Switzerland',
  'Taiwan',
  'Ukraine',
  'United Kingdom',
  'United States',
  'Uruguay',
  'Vatican City',
  'Venezuela',
];

/**
 * Nationalities sold a visa on arrival at Egypt's airports (Wikipedia's Visa policy of Egypt; travel
 * guides list the UK, the EU, Australia, Croatia, Georgia, Japan, New Zealand, Norway, Macedonia,
 * Korea South, Russia, Serbia, Ukraine and the United States): the EU and the rest of Schengen, and those.
 */
const EU: readonly Country[] = [
  'Austria',
  'Belgium',
  'Bulgaria',
  'Croatia',
  'Cyprus',
  'Czech Republic',
  'Denmark',
  'Estonia',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Hungary',
  'Ireland {Republic}',
  'Italy',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Malta',
  'Netherlands',
  'Poland',
  'Portugal',
  'Romania',
  'Slovakia',
  'Slovenia',
  'Spain',
  'Sweden',
];
const VISA_ON_ARRIVAL_NATIONALITIES: readonly Country[] = [
  ...EU,
  'Iceland',
  'Norway',
  'Switzerland',
  'United Kingdom',
  'United States',
  'Australia',
  'New Zealand',
  'Japan',
  'Korea South',
  'Georgia',
  'Macedonia',
  'Serbia',
  'Russian Federation',
  'Ukraine',
];
/** Nationalities given the free Sinai-resort stamp (the EU and the United States per the Egyptian Consulate in London, quoted by Wikipedia; the UK per travellers' reports: low confidence). */
const SINAI_STAMP_NATIONALITIES: readonly Country[] = [...EU, 'United Kingdom', 'United States'];

/** The visa on arrival as the shipped rules state it (egypt-facts.md: US$25 at Cairo, Hurghada, Sharm el-Sheikh and other airports). */
export const SHIPPED_VISA_ON_ARRIVAL: OtherRouteValue = {
  route: 'visa_on_arrival',
  entryPoints: ['CAI', 'HRG', 'SSH', 'LXR', 'RMF', 'ASW', 'HBE', 'TCP'],
  sinaiOnly: false,
  maxDays: 30,
  priceCents: 2500,
  payment:
    'Bought at the bank booths in the arrivals hall, before passport control. Our sources say it is paid in cash: US dollars, euros or the same in Egyptian pounds; none says a card is taken, so bring cash.',
  conditions: 'A single-entry tourist visa, a sticker put into your passport at the airport.',
  source: {
    url: 'https://en.wikipedia.org/wiki/Visa_policy_of_Egypt',
    title: "Visa policy of Egypt (Wikipedia): visa on arrival; payment at the airport's visa office in US dollars, euros or Egyptian pounds (our-egypt.com, egyptjoy.com)",
  },
};

/** The Sinai-resort stamp as the shipped rules state it (egypt-facts.md: free, up to 15 days, South Sinai only). */
export const SHIPPED_SINAI_STAMP: OtherRouteValue = {
  route: 'visa_free',
  entryPoints: ['SSH', 'TCP'],
  sinaiOnly: true,
  maxDays: 15,
  priceCents: 0,
  payment: null,
  conditions:
    'A free "Sinai only" entry stamp for a stay wholly in the South Sinai resorts (Sharm el-Sheikh, Dahab, Nuweiba, Taba, St Catherine). It does not allow a trip to Cairo, Luxor or anywhere else in Egypt: for that you need a visa. Ask for it at passport control; check with an Egyptian embassy before relying on it.',
  source: {
    url: 'https://en.wikipedia.org/wiki/Visa_policy_of_Egypt',
    title: 'Visa policy of Egypt (Wikipedia), quoting the Egyptian Consulate in London: the Sinai-resort stamp (not confirmed for UK citizens)',
  },
};

/** Gulf states whose citizens enter Egypt without a visa (Wikipedia; low confidence: check with the embassy). */
const GULF_VISA_FREE: readonly Country[] = ['Bahrain', 'Kuwait', 'Oman', 'Saudi Arabia', 'United Arab Emirates'];

/** The routes a nationality has besides its primary one, as shipped. */
function shippedOthers(country: Country): OtherRouteValue[] {
  return [...(VISA_ON_ARRIVAL_NATIONALITIES.includes(country) ? [SHIPPED_VISA_ON_ARRIVAL] : []), ...(SINAI_STAMP_NATIONALITIES.includes(country) ? [SHIPPED_SINAI_STAMP] : [])];
}

function shippedRoute(country: Country): EgyptRuleOf<'nationality_route'> {
  const route = (primary: Omit<NationalityRouteValue, 'also'>): NationalityRouteValue => ({ ...primary, also: shippedOthers(country) });
  if (EVISA_NATIONALITIES.includes(country)) return shipped('nationality_route', country, route({ route: 'evisa', conditions: null, maxDays: null }), '2020-01-01', PORTAL);
  if (country === 'Egypt') {
    return shipped(
      'nationality_route',
      country,
      route({ route: 'visa_free', conditions: 'Egyptian citizens enter on their Egyptian passport or national ID.', maxDays: null }),
      '2020-01-01',
      WIKIPEDIA,
    );
  }
  if (country === 'Israel') {
    return shipped(
      'nationality_route',
      country,
      route({
        route: 'visa_free',
        conditions: 'Only with the free Sinai-resort entry stamp, for South Sinai resorts (Sharm el-Sheikh, Dahab, Nuweiba, Taba); anywhere else needs a visa from an Egyptian embassy.',
        maxDays: 15,
      }),
      '2020-01-01',
      { url: WIKIPEDIA.url, title: 'Visa policy of Egypt (Wikipedia), quoting the Egyptian Consulate in London: the Sinai-resort stamp' },
    );
  }
  if (GULF_VISA_FREE.includes(country)) {
    return shipped(
      'nationality_route',
      country,
      route({ route: 'visa_free', conditions: 'Citizens of the Gulf states enter without a visa; check with an Egyptian embassy before travelling.', maxDays: null }),
      '2020-01-01',
      WIKIPEDIA,
    );
  }
  if (country === 'Canada') {
    return shipped('nationality_route', country, route({ route: 'embassy_only', conditions: null, maxDays: null }), '2023-08-01', {
      url: 'https://www.news-24.fr/',
      title: 'news-24.fr (August 2023): Canadian citizens lose the e-visa and the visa on arrival by reciprocity',
    });
  }
  return shipped('nationality_route', country, route({ route: 'embassy_only', conditions: null, maxDays: null }), '2020-01-01', {
    url: PORTAL.url,
    title: "Egypt's official e-visa portal (visa2egypt.gov.eg): not on its list of eligible nationalities",
  });
}

/** The rule set every database starts with (a migration seeds it; the memory store too). */
export const SHIPPED_EGYPT_RULES: readonly EgyptRule[] = [
  shipped('passport_validity', '', { months: 6, countedFrom: 'application' }, '2020-01-01', WIKIPEDIA),
  shipped('passport_validity', '', { months: 8, countedFrom: 'arrival' }, EIGHT_MONTH_RULE_FROM, {
    url: 'https://www.visa2egypt.gov.eg/',
    title: "Egypt's e-visa portal asks for a passport valid 8 months (as reported on its launch by deplacementspros.com, 2017, and in Ukraine's Ministry of Foreign Affairs guidance, 2017)",
  }),
  shipped('min_days_before_arrival', '', { days: 3 }, '2020-01-01', {
    url: 'https://www.visa2egypt.gov.eg/',
    title: "The agency's own least notice (docs/product.md §5.3); the portal itself asks to apply at least 7 days before travel (deplacementspros.com, 2017)",
  }),
  ...COUNTRIES.map(shippedRoute),
];

// ---------------------------------------------------------------------------------------------
// The rule set in force.

export interface RulesInForce {
  /** The date they are in force on (the traveller's arrival date). */
  on: LocalDate;
  passportValidity: EgyptRuleOf<'passport_validity'>;
  minDaysBeforeArrival: EgyptRuleOf<'min_days_before_arrival'>;
  /** By nationality, every country of COUNTRIES. */
  routes: Record<string, EgyptRuleOf<'nationality_route'>>;
}

/** Per (kind, subject), the entry with the latest effectiveFrom on or before `date`. */
export function entriesInForce(rules: readonly EgyptRule[], date: LocalDate): Map<string, EgyptRule> {
  const found = new Map<string, EgyptRule>();
  for (const rule of rules) {
    if (rule.effectiveFrom > date) continue;
    const key = ruleKey(rule);
    const current = found.get(key);
    if (!current || rule.effectiveFrom > current.effectiveFrom) found.set(key, rule);
  }
  return found;
}

/**
 * The rule set in force on `date`. A rule with no entry on or before it (a database missing one)
 * falls back to the shipped default's earliest entry, so a traveller is never checked against nothing.
 */
export function rulesInForce(rules: readonly EgyptRule[], date: LocalDate): RulesInForce {
  const found = entriesInForce(rules, date);
  const fallback = entriesInForce(SHIPPED_EGYPT_RULES, '2020-01-01');
  const pick = <K extends RuleKind>(kind: K, subject: string): EgyptRuleOf<K> => (found.get(ruleKey({ kind, subject })) ?? fallback.get(ruleKey({ kind, subject }))) as EgyptRuleOf<K>;
  const routes: Record<string, EgyptRuleOf<'nationality_route'>> = {};
  for (const country of COUNTRIES) routes[country] = pick('nationality_route', country);
  return { on: date, passportValidity: pick('passport_validity', ''), minDaysBeforeArrival: pick('min_days_before_arrival', ''), routes };
}

/**
 * The entries that matter from a rule set's date on (those in force and those scheduled after it):
 * what GET /api/public/rules gives the apply form to check any later arrival against.
 */
export function entriesFrom(rules: RulesInForce & { scheduled: readonly EgyptRule[] }): EgyptRule[] {
  return [rules.passportValidity, rules.minDaysBeforeArrival, ...Object.values(rules.routes), ...rules.scheduled];
}

/** The route of `nationality` in a rule set (null for a name outside the list). */
export function routeOf(rules: RulesInForce, nationality: string): NationalityRouteValue | null {
  return rules.routes[nationality]?.value ?? null;
}

/** The date a passport must still be valid on: the start (today or arrival) plus the rule's months. */
export function passportMustReach(rule: PassportValidityValue, today: LocalDate, arrival: LocalDate): LocalDate {
  return addCalendarMonths(rule.countedFrom === 'arrival' ? arrival : today, rule.months);
}

/** The verbatim message of docs/product.md §5.3 for the 6-month rule counted from today. */
export const SIX_MONTHS_FROM_TODAY_MESSAGE = 'Passport must be valid for at least 6 months from today';

/**
 * What a passport expiring too soon is told (docs/product.md §5.3, §5.11): the months and the date
 * the passport must reach. The 6-months-from-today rule keeps its original words.
 */
export function passportValidityMessage(rule: PassportValidityValue, mustReach: LocalDate): string {
  const months = `${rule.months} ${rule.months === 1 ? 'month' : 'months'}`;
  if (rule.countedFrom === 'application') {
    return rule.months === 6 ? SIX_MONTHS_FROM_TODAY_MESSAGE : `Passport must be valid for at least ${months} from today (until ${formatShortDay(mustReach)} or later)`;
  }
  return `Passport must be valid for at least ${months} from your arrival date: until ${formatShortDay(mustReach)} or later`;
}

/** The arrival-date message for the least days rule (the 3-day rule keeps its original words). */
export function minDaysMessage(days: number): string {
  return `Arrival date must be at least ${days} ${days === 1 ? 'day' : 'days'} from today`;
}

/**
 * What a nationality not on the e-visa route is told (docs/product.md §5.5): its route, in a
 * traveller's words, and that the agency cannot apply for it.
 */
export function routeMessage(nationality: string, route: NationalityRouteValue, agencyEmail: string): string {
  const who = `Citizens of ${nationality}`;
  const tail = ` We cannot apply for it for you; contact us at ${agencyEmail} if you have questions.`;
  const limit = route.maxDays !== null ? ` for up to ${route.maxDays} days` : '';
  switch (route.route) {
    case 'evisa':
      return '';
    case 'visa_on_arrival':
      return `${who} cannot use Egypt's e-visa: you can buy a visa on arrival at Egypt's airports${limit}.${tail}`;
    case 'visa_free':
      return `${who} need no visa for Egypt${limit}.${route.conditions ? ` ${route.conditions}` : ''}${tail.replace('apply for it', 'apply for a visa')}`;
    case 'embassy_only':
      return `${who} cannot use Egypt's e-visa: you need a visa from an Egyptian embassy or consulate before you travel.${tail}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Open applications a rule change affects (docs/product.md §5.11).

/** Why a rule change affects an open application. */
export const RULE_NOTICE_REASONS = ['passport_validity', 'nationality_route'] as const;
export type RuleNoticeReason = (typeof RULE_NOTICE_REASONS)[number];

/**
 * The mark a rule change leaves on an open application it affects, for staff (the admin list's
 * RULES flag and the side panel): which change, why, and what the applicant was told. Written only
 * by EgyptRuleRepository.noticeAffected, with the applicant's mail, once per change.
 */
export interface RuleNotice {
  /** The change: the rule's key and its effectiveFrom ('passport_validity@2027-01-04'). */
  change: string;
  reason: RuleNoticeReason;
  /** What it means for the applicant, as their mail says it. */
  message: string;
  /** ISO date-time of the change. */
  at: string;
}

export function ruleChangeKey(rule: { kind: RuleKind; subject: string; effectiveFrom: LocalDate }): string {
  return `${ruleKey(rule)}@${rule.effectiveFrom}`;
}

/** An open application as the rule check reads it. */
export interface RuleCheckedApplication {
  id: number;
  userId: number;
  email: string;
  fullName: string;
  applicationNumber: string;
  nationality: string;
  passportExpiry: LocalDate;
  expectedArrivalDate: LocalDate;
  /** The London date it was made: the start of a validity counted from the application. */
  appliedOn: LocalDate;
  /** The change that last marked it (null: none). */
  ruleNoticeChange: string | null;
}

/** What breaks for an application under `rules` (null: nothing): the reason and the applicant's words. */
export function ruleProblem(rules: readonly EgyptRule[], app: RuleCheckedApplication): { reason: RuleNoticeReason; message: string } | null {
  const inForce = rulesInForce(rules, app.expectedArrivalDate);
  const route = routeOf(inForce, app.nationality);
  if (route && route.route !== 'evisa') {
    return {
      reason: 'nationality_route',
      message: `Egypt's rules for your nationality changed: ${ENTRY_ROUTE_LABELS[route.route].toLowerCase()} (${route.route === 'visa_free' ? 'no e-visa is needed' : 'the e-visa is no longer open to you'}). We will not submit this application to the portal; ask us to cancel it for a refund of the fees you paid us.`,
    };
  }
  const validity = inForce.passportValidity.value;
  const mustReach = passportMustReach(validity, app.appliedOn, app.expectedArrivalDate);
  if (app.passportExpiry < mustReach) {
    return {
      reason: 'passport_validity',
      message: `Egypt now asks for a passport valid at least ${validity.months} months${validity.countedFrom === 'arrival' ? ' from your arrival date' : ''}: until ${formatShortDay(mustReach)} or later. Yours expires on ${formatShortDay(app.passportExpiry)}. Renew your passport and send us the new one's details and copy, or change your arrival date.`,
    };
  }
  return null;
}
