import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InternalNotes } from '../../apps/web/src/features/notes/internal-notes.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('internal notes on the admin row', () => {
  it('lists the notes with author and time, and adds one', async () => {
    const notes = [{ id: 1, applicationId: 7, authorId: 2, authorName: 'Case Worker', text: 'Called the hotel.', createdAt: '2026-11-25T10:00:00.000Z' }];
    const api = fakeFetch({
      'GET /api/admin/applications/7/notes': () => ({ status: 200, body: notes }),
      'POST /api/admin/applications/7/notes': (body) => {
        const note = { id: 2, applicationId: 7, authorId: 2, authorName: 'Case Worker', text: (body as { text: string }).text, createdAt: '2026-11-25T11:00:00.000Z' };
        notes.push(note);
        return { status: 201, body: note };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<InternalNotes applicationId={7} />, { path: '/admin', user: testUser({ isAdmin: true }) });
    const section = within(screen.getByRole('region', { name: 'Internal notes' }));
    expect(await section.findByText('Called the hotel.')).toBeInTheDocument();
    expect(section.getByText(/Case Worker, Wednesday 25 November 2026/)).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Add note' })).toBeDisabled();
    const user = setupUser();
    await user.type(section.getByLabelText('New internal note'), 'Booking confirmed by phone.');
    await user.click(section.getByRole('button', { name: 'Add note' }));
    expect(await section.findByText('Booking confirmed by phone.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/admin/applications/7/notes' && c.method === 'POST')!.body).toEqual({ text: 'Booking confirmed by phone.' });
    expect(section.getByLabelText('New internal note')).toHaveValue('');
  });
});
