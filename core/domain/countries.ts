import { COUNTRIES, DEFAULT_COUNTRY, isCountry, type Country } from './country-list.js';
import { routeMessage, rulesInForce, SHIPPED_EGYPT_RULES, type NationalityRouteValue, type RulesInForce } from './egypt-rules.js';

export { COUNTRIES, DEFAULT_COUNTRY, isCountry, type Country };

/** The shipped rule set as it stands once every shipped entry is in force (the latest of each). */
const SHIPPED_LATEST: RulesInForce = rulesInForce(SHIPPED_EGYPT_RULES, '9999-12-31');

/**
 * Nationalities whose citizens cannot get Egypt's tourist e-visa through this agency (docs/product.md
 * §5.5, "about 120 countries"), derived from the shipped nationality-route rules (core/domain/egypt-rules.ts,
 * one source): every nationality whose latest shipped route is not `evisa`. Staff change the routes
 * as dated data; the form and the API read the routes in force on the traveller's arrival date.
 */
export const UNSUPPORTED_NATIONALITIES: readonly Country[] = COUNTRIES.filter((c) => SHIPPED_LATEST.routes[c]?.value.route !== 'evisa');

/**
 * The nationalities docs/product.md §5.5 names, with the Gulf states and Egypt: when one of them is
 * not on the e-visa route, it keeps §5.5's own message. Every other nationality off the e-visa route
 * is told its route (routeMessage).
 */
export const NAMED_UNSUPPORTED_NATIONALITIES: readonly Country[] = [
  'Afghanistan',
  'Pakistan',
  'Bangladesh',
  'Nigeria',
  'Iran',
  'Iraq',
  'Israel',
  'Saudi Arabia',
  'Syria',
  'Yemen',
  'Turkey',
  'Andorra',
  'Liechtenstein',
  'Bahrain',
  'Kuwait',
  'Oman',
  'Qatar',
  'United Arab Emirates',
  'Egypt',
];

/**
 * True for a listed country whose citizens this agency can help: its route is the e-visa in `rules`
 * (the rule set in force on the arrival date; by default the shipped rules' latest entries).
 */
export function isSupportedNationality(nationality: string, rules: RulesInForce = SHIPPED_LATEST): boolean {
  return isCountry(nationality) && rules.routes[nationality]?.value.route === 'evisa';
}

/** The message of docs/product.md §5.5, with the agency's contact address in place of {email}. */
export function unsupportedNationalityMessage(agencyEmail: string): string {
  return `We currently do not process applications for your nationality. Please contact us at ${agencyEmail} for further support.`;
}

/**
 * What a nationality off the e-visa route is told: §5.5's message for the nationalities it names,
 * the route in a traveller's words for every other (docs/product.md §5.5).
 */
export function nationalityMessage(nationality: string, route: NationalityRouteValue | null, agencyEmail: string): string {
  if (!route || (NAMED_UNSUPPORTED_NATIONALITIES as readonly string[]).includes(nationality)) return unsupportedNationalityMessage(agencyEmail);
  return routeMessage(nationality, route, agencyEmail) || unsupportedNationalityMessage(agencyEmail);
}
