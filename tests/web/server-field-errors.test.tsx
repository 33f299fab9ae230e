import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { AddressForm } from '../../apps/web/src/features/address/address-details-page.js';
import { ApplicationFormView } from '../../apps/web/src/features/apply/apply-page.js';
import { SignInForm, SignUpForm } from '../../apps/web/src/features/auth/auth-page.js';
import { ContactPage } from '../../apps/web/src/features/contact/contact-page.js';
import { ForgotPasswordPage } from '../../apps/web/src/features/password-reset/forgot-password-page.js';
import { ChangePasswordSection, ProfileDetails } from '../../apps/web/src/features/profile/profile-page.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { installFakeXhr } from './fake-xhr.js';
import { chooseOption, expectBesideField, fakeFetch, fill, renderApp, renderPage, setupUser, testUser, toastText } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

/** A validation answer as the API sends it: the first failing field's message, and every field's. */
function refused(errors: Record<string, string[]>) {
  return () => ({ status: 400, body: { message: Object.values(errors)[0][0], errors } });
}

/** The message beside the field `id`, announced, and in the summary at the top as a link to it — not in a toast. */
async function expectUnderField(id: string, message: string) {
  await expectBesideField(id, message);
  await waitFor(() => expect(within(summaryOf(id)).getByRole('link', { name: message })).toHaveAttribute('href', `#${id}`));
  expect(toastText()).not.toContain(message);
  expect(toastText()).not.toMatch(/failed/i);
}

/** The error summary of the form holding the field `id` (a page may have two forms). */
function summaryOf(id: string): HTMLElement {
  return document.getElementById(id)!.closest('form')!.querySelector<HTMLElement>('[data-testid="error-summary"]')!;
}

describe("the server's field errors reach the form's fields (setError)", () => {
  it('on the application form, and nothing is uploaded', async () => {
    const message = 'Passport must be valid for at least 6 months from today';
    const api = fakeFetch({ 'POST /api/applications': refused({ passportExpiry: [message] }) });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 1 } }));
    try {
      const page = await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={new Date('2026-12-01T12:00:00Z')} />, {
        path: '/apply',
        user: testUser(),
      });
      const user = setupUser();
      await fill(user, document.getElementById('app-givenName')!, 'Amelia');
      await fill(user, document.getElementById('app-surname')!, 'Traveller');
      await chooseOption(user, 'app-gender', 'Female');
      fireEvent.change(document.getElementById('app-dateOfBirth')!, { target: { value: '1990-05-15' } });
      await chooseOption(user, 'app-maritalStatus', 'Single');
      await fill(user, document.getElementById('app-profession')!, 'Architect');
      await fill(user, document.getElementById('app-passportNumber')!, '123456789');
      fireEvent.change(document.getElementById('app-passportExpiry')!, { target: { value: '2028-01-01' } });
      fireEvent.change(document.getElementById('app-expectedArrivalDate')!, { target: { value: '2026-12-10' } });
      fireEvent.change(document.getElementById('app-expectedDepartureDate')!, { target: { value: '2026-12-20' } });
      await user.upload(document.getElementById('app-passport-file') as HTMLInputElement, new File(['png'], 'passport.png', { type: 'image/png' }));
      await user.click(document.getElementById('app-privacyPolicyAccepted')!);
      await user.click(screen.getByRole('button', { name: 'Submit Application' }));

      await expectUnderField('app-passportExpiry', message);
      expect(xhr.requests).toHaveLength(0);
      expect(page.path()).toBe('/apply');
    } finally {
      xhr.restore();
    }
  });

  it('on the address form', async () => {
    const message = 'Postcode must be at most 20 characters';
    vi.stubGlobal('fetch', fakeFetch({ 'PATCH /api/applications/5': refused({ postcode: [message] }) }).fn);
    const application = { id: 5, applicationNumber: 'EV-5', givenName: 'Amelia', surname: 'Traveller', address: 'a', city: 'b', postcode: 'c', hotelDetails: 'd' };
    await renderPage(<AddressForm application={application as unknown as ApplicationDto} />, { path: '/address-details', user: testUser() });
    await setupUser().click(screen.getByRole('button', { name: 'Save and Complete Application' }));
    await expectUnderField('addr-postcode', message);
  });

  it('on the profile and password forms', async () => {
    const phone = 'Phone number must be at most 30 characters';
    const current = 'Current password is incorrect';
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'PUT /api/user/profile': refused({ phoneNumber: [phone] }),
        'PUT /api/user/change-password': refused({ currentPassword: [current] }),
      }).fn,
    );
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <ProfileDetails user={testUser()} />
          <ChangePasswordSection open={open} onOpenChange={setOpen} />
        </>
      );
    }
    await renderPage(<Harness />, { path: '/profile', user: testUser() });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectUnderField('profile-phoneNumber', phone);

    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await expectUnderField('pw-current', current);
  });

  it('on the contact form', async () => {
    const message = 'Please select your nationality';
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/contact': refused({ nationality: [message] }) }).fn);
    await renderPage(<ContactPage />, { path: '/contact' });
    const user = setupUser();
    await user.type(screen.getByLabelText(/Full name/), 'Alice Walker');
    await user.type(screen.getByLabelText(/Email/), 'alice@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '1234567890');
    await user.type(screen.getByLabelText(/Purpose of travel/), 'Tourism');
    await user.click(screen.getByRole('button', { name: 'Submit Contact Form' }));
    await expectUnderField('contact-nationality', message);
  });

  it('on the sign-in and sign-up forms', async () => {
    const email = 'Please enter a valid email';
    const phone = 'Please enter a valid phone number';
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/login': refused({ email: [email] }), 'POST /api/register': refused({ phoneNumber: [phone] }) }).fn);
    await renderPage(
      <>
        <SignInForm />
        <SignUpForm />
      </>,
      { path: '/auth' },
    );
    const user = setupUser();
    await user.type(document.getElementById('signin-email')!, 'amelia@example.com');
    await user.type(document.getElementById('signin-password')!, 'pyramids-2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectUnderField('signin-email', email);

    await user.type(document.getElementById('signup-fullName')!, 'Amelia Traveller');
    await user.type(document.getElementById('signup-phoneNumber')!, '+447700900123');
    await user.type(document.getElementById('signup-email')!, 'amelia@example.com');
    await user.type(document.getElementById('signup-password')!, 'pyramids-2026');
    await user.type(document.getElementById('signup-confirmPassword')!, 'pyramids-2026');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectUnderField('signup-phoneNumber', phone);
  });

  it('on the forgot-password form', async () => {
    const email = 'Please enter a valid email';
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/password-reset': refused({ email: [email] }) }).fn);
    await renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    const user = setupUser();
    await user.type(screen.getByLabelText(/Email/), 'amelia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await expectUnderField('forgot-email', email);
  });

  it('on the reset-password form', async () => {
    const password = 'New password must be at most 200 characters';
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/password-reset/confirm': refused({ newPassword: [password] }) }).fn);
    await renderApp('/reset-password?token=7.1795000000.c2lnbmF0dXJl');
    const user = setupUser();
    await user.type(screen.getByLabelText(/^New password/), 'abcdef');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectUnderField('reset-newPassword', password);
  });
});
