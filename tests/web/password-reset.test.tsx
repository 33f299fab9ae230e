import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../apps/web/src/api/keys.js';
import { SignInForm } from '../../apps/web/src/features/auth/auth-page.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { expectBesideField, expectInSummary, fakeFetch, renderApp, renderPage, setupUser, testUser, toastText } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const TOKEN = '7.1795000000.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXI';
const INVALID = 'This password reset link is invalid, has expired or has already been used. Please request a new one.';
const REQUESTED = 'If an account exists for this email, we have sent it a link to choose a new password. The link works for 1 hour.';

describe('forgot password', () => {
  it('is linked from the Sign In tab', async () => {
    await renderPage(<SignInForm />, { path: '/auth' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for the email, sends it and shows the answer', async () => {
    const api = fakeFetch({ 'POST /api/password-reset': () => ({ status: 200, body: { message: REQUESTED } }), 'POST /api/events': () => ({ status: 204 }) });
    vi.stubGlobal('fetch', api.fn);
    await renderApp('/forgot-password');
    const user = setupUser();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectBesideField('forgot-email', 'Please enter a valid email');
    expect(await expectInSummary('Please enter a valid email', 'forgot-email')).toHaveFocus();
    expect(api.calls.filter((c) => c.url === '/api/password-reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'amelia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REQUESTED);
    expect(api.calls.find((c) => c.url === '/api/password-reset')!.body).toEqual({ email: 'amelia@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
  });

  it("shows the server's message in the form's summary when the request is refused (too many requests), not in a toast", async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/password-reset': () => ({ status: 429, body: { message: 'Too many password reset requests. Please wait a while and try again.' } }) }).fn);
    await renderApp('/forgot-password');
    const user = setupUser();
    await user.type(screen.getByLabelText(/Email/), 'amelia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const summary = await expectInSummary('Too many password reset requests. Please wait a while and try again.');
    expect(summary).toHaveFocus();
    expect(toastText()).toBe('');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});

describe('reset password page (/reset-password?token=…)', () => {
  it('checks the password rules of docs/product.md §5.8, sends the token with the new password, then leads to sign in', async () => {
    const api = fakeFetch({
      'POST /api/password-reset/confirm': () => ({ status: 200, body: { message: 'Your password has been reset. You can now sign in with your new password.' } }),
      'GET /api/user': () => ({ status: 401, body: { message: 'Please sign in to continue.' } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    // Signed in on this browser: the reset signs every session out, so the page forgets the user.
    const page = await renderApp(`/reset-password?token=${TOKEN}`, { user: testUser() });
    const user = setupUser();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), '123');
    await user.type(screen.getByLabelText(/^Confirm new password/), '123456');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectBesideField('reset-newPassword', 'New password must be at least 6 characters');
    await expectInSummary('New password must be at least 6 characters', 'reset-newPassword');
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectBesideField('reset-confirmPassword', "Passwords don't match");
    expect(api.calls.filter((c) => c.url === '/api/password-reset/confirm')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/password-reset/confirm')!.body).toEqual({ token: TOKEN, newPassword: 'abcdef' });
    expect(screen.getByText('Your password has been reset. You can now sign in with your new password.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await waitFor(() => expect(page.queryClient.getQueryData(keys.user)).toBeNull());
  });

  it('explains a bad, expired or used link and offers a new one', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/password-reset/confirm': () => ({ status: 400, body: { message: INVALID, errors: { token: [INVALID] } } }) }).fn);
    await renderApp(`/reset-password?token=${TOKEN}`);
    const user = setupUser();
    await user.type(screen.getByLabelText(/^New password/), 'abcdef');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    // No field of the form: said in the summary alone, which takes the focus.
    const summary = await expectInSummary(INVALID);
    expect(summary).toHaveFocus();
    expect(summary).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(/^New password/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says a link without a token is incomplete', async () => {
    await renderApp('/reset-password');
    expect(screen.getByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
