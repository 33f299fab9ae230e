import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationFormView } from '../../apps/web/src/features/apply/apply-page.js';
import { DEFAULT_APPLICATION_VALUES } from '../../apps/web/src/features/apply/rules.js';
import { AUTOSAVE_DELAY_MS, valuesFromDraft } from '../../apps/web/src/features/apply/use-application-draft.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const renderForm = () => renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={NOW} />, { path: '/apply', user: testUser() });

/** Moves the (fake) clock past the autosave delay, as a pause in typing would. */
const pauseTyping = () => act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));

afterEach(() => {
  vi.useRealTimers();
  dismissToast();
  vi.unstubAllGlobals();
});

describe('application draft', () => {
  // The clock runs on its own; the tests move it past the autosave delay instead of waiting for it.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('lays a draft over the defaults, keeping only fields of the right type', () => {
    expect(valuesFromDraft({ givenName: 'Ada', visitedEgyptBefore: true, surname: null, profession: 7 as unknown as string, status: 'approved' } as never)).toEqual({
      ...DEFAULT_APPLICATION_VALUES,
      givenName: 'Ada',
      visitedEgyptBefore: true,
    });
  });

  it('restores the saved draft when the page opens, and says the passport file must be chosen again', async () => {
    const api = fakeFetch({
      'GET /api/application-draft': () => ({ status: 200, body: { givenName: 'Amelia', surname: 'Traveller', passportNumber: '123456789', visitedEgyptBefore: true } }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderForm();
    await waitFor(() => expect(input('app-givenName').value).toBe('Amelia'));
    expect(input('app-surname').value).toBe('Traveller');
    expect(input('app-passportNumber').value).toBe('123456789');
    expect(screen.getByText('We restored the answers you saved. Please choose your passport file again.')).toBeInTheDocument();
    // Restoring is not a change: nothing is saved back.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves once after typing pauses, then shows "Saved"', async () => {
    const puts: unknown[] = [];
    const api = fakeFetch({
      // No draft yet: the server answers 200 null, not a 404 (issue 37).
      'GET /api/application-draft': () => ({ status: 200, body: null }),
      'PUT /api/application-draft': (body) => {
        puts.push(body);
        return { status: 200, body };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    const user = setupUser();
    await renderForm();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'GET' && c.url === '/api/application-draft')).toBe(true));
    // Nothing restored from no draft, and nothing said about it.
    expect(screen.queryByText(/We restored the answers you saved/)).toBeNull();
    expect(input('app-givenName').value).toBe('');
    await user.type(input('app-givenName'), 'Amelia');
    await user.type(input('app-profession'), 'Pilot');
    expect(puts).toEqual([]);
    await pauseTyping();
    await waitFor(() => expect(screen.getByTestId('draft-status')).toHaveTextContent('Saved'));
    expect(puts).toHaveLength(1);
    expect(puts[0]).toEqual({ ...DEFAULT_APPLICATION_VALUES, givenName: 'Amelia', profession: 'Pilot' });
  });

  it('does not overwrite what the user typed before the draft arrived', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const api = fakeFetch({
      'GET /api/application-draft': () => new Promise((resolve) => (answer = resolve)),
      'PUT /api/application-draft': (body) => ({ status: 200, body }),
    });
    vi.stubGlobal('fetch', api.fn);
    const user = setupUser();
    await renderForm();
    await user.type(input('app-givenName'), 'Typed');
    await act(async () => answer({ status: 200, body: { givenName: 'Old draft' } }));
    await pauseTyping();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(input('app-givenName').value).toBe('Typed');
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ givenName: 'Typed' });
  });

  it('"Start over" empties the form and deletes the draft', async () => {
    const api = fakeFetch({
      'GET /api/application-draft': () => ({ status: 200, body: { givenName: 'Amelia', profession: 'Pilot' } }),
      'DELETE /api/application-draft': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const user = setupUser();
    await renderForm();
    await waitFor(() => expect(input('app-givenName').value).toBe('Amelia'));
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/api/application-draft')).toBe(true));
    expect(input('app-givenName').value).toBe('');
    expect(input('app-profession').value).toBe('');
    expect(screen.queryByText(/We restored the answers/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
