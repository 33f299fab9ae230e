import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEXT_STEPS } from '../../core/domain/tracking.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { expectBesideField, expectInSummary, fakeFetch, renderApp, setupUser, toastText } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const REQUESTED = 'If this application number belongs to an application of this email address, we have emailed a 6-digit code to it. The code works for 15 minutes.';
const INVALID = 'This code is not valid. It may be mistyped, expired or already used. Please check it, or ask for a new code.';
const NUMBERS_SENT = 'If this email address has applications with us, we have emailed their application numbers to it.';

const tracked = (guarantee: Record<string, unknown>) => ({
  application: {
    applicationNumber: 'EV-2611-7K3QX9',
    status: 'additional_info_required',
    givenName: 'Amira',
    guarantee,
    nextStep: NEXT_STEPS.additional_info_required,
    timeline: [
      { at: '2026-11-30T10:00:00.000Z', kind: 'status', status: 'application_created' },
      { at: '2026-12-01T09:30:00.000Z', kind: 'status', status: 'additional_info_required', message: 'Please send your hotel booking.' },
    ],
  },
});

describe('/track', () => {
  it('takes a number typed with spaces and in lower case, and sends it as issued', async () => {
    const api = fakeFetch({
      'GET /api/track/application': () => ({ status: 200, body: { application: null } }),
      'POST /api/track/request': () => ({ status: 200, body: { message: REQUESTED } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderApp('/track');
    const user = setupUser();
    await user.type(screen.getByLabelText('Application number'), 'ev 2611 7k3qx9');
    await user.type(screen.getByLabelText('Email'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('heading', { name: 'Enter the 6-digit code we emailed' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/track/request')!.body).toEqual({ applicationNumber: 'EV-2611-7K3QX9', email: 'amira@example.com' });
    expect(screen.queryByText('Please enter a valid application number, e.g. EV-2611-7K3QX9')).toBeNull();
  });

  it('asks for the number and email, then the mailed code, then shows the status, clock, next step and timeline', async () => {
    let verified = false;
    const api = fakeFetch({
      'GET /api/track/application': () => ({ status: 200, body: verified ? tracked({}) : { application: null } }),
      'POST /api/track/request': () => ({ status: 200, body: { message: REQUESTED } }),
      'POST /api/track/verify': (body) => {
        if ((body as { code: string }).code !== '042917') return { status: 400, body: { message: INVALID, errors: { code: [INVALID] } } };
        verified = true;
        return { status: 200, body: tracked({ deadline: '2026-12-04T23:59:59.999Z', breached: false, workingDaysUsed: 3, workingDaysTotal: 5, paused: false }) };
      },
      'POST /api/track/end': () => ({ status: 200, body: { message: 'ok' } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderApp('/track');
    const user = setupUser();
    expect(screen.getByRole('heading', { level: 1, name: 'Track your application' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Track your application — Egypt e-Visa Agency'));

    // Checked before sending: nothing is asked of the server for a malformed number.
    await user.type(screen.getByLabelText('Application number'), 'EV-12');
    await user.type(screen.getByLabelText('Email'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await expectBesideField('track-number', 'Please enter a valid application number, e.g. EV-2611-7K3QX9');
    expect(await expectInSummary('Please enter a valid application number, e.g. EV-2611-7K3QX9', 'track-number')).toHaveFocus();
    expect(api.calls.filter((c) => c.url === '/api/track/request')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Application number'));
    await user.type(screen.getByLabelText('Application number'), 'ev-2611-7k3qx9');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('heading', { name: 'Enter the 6-digit code we emailed' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/track/request')!.body).toEqual({ applicationNumber: 'EV-2611-7K3QX9', email: 'amira@example.com' });

    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Show my application' }));
    // The refused code beside its field and in the summary, not in a toast.
    await expectBesideField('track-code', INVALID);
    await expectInSummary(INVALID, 'track-code');
    expect(toastText()).toBe('');

    await user.clear(code);
    await user.type(code, '042 917');
    await user.click(screen.getByRole('button', { name: 'Show my application' }));
    expect(await screen.findByRole('heading', { name: 'Hello Amira' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/track/verify').at(-1)!.body).toEqual({ applicationNumber: 'EV-2611-7K3QX9', email: 'amira@example.com', code: '042917' });
    // The number is data, isolated from the words around it (<bdi>): the line reads as before.
    expect(screen.getByText('EV-2611-7K3QX9').parentElement).toHaveTextContent(/^Application EV-2611-7K3QX9$/);
    expect(screen.getByText('Working day 3 of 5 — we answer by Friday 4 December 2026')).toBeInTheDocument();
    expect(screen.getByText(NEXT_STEPS.additional_info_required)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([expect.stringContaining('Application created'), expect.stringMatching(/Additional info required.*Please send your hotel booking\./)]);

    await user.click(screen.getByRole('button', { name: 'Track another application' }));
    expect(await screen.findByRole('heading', { name: 'Find your application' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/track/end')).toBe(true);
  });

  it('keeps the view on a reload while the cookie lives, and says when the clock waits for the applicant', async () => {
    const paused = { deadline: '2026-12-04T23:59:59.999Z', breached: false, workingDaysUsed: 2, workingDaysTotal: 5, paused: true };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/track/application': () => ({ status: 200, body: tracked(paused) }), 'POST /api/events': () => ({ status: 204 }) }).fn);
    await renderApp('/track');
    expect(await screen.findByRole('heading', { name: 'Hello Amira' })).toBeInTheDocument();
    expect(screen.getByText('Paused — waiting for your answer (2 of 5 working days used)')).toBeInTheDocument();
  });

  it('"Forgot your application number?" mails the numbers and says so', async () => {
    const api = fakeFetch({
      'GET /api/track/application': () => ({ status: 200, body: { application: null } }),
      'POST /api/track/forgot': () => ({ status: 200, body: { message: NUMBERS_SENT } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderApp('/track');
    const user = setupUser();
    await user.type(screen.getByLabelText('Email you applied with'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me my application numbers' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NUMBERS_SENT);
    expect(api.calls.find((c) => c.url === '/api/track/forgot')!.body).toEqual({ email: 'amira@example.com' });
  });

  it('says a refusal of no field (too many requests) in the summary of the form that was sent', async () => {
    const limited = 'Too many tracking requests. Please wait a while and try again.';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/track/application': () => ({ status: 200, body: { application: null } }),
        'POST /api/track/request': () => ({ status: 429, body: { message: limited } }),
        'POST /api/events': () => ({ status: 204 }),
      }).fn,
    );
    await renderApp('/track');
    const user = setupUser();
    await user.type(screen.getByLabelText('Application number'), 'EV-2611-7K3QX9');
    await user.type(screen.getByLabelText('Email'), 'amira@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    const summary = await expectInSummary(limited);
    expect(summary).toHaveFocus();
    expect(summary.closest('form')).toContainElement(screen.getByLabelText('Application number'));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    // The other form on the page ('Forgot your application number?') says nothing.
    expect(screen.getAllByTestId('error-summary')).toHaveLength(1);
  });
});
