import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { AdminDashboard } from './composed.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';
import { adminEntry as entry } from './admin-entries.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const admin = testUser({ id: 99, email: 'staff@agency.example', fullName: 'Agency Admin', isAdmin: true });

/** The keys of docs/product.md §2.14 and the side panel, against a stand-in admin API. */
describe('the admin workspace', () => {
  function serve(
    entries: AdminEntryDto[],
    colleagues: () => { status: number; body?: unknown } = () => ({
      status: 200,
      body: [
        { id: 99, fullName: 'Agency Admin', role: 'admin' },
        { id: 7, fullName: 'Rita Reviewer', role: 'reviewer' },
      ],
    }),
  ) {
    const zero = { 'online-entries': 0, 'initial-payment': 0, 'submitted-portal': 0, approved: 0, completed: 0, rejected: 0 };
    const api = fakeFetch({
      'GET /api/admin/applications': () => ({ status: 200, body: { items: entries, total: entries.length, page: 1, pageSize: 25 } }),
      'GET /api/admin/applications/counts': () => ({
        status: 200,
        body: {
          ...zero,
          'online-entries': entries.length,
          mine: { ...zero, 'online-entries': entries.filter((e) => e.assignee).length },
          unassigned: { ...zero, 'online-entries': entries.filter((e) => !e.assignee).length },
        },
      }),
      'GET /api/admin/payment-issues': () => ({ status: 200, body: { checked: 0, issues: [] } }),
      'GET /api/admin/applications/2/history': () => ({ status: 200, body: [] }),
      'GET /api/admin/applications/2/notes': () => ({ status: 200, body: [] }),
      'GET /api/admin/applications/2/assignments': () => ({ status: 200, body: [] }),
      'GET /api/applications/2/documents': () => ({ status: 200, body: [] }),
      'GET /api/applications/2/receipts': () => ({ status: 200, body: [] }),
      'GET /api/admin/assignees': colleagues,
      'PUT /api/admin/applications/2/assignee': (body) => {
        const { userId } = body as { userId: number | null };
        const names: Record<number, string> = { 99: 'Agency Admin', 7: 'Rita Reviewer' };
        entries[1] = { ...entries[1]!, assignee: userId === null ? null : { id: userId, fullName: names[userId]! } };
        return { status: 200, body: { assignee: entries[1]!.assignee } };
      },
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => api.fn(typeof input === 'string' ? input.split('?')[0]! : input, init));
    return api;
  }

  it('moves the selection with j/k, opens it in the side panel with Enter, and assigns it to me with a', async () => {
    const entries = [entry(1), entry(2), entry(3)];
    serve(entries);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    await screen.findByTestId('admin-row-1');
    expect(screen.getByTestId('admin-keys-hint')).toHaveTextContent('j / k move, Enter opens, a assigns to me');
    const user = setupUser();
    await user.keyboard('jjkj');
    await waitFor(() => expect(screen.getByTestId('admin-row-2')).toHaveAttribute('aria-current', 'true'));
    await user.keyboard('{Enter}');
    const panel = await screen.findByTestId('admin-side-panel');
    expect(within(panel).getByTestId('admin-panel-2')).toBeInTheDocument();
    expect(within(panel).getByTestId('panel-assignee')).toHaveTextContent('Nobody is assigned.');

    await user.keyboard('a');
    await waitFor(() => expect(within(screen.getByTestId('admin-row-2')).getByText('Assignee: Agency Admin')).toBeInTheDocument());
    expect(entries[1]!.assignee).toEqual({ id: admin.id, fullName: 'Agency Admin' });

    await user.click(within(panel).getByRole('button', { name: 'Close the details' }));
    await waitFor(() => expect(screen.queryByTestId('admin-side-panel')).toBeNull());
  });

  it('keeps what was typed in the open panel when the window crosses the phone/desktop width', async () => {
    // A controllable '(min-width: 1024px)': wide first, then narrow (a resized window, a turned tablet).
    let wide = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(min-width: 1024px)' ? wide : false;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    serve([entry(1), entry(2)]);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    const user = setupUser();
    await user.click(within(await screen.findByTestId('admin-row-2')).getByRole('button', { name: /^Manage/ }));
    const panel = await screen.findByTestId('admin-side-panel');
    expect(panel).not.toHaveAttribute('role', 'dialog');
    const note = await within(panel).findByRole('textbox', { name: /note/i });
    await user.type(note, 'Half-written note');

    wide = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(screen.getByTestId('admin-side-panel')).toHaveAttribute('role', 'dialog');
    expect(within(screen.getByTestId('admin-side-panel')).getByRole('textbox', { name: /note/i })).toHaveValue('Half-written note');
  });

  it('ignores the keys while typing in the search box', async () => {
    const entries = [entry(1), entry(2)];
    serve(entries);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    await screen.findByTestId('admin-row-1');
    const user = setupUser();
    await user.click(screen.getByLabelText('Search applications'));
    await user.keyboard('jja');
    expect(screen.getByLabelText('Search applications')).toHaveValue('jja');
    expect(screen.getByTestId('admin-row-1')).not.toHaveAttribute('aria-current');
    expect(entries.every((e) => e.assignee === null)).toBe(true);
  });

  it('shows Mine and Unassigned with their counts beside the tabs', async () => {
    serve([entry(1), entry(2)]);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    expect(await screen.findByRole('button', { name: 'Mine (0)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unassigned (2)' })).toBeInTheDocument();
  });

  it('offers "Reassign to" the colleagues from /api/admin/assignees and reassigns', async () => {
    const entries = [entry(1), entry(2)];
    const api = serve(entries);
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    const user = setupUser();
    await user.click(within(await screen.findByTestId('admin-row-2')).getByRole('button', { name: /^Manage/ }));
    const panel = await screen.findByTestId('admin-side-panel');
    const choice = await within(panel).findByLabelText('Reassign to');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Agency Admin (Admin)', 'Rita Reviewer (Reviewer)']);
    await user.selectOptions(choice, 'Rita Reviewer (Reviewer)');
    await waitFor(() => expect(within(panel).getByTestId('panel-assignee')).toHaveTextContent('Assigned to Rita Reviewer'));
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/admin/applications/2/assignee', body: { userId: 7 } });
    // Asked at the API's own path, never '/api/api/…'.
    expect(api.calls.some((c) => c.url.startsWith('/api/api/'))).toBe(false);
  });

  it('says so beside the assignment when the colleagues cannot be loaded, and keeps "Assign to me"', async () => {
    serve([entry(1), entry(2)], () => ({ status: 503, body: { message: 'The database is not answering.' } }));
    await renderPage(<AdminDashboard />, { path: '/admin?tab=online-entries', user: admin });
    const user = setupUser();
    await user.click(within(await screen.findByTestId('admin-row-2')).getByRole('button', { name: /^Manage/ }));
    const panel = await screen.findByTestId('admin-side-panel');
    const alert = (await within(panel).findByText(/The staff list could not be loaded/)).closest('[role="alert"]');
    expect(alert).toHaveTextContent('The staff list could not be loaded (The database is not answering.), so you cannot reassign for now.');
    expect(within(panel).queryByLabelText('Reassign to')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Assign to me' })).toBeEnabled();
  });
});
