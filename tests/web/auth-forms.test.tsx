import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm, SignUpForm } from '../../apps/web/src/features/auth/auth-page.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { expectBesideField, expectInSummary, fakeFetch, renderPage, setupUser, testUser, toastText } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sign-in form', () => {
  it('says what is wrong with the email and a missing password, and sends nothing', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<SignInForm />, { path: '/auth' });
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Beside each field (and again in the summary above them).
    await waitFor(() => expect(document.getElementById('signin-email-error')).toHaveTextContent('Please enter a valid email'));
    expect(document.getElementById('signin-password-error')).toHaveTextContent('Please enter your password');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.url === '/api/login')).toHaveLength(0);
  });

  it('lists the problems at the top, each a link to its field, and focuses that summary', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    await renderPage(<SignInForm />, { path: '/auth' });
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveAttribute('role', 'alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByText('There is a problem')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Please enter a valid email' })).toHaveAttribute('href', '#signin-email');
    await user.click(within(summary).getByRole('link', { name: 'Please enter your password' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('shows a wrong email or password beside the password field and in the summary — not in a toast', async () => {
    const api = fakeFetch({ 'POST /api/login': () => ({ status: 401, body: { message: 'Invalid email or password.' } }) });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<SignInForm />, { path: '/auth' });
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: 'Invalid email or password.' })).toHaveAttribute('href', '#signin-password');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    const described = document.getElementById(password.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(described).toHaveTextContent('Invalid email or password.');
    expect(described).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('status', { name: /Error/ })).toBeNull();
    expect(screen.queryByText('Error')).toBeNull();

    // Trying again clears the problem until the server answers again.
    await user.type(password, '2');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/login')).toHaveLength(2));
    expect(await screen.findByTestId('error-summary')).toBeInTheDocument();
  });

  it('says a failure that is no field’s in the summary alone (too many attempts)', async () => {
    const message = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/login': () => ({ status: 429, body: { message } }) }).fn);
    await renderPage(<SignInForm />, { path: '/auth' });
    const user = setupUser();
    await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByText(message)).toBeInTheDocument();
    expect(within(summary).queryByRole('link')).toBeNull();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('sends a user who must change the password to /profile?changePassword=true', async () => {
    const user = testUser({ needsPasswordChange: true });
    const api = fakeFetch({
      'POST /api/login': () => ({ status: 200, body: { user, needsPasswordChange: true } }),
      'GET /api/user': () => ({ status: 200, body: user }),
    });
    vi.stubGlobal('fetch', api.fn);
    const page = await renderPage(<SignInForm />, { path: '/auth' });
    const u = setupUser();
    await u.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await u.type(screen.getByLabelText('Password'), 'temporary-pw');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('You have been logged in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(page.path()).toBe('/profile?changePassword=true'));
  });

  it('sends an admin to /admin after login', async () => {
    const admin = testUser({ isAdmin: true });
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/login': () => ({ status: 200, body: { user: admin, needsPasswordChange: false } }),
        'GET /api/user': () => ({ status: 200, body: admin }),
      }).fn,
    );
    const page = await renderPage(<SignInForm />, { path: '/auth' });
    const u = setupUser();
    await u.type(screen.getByLabelText('Email'), 'admin@example.com');
    await u.type(screen.getByLabelText('Password'), 'admin-password');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(page.path()).toBe('/admin'));
  });
});

describe('sign-up form', () => {
  async function fillSignUp(user: ReturnType<typeof setupUser>, password = 'pyramids-2026', confirmation = password) {
    await user.type(screen.getByLabelText('Full name'), 'Amelia Traveller');
    await user.type(screen.getByLabelText('Phone number'), '+447700900123');
    await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirmation);
  }

  it('needs 6 characters and a matching confirmation, beside each field and in the summary — not in a toast', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<SignUpForm />, { path: '/auth' });
    const user = setupUser();
    await fillSignUp(user, '12345', '12346');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectBesideField('signup-password', 'Password must be at least 6 characters');
    const summary = await expectInSummary('Password must be at least 6 characters', 'signup-password');
    expect(summary).toHaveFocus();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'pyramids-2026');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectBesideField('signup-confirmPassword', "Passwords don't match");
    await expectInSummary("Passwords don't match", 'signup-confirmPassword');
    expect(toastText()).toBe('');
    expect(api.calls.filter((c) => c.url === '/api/register')).toHaveLength(0);
  });

  it('lists every missing field and keeps the focus where the person types as they correct them', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    await renderPage(<SignUpForm />, { path: '/auth' });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const summary = await screen.findByTestId('error-summary');
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#signup-fullName', '#signup-phoneNumber', '#signup-email', '#signup-password']);
    await user.click(within(summary).getByRole('link', { name: /full name/i }));
    const fullName = screen.getByLabelText('Full name');
    expect(fullName).toHaveFocus();
    await user.type(fullName, 'Amelia Traveller');
    // The corrected field leaves the summary; the focus stays in the field being typed in.
    await waitFor(() => expect(within(summary).queryByRole('link', { name: /full name/i })).toBeNull());
    expect(fullName).toHaveFocus();
  });

  it('registers without sending confirmPassword, then goes to the dashboard', async () => {
    const created = testUser();
    const api = fakeFetch({
      'POST /api/register': () => ({ status: 201, body: created }),
      'GET /api/user': () => ({ status: 200, body: created }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const page = await renderPage(<SignUpForm />, { path: '/auth' });
    const user = setupUser();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created successfully. Redirecting to dashboard...')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/register')!.body;
    expect(sent).toEqual({ email: 'amelia@example.com', fullName: 'Amelia Traveller', phoneNumber: '+447700900123', password: 'pyramids-2026', locale: 'en-GB' });
    expect(api.calls.find((c) => c.url === '/api/events')?.body).toMatchObject({ name: 'registration' });
    await waitFor(() => expect(page.path()).toBe('/dashboard'));
  });

  it('shows an email that already has an account beside Email and in the summary — not in a toast', async () => {
    const message = 'An account with this email already exists.';
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/register': () => ({ status: 409, body: { message } }) }).fn);
    await renderPage(<SignUpForm />, { path: '/auth' });
    const user = setupUser();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectBesideField('signup-email', message);
    expect(await expectInSummary(message, 'signup-email')).toHaveFocus();
    expect(screen.queryByText('Registration failed')).toBeNull();
    expect(toastText()).toBe('');
  });

  it('says a failure of no field in the summary alone, with the fallback when the server says nothing', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/register': () => ({ status: 500 }) }).fn);
    await renderPage(<SignUpForm />, { path: '/auth' });
    const user = setupUser();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const summary = await expectInSummary('Failed to create account.');
    expect(within(summary).queryByRole('link')).toBeNull();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(toastText()).toBe('');
  });
});
