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
  });
});
