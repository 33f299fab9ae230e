import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderApp } from './render.js';
import { getI18n } from 'react-i18next';
import type { Translate } from '../../core/i18n/index.js';
import { medianHoursText } from '../../apps/web/src/features/record/record-text.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const WEEK_STARTS = ['2026-08-31', '2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'];

/** 1,234 decided over the 12 weeks, 1,215 of them on time (98.4%); the first week had none. */
const RECORD = {
  weeks: WEEK_STARTS.map((weekStart, i) =>
    i === 0 ? { weekStart, finished: 0, onTimeRate: null } : i === 11 ? { weekStart, finished: 134, onTimeRate: 0.9328 } : { weekStart, finished: 110, onTimeRate: 0.9909 },
  ),
  // Half an hour: the landing page said 68 hours and /our-record 67.5 (issue 37).
  medianHours: 67.5,
};

function stubOnTime(answer: () => { status: number; body?: unknown }) {
  const api = fakeFetch({ 'GET /api/public/on-time': answer, 'POST /api/events': () => ({ status: 204 }) });
  vi.stubGlobal('fetch', api.fn);
  return api;
}

const onTimeCalls = (api: ReturnType<typeof fakeFetch>) => api.calls.filter((c) => c.url === '/api/public/on-time');

describe('/our-record', () => {
  it('shows the 12 weeks as a table, the totals and median, and says what counts and where the figures come from', async () => {
    stubOnTime(() => ({ status: 200, body: RECORD }));
    await renderApp('/our-record');
    expect(screen.getByRole('heading', { level: 1, name: 'Our on-time record' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Our on-time record — /));
    const table = await screen.findByRole('table', { name: 'On-time rate by week (weeks start on Monday)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(['Week starting', 'Decided', 'On time']);
    expect(rows[1]).toEqual(['31 Aug 2026', '0', '—']);
    expect(rows[2]).toEqual(['7 Sept 2026', '110', '99%']);
    expect(rows[12]).toEqual(['16 Nov 2026', '134', '93.2%']);
    expect(screen.getByTestId('record-summary')).toHaveTextContent('98.4% of 1,234 applications decided within 5 working days over the last 12 weeks. Median time to a decision: 68 hours.');
    expect(screen.getByText(/within 5 working days of the initial payment/)).toHaveTextContent(/nor the days we were waiting for the applicant/);
    expect(screen.getByText(/computed by our software from each application's status history/)).toBeInTheDocument();
  });

  it('says when nothing was decided, and when the record cannot be loaded', async () => {
    stubOnTime(() => ({ status: 200, body: { weeks: RECORD.weeks.map((w) => ({ ...w, finished: 0, onTimeRate: null })), medianHours: null } }));
    const empty = await renderApp('/our-record');
    expect(await screen.findByText('No applications were decided in the last 12 weeks.')).toBeInTheDocument();
    empty.unmount();

    stubOnTime(() => ({ status: 500, body: { message: 'Something went wrong.' } }));
    await renderApp('/our-record');
    expect(await screen.findByText('Our record cannot be shown just now. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is linked from the footer, next to tracking', async () => {
    stubOnTime(() => ({ status: 200, body: RECORD }));
    await renderApp('/faq-page');
    const links = within(screen.getByRole('contentinfo'))
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links.slice(links.indexOf('Track your application'), links.indexOf('Track your application') + 2)).toEqual(['Track your application', 'Our on-time record']);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Our on-time record' })).toHaveAttribute('href', '/our-record');
  });
});

describe("the landing page's record", () => {
  it('shows the live record in one line, linked to /our-record', async () => {
    stubOnTime(() => ({ status: 200, body: RECORD }));
    await renderApp('/');
    const block = await screen.findByTestId('landing-record');
    expect(block).toHaveTextContent('98.4% of 1,234 applications decided within 5 working days over the last 12 weeks · median 68 hours · See our record');
    expect(within(block).getByRole('link', { name: 'See our record' })).toHaveAttribute('href', '/our-record');
  });

  it('is left out when the call fails or nothing was decided', async () => {
    const failing = stubOnTime(() => ({ status: 500, body: { message: 'Something went wrong.' } }));
    const first = await renderApp('/');
    await waitFor(() => expect(onTimeCalls(failing)).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('landing-record')).toBeNull();
    first.unmount();

    const empty = stubOnTime(() => ({ status: 200, body: { weeks: RECORD.weeks.map((w) => ({ ...w, finished: 0, onTimeRate: null })), medianHours: null } }));
    const second = await renderApp('/');
    await waitFor(() => expect(onTimeCalls(empty)).toHaveLength(1));
    await waitFor(() => expect(second.queryClient.getQueryState(['/api/public/on-time'])?.status).toBe('success'));
    expect(screen.queryByTestId('landing-record')).toBeNull();
    expect(screen.queryByText(/See our record/)).toBeNull();
  });
});

/** The English page's words (tests/support/setup-web.ts started them). */
const english: Translate = (key, values) => getI18n().t(key, { ...values, ns: 'web' });

describe('the median, said one way on both pages', () => {
  it('is whole hours rounded up, so the record never claims a quicker answer than it gave', () => {
    expect(medianHoursText(67.5, english)).toBe('68 hours');
    expect(medianHoursText(67.0, english)).toBe('67 hours');
    expect(medianHoursText(30.1, english)).toBe('31 hours');
    expect(medianHoursText(0.3, english)).toBe('1 hour');
    expect(medianHoursText(1234.5, english)).toBe('1,235 hours');
    expect(medianHoursText(null, english)).toBeNull();
  });
});
