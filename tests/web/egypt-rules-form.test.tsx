import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplicationFormView } from '../../apps/web/src/features/apply/apply-page.js';
import { rulesInForce, SHIPPED_EGYPT_RULES, type EgyptRule } from '../../core/domain/egypt-rules.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

const EMAIL = 'help@agency.example';
// A fake clock: the form's "today" is 1 February 2027.
const NOW = new Date('2027-02-01T12:00:00Z');

/** Fixture rules (not the shipped ones): 8 months from arrival from 1 March 2027; France moved to the visa on arrival from then. */
const FIXTURE: EgyptRule[] = [
  ...SHIPPED_EGYPT_RULES.map((r) => (r.kind === 'passport_validity' && r.value.months === 8 ? { ...r, effectiveFrom: '2027-03-01' } : r)),
  { ...SHIPPED_EGYPT_RULES.find((r) => r.subject === 'France')!, effectiveFrom: '2027-03-01', value: { route: 'visa_on_arrival', conditions: null, maxDays: 30 } } as EgyptRule,
];

/** GET /api/public/rules as the server answers it for `today`. */
function publicRules(today: string) {
  return { ...rulesInForce(FIXTURE, today), governmentFee: { Single: { amountCents: 2500, effectiveFrom: '2020-01-01' } }, scheduled: FIXTURE.filter((r) => r.effectiveFrom > today) };
}

afterEach(() => vi.unstubAllGlobals());

async function renderWithRules() {
  const api = fakeFetch({ 'GET /api/public/rules': () => ({ status: 200, body: JSON.parse(JSON.stringify(publicRules('2027-02-01'))) }) });
  vi.stubGlobal('fetch', api.fn);
  renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
  await waitFor(() => expect(api.calls.some((c) => c.url === '/api/public/rules')).toBe(true));
  return api;
}

const hintOf = (id: string) => document.getElementById(`${id}-hint`)?.textContent ?? '';
const arrive = (date: string) => fireEvent.change(document.getElementById('app-expectedArrivalDate')!, { target: { value: date } });

describe("the apply form applies Egypt's rules from GET /api/public/rules", () => {
  it('before the switch: 6 months from today, in the words of docs/product.md §5.3', async () => {
    await renderWithRules();
    arrive('2027-02-28');
    await waitFor(() => expect(hintOf('app-passportExpiry')).toBe('Must be valid for at least 6 months from today.'));
    expect(document.getElementById('app-passportExpiry')).toHaveAttribute('min', '2027-08-01');
    const user = setupUser();
    fireEvent.change(document.getElementById('app-passportExpiry')!, { target: { value: '2027-07-31' } });
    await user.click(document.getElementById('app-passportExpiry')!);
    await user.tab();
    await waitFor(() => expect(document.getElementById('app-passportExpiry-error')).toHaveTextContent('Passport must be valid for at least 6 months from today'));
  });

  it('from the switch: 8 months from arrival, naming the date the passport must reach', async () => {
    await renderWithRules();
    arrive('2027-03-01');
    await waitFor(() => expect(hintOf('app-passportExpiry')).toBe('Must be valid for at least 8 months from your arrival date: until 1 November 2027 or later.'));
    expect(document.getElementById('app-passportExpiry')).toHaveAttribute('min', '2027-11-01');
    const user = setupUser();
    fireEvent.change(document.getElementById('app-passportExpiry')!, { target: { value: '2027-10-31' } });
    await user.click(document.getElementById('app-passportExpiry')!);
    await user.tab();
    await waitFor(() =>
      expect(document.getElementById('app-passportExpiry-error')).toHaveTextContent('Passport must be valid for at least 8 months from your arrival date: until 1 November 2027 or later'),
    );
  });

  it('answers a nationality off the e-visa route on the arrival date with its route', async () => {
    const user = setupUser();
    await renderWithRules();
    await user.selectOptions(document.getElementById('app-nationality')!, 'France');
    arrive('2027-02-28');
    expect(screen.queryByTestId('nationality-not-supported')).toBeNull();
    arrive('2027-03-02');
    const panel = await screen.findByTestId('nationality-not-supported');
    expect(panel).toHaveTextContent("Citizens of France cannot use Egypt's e-visa: you can buy a visa on arrival at Egypt's airports for up to 30 days.");
    // The refusal is not bare: it links the router (docs/product.md §5.12).
    expect(within(panel).getByRole('link', { name: 'See every way into Egypt for you' })).toHaveAttribute('href', '/do-i-need-a-visa');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
  });
});
