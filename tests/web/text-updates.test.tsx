import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNTEXTABLE_PHONE_MESSAGE } from '../../core/domain/texts.js';
import { ApplicationFormView } from '../../apps/web/src/features/apply/apply-page.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { installFakeXhr } from './fake-xhr.js';
import { chooseOption, fakeFetch, fill, renderPage, setupUser, testUser, type User } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

async function fillForm(user: User) {
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
}

describe('text updates on the apply form (docs/product.md §16.4)', () => {
  it('offers texts to the account’s phone number, unticked by default, and sends the choice', async () => {
    const api = fakeFetch({ 'POST /api/applications': () => ({ status: 400, body: { message: UNTEXTABLE_PHONE_MESSAGE, errors: { smsUpdates: [UNTEXTABLE_PHONE_MESSAGE] } } }) });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 1 } }));
    try {
      await renderPage(<ApplicationFormView agencyEmail="help@agency.example" now={new Date('2026-12-01T12:00:00Z')} />, {
        path: '/apply',
        user: testUser({ phoneNumber: '020 7946 0000' }),
      });
      const user = setupUser();
      const box = screen.getByRole('checkbox', { name: "Text me when my application's status changes" });
      expect(box).not.toBeChecked();
      expect(screen.getByText(/We text 020 7946 0000, your account's phone number/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Change it on your profile' })).toHaveAttribute('href', '/profile');
      await fillForm(user);
      await user.click(box);
      await user.click(screen.getByRole('button', { name: 'Submit Application' }));

      // The server refuses a phone that cannot receive texts: its words show under the box.
      await waitFor(() => expect(document.getElementById('app-smsUpdates-error')).toHaveTextContent(UNTEXTABLE_PHONE_MESSAGE));
      const posted = api.calls.find((c) => c.method === 'POST' && c.url === '/api/applications');
      expect(posted?.body).toMatchObject({ smsUpdates: true, givenName: 'Amelia' });
      expect(xhr.requests).toHaveLength(0);
    } finally {
      xhr.restore();
    }
  });
});
