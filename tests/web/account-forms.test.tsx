import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressForm } from '../../apps/web/src/features/address/address-details-page.js';
import { ContactPage } from '../../apps/web/src/features/contact/contact-page.js';
import { ChangePasswordSection, ProfileDetails } from '../../apps/web/src/features/profile/profile-page.js';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { expectBesideField, expectInSummary, fakeFetch, renderPage, setupUser, testUser, toastText } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const application = {
  id: 5,
  applicationNumber: 'EV-2026-000005',
  givenName: 'Amelia',
  surname: 'Traveller',
  expectedArrivalDate: '2026-12-10',
  expectedDepartureDate: '2026-12-20',
  address: null,
  city: null,
  postcode: null,
  hotelDetails: null,
} as unknown as ApplicationDto;

describe('address and accommodation details', () => {
  it('requires every field with the messages of docs/product.md §5.7 and shows the travel dates', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<AddressForm application={application} />, { path: '/address-details', user: testUser() });
    expect(screen.getByText('Thursday 10 December 2026')).toBeInTheDocument();
    expect(screen.getByText('Sunday 20 December 2026')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Save and Complete Application' }));
    await expectBesideField('addr-address', 'Address is required');
    await expectBesideField('addr-city', 'City is required');
    await expectBesideField('addr-postcode', 'Postcode is required');
    await expectBesideField('addr-hotelDetails', 'Hotel details are required');
    const summary = await expectInSummary('Address is required', 'addr-address');
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#addr-address', '#addr-city', '#addr-postcode', '#addr-hotelDetails']);
    expect(api.calls).toHaveLength(0);
  });

  it('saves the four fields and goes to the dashboard', async () => {
    const api = fakeFetch({ 'PATCH /api/applications/5': (body) => ({ status: 200, body: { ...application, ...(body as object) } }) });
    vi.stubGlobal('fetch', api.fn);
    const page = await renderPage(<AddressForm application={application} />, { path: '/address-details', user: testUser() });
    const user = setupUser();
    await user.type(screen.getByLabelText(/Home address/), '12 Acacia Avenue');
    await user.type(screen.getByLabelText(/City/), 'Manchester');
    await user.type(screen.getByLabelText(/Postcode/), 'M1 1AA');
    await user.type(screen.getByLabelText(/Hotel details/), 'Nile Ritz-Carlton, booking 4411');
    await user.click(screen.getByRole('button', { name: 'Save and Complete Application' }));
    expect(await screen.findByText('Application Complete')).toBeInTheDocument();
    expect(screen.getByText('Your application details have been submitted successfully.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      address: '12 Acacia Avenue',
      city: 'Manchester',
      postcode: 'M1 1AA',
      hotelDetails: 'Nile Ritz-Carlton, booking 4411',
    });
    await waitFor(() => expect(page.path()).toBe('/dashboard'));
  });

  it('reports a failed save with the server message in the summary, not in a toast', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'PATCH /api/applications/5': () => ({ status: 404, body: { message: 'Application not found.' } }) }).fn);
    await renderPage(<AddressForm application={{ ...application, address: 'a', city: 'b', postcode: 'c', hotelDetails: 'd' }} />, { path: '/address-details' });
    await setupUser().click(screen.getByRole('button', { name: 'Save and Complete Application' }));
    expect(await expectInSummary('Application not found.')).toHaveFocus();
    expect(toastText()).toBe('');
  });
});

describe('profile', () => {
  it('shows email and name read-only and checks the phone number', async () => {
    const api = fakeFetch({ 'PUT /api/user/profile': () => ({ status: 200, body: testUser({ phoneNumber: '+447700900999' }) }) });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<ProfileDetails user={testUser()} />, { path: '/profile', user: testUser() });
    expect(screen.getByLabelText('Email')).toHaveValue('amelia@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Email cannot be changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('readonly');
    expect(screen.getByText('Name cannot be changed')).toBeInTheDocument();
    const user = setupUser();
    const phone = screen.getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '0770');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectBesideField('profile-phoneNumber', 'Please enter a valid phone number');
    expect(await expectInSummary('Please enter a valid phone number', 'profile-phoneNumber')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '+447700900999');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Your phone number has been updated.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ phoneNumber: '+447700900999' });
  });

  it('keeps the password form collapsed behind a button, with the messages of docs/product.md §5.8 and Cancel', async () => {
    const wrong = 'Current password is incorrect';
    const api = fakeFetch({ 'PUT /api/user/change-password': () => ({ status: 400, body: { message: wrong, errors: { currentPassword: [wrong] } } }) });
    vi.stubGlobal('fetch', api.fn);
    function Harness() {
      const [open, setOpen] = useState(false);
      return <ChangePasswordSection open={open} onOpenChange={setOpen} />;
    }
    await renderPage(<Harness />, { path: '/profile', user: testUser() });
    const user = setupUser();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await expectBesideField('pw-current', 'Current password is required');
    await expectBesideField('pw-new', 'New password must be at least 6 characters');
    await expectBesideField('pw-confirm', 'Please confirm your new password');
    expect(await expectInSummary('Current password is required', 'pw-current')).toHaveFocus();
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-passwort');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await expectBesideField('pw-confirm', "Passwords don't match");
    expect(api.calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await expectBesideField('pw-current', wrong);
    expect(await expectInSummary(wrong, 'pw-current')).toHaveFocus();
    expect(toastText()).toBe('');
    expect(api.calls[0].body).toEqual({ currentPassword: 'old-password', newPassword: 'new-password' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});

describe('contact page', () => {
  it('defaults to United Kingdom, validates, shows Submitting... and then the thank-you card', async () => {
    let release!: () => void;
    const api = fakeFetch({
      'POST /api/contact': () => new Promise((resolve) => (release = () => resolve({ status: 201, body: { userId: 9 } }))),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<ContactPage />, { path: '/contact' });
    expect(screen.getByText(/an account will be created for you/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Nationality/)).toHaveValue('United Kingdom');
    expect(screen.getByText('e.g. tourism, business, transit, etc.')).toBeInTheDocument();
    expect(screen.getByText('Monday-Friday 9:00-18:00 GMT')).toBeInTheDocument();
    expect(screen.getByText('help@agency.example')).toBeInTheDocument();
    const user = setupUser();
    await user.type(screen.getByLabelText(/Full name/), 'A');
    await user.type(screen.getByLabelText(/Phone number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit Contact Form' }));
    await expectBesideField('contact-fullName', 'Full name must be at least 2 characters');
    await expectBesideField('contact-phoneNumber', 'Please enter a valid phone number');
    await expectBesideField('contact-email', 'Please enter a valid email');
    expect(await expectInSummary('Please enter a valid email', 'contact-email')).toHaveFocus();

    await user.type(screen.getByLabelText(/Full name/), 'lice Walker');
    await user.type(screen.getByLabelText(/Email/), 'alice@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '67890');
    await user.selectOptions(screen.getByLabelText(/Nationality/), 'Canada');
    await user.type(screen.getByLabelText(/Purpose of travel/), 'A week in Luxor and Aswan');
    await user.click(screen.getByRole('button', { name: 'Submit Contact Form' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Contact form submitted successfully!')).toBeInTheDocument();
    expect(screen.getByText("We've received your inquiry and will contact you soon. An account has been created for you.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In to Your Account' })).toHaveAttribute('href', '/auth');
    expect(api.calls.find((c) => c.url === '/api/contact')!.body).toEqual({
      fullName: 'Alice Walker',
      email: 'alice@example.com',
      phoneNumber: '1234567890',
      nationality: 'Canada',
      purposeOfTravel: 'A week in Luxor and Aswan',
      locale: 'en-GB',
    });
    await waitFor(() => expect(api.calls.find((c) => c.url === '/api/events')?.body).toMatchObject({ name: 'contact_submitted', properties: { nationality: 'Canada' } }));
  });

  it('says that an account already exists for the email and points to sign in (no "account created")', async () => {
    const api = fakeFetch({
      'POST /api/contact': () => ({ status: 201, body: { userId: 4, accountCreated: false, message: 'An account already exists for this email.' } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<ContactPage />, { path: '/contact' });
    const user = setupUser();
    await user.type(screen.getByLabelText(/Full name/), 'Alice Walker');
    await user.type(screen.getByLabelText(/Email/), 'alice@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '1234567890');
    await user.type(screen.getByLabelText(/Purpose of travel/), 'Tourism');
    await user.click(screen.getByRole('button', { name: 'Submit Contact Form' }));

    expect(await screen.findByText('Contact form submitted successfully!')).toBeInTheDocument();
    expect(screen.getByText("We've received your inquiry and will contact you soon. An account already exists for this email: please sign in.")).toBeInTheDocument();
    expect(screen.queryByText(/An account has been created for you/)).toBeNull();
    expect(screen.getByTestId('contact-thank-you')).toHaveTextContent('An account already exists for alice@example.com');
    expect(screen.getByRole('link', { name: 'Sign In to Your Account' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
