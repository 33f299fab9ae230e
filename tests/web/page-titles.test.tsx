import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../apps/web/src/api/query-client.js';
import { keys } from '../../apps/web/src/api/keys.js';
import type { CurrentUser } from '../../apps/web/src/api/types.js';
import { routeTree } from '../../apps/web/src/routeTree.gen.js';
import { fakeFetch, TEST_CONFIG, testUser } from './render.js';

afterEach(() => vi.unstubAllGlobals());

const AGENCY = 'Nile Visa Services';

/** The app's real route tree on a memory history, with the user and the config already known. */
async function openApp(path: string, user: CurrentUser | null) {
  const api = fakeFetch({
    'GET /api/applications': () => ({ status: 200, body: [] }),
    'POST /api/events': () => ({ status: 204 }),
  });
  vi.stubGlobal('fetch', api.fn);
  const queryClient = createQueryClient();
  queryClient.setQueryData(keys.user, user);
  queryClient.setQueryData(keys.config, { ...TEST_CONFIG, agencyName: AGENCY });
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await router.load();
  });
  return router;
}

describe('document titles (one per route, with the agency name)', () => {
  const publicPages: [string, string][] = [
    ['/', 'Apply for Your Egypt e-Visa Online'],
    ['/auth', 'Sign In or Register'],
    ['/contact', 'Contact Us'],
    ['/contact-info', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/faq-page', 'Frequently Asked Questions'],
    ['/no-such-page', 'Page Not Found'],
  ];
  it.each(publicPages)('%s is titled "%s — <agency>"', async (path, title) => {
    await openApp(path, null);
    await waitFor(() => expect(document.title).toBe(`${title} — ${AGENCY}`));
  });

  const applicantPages: [string, string][] = [
    ['/dashboard', 'My Applications'],
    ['/apply', 'Apply'],
    ['/payment?applicationId=5', 'Payment'],
    ['/address-details', 'Address and Accommodation Details'],
    ['/passport-upload?applicationId=5', 'Passport Re-upload'],
    ['/profile', 'Profile'],
  ];
  it.each(applicantPages)('%s (signed in) is titled "%s — <agency>"', async (path, title) => {
    await openApp(path, testUser());
    await waitFor(() => expect(document.title).toBe(`${title} — ${AGENCY}`));
  });

  it('/admin (admin) is titled "Admin Dashboard — <agency>"', async () => {
    await openApp('/admin', testUser({ isAdmin: true }));
    await waitFor(() => expect(document.title).toBe(`Admin Dashboard — ${AGENCY}`));
  });

  it('follows client-side navigation, and a 404 after a real page', async () => {
    const router = await openApp('/faq-page', null);
    await waitFor(() => expect(document.title).toBe(`Frequently Asked Questions — ${AGENCY}`));
    await act(() => router.navigate({ to: '/privacy' }));
    await waitFor(() => expect(document.title).toBe(`Privacy Policy — ${AGENCY}`));
    await act(() => router.navigate({ to: '/gone' as never }));
    await waitFor(() => expect(document.title).toBe(`Page Not Found — ${AGENCY}`));
  });
});
