import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { AddressForm } from '../../apps/web/src/features/address/address-details-page.js';
import { ApplicationFormView } from '../../apps/web/src/features/apply/apply-page.js';
import { SignInForm, SignUpForm } from '../../apps/web/src/features/auth/auth-page.js';
import { ContactPage } from '../../apps/web/src/features/contact/contact-page.js';
import { PaymentPanel } from '../../apps/web/src/features/payment/payment-panel.js';
import { ChangePasswordSection, ProfileDetails } from '../../apps/web/src/features/profile/profile-page.js';
import { fakeFetch, renderApp, renderPage, setupUser, testUser } from './render.js';

afterEach(() => vi.unstubAllGlobals());

/**
 * The ids (or markup) of the form controls a screen reader would not announce as required: every
 * enabled input, select, textarea, radix select (combobox) and checkbox without aria-required="true"
 * or the required attribute. Radix's hidden native <select> mirrors are skipped (aria-hidden). The
 * page's own controls only (#main when the whole app is drawn): the header's language menu is not a form field.
 */
function notAnnouncedAsRequired(): string[] {
  const controls = (document.getElementById('main') ?? document.body).querySelectorAll('input:not([type="hidden"]), select, textarea, button[role="combobox"], button[role="checkbox"]');
  return [...controls]
    .filter((el) => !el.closest('[aria-hidden="true"]') && !(el as HTMLInputElement).disabled)
    .filter((el) => el.getAttribute('aria-required') !== 'true' && !el.hasAttribute('required'))
    .map((el) => el.id || el.outerHTML.slice(0, 80));
}

describe('required fields are announced to screen readers (aria-required)', () => {
  it('on the application form: every required field, the consent and the passport file; only the passport scan and the yes/no questions are optional', async () => {
    await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={new Date('2026-12-01T12:00:00Z')} />, { path: '/apply', user: testUser() });
    expect(notAnnouncedAsRequired()).toEqual(['app-passport-scan', 'app-otherNationalities', 'app-visitedEgyptBefore', 'app-hasBeenDeported', 'app-smsUpdates']);
    expect(document.getElementById('app-gender')).toHaveAttribute('aria-required', 'true');
    expect(document.getElementById('app-privacyPolicyAccepted')).toHaveAttribute('aria-required', 'true');
    expect(document.getElementById('app-passport-file')).toHaveAttribute('aria-required', 'true');
    // The fields a "yes" reveals are required too.
    const user = setupUser();
    await user.click(document.getElementById('app-otherNationalities')!);
    await user.click(document.getElementById('app-visitedEgyptBefore')!);
    await user.click(document.getElementById('app-hasBeenDeported')!);
    await user.selectOptions(document.getElementById('app-countryOfBirth')!, 'France');
    expect(notAnnouncedAsRequired()).toEqual(['app-passport-scan', 'app-otherNationalities', 'app-visitedEgyptBefore', 'app-hasBeenDeported', 'app-smsUpdates']);
  });

  it('on the sign-in and sign-up forms', async () => {
    await renderPage(
      <>
        <SignInForm />
        <SignUpForm />
      </>,
      { path: '/auth' },
    );
    expect(screen.getAllByRole('textbox').length + document.querySelectorAll('input[type="password"]').length).toBe(7);
    expect(notAnnouncedAsRequired()).toEqual([]);
  });

  it('on the contact form', async () => {
    await renderPage(<ContactPage />, { path: '/contact' });
    expect(notAnnouncedAsRequired()).toEqual([]);
  });

  it('on the address details and the profile forms', async () => {
    const application = {
      id: 5,
      applicationNumber: 'EV-5',
      expectedArrivalDate: '2026-12-10',
      expectedDepartureDate: '2026-12-20',
      address: null,
      city: null,
      postcode: null,
      hotelDetails: null,
    } as unknown as ApplicationDto;
    await renderPage(
      <>
        <AddressForm application={application} />
        <ProfileDetails user={testUser()} />
        <ChangePasswordSection open onOpenChange={() => undefined} />
      </>,
      { path: '/profile', user: testUser() },
    );
    expect(notAnnouncedAsRequired()).toEqual([]);
  });

  it('on the card form', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/payments/initial/3': () => ({ status: 200, body: { clientSecret: 's', paymentIntentId: 'pi_t', amount: 1000, currency: 'gbp' } }) }).fn);
    await renderPage(<PaymentPanel applicationId={3} paymentType="initial" amount={1000} serviceStartRequested />, { path: '/dashboard', user: testUser() });
    await setupUser().click(screen.getByRole('button', { name: 'Pay £10.00 Now' }));
    await screen.findByLabelText('Card number');
    expect(notAnnouncedAsRequired()).toEqual([]);
  });

  it('on the passport re-upload page', async () => {
    const application = {
      id: 5,
      applicationNumber: 'EV-5',
      givenName: 'A',
      surname: 'B',
      status: 'additional_info_required',
      requiresPassportReupload: true,
      additionalInfoMessage: 'Sharper, please.',
    };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [application] }), 'GET /api/applications/5/documents': () => ({ status: 200, body: [] }) }).fn);
    await renderApp('/passport-upload?applicationId=5', { user: testUser() });
    await screen.findByText('Sharper, please.');
    expect(document.getElementById('reupload-file')).toBeInTheDocument();
    expect(notAnnouncedAsRequired()).toEqual([]);
  });

  it('on the forgot-password and reset-password pages', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const forgot = await renderApp('/forgot-password');
    expect(notAnnouncedAsRequired()).toEqual([]);
    forgot.unmount();
    await renderApp('/reset-password?token=1.2.abc');
    expect(notAnnouncedAsRequired()).toEqual([]);
  });
});
