import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from '../../apps/web/src/features/auth/auth-page.js';
import { TwoFactorSection } from '../../apps/web/src/features/two-factor/two-factor-section.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('two-factor sign-in in the SPA', () => {
  it('asks for the code after the password, shows a wrong code’s message, and signs in with the right one', async () => {
    const user = testUser({ twoFactorEnabled: true });
    const api = fakeFetch({
      'POST /api/login': () => ({ status: 200, body: { twoFactorRequired: true } }),
      'POST /api/login/two-factor': (body) =>
        (body as { code?: string }).code === '123456'
          ? { status: 200, body: { user, needsPasswordChange: false } }
          : { status: 400, body: { message: 'That code is not right, or it has expired. Enter the code your app shows now.' } },
      'GET /api/user': () => ({ status: 200, body: user }),
    });
    vi.stubGlobal('fetch', api.fn);
    const page = await renderPage(<SignInForm />, { path: '/auth' });
    const u = setupUser();
    await u.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await u.type(screen.getByLabelText('Password'), 'my-password');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText('Authentication code');
    await u.type(code, '000000');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('That code is not right, or it has expired. Enter the code your app shows now.')).length).toBeGreaterThan(0);
    await u.clear(code);
    await u.type(code, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('You have been logged in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(page.path()).toBe('/dashboard'));
  });

  it('sets up: shows the QR code as an image and the secret, then the 10 recovery codes', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/user/two-factor/setup': () => ({ status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: svg } }),
        'POST /api/user/two-factor/enable': () => ({ status: 200, body: { recoveryCodes: codes } }),
        'GET /api/user': () => ({ status: 200, body: testUser({ twoFactorEnabled: true }) }),
        'GET /api/user/two-factor': () => ({ status: 200, body: { enabled: true, recoveryCodesLeft: 10 } }),
        'GET /api/user/sessions': () => ({ status: 200, body: [] }),
      }).fn,
    );
    await renderPage(<TwoFactorSection user={testUser()} />, { path: '/profile' });
    const u = setupUser();
    await u.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(svg)}`);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    await u.type(screen.getByLabelText('2. Enter the 6-digit code the app shows'), '123456');
    await u.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);

    // Copy puts the ten codes on the clipboard, one a line, and says so.
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('Copied the recovery codes')).toHaveAttribute('role', 'status');
    // Download (.txt) saves a text file naming the account and holding every code.
    const download = screen.getByRole('link', { name: 'Download (.txt)' });
    expect(download).toHaveAttribute('download', 'recovery-codes.txt');
    const href = download.getAttribute('href')!;
    expect(href.startsWith('data:text/plain;charset=utf-8,')).toBe(true);
    const text = decodeURIComponent(href.slice('data:text/plain;charset=utf-8,'.length));
    expect(text.split('\n')[0]).toBe('Egypt e-Visa Agency: two-factor sign-in recovery codes for amelia@example.com');
    expect(text).toMatch(/^Made on \w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(UK time\)\. Each code signs you in once/m);
    for (const code of codes) expect(text).toContain(`\n${code}\n`);
  });

  it("names each session's browser in words, with what the browser sent a click away", async () => {
    const { SessionsSection } = await import('../../apps/web/src/features/two-factor/sessions-section.js');
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/user/sessions': () => ({
          status: 200,
          body: [
            { id: 's1', userAgent: chrome, clientAddress: '203.0.113.9', createdAt: '2026-11-28T09:05:00.000Z', lastSeenAt: '2026-11-28T10:00:00.000Z', current: true },
            { id: 's2', userAgent: safari, clientAddress: '198.51.100.4', createdAt: '2026-11-20T18:30:00.000Z', lastSeenAt: '2026-11-21T07:45:00.000Z', current: false },
          ],
        }),
      }).fn,
    );
    await renderPage(<SessionsSection />, { path: '/profile', user: testUser() });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Chrome on WindowsThis browser203\.0\.113\.9Signed in Saturday 28 November 2026 at 09:05 \(UK time\)Last seen Saturday 28 November 2026 at 10:00 \(UK time\)/);
    expect(items[1]).toHaveTextContent(/^Safari on iPhone198\.51\.100\.4/);
    expect(screen.getByText('Safari on iPhone')).toHaveAttribute('title', safari);
    const sent = items[1]!.querySelector('details')!;
    expect(sent.querySelector('summary')).toHaveTextContent('What the browser sent');
    expect(sent.querySelector('code')).toHaveTextContent(safari);
    expect(screen.getByRole('button', { name: 'Sign out Safari on iPhone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out Chrome on Windows (this browser)' })).toBeInTheDocument();
  });
});
