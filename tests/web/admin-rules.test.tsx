import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RulesPage } from '../../apps/web/src/features/rules/rules-page.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const SOURCE = { url: 'https://www.visa2egypt.gov.eg/', title: 'Egypt e-visa portal' };
const entry = (kind: string, subject: string, value: object, effectiveFrom: string, state: string) => ({
  kind,
  subject,
  value,
  effectiveFrom,
  state,
  source: SOURCE,
  lastChecked: '2026-11-25',
  createdAt: '2026-11-29T00:00:00.000Z',
  createdBy: null,
});

/** The admin rules page (docs/product.md §5.11): the entries with their state and source, and the form that changes one. */
describe("the Egypt's rules page", () => {
  it('lists the rules and saves a change, saying the server’s refusal beside the form', async () => {
    const rules = [
      entry('passport_validity', '', { months: 6, countedFrom: 'application' }, '2020-01-01', 'in_force'),
      entry('passport_validity', '', { months: 8, countedFrom: 'arrival' }, '2027-01-04', 'scheduled'),
      entry('min_days_before_arrival', '', { days: 3 }, '2020-01-01', 'in_force'),
      entry('nationality_route', 'Canada', { route: 'embassy_only', conditions: null, maxDays: null }, '2023-08-01', 'in_force'),
      entry('nationality_route', 'France', { route: 'evisa', conditions: null, maxDays: null }, '2020-01-01', 'in_force'),
    ];
    const puts: unknown[] = [];
    const api = fakeFetch({
      'GET /api/admin/rules': () => ({ status: 200, body: { today: '2026-11-29', rules } }),
      'PUT /api/admin/rules': (body) => {
        puts.push(body);
        const b = body as { value: { months: number } };
        if (b.value.months > 24) return { status: 400, body: { message: 'The passport validity must be a whole number of months from 1 to 24.' } };
        return { status: 200, body: { rule: { ...entry('passport_validity', '', b.value, '2027-02-01', 'scheduled') }, replaced: [], affected: [4, 5] } };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<RulesPage />, { path: '/admin/rules', user: testUser({ id: 1, isAdmin: true, role: 'admin' }) });
    const passport = (await screen.findByRole('heading', { name: 'Passport validity' })).closest('section')!;
    expect(within(passport).getByText('8 months from arrival')).toBeInTheDocument();
    expect(within(passport).getByText('Scheduled')).toBeInTheDocument();
    expect(within(passport).getAllByRole('link', { name: 'Egypt e-visa portal' })[0]).toHaveAttribute('href', SOURCE.url);
    // Routes: the nationalities off the e-visa by default.
    const routes = screen.getByRole('heading', { name: 'Nationality routes' }).closest('section')!;
    const table = within(routes).getByRole('table');
    expect(within(table).getByText('Canada')).toBeInTheDocument();
    expect(within(table).getByText('Embassy visa only')).toBeInTheDocument();
    expect(within(table).queryByText('France')).toBeNull();

    const user = setupUser();
    const form = screen.getByRole('form', { name: 'Change a rule' });
    await user.clear(within(form).getByLabelText(/Months/));
    await user.type(within(form).getByLabelText(/Months/), '30');
    await user.type(within(form).getByLabelText('Takes effect from'), '2027-02-01');
    await user.type(within(form).getByLabelText('Source title'), 'Egypt e-visa portal');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The passport validity must be a whole number of months from 1 to 24.');
    await user.clear(within(form).getByLabelText(/Months/));
    await user.type(within(form).getByLabelText(/Months/), '8');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ kind: 'passport_validity', subject: '', value: { months: 8, countedFrom: 'arrival' }, effectiveFrom: '2027-02-01', source: SOURCE });
    expect(await screen.findByText(/2 open applications are affected: marked, and the applicants mailed\./)).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
