import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplicationFormView, PAYMENT_REDIRECT_DELAY_MS } from '../../apps/web/src/features/apply/apply-page.js';
import { AUTOSAVE_DELAY_MS } from '../../apps/web/src/features/apply/use-application-draft.js';
import { assumedBirthCountry, CHECK_THIS_FIELD, READ_FROM_PASSPORT } from '../../apps/web/src/features/apply/use-passport-scan.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { PASSPORT_UNREADABLE_MESSAGE } from '../../core/domain/passport-scan.js';
import { BRITISH_FIELDS, BRITISH_TRAVELLER, ICAO_SPECIMEN, td3Lines, type SyntheticPerson } from '../../bench/support/synthetic-passport.js';
import { installFakeXhr } from './fake-xhr.js';
import { chooseOption, fakeFetch, fill, renderPage, setupUser, testUser } from './render.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const EMAIL = 'help@agency.example';

let restoreXhr: (() => void) | null = null;
afterEach(() => {
  vi.useRealTimers();
  dismissToast();
  vi.unstubAllGlobals();
  restoreXhr?.();
  restoreXhr = null;
});

function photo(name = 'IMG_0042.heic', type = 'image/heic'): File {
  return new File([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63])], name, { type });
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const noteOf = (id: string) => document.querySelector(`label[for="${id}"] [data-field-note]`)?.textContent ?? null;

describe('Scan your passport (apply page)', () => {
  it('offers a camera-ready file input before the Personal and Passport sections', async () => {
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    const scan = input('app-passport-scan');
    expect(scan).toHaveAttribute('capture', 'environment');
    expect(scan.getAttribute('accept')).toContain('image/heic');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Scan your passport', 'Personal Information', 'Passport Information']);
  });

  it('fills the fields it read, marks them, keeps the photo as the passport upload, and drops a mark once the field is edited', async () => {
    const api = fakeFetch({
      'POST /api/applications': () => ({ status: 201, body: { id: 9, applicationNumber: 'EV-9' } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr((url) => {
      if (url === '/api/passport-scan') return { status: 200, body: { fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: td3Lines(BRITISH_TRAVELLER) } };
      if (url === '/api/applications/9/documents') return { status: 201, body: { id: 90, type: 'passport', fileName: 'IMG_0042.jpg' } };
      return { status: 404 };
    });
    restoreXhr = xhr.restore;
    // The clock runs on its own, and the test moves it past the payment redirect's delay.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser();
    const page = await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });

    await user.upload(input('app-passport-scan'), photo());
    expect(await screen.findByTestId('scan-result')).toHaveTextContent('IMG_0042.heic will be uploaded as your passport copy');
    expect(xhr.requests[0]?.url).toBe('/api/passport-scan');
    expect((xhr.requests[0]?.body.get('file') as File).name).toBe('IMG_0042.heic');

    expect(input('app-givenName')).toHaveValue('ALICE JANE');
    expect(input('app-surname')).toHaveValue('SMITH');
    expect(input('app-dateOfBirth')).toHaveValue('1990-05-01');
    expect(input('app-passportNumber')).toHaveValue('925076473');
    expect(input('app-passportExpiry')).toHaveValue('2031-01-01');
    expect(document.getElementById('app-gender')).toHaveTextContent('Female');
    expect(input('app-nationality')).toHaveValue('United Kingdom');
    for (const id of ['app-givenName', 'app-surname', 'app-gender', 'app-dateOfBirth', 'app-nationality', 'app-passportNumber', 'app-passportExpiry']) {
      expect(noteOf(id)).toBe(READ_FROM_PASSPORT);
    }
    expect(noteOf('app-profession')).toBeNull();
    // The zone has no place of birth: the country of birth follows the nationality, to be checked.
    expect(input('app-countryOfBirth')).toHaveValue('United Kingdom');
    expect(noteOf('app-countryOfBirth')).toBe(CHECK_THIS_FIELD);
    // The photo is the passport copy: the upload area shows it, nothing to choose twice.
    expect(within(document.getElementById('app-passport-file')!.closest('div')!.parentElement!).getByText('IMG_0042.heic')).toBeInTheDocument();

    // Still editable: a corrected field loses its mark.
    await user.clear(input('app-givenName'));
    await user.type(input('app-givenName'), 'Alice');
    expect(input('app-givenName')).toHaveValue('Alice');
    expect(noteOf('app-givenName')).toBeNull();
    expect(noteOf('app-surname')).toBe(READ_FROM_PASSPORT);

    // The rest of the form, then submit: the scanned photo is the file uploaded.
    await chooseOption(user, 'app-maritalStatus', 'Single');
    await fill(user, input('app-profession'), 'Architect');
    fireEvent.change(input('app-expectedArrivalDate'), { target: { value: '2026-12-10' } });
    fireEvent.change(input('app-expectedDepartureDate'), { target: { value: '2026-12-20' } });
    await user.click(document.getElementById('app-privacyPolicyAccepted')!);
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Application Submitted')).toBeInTheDocument();
    const created = api.calls.find((c) => c.method === 'POST' && c.url === '/api/applications')!.body as Record<string, unknown>;
    expect(created).toMatchObject({ givenName: 'Alice', surname: 'SMITH', gender: 'female', dateOfBirth: '1990-05-01', passportNumber: '925076473', passportExpiry: '2031-01-01' });
    const uploaded = xhr.requests.find((r) => r.url === '/api/applications/9/documents');
    expect((uploaded?.body.get('file') as File).name).toBe('IMG_0042.heic');
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_REDIRECT_DELAY_MS));
    expect(page.path()).toBe('/payment?applicationId=9&type=initial');
  });

  it("marks the fields the reader is unsure of 'Please check this field', and drops the mark once the field is corrected", async () => {
    const scan = { fields: { ...BRITISH_FIELDS, surname: 'SHITH' }, valid: false, uncertain: ['surname', 'passportNumber'], mrz: td3Lines(BRITISH_TRAVELLER) };
    const xhr = installFakeXhr(() => ({ status: 200, body: scan }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo());

    expect(await screen.findByTestId('scan-result')).toHaveTextContent('please check your surname, passport number against your passport');
    expect(input('app-surname')).toHaveValue('SHITH');
    expect(noteOf('app-surname')).toBe(CHECK_THIS_FIELD);
    expect(noteOf('app-passportNumber')).toBe(CHECK_THIS_FIELD);
    expect(document.querySelector('label[for="app-surname"] [data-field-note]')).toHaveAttribute('data-field-note', 'attention');
    for (const id of ['app-givenName', 'app-gender', 'app-dateOfBirth', 'app-nationality', 'app-passportExpiry']) expect(noteOf(id)).toBe(READ_FROM_PASSPORT);

    await user.clear(input('app-surname'));
    await user.type(input('app-surname'), 'SMITH');
    expect(noteOf('app-surname')).toBeNull();
    expect(noteOf('app-passportNumber')).toBe(CHECK_THIS_FIELD);
  });

  it('refuses a picture with no readable zone beside the scanner, announced, and does not make it the passport copy', async () => {
    const xhr = installFakeXhr(() => ({ status: 422, body: { message: PASSPORT_UNREADABLE_MESSAGE } }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    // A passport copy chosen before stays the copy.
    await user.upload(input('app-passport-file'), photo('my-passport.jpg', 'image/jpeg'));
    await user.upload(input('app-passport-scan'), photo('holiday.jpg', 'image/jpeg'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PASSPORT_UNREADABLE_MESSAGE);
    expect(alert).toHaveTextContent('holiday.jpg is not used as your passport copy');
    expect(alert.closest('fieldset')).toHaveTextContent('Scan your passport');
    const scanner = input('app-passport-scan');
    expect(scanner).toHaveAttribute('aria-invalid', 'true');
    expect(scanner.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(screen.getByTestId('selected-file')).toHaveTextContent('my-passport.jpg');
    expect(input('app-surname')).toHaveValue('');
    expect(noteOf('app-surname')).toBeNull();
  });

  it('leaves what an earlier scan read — fields, notes, passport copy — when a later picture is refused', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: td3Lines(BRITISH_TRAVELLER) } };
    const xhr = installFakeXhr(() => answer);
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo('passport.heic'));
    await screen.findByTestId('scan-result');
    answer = { status: 422, body: { message: PASSPORT_UNREADABLE_MESSAGE } };
    await user.upload(input('app-passport-scan'), photo('receipt.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('receipt.jpg is not used as your passport copy');
    expect(input('app-surname')).toHaveValue('SMITH');
    expect(noteOf('app-surname')).toBe(READ_FROM_PASSPORT);
    expect(screen.getByTestId('selected-file')).toHaveTextContent('passport.heic');
  });

  it("'Use this picture anyway' makes a picture the scanner could not read the passport copy, and the form is submitted with the details typed by hand", async () => {
    const api = fakeFetch({
      'POST /api/applications': () => ({ status: 201, body: { id: 9, applicationNumber: 'EV-9' } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr((url) => {
      if (url === '/api/passport-scan') return { status: 422, body: { message: PASSPORT_UNREADABLE_MESSAGE } };
      if (url === '/api/applications/9/documents') return { status: 201, body: { id: 90, type: 'passport', fileName: 'worn-passport.jpg' } };
      return { status: 404 };
    });
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo('worn-passport.jpg', 'image/jpeg'));
    await user.click(await screen.findByRole('button', { name: 'Use this picture anyway' }));
    expect(screen.getByRole('alert')).toHaveTextContent('worn-passport.jpg will be uploaded as your passport copy. Please fill in the fields below yourself.');
    expect(input('app-passport-scan')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('selected-file')).toHaveTextContent('worn-passport.jpg');
    expect(screen.queryByRole('button', { name: 'Use this picture anyway' })).toBeNull();

    await fill(user, input('app-givenName'), 'Maria');
    await fill(user, input('app-surname'), 'Virtanen');
    await chooseOption(user, 'app-gender', 'Female');
    fireEvent.change(input('app-dateOfBirth'), { target: { value: '1971-12-21' } });
    await chooseOption(user, 'app-maritalStatus', 'Single');
    await fill(user, input('app-profession'), 'Architect');
    await fill(user, input('app-passportNumber'), 'XP8271602');
    fireEvent.change(input('app-passportExpiry'), { target: { value: '2031-08-21' } });
    fireEvent.change(input('app-expectedArrivalDate'), { target: { value: '2026-12-10' } });
    fireEvent.change(input('app-expectedDepartureDate'), { target: { value: '2026-12-20' } });
    await user.click(document.getElementById('app-privacyPolicyAccepted')!);
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Application Submitted')).toBeInTheDocument();
    const uploaded = xhr.requests.find((r) => r.url === '/api/applications/9/documents');
    expect((uploaded?.body.get('file') as File).name).toBe('worn-passport.jpg');
  });

  it('offers no "Use this picture anyway" for a file the upload would refuse too', async () => {
    const xhr = installFakeXhr(() => ({ status: 415, body: { message: 'Please select a JPG, PNG, HEIC or PDF file.' } }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo('renamed.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a JPG, PNG, HEIC or PDF file.');
    expect(screen.queryByRole('button', { name: 'Use this picture anyway' })).toBeNull();
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('refuses a file type the scanner cannot read without sending it', async () => {
    const xhr = installFakeXhr(() => ({ status: 500 }));
    restoreXhr = xhr.restore;
    const user = setupUser({ applyAccept: false });
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo('passport.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a JPG, PNG, HEIC or PDF file.');
    expect(xhr.requests).toEqual([]);
  });
});

/** A scan's answer for `person`'s passport, as the server gives it. */
function scanOf(person: SyntheticPerson, fields: Partial<typeof BRITISH_FIELDS>) {
  return { fields: { ...BRITISH_FIELDS, ...fields }, valid: true, uncertain: [], mrz: td3Lines(person) };
}
const FINNISH = { ...BRITISH_TRAVELLER, issuingState: 'FIN', nationality: 'FIN' };

describe('the country of birth after a scan (the zone has none)', () => {
  it('follows the scanned nationality unless the traveller chose it', () => {
    expect(assumedBirthCountry('Finland', 'United Kingdom', null)).toBe('Finland'); // the form's default
    expect(assumedBirthCountry('Finland', '', null)).toBe('Finland');
    expect(assumedBirthCountry('Germany', 'Finland', 'Finland')).toBe('Germany'); // what an earlier scan assumed
    expect(assumedBirthCountry('Finland', 'India', null)).toBeNull(); // chosen
    expect(assumedBirthCountry(null, 'United Kingdom', null)).toBeNull(); // no nationality read
  });

  it("is set to a foreign scan's nationality and marked for checking, and one the traveller chose stays", async () => {
    const xhr = installFakeXhr(() => ({ status: 200, body: scanOf(FINNISH, { nationality: 'Finland' }) }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo());
    expect(await screen.findByTestId('scan-result')).toHaveTextContent('does not give your country of birth, so we set it to your nationality, Finland');
    expect(input('app-nationality')).toHaveValue('Finland');
    expect(input('app-countryOfBirth')).toHaveValue('Finland');
    expect(noteOf('app-countryOfBirth')).toBe(CHECK_THIS_FIELD);
    expect(document.getElementById('app-originalNationality')).toBeNull(); // born where they are a national: not asked

    // Born elsewhere: the traveller's choice drops the note, and a second scan leaves it.
    await user.selectOptions(input('app-countryOfBirth'), 'India');
    expect(noteOf('app-countryOfBirth')).toBeNull();
    await user.upload(input('app-passport-scan'), photo('again.heic'));
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveTextContent('again.heic will be uploaded'));
    expect(input('app-countryOfBirth')).toHaveValue('India');
    expect(noteOf('app-countryOfBirth')).toBeNull();
    expect(screen.getByTestId('scan-result')).not.toHaveTextContent('country of birth');
  });

  it("leaves the nationality for the traveller to choose, marked, when the zone's code is no country of the list", async () => {
    const xhr = installFakeXhr(() => ({ status: 200, body: scanOf(ICAO_SPECIMEN, { nationality: null }) }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await user.upload(input('app-passport-scan'), photo());
    expect(await screen.findByTestId('scan-result')).toHaveTextContent("Your passport's nationality code, UTO, is not a country on our list");
    expect(noteOf('app-nationality')).toBe(CHECK_THIS_FIELD);
    expect(noteOf('app-countryOfBirth')).toBeNull();
    await user.selectOptions(input('app-nationality'), 'Sweden');
    expect(noteOf('app-nationality')).toBeNull();
  });
});

describe('a scan and the draft', () => {
  it('saves the values a scan filled like typed ones, and "Start over" clears the scan\'s notes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const puts: Record<string, unknown>[] = [];
    const api = fakeFetch({
      'PUT /api/application-draft': (body) => {
        puts.push(body as Record<string, unknown>);
        return { status: 200, body };
      },
      'DELETE /api/application-draft': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const xhr = installFakeXhr(() => ({ status: 200, body: scanOf(FINNISH, { nationality: 'Finland' }) }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
    await waitFor(() => expect(api.calls.some((c) => c.method === 'GET' && c.url === '/api/application-draft')).toBe(true));
    await user.upload(input('app-passport-scan'), photo());
    await screen.findByTestId('scan-result');
    expect(puts).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await waitFor(() => expect(screen.getByTestId('draft-status')).toHaveTextContent('Saved'));
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ ...BRITISH_FIELDS, nationality: 'Finland', countryOfBirth: 'Finland' });

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(input('app-surname')).toHaveValue('');
    expect(screen.queryByTestId('scan-result')).toBeNull();
    expect(document.querySelectorAll('[data-field-note]')).toHaveLength(0);
  });
});
