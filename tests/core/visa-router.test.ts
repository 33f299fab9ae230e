import { describe, expect, it } from 'vitest';
import type { EntryPoint } from '../../core/domain/entry-points.js';
import { rulesInForce, type EgyptRule, type NationalityRouteValue, type OtherRouteValue } from '../../core/domain/egypt-rules.js';
import { routesFor, type Trip } from '../../core/domain/visa-router.js';

/**
 * The honest router as a table (docs/product.md §5.12, decision 0034): 14 nationalities × airports,
 * stays and Sinai-only trips, answered from FIXTURE rules built here (not the shipped ones), on both
 * sides of the fixture's switch date (2027-03-01): what is open, in order, and what is closed.
 */
const SRC = (what: string) => ({ url: `https://rules.example/${what}`, title: `Fixture: ${what}` });
const CREATED = new Date('2026-01-01T00:00:00Z');
const SWITCH = '2027-03-01';
const TODAY = '2026-11-23';

const voa = (entryPoints: EntryPoint[], priceCents = 2500): OtherRouteValue => ({
  route: 'visa_on_arrival',
  entryPoints,
  sinaiOnly: false,
  maxDays: 30,
  priceCents,
  payment: 'Cash in US dollars.',
  conditions: null,
  source: SRC('voa'),
});
const stamp: OtherRouteValue = { route: 'visa_free', entryPoints: ['SSH', 'TCP'], sinaiOnly: true, maxDays: 15, priceCents: 0, payment: null, conditions: 'South Sinai only.', source: SRC('stamp') };
const route = (primary: NationalityRouteValue['route'], also: OtherRouteValue[] = [], extra: Partial<NationalityRouteValue> = {}): NationalityRouteValue => ({
  route: primary,
  conditions: null,
  maxDays: null,
  also,
  ...extra,
});
const rule = (subject: string, value: NationalityRouteValue, effectiveFrom = '2020-01-01'): EgyptRule => ({
  kind: 'nationality_route',
  subject,
  value,
  effectiveFrom,
  source: SRC(subject),
  lastChecked: '2026-11-01',
  createdAt: CREATED,
  createdBy: null,
});

const FIXTURE: EgyptRule[] = [
  {
    kind: 'passport_validity',
    subject: '',
    value: { months: 6, countedFrom: 'application' },
    effectiveFrom: '2020-01-01',
    source: SRC('six'),
    lastChecked: '2026-11-01',
    createdAt: CREATED,
    createdBy: null,
  },
  { kind: 'passport_validity', subject: '', value: { months: 8, countedFrom: 'arrival' }, effectiveFrom: SWITCH, source: SRC('eight'), lastChecked: '2026-11-01', createdAt: CREATED, createdBy: null },
  { kind: 'min_days_before_arrival', subject: '', value: { days: 3 }, effectiveFrom: '2020-01-01', source: SRC('days'), lastChecked: '2026-11-01', createdAt: CREATED, createdBy: null },
  rule('United Kingdom', route('evisa', [voa(['CAI', 'HRG', 'SSH']), stamp])),
  rule('France', route('evisa', [voa(['CAI', 'HRG', 'SSH', 'LXR']), stamp])),
  rule('United States', route('evisa', [voa([])])),
  rule('Germany', route('evisa')),
  rule('Japan', route('evisa', [voa(['CAI'])])),
  rule('Russian Federation', route('evisa', [stamp])),
  rule('Canada', route('embassy_only')),
  rule('Pakistan', route('embassy_only', [], { conditions: 'Apply in Islamabad.' })),
  rule('Israel', route('visa_free', [], { maxDays: 15, conditions: 'South Sinai resorts only.' })),
  rule('Saudi Arabia', route('visa_free')),
  rule('Brazil', route('visa_on_arrival', [], { maxDays: 30 })),
  // Switches on the fixture's date: Australia loses the e-visa, Mexico gains it with a visa on arrival.
  rule('Australia', route('evisa', [voa(['CAI', 'HRG'])])),
  rule('Australia', route('embassy_only'), SWITCH),
  rule('Mexico', route('embassy_only')),
  rule('Mexico', route('evisa', [voa(['HRG'], 3000)]), SWITCH),
];

type Row = [nationality: string, airport: EntryPoint | null, days: number, sinaiOnly: boolean, before: string, after: string];
const E = 'evisa';
const V = 'visa_on_arrival';
const F = 'visa_free';
const M = 'embassy';
const A = 'agency';
const list = (...routes: string[]) => routes.join(' ');

// Open routes, in order, before and after the switch date.
const TABLE: Row[] = [
  ['United Kingdom', 'CAI', 10, false, list(E, V, A), list(E, V, A)],
  ['United Kingdom', 'SSH', 10, true, list(E, V, F, A), list(E, V, F, A)],
  ['United Kingdom', 'SSH', 20, true, list(E, V, A), list(E, V, A)],
  ['United Kingdom', 'LXR', 10, false, list(E, A), list(E, A)],
  ['United Kingdom', 'TCP', 7, true, list(E, F, A), list(E, F, A)],
  ['United Kingdom', null, 45, false, list(M), list(M)],
  ['France', 'LXR', 14, false, list(E, V, A), list(E, V, A)],
  ['France', 'HRG', 5, true, list(E, V, A), list(E, V, A)],
  ['United States', 'RMF', 21, false, list(E, V, A), list(E, V, A)],
  ['United States', null, 30, false, list(E, V, A), list(E, V, A)],
  ['Germany', 'SSH', 10, true, list(E, A), list(E, A)],
  ['Japan', 'CAI', 10, false, list(E, V, A), list(E, V, A)],
  ['Japan', 'HRG', 10, false, list(E, A), list(E, A)],
  ['Russian Federation', 'SSH', 15, true, list(E, F, A), list(E, F, A)],
  ['Russian Federation', 'HRG', 15, false, list(E, A), list(E, A)],
  ['Canada', 'CAI', 10, false, list(M), list(M)],
  ['Canada', 'SSH', 10, true, list(M), list(M)],
  ['Pakistan', 'CAI', 10, false, list(M), list(M)],
  ['Israel', 'TCP', 10, true, list(F), list(F)],
  ['Israel', 'CAI', 20, false, list(M), list(M)],
  ['Saudi Arabia', 'CAI', 60, false, list(F), list(F)],
  ['Brazil', 'ASW', 12, false, list(V), list(V)],
  ['Brazil', 'HBE', 40, false, list(M), list(M)],
  ['Australia', 'CAI', 10, false, list(E, V, A), list(M)],
  ['Australia', 'LXR', 10, false, list(E, A), list(M)],
  ['Mexico', 'HRG', 10, false, list(M), list(E, V, A)],
  ['Mexico', 'CAI', 10, false, list(M), list(E, A)],
];

const PORTAL = 'https://portal.example/evisa';
const answer = (trip: Trip) => routesFor(trip, rulesInForce(FIXTURE, trip.arrival), { amountCents: 2500, effectiveFrom: '2020-01-01' }, TODAY, PORTAL);

describe('the honest router from fixture rules', () => {
  it(`answers ${new Set(TABLE.map((r) => r[0])).size} nationalities × airports on both sides of the switch date`, () => {
    expect(new Set(TABLE.map((r) => r[0])).size).toBeGreaterThanOrEqual(12);
    const got = TABLE.map(([nationality, airport, days, sinaiOnly]) => {
      const at = (arrival: string) =>
        answer({ nationality, arrival, airport, days, sinaiOnly })
          .open.map((r) => r.route)
          .join(' ');
      return [nationality, airport, days, sinaiOnly, at('2027-02-28'), at(SWITCH)];
    });
    expect(got).toEqual(TABLE);
  });

  it('names why a route the nationality has does not fit the trip', () => {
    const closed = (trip: Partial<Trip>) =>
      answer({ nationality: 'United Kingdom', arrival: '2027-01-10', airport: 'CAI', days: 10, sinaiOnly: false, ...trip }).closed.map((c) => `${c.route}: ${c.reason}`);
    expect(closed({})).toEqual(['visa_free: Only for a stay wholly in the South Sinai resorts: your trip goes elsewhere in Egypt.']);
    expect(closed({ airport: 'LXR' })).toEqual([
      'visa_on_arrival: Not given at Luxor: only at Cairo, Hurghada, Sharm el-Sheikh.',
      'visa_free: Only for a stay wholly in the South Sinai resorts: your trip goes elsewhere in Egypt.',
    ]);
    expect(closed({ airport: 'SSH', sinaiOnly: true, days: 16 })).toEqual(['visa_free: Only for a stay of up to 15 days; yours is 16 days.']);
    expect(closed({ days: 31 })[0]).toBe('evisa: It allows up to 30 days per entry; your stay of 31 days needs a visa from an Egyptian embassy or an extension in Egypt.');
  });

  it("prices each route: the government fee for the e-visa, the rule's own price at the airport, free for the stamp, £49 for the agency; each with its source", () => {
    const got = answer({ nationality: 'United Kingdom', arrival: '2027-01-10', airport: 'SSH', days: 10, sinaiOnly: true });
    expect(got.open.map((r) => [r.route, r.price, r.source?.url ?? null])).toEqual([
      ['evisa', { currency: 'USD', amount: 2500 }, 'https://rules.example/United Kingdom'],
      ['visa_on_arrival', { currency: 'USD', amount: 2500 }, 'https://rules.example/voa'],
      ['visa_free', { currency: 'USD', amount: 0 }, 'https://rules.example/stamp'],
      ['agency', { currency: 'GBP', amount: 4900 }, null],
    ]);
    expect(got.open[0]!.link).toBe(PORTAL);
    expect(got.open[1]!.points).toContain('Cash in US dollars.');
    const mexico = answer({ nationality: 'Mexico', arrival: SWITCH, airport: 'HRG', days: 10, sinaiOnly: false });
    expect(mexico.open[1]!.price).toEqual({ currency: 'USD', amount: 3000 });
  });

  it('states the passport rule in force on the arrival date, on both sides of its switch', () => {
    const passport = (arrival: string) => answer({ nationality: 'Germany', arrival, airport: 'CAI', days: 10, sinaiOnly: false }).open[0]!.points.find((p) => p.startsWith('Your passport'));
    expect(passport('2027-02-28')).toBe('Your passport must be valid for at least 6 months from the day you apply: until 23 May 2027 or later.');
    expect(passport(SWITCH)).toBe('Your passport must be valid for at least 8 months from your arrival: until 1 November 2027 or later.');
  });

  it('warns when the arrival is too close for the portal, and answers an unknown nationality with nothing', () => {
    const soon = answer({ nationality: 'Germany', arrival: '2026-11-26', airport: 'CAI', days: 10, sinaiOnly: false });
    expect(soon.open[0]!.points[1]).toBe("Apply at least 7 days before you travel: the portal's own advice. Your arrival is in 3 days: the e-visa may not come in time.");
    expect(answer({ nationality: 'Atlantis', arrival: '2027-01-10', airport: null, days: 5, sinaiOnly: false }).open).toEqual([]);
  });
});
