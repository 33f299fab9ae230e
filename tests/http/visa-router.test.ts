import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFICIAL_ROUTE } from '../../core/domain/official-route.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { signInAdmin, TestBrowser, type TestAgency } from '../support/http.js';

interface Answer {
  trip: { nationality: string; arrival: string; airport: string | null; days: number; sinaiOnly: boolean };
  rulesOn: string;
  open: { route: string; title: string; price: { currency: string; amount: number } | null; link: string | null; points: string[]; source: { url: string; lastChecked: string } | null }[];
  closed: { route: string; reason: string }[];
}

const SOURCE = { url: 'https://www.visa2egypt.gov.eg/', title: "Egypt's e-visa portal: eligible nationalities" };

/**
 * GET /api/public/route, the honest router (docs/product.md §5.12), on every database: the shipped
 * rules answer a UK traveller with every route open to them and the agency last; a rule staff change
 * is answered from its date on; each bad question is 400 { message }. The fake clock: 2026-11-23.
 */
describe.each(appDatabases())('the honest router on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));
  const ask = (query: string) => new TestBrowser(t.app).get(`/api/public/route?${query}`);
  const answer = async (query: string) => {
    const res = await ask(query);
    expect(res.status, query).toBe(200);
    return (await res.json()) as Answer;
  };

  it('answers a UK citizen landing at Sharm el-Sheikh for 10 days in the Sinai: the e-visa, the visa on arrival, the free stamp, then the agency', async () => {
    const res = await ask('nationality=United%20Kingdom&arrival=2026-12-20&airport=SSH&days=10&sinaiOnly=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = (await res.json()) as Answer;
    expect(body.trip).toEqual({ nationality: 'United Kingdom', arrival: '2026-12-20', airport: 'SSH', days: 10, sinaiOnly: true });
    expect(body.rulesOn).toBe('2026-12-20');
    expect(body.open.map((r) => r.route)).toEqual(['evisa', 'visa_on_arrival', 'visa_free', 'agency']);
    const [evisa, arrival, stamp, agency] = body.open;
    expect(evisa).toMatchObject({ link: DEFAULT_OFFICIAL_ROUTE.url, price: { currency: 'USD', amount: 2500 }, source: { lastChecked: '2026-11-25' } });
    expect(arrival!.price).toEqual({ currency: 'USD', amount: 2500 });
    expect(arrival!.points.join(' ')).toMatch(/cash/);
    expect(stamp).toMatchObject({ title: 'Free Sinai-resort stamp (no visa)', price: { currency: 'USD', amount: 0 } });
    expect(agency).toMatchObject({ route: 'agency', price: { currency: 'GBP', amount: 4900 }, source: null });
    expect(body.closed).toEqual([]);
  });

  it('a passport code names the nationality; a trip to Cairo closes the Sinai stamp, with why', async () => {
    const body = await answer('nationality=GBR&arrival=2026-12-20&airport=CAI&days=10&sinaiOnly=false');
    expect(body.trip.nationality).toBe('United Kingdom');
    expect(body.open.map((r) => r.route)).toEqual(['evisa', 'visa_on_arrival', 'agency']);
    expect(body.closed).toEqual([{ route: 'visa_free', title: 'Free Sinai-resort stamp (no visa)', reason: expect.stringMatching(/^Only for a stay wholly in the South Sinai resorts/) }]);
  });

  it('a Canadian is sent to the embassy, and offered nothing by the agency', async () => {
    const body = await answer('nationality=Canada&arrival=2026-12-20&days=10');
    expect(body.open.map((r) => r.route)).toEqual(['embassy']);
    expect(body.open[0]!.points[0]).toMatch(/^Citizens of Canada cannot use Egypt's e-visa/);
  });

  it('answers from the rules in force on the arrival date: a staff change counts from its effectiveFrom', async () => {
    const admin = await signInAdmin(t);
    const set = await admin.browser.put('/api/admin/rules', {
      kind: 'nationality_route',
      subject: 'United Kingdom',
      value: { route: 'embassy_only', conditions: null, maxDays: null, also: [] },
      effectiveFrom: '2027-02-01',
      source: SOURCE,
    });
    expect(set.status).toBe(200);
    expect((await answer('nationality=United%20Kingdom&arrival=2027-01-31&days=7')).open.map((r) => r.route)).toEqual(['evisa', 'visa_on_arrival', 'agency']);
    expect((await answer('nationality=United%20Kingdom&arrival=2027-02-01&days=7')).open.map((r) => r.route)).toEqual(['embassy']);
  });

  it('refuses each bad question with 400 { message }', async () => {
    const bad: [string, string][] = [
      ['nationality=Atlantis&arrival=2026-12-20&days=7', 'Choose a nationality from the list (its name, or its three-letter passport code such as GBR).'],
      ['nationality=XXX&arrival=2026-12-20&days=7', 'Choose a nationality from the list (its name, or its three-letter passport code such as GBR).'],
      ['arrival=2026-12-20&days=7', 'Choose a nationality from the list (its name, or its three-letter passport code such as GBR).'],
      ['nationality=France&arrival=2026-11-22&days=7', 'The arrival date cannot be in the past.'],
      ['nationality=France&arrival=2027-11-24&days=7', "The arrival date must be within 12 months from today: Egypt's rules further ahead are not known."],
      ['nationality=France&arrival=2027-02-30&days=7', 'The arrival date must be a date such as 2027-03-01.'],
      ['nationality=France&days=7', 'The arrival date must be a date such as 2027-03-01.'],
      ['nationality=France&arrival=2026-12-20&days=0', 'The length of the stay must be a whole number of days from 1 to 180.'],
      ['nationality=France&arrival=2026-12-20&days=181', 'The length of the stay must be a whole number of days from 1 to 180.'],
      ['nationality=France&arrival=2026-12-20&days=two', 'The length of the stay must be a whole number of days from 1 to 180.'],
      ['nationality=France&arrival=2026-12-20', 'The length of the stay must be a whole number of days from 1 to 180.'],
      ['nationality=France&arrival=2026-12-20&days=7&airport=LHR', 'The airport must be one of CAI, HRG, SSH, LXR, RMF, ASW, HBE, TCP, or empty.'],
      ['nationality=France&arrival=2026-12-20&days=7&sinaiOnly=yes', 'Sinai only must be true or false.'],
    ];
    for (const [query, message] of bad) {
      const res = await ask(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
    // Today and 12 months ahead are both answered.
    expect((await ask('nationality=France&arrival=2026-11-23&days=7')).status).toBe(200);
    expect((await ask('nationality=France&arrival=2027-11-23&days=7')).status).toBe(200);
  });

  it('refuses a malformed list of other routes on PUT /api/admin/rules with 400 { message }, writing nothing', async () => {
    const admin = await signInAdmin(t);
    const before = await t.ports.egyptRules.list();
    const put = (also: unknown) =>
      admin.browser.put('/api/admin/rules', {
        kind: 'nationality_route',
        subject: 'France',
        value: { route: 'evisa', conditions: null, maxDays: null, also },
        effectiveFrom: '2027-01-10',
        source: SOURCE,
      });
    const other = { route: 'visa_on_arrival', entryPoints: ['CAI'], sinaiOnly: false, maxDays: 30, priceCents: 2500, payment: 'Cash', conditions: null, source: SOURCE };
    const cases: [unknown, RegExp][] = [
      ['not a list', /^The other routes must be a list/],
      [[{ ...other, route: 'evisa' }], /^Another route must be one of visa_on_arrival, visa_free/],
      [[{ ...other, entryPoints: ['LHR'] }], /^The airports of another route must be a list of codes/],
      [[{ ...other, priceCents: -1 }], /^The price of another route must be a whole number of US cents/],
      [[{ ...other, route: 'visa_free', sinaiOnly: true, maxDays: null }], /^A South-Sinai-only route needs its longest stay in days\.$/],
      [[{ ...other, sinaiOnly: 'yes' }], /^Whether another route is for South Sinai stays only must be true or false\.$/],
      [[{ ...other, source: { url: 'nowhere', title: 'x' } }], /^The source must be a web address/],
      [[other, other, other, other, other], /^The other routes must be a list of at most 4/],
    ];
    for (const [also, message] of cases) {
      const res = await put(also);
      expect(res.status, JSON.stringify(also)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await t.ports.egyptRules.list()).toEqual(before);
    const ok = await put([other]);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { rule: { value: unknown } }).rule.value).toEqual({ route: 'evisa', conditions: null, maxDays: null, also: [other] });
  });
});
