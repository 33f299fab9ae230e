import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplicationFormView, PAYMENT_REDIRECT_DELAY_MS } from '../../apps/web/src/features/apply/apply-page.js';
import { checkPassportFile } from '../../apps/web/src/lib/file-rules.js';
import {
  DEFAULT_APPLICATION_VALUES,
  HINT_DOCUMENTS,
  HINT_FIELDS,
  HINT_NATIONALITY,
  HINT_PRIVACY,
  raisedDeparture,
  submitState,
  type ApplicationFormValues,
} from '../../apps/web/src/features/apply/rules.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { CANCELLATION_RIGHT_TEXT, TOTAL_PRICE_TEXT } from '../../core/domain/price-terms.js';
import { installFakeXhr } from './fake-xhr.js';
import { chooseOption, expectBesideField, expectInSummary, fakeFetch, fill, renderPage, setupUser, testUser, toastText, type User } from './render.js';

// Tuesday 1 December 2026, noon in London: arrival from 4 December, passport valid to 1 June 2027.
const NOW = new Date('2026-12-01T12:00:00Z');
const EMAIL = 'help@agency.example';

const complete: ApplicationFormValues = {
  ...DEFAULT_APPLICATION_VALUES,
  givenName: 'Amelia',
  surname: 'Traveller',
  gender: 'female',
  dateOfBirth: '1990-05-15',
  maritalStatus: 'single',
  profession: 'Architect',
  passportNumber: '123456789',
  passportExpiry: '2028-01-01',
  expectedArrivalDate: '2026-12-10',
  expectedDepartureDate: '2026-12-20',
  privacyPolicyAccepted: true,
};

let restoreXhr: (() => void) | null = null;
afterEach(() => {
  vi.useRealTimers();
  dismissToast();
  vi.unstubAllGlobals();
  restoreXhr?.();
  restoreXhr = null;
});

describe('submit rules (docs/product.md §5.4)', () => {
  it('is enabled only with every field, a passport file, privacy accepted and a supported nationality', () => {
    expect(submitState(complete, true)).toEqual({ enabled: true, hints: [] });
    expect(submitState(complete, false).hints).toEqual([HINT_DOCUMENTS]);
    expect(submitState({ ...complete, privacyPolicyAccepted: false }, true).hints).toEqual([HINT_PRIVACY]);
    expect(submitState({ ...complete, profession: '  ' }, true).hints).toEqual([HINT_FIELDS]);
    expect(submitState({ ...complete, nationality: 'Afghanistan', countryOfBirth: 'Afghanistan' }, true).hints).toEqual([HINT_NATIONALITY]);
    expect(submitState(DEFAULT_APPLICATION_VALUES, false).hints).toEqual([HINT_DOCUMENTS, HINT_PRIVACY, HINT_FIELDS]);
  });

  it('requires the conditional fields only when their question says so', () => {
    expect(submitState({ ...complete, otherNationalities: true }, true).enabled).toBe(false);
    expect(submitState({ ...complete, otherNationalities: true, otherNationality: 'Canada' }, true).enabled).toBe(true);
    expect(submitState({ ...complete, countryOfBirth: 'France' }, true).enabled).toBe(false);
    expect(submitState({ ...complete, countryOfBirth: 'France', originalNationality: 'France' }, true).enabled).toBe(true);
    expect(submitState({ ...complete, visitedEgyptBefore: true, lastVisitDateFrom: '2019-01-01', lastVisitDateTo: '2019-01-08' }, true).enabled).toBe(false);
    expect(submitState({ ...complete, visitedEgyptBefore: true, lastVisitDateFrom: '2019-01-01', lastVisitDateTo: '2019-01-08', lastVisitStayLocation: 'Luxor' }, true).enabled).toBe(true);
    expect(submitState({ ...complete, hasBeenDeported: true, deportedFrom: 'France', deportationDate: '2015-03-03' }, true).enabled).toBe(false);
    expect(submitState({ ...complete, hasBeenDeported: true, deportedFrom: 'France', deportationDate: '2015-03-03', deportationReason: 'Overstay' }, true).enabled).toBe(true);
  });

  it('raises the departure date to the arrival date when it falls before it', () => {
    expect(raisedDeparture('2026-12-10', '2026-12-05')).toBe('2026-12-10');
    expect(raisedDeparture('2026-12-10', '2026-12-15')).toBe('2026-12-15');
    expect(raisedDeparture('2026-12-10', '')).toBe('');
  });

  it('accepts JPG, PNG and PDF up to 10MB only', () => {
    const mb = 1024 * 1024;
    expect(checkPassportFile({ name: 'passport.pdf', type: 'application/pdf', size: 2 * mb })).toEqual({ ok: true });
    expect(checkPassportFile({ name: 'passport.JPEG', type: 'image/jpeg', size: 10 * mb })).toEqual({ ok: true });
    expect(checkPassportFile({ name: 'passport.png', type: 'image/png', size: 10 * mb + 1 })).toEqual({
      ok: false,
      title: 'File Too Large',
      description: 'Please select a file smaller than 10MB.',
    });
    expect(checkPassportFile({ name: 'passport.gif', type: 'image/gif', size: 1000 })).toEqual({
      ok: false,
      title: 'Invalid File Type',
      description: 'Please select a JPG, PNG, or PDF file.',
    });
    expect(checkPassportFile({ name: 'passport.docx', type: '', size: 1000 }).ok).toBe(false);
    // The size is only stated, not enforced, on the re-upload page.
    expect(checkPassportFile({ name: 'big.pdf', type: 'application/pdf', size: 20 * mb }, { enforceSize: false })).toEqual({ ok: true });
  });
});

async function renderForm() {
  return renderPage(<ApplicationFormView agencyEmail={EMAIL} now={NOW} />, { path: '/apply', user: testUser() });
}

function passportFile(name = 'passport.png', type = 'image/png', size = 2048): File {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function fillEverything(user: User) {
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
  await user.upload(document.getElementById('app-passport-file') as HTMLInputElement, passportFile());
  await user.click(document.getElementById('app-privacyPolicyAccepted')!);
}

describe('application form', () => {
  it('starts with the defaults of docs/product.md §2.6, a disabled departure date and a disabled submit with its hints', async () => {
    await renderForm();
    expect(screen.getByText('Egypt E-Visa Application')).toBeInTheDocument();
    for (const section of ['Personal Information', 'Passport Information', 'Additional Information', 'Travel History', 'Travel Information']) {
      expect(screen.getByText(section)).toBeInTheDocument();
    }
    expect(document.getElementById('app-nationality')).toHaveValue('United Kingdom');
    expect(document.getElementById('app-countryOfBirth')).toHaveValue('United Kingdom');
    expect(document.getElementById('app-entry')).toHaveTextContent('Single entry');
    expect(document.getElementById('app-purposeOfVisit')).toHaveTextContent('Tourism');
    expect(document.getElementById('app-expectedDepartureDate')).toBeDisabled();
    // The date pickers' minimums: arrival 3 days from today, passport 6 months.
    expect(document.getElementById('app-expectedArrivalDate')).toHaveAttribute('min', '2026-12-04');
    expect(document.getElementById('app-passportExpiry')).toHaveAttribute('min', '2027-06-01');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    const hints = within(document.getElementById('submit-hints')!);
    expect(hints.getByText(/Please upload the required documents/)).toBeInTheDocument();
    expect(hints.getByText(/Please accept the privacy policy/)).toBeInTheDocument();
    expect(hints.getByText(/Please fill in all required fields/)).toBeInTheDocument();
  });

  it('enables the departure date once an arrival is chosen and raises it to the arrival', async () => {
    await renderForm();
    const arrival = document.getElementById('app-expectedArrivalDate')!;
    const departure = document.getElementById('app-expectedDepartureDate')!;
    fireEvent.change(arrival, { target: { value: '2026-12-10' } });
    await waitFor(() => expect(departure).toBeEnabled());
    expect(departure).toHaveAttribute('min', '2026-12-10');
    fireEvent.change(departure, { target: { value: '2026-12-12' } });
    fireEvent.change(arrival, { target: { value: '2026-12-15' } });
    await waitFor(() => expect(departure).toHaveValue('2026-12-15'));
  });

  it('warns beside the arrival date when the guaranteed answer may come after the trip starts — a notice, not an error', async () => {
    await renderForm();
    const arrival = document.getElementById('app-expectedArrivalDate')!;
    expect(screen.queryByTestId('arrival-notice')).toBeNull();
    // Paid today (Tuesday 1 December), the answer is guaranteed by Tuesday 8 December.
    fireEvent.change(arrival, { target: { value: '2026-12-04' } });
    const notice = await screen.findByTestId('arrival-notice');
    expect(notice).toHaveTextContent('our guaranteed answer date is Tuesday 8 December 2026, on or after your arrival, so our answer may come after your trip starts');
    expect(notice.parentElement).toHaveAttribute('role', 'status');
    expect(arrival.getAttribute('aria-describedby')).toContain(notice.id);
    expect(arrival).not.toHaveAttribute('aria-invalid');
    fireEvent.change(arrival, { target: { value: '2026-12-08' } });
    expect(await screen.findByTestId('arrival-notice')).toBeInTheDocument();
    fireEvent.change(arrival, { target: { value: '2026-12-09' } });
    await waitFor(() => expect(screen.queryByTestId('arrival-notice')).toBeNull());
    expect(arrival.getAttribute('aria-describedby')).not.toContain('notice');
  });

  it('states the total and the cancellation right in the payment notice, and never calls the £10 non-refundable', async () => {
    await renderForm();
    expect(screen.getByText(TOTAL_PRICE_TEXT)).toBeInTheDocument();
    expect(screen.getByText(CANCELLATION_RIGHT_TEXT)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/non-refundable|assessment fee|processing fee/i);
  });

  it('shows the conditional fields only when their question is answered yes', async () => {
    const user = setupUser();
    await renderForm();
    expect(document.getElementById('app-originalNationality')).toBeNull();
    await user.selectOptions(document.getElementById('app-countryOfBirth')!, 'France');
    expect(document.getElementById('app-originalNationality')).toBeInTheDocument();
    expect(document.getElementById('app-otherNationality')).toBeNull();
    await user.click(document.getElementById('app-otherNationalities')!);
    expect(document.getElementById('app-otherNationality')).toBeInTheDocument();
    await user.click(document.getElementById('app-visitedEgyptBefore')!);
    expect(document.getElementById('app-lastVisitStayLocation')).toBeInTheDocument();
    await user.click(document.getElementById('app-hasBeenDeported')!);
    expect(document.getElementById('app-deportationReason')).toBeInTheDocument();
  });

  it('refuses an unsupported nationality at once with the red panel beside the list, announced — not in a toast', async () => {
    const user = setupUser();
    await renderForm();
    await user.selectOptions(document.getElementById('app-nationality')!, 'Afghanistan');
    const message = `We currently do not process applications for your nationality. Please contact us at ${EMAIL} for further support.`;
    const panel = screen.getByTestId('nationality-not-supported');
    expect(panel).toHaveTextContent('Nationality Not Supported');
    expect(panel).toHaveTextContent(message);
    expect(panel).toHaveAttribute('role', 'alert');
    const select = document.getElementById('app-nationality')!;
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)).toBe(panel);
    // Beside its field: in the same field as the list, not after the section.
    expect(select.parentElement).toContainElement(panel);
    // Leaving the list does not say the message a second time under it.
    await user.tab();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(toastText()).toBe('');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
    await user.selectOptions(document.getElementById('app-nationality')!, 'France');
    expect(screen.queryByTestId('nationality-not-supported')).toBeNull();
  });

  it('refuses a file that is too large or of the wrong type', async () => {
    const user = setupUser({ applyAccept: false });
    await renderForm();
    const input = document.getElementById('app-passport-file') as HTMLInputElement;
    await user.upload(input, passportFile('scan.png', 'image/png', 11 * 1024 * 1024));
    // Beside the passport copy, announced — not in a toast (issue 37).
    await expectBesideField('app-passport-file', 'Please select a file smaller than 10MB.');
    expect(screen.queryByTestId('selected-file')).toBeNull();
    expect(toastText()).toBe('');
    await user.upload(input, passportFile('scan.gif', 'image/gif'));
    await expectBesideField('app-passport-file', 'Please select a JPG, PNG, HEIC or PDF file.');
    expect(toastText()).toBe('');
    await user.upload(input, passportFile('passport.pdf', 'application/pdf'));
    expect(await screen.findByText('File Selected')).toBeInTheDocument();
    expect(screen.getByTestId('selected-file')).toHaveTextContent('passport.pdf');
    expect(document.getElementById('app-passport-file-error')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it("shows 'You must accept the privacy policy to continue' when consent is unticked after being ticked", async () => {
    const user = setupUser();
    await renderForm();
    const consent = document.getElementById('app-privacyPolicyAccepted')!;
    await user.click(consent);
    expect(screen.queryByText('You must accept the privacy policy to continue')).toBeNull();
    await user.click(consent);
    expect(await screen.findByText('You must accept the privacy policy to continue')).toBeInTheDocument();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    await user.click(consent);
    await waitFor(() => expect(screen.queryByText('You must accept the privacy policy to continue')).toBeNull());
  });

  it('shows the gender and marital status messages when their list is left without a choice', async () => {
    const user = setupUser();
    await renderForm();
    await user.click(document.getElementById('app-gender')!);
    await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Female' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Please select a gender')).toBeInTheDocument();
    expect(document.getElementById('app-gender')).toHaveAttribute('aria-invalid', 'true');
    // Tabbing past the marital status without choosing counts as leaving it too.
    document.getElementById('app-maritalStatus')!.focus();
    await user.tab();
    expect(await screen.findByText('Please select a marital status')).toBeInTheDocument();
    await chooseOption(user, 'app-gender', 'Male');
    await waitFor(() => expect(screen.queryByText('Please select a gender')).toBeNull());
  });

  it('creates the application, uploads the passport, then goes to the payment page after 0.5 s', async () => {
    const api = fakeFetch({
      'POST /api/applications': () => ({ status: 201, body: { id: 7, applicationNumber: 'EV-7' } }),
      'POST /api/events': () => ({ status: 204 }),
    });
    vi.stubGlobal('fetch', api.fn);
    const progress: string[] = [];
    const xhr = installFakeXhr((url) => {
      progress.push(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 'none');
      return url === '/api/applications/7/documents' ? { status: 201, body: { id: 70, type: 'passport', fileName: 'passport.png' } } : { status: 404 };
    });
    restoreXhr = xhr.restore;
    // The clock runs on its own, and the test moves it past the payment redirect's delay.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser();
    const page = await renderForm();
    await fillEverything(user);
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Application Submitted')).toBeInTheDocument();
    expect(page.path()).toBe('/apply');
    expect(screen.getByText('Redirecting to payment page...')).toBeInTheDocument();
    const created = api.calls.find((c) => c.method === 'POST' && c.url === '/api/applications')!.body as Record<string, unknown>;
    expect(created).toMatchObject({
      givenName: 'Amelia',
      surname: 'Traveller',
      gender: 'female',
      nationality: 'United Kingdom',
      countryOfBirth: 'United Kingdom',
      originalNationality: null,
      entry: 'Single',
      purposeOfVisit: 'tourism',
      expectedArrivalDate: '2026-12-10',
      expectedDepartureDate: '2026-12-20',
      privacyPolicyAccepted: true,
      lastVisitDateFrom: null,
      deportedFrom: null,
    });
    expect(xhr.requests).toHaveLength(1);
    expect(xhr.requests[0].body.get('type')).toBe('passport');
    expect((xhr.requests[0].body.get('file') as File).name).toBe('passport.png');
    expect(progress[0]).toBe('25');
    expect(api.calls.find((c) => c.url === '/api/events')?.body).toMatchObject({
      name: 'application_submitted',
      properties: { applicationId: 7, nationality: 'United Kingdom', purposeOfVisit: 'tourism', entry: 'Single' },
    });
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_REDIRECT_DELAY_MS));
    expect(page.path()).toBe('/payment?applicationId=7&type=initial');
  });

  it('aborts the submission when the passport upload fails, and a retry does not create a second application', async () => {
    const api = fakeFetch({ 'POST /api/applications': () => ({ status: 201, body: { id: 8 } }) });
    vi.stubGlobal('fetch', api.fn);
    let failUpload = true;
    const xhr = installFakeXhr(() => (failUpload ? { status: 400, body: 'Please select a JPG, PNG, or PDF file.' } : { status: 201, body: { id: 80 } }));
    restoreXhr = xhr.restore;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser();
    const page = await renderForm();
    await fillEverything(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    // The refused file beside the passport copy and in the summary, which takes the focus.
    await expectBesideField('app-passport-file', 'Please select a JPG, PNG, or PDF file.');
    expect(await expectInSummary('Please select a JPG, PNG, or PDF file.', 'app-passport-file')).toHaveFocus();
    expect(screen.queryByText('Submission Failed')).toBeNull();
    // Well past the moment a successful submission would have left for the payment page.
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_REDIRECT_DELAY_MS * 2));
    expect(page.path()).toBe('/apply');

    failUpload = false;
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Application Submitted')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.url === '/api/applications')).toHaveLength(1);
    expect(xhr.requests.map((r) => r.url)).toEqual(['/api/applications/8/documents', '/api/applications/8/documents']);
  });

  it('says a failure of no field (the server unreachable) in the summary alone, and keeps the answers', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'POST /api/applications': () => ({ status: 503, body: { message: 'The service is temporarily unavailable. Please try again in a moment.' } }) }).fn);
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 1 } }));
    restoreXhr = xhr.restore;
    const user = setupUser();
    await renderForm();
    await fillEverything(user);
    act(() => dismissToast()); // 'File Selected'
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const summary = await expectInSummary('The service is temporarily unavailable. Please try again in a moment.');
    expect(summary).toHaveFocus();
    expect(within(summary).queryByRole('link')).toBeNull();
    expect(toastText()).toBe('');
    expect(xhr.requests).toHaveLength(0);
    expect(document.getElementById('app-givenName')).toHaveValue('Amelia');
  });

  it('lists the problems the browser finds on submitting, in the page’s order, each linked to its field', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const user = setupUser();
    await renderForm();
    await fillEverything(user);
    // An arrival too soon and a passport that expires too soon: both refused before anything is sent.
    fireEvent.change(document.getElementById('app-passportExpiry')!, { target: { value: '2027-01-01' } });
    fireEvent.change(document.getElementById('app-expectedArrivalDate')!, { target: { value: '2026-12-02' } });
    const focused: string[] = [];
    const record = (event: FocusEvent) => focused.push((event.target as HTMLElement).id);
    document.addEventListener('focusin', record);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const summary = await screen.findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['#app-passportExpiry', 'Passport must be valid for at least 6 months from today'],
      ['#app-expectedArrivalDate', 'Arrival date must be at least 3 days from today'],
    ]);
    await expectBesideField('app-passportExpiry', 'Passport must be valid for at least 6 months from today');
    // The summary takes the focus, not the first field (which would hide the summary above it on a phone).
    document.removeEventListener('focusin', record);
    expect(focused).not.toContain('app-passportExpiry');
  });
});
