import { describe, expect, it } from 'vitest';
import { COUNTRIES, isSupportedNationality, UNSUPPORTED_NATIONALITIES } from '../../core/domain/countries.js';
import { addCalendarMonths } from '../../core/domain/calendar-months.js';
import { EIGHT_MONTH_RULE_FROM, ENTRY_ROUTES, RULE_CHECK_MONTHS, rulesInForce, SHIPPED_EGYPT_RULES, type EgyptRule } from '../../core/domain/egypt-rules.js';
import { applicationFormSchema } from '../../core/schemas/application.js';
import { validForm } from './helpers.js';

function messages(input: unknown, today: Date, rules?: readonly EgyptRule[]): Record<string, string[]> {
  const result = applicationFormSchema({ today, agencyEmail: 'help@agency.test', rules }).safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe("Egypt's shipped rules (docs/product.md §5.11)", () => {
  it('were each checked within the last 12 months (real date): re-check them against their sources', () => {
    const today = new Date().toISOString().slice(0, 10);
    const oldest = addCalendarMonths(today, -RULE_CHECK_MONTHS);
    const stale = SHIPPED_EGYPT_RULES.filter((r) => r.lastChecked < oldest).map((r) => `${r.kind} ${r.subject} (checked ${r.lastChecked})`);
    expect(stale).toEqual([]);
  });

  it('cite a source (https URL and title) for every rule', () => {
    for (const rule of SHIPPED_EGYPT_RULES) {
      expect(rule.source.url).toMatch(/^https:\/\//);
      expect(rule.source.title.length).toBeGreaterThan(10);
    }
  });

  it('give every nationality of the form a route, and derive the unsupported list from them', () => {
    const inForce = rulesInForce(SHIPPED_EGYPT_RULES, '2030-01-01');
    for (const country of COUNTRIES) expect(ENTRY_ROUTES).toContain(inForce.routes[country]!.value.route);
    expect(UNSUPPORTED_NATIONALITIES).toEqual(COUNTRIES.filter((c) => inForce.routes[c]!.value.route !== 'evisa'));
    expect(inForce.routes['Israel']!.value).toMatchObject({ route: 'visa_free', maxDays: 15 });
    expect(inForce.routes['Canada']!.value.route).toBe('embassy_only');
    expect(isSupportedNationality('United Kingdom')).toBe(true);
  });

  it('switch from 6 months from today to 8 months from arrival on the effectiveFrom of the 8-month rule', () => {
    const day = (d: string) => rulesInForce(SHIPPED_EGYPT_RULES, d).passportValidity.value;
    expect(day(addCalendarMonths(EIGHT_MONTH_RULE_FROM, 0).replace(/-\d\d$/, '-03'))).toEqual({ months: 6, countedFrom: 'application' });
    expect(day(EIGHT_MONTH_RULE_FROM)).toEqual({ months: 8, countedFrom: 'arrival' });
  });
});

describe('the application form applies the rules in force on the arrival date', () => {
  // Fixture rules (not the shipped ones): the switch to 8 months from arrival on 2027-03-01.
  const fixture: EgyptRule[] = SHIPPED_EGYPT_RULES.map((r) => (r.kind === 'passport_validity' && r.value.months === 8 ? { ...r, effectiveFrom: '2027-03-01' } : r));
  const today = new Date('2027-02-01T10:00:00Z');

  it('before the switch: 6 months from today, in docs/product.md §5.3 words', () => {
    const form = validForm({ expectedArrivalDate: '2027-02-28', expectedDepartureDate: '2027-03-05' });
    expect(messages({ ...form, passportExpiry: '2027-08-01' }, today, fixture)).toEqual({});
    expect(messages({ ...form, passportExpiry: '2027-07-31' }, today, fixture)).toEqual({
      passportExpiry: ['Passport must be valid for at least 6 months from today'],
    });
  });

  it('from the switch: 8 months from arrival, naming the date the passport must reach', () => {
    const form = validForm({ expectedArrivalDate: '2027-03-01', expectedDepartureDate: '2027-03-05' });
    expect(messages({ ...form, passportExpiry: '2027-11-01' }, today, fixture)).toEqual({});
    expect(messages({ ...form, passportExpiry: '2027-10-31' }, today, fixture)).toEqual({
      passportExpiry: ['Passport must be valid for at least 8 months from your arrival date: until 1 November 2027 or later'],
    });
  });

  it('answers a nationality off the e-visa route with its route; §5.5 names keep their message', () => {
    const form = validForm({ expectedArrivalDate: '2027-02-28', expectedDepartureDate: '2027-03-05' });
    expect(messages({ ...form, nationality: 'Canada', countryOfBirth: 'Canada' }, today, fixture).nationality).toEqual([
      "Citizens of Canada cannot use Egypt's e-visa: you need a visa from an Egyptian embassy or consulate before you travel. We cannot apply for it for you; contact us at help@agency.test if you have questions.",
    ]);
    expect(messages({ ...form, nationality: 'Israel', countryOfBirth: 'Israel' }, today, fixture).nationality).toEqual([
      'We currently do not process applications for your nationality. Please contact us at help@agency.test for further support.',
    ]);
  });

  it('takes a route change from its effectiveFrom on', () => {
    const moved: EgyptRule[] = [
      ...fixture,
      { ...fixture.find((r) => r.subject === 'France')!, effectiveFrom: '2027-03-01', value: { route: 'visa_on_arrival', conditions: null, maxDays: 30 } } as EgyptRule,
    ];
    const before = validForm({ nationality: 'France', countryOfBirth: 'France', expectedArrivalDate: '2027-02-28', expectedDepartureDate: '2027-03-05', passportExpiry: '2030-01-01' });
    expect(messages(before, today, moved)).toEqual({});
    expect(messages({ ...before, expectedArrivalDate: '2027-03-01' }, today, moved).nationality?.[0]).toMatch(
      /^Citizens of France cannot use Egypt's e-visa: you can buy a visa on arrival at Egypt's airports for up to 30 days\./,
    );
  });
});
