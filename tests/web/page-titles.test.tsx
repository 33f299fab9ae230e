import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../apps/web/src/api/user.js';
import { fakeFetch, renderApp, TEST_CONFIG, testUser } from './render.js';

afterEach(() => vi.unstubAllGlobals());

const AGENCY = 'Nile Visa Services';

async function openApp(path: string, user: CurrentUser | null) {
  const api = fakeFetch({
    'GET /api/applications': () => ({ status: 200, body: [] }),
    'POST /api/events': () => ({ status: 204 }),
  });
  vi.stubGlobal('fetch', api.fn);
  const { router } = await renderApp(path, { user, config: { ...TEST_CONFIG, agencyName: AGENCY } });
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
    ['/forgot-password', 'Forgot Your Password?'],
    ['/reset-password?token=1.2.abc', 'Choose a New Password'],
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
