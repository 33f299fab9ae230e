import { addCalendarMonths } from './calendar-months.js';
import { entryPointName, type EntryPoint } from './entry-points.js';
import { passportMustReach, type OtherRouteValue, type RuleSource, type RulesInForce } from './egypt-rules.js';
import { FINAL_FEE, INITIAL_FEE } from './fees.js';
import { officialSite } from './official-route.js';
import type { GovernmentFee } from './portal-ledger.js';
import { formatShortDay } from './wording.js';
import type { LocalDate } from './working-days.js';

/**
 * The honest router (docs/product.md §5.12, decision 0034): for a traveller's nationality, arrival
 * date, airport, length of stay and whether the stay is only in the South Sinai resorts, every route
 * into Egypt open to them, from the rules in force on their arrival date — the official e-visa, a
 * visa on arrival, a visa-free stay, the embassy when nothing else fits — and last what the agency
 * adds for its fees. Routes the nationality has that do not fit this trip are listed apart, with why.
 */

/** A tourist e-visa or visa on arrival allows this many days per entry (egypt-facts.md: 30 days per entry). */
export const VISA_STAY_DAYS = 30;
/** The portal asks to apply at least this many days before travel (egypt-facts.md, deplacementspros.com 2017). */
export const PORTAL_APPLY_DAYS_AHEAD = 7;
/** The longest stay the router is asked about: longer trips are residence, not tourism. */
export const MAX_TRIP_DAYS = 180;
/** The furthest ahead an arrival may be: the rules are not known further out. */
export const MAX_ARRIVAL_MONTHS = 12;

export const VISA_ROUTES = ['evisa', 'visa_on_arrival', 'visa_free', 'embassy', 'agency'] as const;
export type VisaRoute = (typeof VISA_ROUTES)[number];

export interface Trip {
  nationality: string;
  arrival: LocalDate;
  /** The airport of arrival, or null when the traveller has not chosen one yet. */
  airport: EntryPoint | null;
  /** The length of the stay, in days. */
  days: number;
  /** The whole stay is in the South Sinai resorts (Sharm el-Sheikh, Dahab, Nuweiba, Taba). */
  sinaiOnly: boolean;
}

/** One route open to the traveller, in their words, with what it costs and where the rule was read. */
export interface OpenRoute {
  route: VisaRoute;
  title: string;
  /** What it costs: US cents for Egypt's own routes, pence for the agency; null when not known. */
  price: { currency: 'USD' | 'GBP'; amount: number } | null;
  /** Where to go (the official portal), or null. */
  link: string | null;
  /** The airports it is given at (a visa on arrival, the Sinai stamp); empty when it does not depend on one. */
  entryPoints: EntryPoint[];
  /** The longest stay it allows, in days, or null. */
  maxDays: number | null;
  /** What to know, one sentence each. */
  points: string[];
  /** Where the rule was read and when it was last checked (null: the agency's own offer). */
  source: (RuleSource & { lastChecked: LocalDate }) | null;
}

/** A route the nationality has that does not fit this trip, and why. */
export interface ClosedRoute {
  route: VisaRoute;
  title: string;
  reason: string;
}

export interface RouteAnswer {
  trip: Trip;
  /** The date the rules applied are in force on (the arrival date). */
  rulesOn: LocalDate;
  /** Every route open to the traveller: Egypt's own first, the agency last. */
  open: OpenRoute[];
  /** The nationality's routes that do not fit this trip. */
  closed: ClosedRoute[];
}

const usd = (cents: number) => `US$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
const gbp = (pence: number) => `£${pence % 100 === 0 ? pence / 100 : (pence / 100).toFixed(2)}`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const airportList = (codes: readonly EntryPoint[]) => codes.map(entryPointName).join(', ');

/** The agency's whole price for one application (the £10 initial and £39 final fees). */
export const AGENCY_PRICE_PENCE = INITIAL_FEE.amount + FINAL_FEE.amount;

/** Whether `route` is given at the traveller's airport (any airport when it lists none, or none is chosen). */
function atAirport(route: { entryPoints: readonly EntryPoint[] }, airport: EntryPoint | null): boolean {
  return airport === null || route.entryPoints.length === 0 || route.entryPoints.includes(airport);
}

/**
 * Every route open to `trip` under `rules` (the set in force on its arrival date), with `governmentFee`
 * the official e-visa fee in force `today` (issue 26), when the traveller would apply, and `portalUrl`
 * the official portal every page names (the configured OFFICIAL_VISA_URL, docs/product.md §1.5).
 */
export function routesFor(trip: Trip, rules: RulesInForce, governmentFee: Pick<GovernmentFee, 'amountCents' | 'effectiveFrom'> | null, today: LocalDate, portalUrl: string): RouteAnswer {
  const rule = rules.routes[trip.nationality];
  const open: OpenRoute[] = [];
  const closed: ClosedRoute[] = [];
  const answer: RouteAnswer = { trip, rulesOn: rules.on, open, closed };
  if (!rule) return answer;
  const checked = { ...rule.source, lastChecked: rule.lastChecked };
  const value = rule.value;
  const validity = rules.passportValidity.value;
  const mustReach = passportMustReach(validity, today, trip.arrival);
  const passport = `Your passport must be valid for at least ${validity.months} months from ${validity.countedFrom === 'arrival' ? 'your arrival' : 'the day you apply'}: until ${formatShortDay(mustReach)} or later.`;
  const tooLong = trip.days > VISA_STAY_DAYS;
  const longStay = `It allows up to ${days(VISA_STAY_DAYS)} per entry; your stay of ${days(trip.days)} needs a visa from an Egyptian embassy or an extension in Egypt.`;

  if (value.route === 'evisa') {
    if (tooLong) {
      closed.push({ route: 'evisa', title: "Egypt's official e-visa", reason: longStay });
    } else {
      const daysAhead = Math.round((Date.parse(`${trip.arrival}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
      open.push({
        route: 'evisa',
        title: "Egypt's official e-visa",
        price: governmentFee ? { currency: 'USD', amount: governmentFee.amountCents } : null,
        link: portalUrl,
        entryPoints: [],
        maxDays: VISA_STAY_DAYS,
        points: [
          `Apply yourself on the Egyptian government's portal, ${officialSite(portalUrl)}, and pay ${governmentFee ? `the government fee of ${usd(governmentFee.amountCents)} for a single entry` : 'the government fee'} by Visa or Mastercard.`,
          `Apply at least ${PORTAL_APPLY_DAYS_AHEAD} days before you travel: the portal's own advice.${
            daysAhead < PORTAL_APPLY_DAYS_AHEAD ? ` Your arrival is ${daysAhead <= 0 ? 'today' : `in ${days(daysAhead)}`}: the e-visa may not come in time.` : ''
          }`,
          `The e-visa is valid for 90 days from issue, for a stay of up to ${days(VISA_STAY_DAYS)}, at any airport.`,
          passport,
        ],
        source: checked,
      });
    }
  }

  if (value.route === 'visa_on_arrival') {
    // A primary visa on arrival (no details recorded beside it): every airport, its stay limit.
    if (tooLong) closed.push({ route: 'visa_on_arrival', title: 'Visa on arrival', reason: longStay });
    else
      open.push({
        route: 'visa_on_arrival',
        title: 'Visa on arrival',
        price: null,
        link: null,
        entryPoints: [],
        maxDays: value.maxDays,
        points: ['Bought at the airport on arrival, before passport control.', ...(value.conditions ? [value.conditions] : []), passport],
        source: checked,
      });
  }

  if (value.route === 'visa_free') {
    if (value.maxDays !== null && trip.days > value.maxDays) {
      closed.push({ route: 'visa_free', title: 'No visa needed', reason: `It allows a stay of up to ${days(value.maxDays)}; yours is ${days(trip.days)}.` });
    } else {
      open.push({
        route: 'visa_free',
        title: 'No visa needed',
        price: { currency: 'USD', amount: 0 },
        link: null,
        entryPoints: [],
        maxDays: value.maxDays,
        points: [...(value.conditions ? [value.conditions] : []), ...(value.maxDays !== null ? [`For a stay of up to ${days(value.maxDays)}.`] : [])],
        source: checked,
      });
    }
  }

  for (const other of value.also) {
    const found = otherRoute(other, trip, rule.lastChecked);
    if ('reason' in found) closed.push(found);
    else open.push(found);
  }

  // The embassy is the route when none of Egypt's others fits this trip.
  if (open.length === 0) {
    open.push({
      route: 'embassy',
      title: 'A visa from an Egyptian embassy or consulate',
      price: null,
      link: null,
      entryPoints: [],
      maxDays: null,
      points: [
        value.route === 'embassy_only'
          ? `Citizens of ${trip.nationality} cannot use Egypt's e-visa or buy a visa on arrival: apply to an Egyptian embassy or consulate before you travel.`
          : 'Apply to an Egyptian embassy or consulate before you travel: it sets the fee, the documents and how long it takes.',
        ...(value.route === 'embassy_only' && value.conditions ? [value.conditions] : []),
      ],
      source: value.route === 'embassy_only' ? checked : null,
    });
  }

  if (open.some((r) => r.route === 'evisa')) {
    open.push({
      route: 'agency',
      title: 'Or let us apply for the e-visa for you',
      price: { currency: 'GBP', amount: AGENCY_PRICE_PENCE },
      link: null,
      entryPoints: [],
      maxDays: null,
      points: [
        `Our service costs ${gbp(INITIAL_FEE.amount)} to start and ${gbp(FINAL_FEE.amount)} after approval (${gbp(AGENCY_PRICE_PENCE)} in all), besides Egypt's own fee. We are a private agency, not the Egyptian government.`,
        'We check every answer and your passport copy before anything reaches the portal, so a typo does not cost you the government fee.',
        'We read your passport photo page to fill in the form and catch a passport too short for the trip.',
        `A decision within 5 working days of your ${gbp(INITIAL_FEE.amount)} payment, or you do not pay the ${gbp(FINAL_FEE.amount)}.`,
        'Support by email and phone, around the clock, until you have your e-visa.',
      ],
      source: null,
    });
  }
  return answer;
}

/** A further route (decision 0034): open for this trip, or closed with the reason. */
function otherRoute(other: OtherRouteValue, trip: Trip, lastChecked: LocalDate): OpenRoute | ClosedRoute {
  const sinaiStamp = other.route === 'visa_free' && other.sinaiOnly;
  const title = other.route === 'visa_on_arrival' ? 'Visa on arrival' : sinaiStamp ? 'Free Sinai-resort stamp (no visa)' : 'No visa needed';
  const where = other.entryPoints.length > 0 ? airportList(other.entryPoints) : 'every airport';
  if (other.sinaiOnly && !trip.sinaiOnly) {
    return { route: other.route, title, reason: 'Only for a stay wholly in the South Sinai resorts: your trip goes elsewhere in Egypt.' };
  }
  if (other.maxDays !== null && trip.days > other.maxDays) {
    return { route: other.route, title, reason: `Only for a stay of up to ${days(other.maxDays)}; yours is ${days(trip.days)}.` };
  }
  if (!atAirport(other, trip.airport)) {
    return { route: other.route, title, reason: `Not given at ${entryPointName(trip.airport!)}: only at ${where}.` };
  }
  const points: string[] = [];
  if (other.route === 'visa_on_arrival') {
    points.push(`Sold at ${trip.airport ? `${entryPointName(trip.airport)} airport` : `these airports: ${where}`}${other.priceCents !== null ? ` for ${usd(other.priceCents)}` : ''}.`);
  } else {
    points.push(`${other.priceCents === 0 || other.priceCents === null ? 'Free' : usd(other.priceCents)}, given at ${trip.airport ? `${entryPointName(trip.airport)} airport` : where}.`);
  }
  if (other.payment) points.push(other.payment);
  if (other.conditions) points.push(other.conditions);
  if (other.maxDays !== null) points.push(`For a stay of up to ${days(other.maxDays)}.`);
  return {
    route: other.route,
    title,
    price: other.priceCents !== null ? { currency: 'USD', amount: other.priceCents } : null,
    link: null,
    entryPoints: [...other.entryPoints],
    maxDays: other.maxDays,
    points,
    source: { ...other.source, lastChecked },
  };
}

/** The last arrival date the router answers for, from `today`. */
export function latestArrival(today: LocalDate): LocalDate {
  return addCalendarMonths(today, MAX_ARRIVAL_MONTHS);
}
