import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TABS, tabOfStatus } from '../../core/domain/admin-tabs.js';
import { newApplication } from '../../core/domain/application.js';
import type { ApplicationStatus } from '../../core/domain/status.js';
import type { AdminApplicationDto as ApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { AdminDashboard } from './composed.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { installFakeXhr } from './fake-xhr.js';
import { validForm } from '../core/helpers.js';
import { chooseOption, fill, renderPage, setupUser, testUser, type User } from './render.js';
import { keys } from '../../apps/web/src/api/keys.js';
import { BRITISH_FIELDS, BRITISH_TRAVELLER, td3Lines } from '../../bench/support/synthetic-passport.js';

/** One entry of GET /api/admin/payment-issues (the server's contract). */
interface PaymentIssue {
  paymentIntentId: string;
  applicationId: number | null;
  applicationNumber: string | null;
  paymentType: 'initial' | 'final' | null;
  amount: number;
  currency: string;
  createdAt: string;
  problem: string;
  recordable: boolean;
}

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The side panel remembers its open sections in this browser.
  window.localStorage.clear();
});

const admin = testUser({ id: 99, email: 'staff@agency.example', fullName: 'Agency Admin', isAdmin: true });

function application(id: number, overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  const stored = newApplication({
    form: validForm({ givenName: `Given${id}`, surname: `Surname${id}`, passportNumber: `P${id}0000` }),
    userId: id + 100,
    applicationNumber: `EV-2026-${String(id).padStart(6, '0')}`,
    now: new Date('2026-11-20T10:00:00.000Z'),
  });
  // What the API sends: dates as ISO text, plus the derived guarantee.
  const asJson = JSON.parse(JSON.stringify({ ...stored, id, version: 1 })) as Omit<ApplicationDto, 'guarantee'>;
  return { ...asJson, guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false }, ...overrides };
}

function entryOf(app: ApplicationDto): AdminEntryDto {
  return {
    application: app,
    status: app.status,
    user: {
      id: app.userId,
      email: `applicant${app.id}@example.com`,
      username: `applicant${app.id}@example.com`,
      fullName: `${app.givenName} ${app.surname}`,
      phoneNumber: '+447700900123',
      createdAt: '2026-11-19T09:00:00.000Z',
    },
    assignee: null,
    portal: null,
  };
}

function userWithoutApplication(id: number): AdminEntryDto {
  return {
    application: null,
    status: 'user_registered',
    user: { id, email: `newcomer${id}@example.com`, username: `newcomer${id}@example.com`, fullName: 'Nadia Newcomer', phoneNumber: '+447700900999', createdAt: '2026-11-18T09:00:00.000Z' },
    assignee: null,
    portal: null,
  };
}

/**
 * A small stand-in for the admin API: lists by tab, counts, history and documents, and applies
 * status changes (refusing a status the tab does not offer, as the server does). Records requests.
 */
function fakeAdminApi(
  entries: AdminEntryDto[],
  options: {
    failStatus?: boolean;
    failReminders?: boolean;
    paymentIssues?: PaymentIssue[];
    refuseRecord?: string;
    documents?: Record<number, unknown[]>;
    workQueue?: { tab: string; deadline: string | null };
  } = {},
) {
  const issues = options.paymentIssues ? [...options.paymentIssues] : null;
  const requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://agency.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, query: url.searchParams, body });
    if (method === 'GET' && url.pathname === '/api/admin/applications/counts') {
      const count = (keep: (e: AdminEntryDto) => boolean) => Object.fromEntries(ADMIN_TABS.map((t) => [t.id, entries.filter((e) => t.statuses.includes(e.status) && keep(e)).length]));
      return json(200, { ...count(() => true), mine: count((e) => e.assignee?.id === admin.id), unassigned: count((e) => e.application !== null && e.assignee === null) });
    }
    if (method === 'GET' && url.pathname === '/api/admin/applications') {
      const tab = ADMIN_TABS.find((t) => t.id === url.searchParams.get('tab'))!;
      const items = entries.filter((e) => tab.statuses.includes(e.status));
      return json(200, { items, total: items.length, page: 1, pageSize: 25 });
    }
    if (method === 'GET' && url.pathname === '/api/admin/work-queue') return json(200, options.workQueue ?? { tab: 'initial-payment', deadline: null });
    const one = /^\/api\/admin\/applications\/(\d+)$/.exec(url.pathname);
    if (method === 'GET' && one) {
      const entry = entries.find((e) => e.application?.id === Number(one[1]));
      return entry ? json(200, entry) : json(404, { message: 'Application not found.' });
    }
    const history = /^\/api\/admin\/applications\/(\d+)\/history$/.exec(url.pathname);
    if (method === 'GET' && history) {
      return json(200, [
        { id: 1, applicationId: Number(history[1]), fromStatus: null, toStatus: 'online_entry', changedBy: null, changedByName: 'system', message: null, changedAt: '2026-11-20T10:00:00.000Z' },
      ]);
    }
    const documents = /^\/api\/applications\/(\d+)\/documents$/.exec(url.pathname);
    if (method === 'GET' && documents) return json(200, options.documents?.[Number(documents[1])] ?? []);
    const statusChange = /^\/api\/admin\/applications\/(\d+)\/status$/.exec(url.pathname);
    if (method === 'PUT' && statusChange) {
      if (options.failStatus) return json(500, { message: 'Something went wrong on our side.' });
      const entry = entries.find((e) => e.application?.id === Number(statusChange[1]))!;
      const change = body as { status: ApplicationStatus; additionalInfoMessage?: string | null; requiresPassportReupload?: boolean };
      if (!tabOfStatus(entry.status).choices.includes(change.status)) return json(409, { message: 'This status change is not allowed.' });
      const app = {
        ...entry.application!,
        status: change.status,
        additionalInfoMessage: change.additionalInfoMessage ?? entry.application!.additionalInfoMessage,
        requiresPassportReupload: change.requiresPassportReupload ?? false,
      };
      entry.application = app;
      entry.status = app.status;
      return json(200, app);
    }
    if (method === 'POST' && url.pathname === '/api/admin/send-payment-reminders') {
      return options.failReminders ? json(500, { message: 'SMTP is down' }) : json(200, { message: 'Sent 3 payment reminders (1 skipped).', sent: 3, skipped: 1 });
    }
    const evisa = /^\/api\/admin\/applications\/(\d+)\/send-evisa$/.exec(url.pathname);
    if (method === 'POST' && evisa) return json(200, { message: 'E-visa sent.' });
    // The payment-issues contract (GET list, POST record), as the server answers it.
    if (issues && method === 'GET' && url.pathname === '/api/admin/payment-issues') return json(200, { checked: 12, issues });
    const record = /^\/api\/admin\/payment-issues\/([^/]+)\/record$/.exec(url.pathname);
    if (issues && method === 'POST' && record) {
      if (options.refuseRecord) return json(409, { message: options.refuseRecord });
      const index = issues.findIndex((i) => i.paymentIntentId === decodeURIComponent(record[1]));
      if (index < 0) return json(404, { message: 'Payment not found.' });
      const [recorded] = issues.splice(index, 1);
      return json(200, { message: `Payment recorded on application ${recorded.applicationNumber}.` });
    }
    return json(404, { message: 'Not found.' });
  };
  vi.stubGlobal('fetch', fetchFn);
  return { requests, writes: () => requests.filter((r) => r.method !== 'GET') };
}

async function renderDashboard(path = '/admin') {
  const user = setupUser();
  const rendered = await renderPage(<AdminDashboard />, { path, user: admin });
  return { user, ...rendered };
}

/** Opens the application in the side panel: the panel (its header's actions and its sections). */
async function openEntry(user: User, app: ApplicationDto) {
  await user.click(await screen.findByRole('button', { name: `Manage ${app.applicationNumber}` }));
  await screen.findByTestId(`admin-panel-${app.id}`);
  return screen.getByTestId('admin-side-panel');
}

function chooseStatus(user: User, app: ApplicationDto, label: string) {
  return chooseOption(user, `status-${app.id}`, label);
}

describe('admin dashboard', () => {
  it('shows the heading, the six tabs with their counts and the empty message', async () => {
    fakeAdminApi([entryOf(application(1, { status: 'verified' })), entryOf(application(2, { status: 'approved' })), userWithoutApplication(7)]);
    await renderDashboard('/admin?tab=rejected');
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('No applications found in this category.')).toBeInTheDocument();
    const labels = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(labels).toEqual(['Online Entries1', 'Initial Payment0', 'Submitted to Portal1', 'Approved1', 'Complete0', 'Rejected0']);
  });

  it("says 'Loading applications...' until the list arrives", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeAdminApi([]);
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return answer(input, init);
    });
    await renderDashboard();
    expect(screen.getByText('Loading applications...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No applications found in this category.')).toBeInTheDocument();
    // No tab in the address: the work queue's tab (the stand-in server's: Initial Payment).
    expect(api.requests.some((r) => r.path === '/api/admin/applications' && r.query.get('tab') === 'initial-payment')).toBe(true);
  });

  it("lists a user without an application as 'User' with 'No Application'", async () => {
    fakeAdminApi([userWithoutApplication(7)]);
    await renderDashboard('/admin?tab=online-entries');
    const card = await screen.findByTestId('admin-user-7');
    expect(within(card).getByText('No Application')).toBeInTheDocument();
    expect(within(card).getByText('User')).toBeInTheDocument();
    expect(within(card).getByText('newcomer7@example.com')).toBeInTheDocument();
  });

  it('shows the table with the columns of docs/product.md §2.14 on large screens, and the risk, re-upload and payment badges', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(((query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia);
    const risky = application(3, {
      status: 'additional_info_required',
      hasBeenDeported: true,
      visitedEgyptBefore: true,
      otherNationalities: true,
      requiresPassportReupload: true,
      initialPaymentId: 'pi_3',
      additionalInfoMessage: 'Send a sharper scan',
    });
    const reuploaded = application(4, { status: 'under_process', passportReuploadedAt: '2026-11-21T10:00:00.000Z' });
    fakeAdminApi([entryOf(risky), entryOf(reuploaded)]);
    await renderDashboard('/admin?tab=initial-payment');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Application ID', 'Flags', 'Name', 'Email', 'Passport', 'Submitted', 'Status', 'Payment', 'Assignee', 'Actions']);
    const row3 = screen.getByTestId('admin-row-3');
    for (const badge of ['DEPORTED', 'PREV VISIT', 'OTHER NAT', 'REUPLOAD', 'Initial Paid', 'Additional info required']) {
      expect(within(row3).getByText(badge)).toBeInTheDocument();
    }
    const row4 = screen.getByTestId('admin-row-4');
    expect(within(row4).getByText('UPLOADED')).toBeInTheDocument();
    expect(within(row4).getByText('Initial Unpaid')).toBeInTheDocument();
    expect(within(row4).queryByText('DEPORTED')).toBeNull();
  });

  it("flags an MRZ mismatch, shows the MRZ beside the typed values, and offers the passport's portal copy", async () => {
    const lines = td3Lines(BRITISH_TRAVELLER);
    const mismatched = application(11, {
      status: 'under_process',
      initialPaymentId: 'pi_11',
      givenName: 'Alice',
      surname: 'Smith',
      passportNumber: '925076473',
      passportCheck: { status: 'mismatch', mismatches: ['givenName', 'passportExpiry'] },
      passportScan: { documentId: 110, status: 'read', scan: { fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: lines } },
    });
    const matched = application(12, {
      status: 'under_process',
      initialPaymentId: 'pi_12',
      passportCheck: { status: 'match', mismatches: [] },
      passportScan: { documentId: 120, status: 'read', scan: { fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: lines } },
    });
    const passportDoc = {
      id: 110,
      applicationId: 11,
      type: 'passport',
      fileName: 'IMG_0042.jpg',
      fileUrl: '/api/documents/110/file',
      contentType: 'image/jpeg',
      status: 'pending',
      verificationNotes: null,
      uploadedAt: '2026-11-20T10:00:00.000Z',
      verifiedAt: null,
    };
    fakeAdminApi([entryOf(mismatched), entryOf(matched)], { documents: { 11: [passportDoc] } });
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const card11 = await screen.findByTestId('admin-row-11');
    expect(within(card11).getByText('MRZ MISMATCH')).toHaveAttribute('title', "The passport's MRZ differs: Given name(s), Passport expiry");
    expect(within(await screen.findByTestId('admin-row-12')).queryByText('MRZ MISMATCH')).toBeNull();

    const panel = await openEntry(user, mismatched);
    const check = within(panel).getByTestId('passport-check-11');
    const rows = within(check)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Surname', 'Smith', 'SMITH'],
      ['Given name(s)', 'Alice', 'ALICE JANE'],
      ['Passport number', '925076473', '925076473'],
      ['Nationality', 'United Kingdom', 'United Kingdom'],
      ['Date of birth', mismatched.dateOfBirth, '1990-05-01'],
      ['Gender', mismatched.gender, 'female'],
      ['Passport expiry', mismatched.passportExpiry, '2031-01-01'],
    ]);
    const flagged = within(check)
      .getAllByRole('row')
      .filter((r) => r.hasAttribute('data-mismatch'))
      .map((r) => r.querySelector('th')?.textContent);
    expect(flagged).toEqual(['Given name(s)', 'Passport expiry']);
    expect(within(check).getByLabelText('Machine-readable zone')).toHaveTextContent(lines[0]);
    const portal = await within(panel).findByRole('link', { name: 'Portal copy' });
    expect(portal).toHaveAttribute('href', '/api/admin/documents/110/portal-copy');
  });

  it("offers exactly the choices of the application's tab", async () => {
    const app = application(5, { status: 'verified', initialPaymentId: 'pi_5' });
    fakeAdminApi([entryOf(app)]);
    const { user } = await renderDashboard('/admin?tab=submitted-portal');
    await openEntry(user, app);
    await user.click(document.getElementById('status-5')!);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Verified', 'Additional info required', 'Approved', 'Rejected']);
  });

  it('stages an information request and sends it only on Apply Changes', async () => {
    const app = application(6, { status: 'under_process', initialPaymentId: 'pi_6' });
    const api = fakeAdminApi([entryOf(app)]);
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const panel = await openEntry(user, app);
    expect(within(panel).getByText('Initial: £10 Paid')).toBeInTheDocument();
    const apply = within(panel).getByRole('button', { name: 'Apply Changes' });
    expect(apply).toBeDisabled();

    await chooseStatus(user, app, 'Additional info required');
    expect(within(panel).getByText('Please enter a message or require a passport re-upload.')).toBeInTheDocument();
    expect(apply).toBeDisabled();
    await fill(user, within(panel).getByLabelText('Message to the applicant'), 'Please send a clearer passport photo.');
    await user.click(within(panel).getByLabelText('Require passport copy re-upload'));
    expect(screen.getByText('One application has unsaved changes.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await user.click(apply);
    await screen.findByText('Changes Saved');
    expect(screen.getByText('Application status and information have been updated successfully.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/admin/applications/6/status',
        body: { status: 'additional_info_required', additionalInfoMessage: 'Please send a clearer passport photo.', requiresPassportReupload: true },
      }),
    ]);
    await waitFor(() => expect(screen.queryByText('One application has unsaved changes.')).toBeNull());
  });

  it('asks for an optional reason for the applicant when Rejected is chosen, and sends it (docs/product.md §16.2)', async () => {
    const app = application(16, { status: 'verified', initialPaymentId: 'pi_16' });
    const api = fakeAdminApi([entryOf(app)]);
    const { user } = await renderDashboard('/admin?tab=submitted-portal');
    const panel = await openEntry(user, app);
    expect(within(panel).queryByLabelText('Reason for the applicant (optional)')).toBeNull();
    await chooseStatus(user, app, 'Rejected');
    await fill(user, within(panel).getByLabelText('Reason for the applicant (optional)'), '  Your passport expires too soon.  ');
    await user.click(within(panel).getByRole('button', { name: 'Apply Changes' }));
    await screen.findByText('Changes Saved');
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/api/admin/applications/16/status', body: { status: 'rejected', rejectionReason: 'Your passport expires too soon.' } }),
    ]);
  });

  it('shows staff the guarantee clock in the expanded entry (docs/product.md §16.3)', async () => {
    const app = application(17, {
      status: 'additional_info_required',
      initialPaymentId: 'pi_17',
      additionalInfoMessage: 'Please send your hotel booking.',
      guarantee: { deadline: '2026-12-09T23:59:59.999Z', breached: false, workingDaysUsed: 2, workingDaysTotal: 5, paused: true },
    });
    fakeAdminApi([entryOf(app)]);
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const panel = await openEntry(user, app);
    expect(within(panel).getByTestId('guarantee-clock')).toHaveTextContent('Paused — waiting on the applicant (2 of 5 working days used)');
  });

  it('discards staged changes without sending anything', async () => {
    const app = application(8, { status: 'application_created', initialPaymentId: 'pi_8' });
    const api = fakeAdminApi([entryOf(app)]);
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const panel = await openEntry(user, app);
    await chooseStatus(user, app, 'Verified');
    expect(within(screen.getByTestId('admin-row-8')).getByText('Unsaved')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Discard Changes' }));
    expect(within(screen.getByTestId('admin-row-8')).queryByText('Unsaved')).toBeNull();
    expect(document.getElementById('status-8')).toHaveTextContent('Application created');
    expect(api.writes()).toHaveLength(0);
  });

  it('shows the error toast of docs/product.md §8.2 when saving fails, and keeps the staged change', async () => {
    const app = application(9, { status: 'application_created', initialPaymentId: 'pi_9' });
    fakeAdminApi([entryOf(app)], { failStatus: true });
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const panel = await openEntry(user, app);
    await chooseStatus(user, app, 'Under process');
    await user.click(within(panel).getByRole('button', { name: 'Apply Changes' }));
    await screen.findByText('Failed to save changes. Please try again.');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-row-9')).getByText('Unsaved')).toBeInTheDocument();
  });

  it('shows the visa prompt for an approval and uploads a staged visa right after the approval is saved', async () => {
    const app = application(10, { status: 'verified', initialPaymentId: 'pi_10' });
    const api = fakeAdminApi([entryOf(app)]);
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 55, type: 'visa', fileName: 'visa.pdf' } }));
    try {
      const { user } = await renderDashboard('/admin?tab=submitted-portal');
      const panel = await openEntry(user, app);
      expect(within(panel).queryByLabelText('Upload the visa document')).toBeNull();
      await chooseStatus(user, app, 'Approved');
      const input = within(panel).getByLabelText('Upload the visa document');
      expect(input).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
      await user.upload(input, new File(['%PDF-1.4'], 'visa.pdf', { type: 'application/pdf' }));
      expect(within(panel).getByTestId('staged-visa')).toHaveTextContent('visa.pdf will be uploaded when you apply the changes.');
      expect(xhr.requests).toHaveLength(0);

      await user.click(within(panel).getByRole('button', { name: 'Apply Changes' }));
      await screen.findByText('Changes Saved');
      expect(api.writes()[0]).toMatchObject({ method: 'PUT', body: { status: 'approved' } });
      expect(xhr.requests.map((r) => r.url)).toEqual(['/api/admin/applications/10/visa-upload']);
      expect((xhr.requests[0].body.get('visa') as File).name).toBe('visa.pdf');
    } finally {
      xhr.restore();
    }
  });

  it("stages a replacement visa on an approved application like any change: the toast of docs/product.md §8.2, sent on 'Apply Changes'", async () => {
    const app = application(11, { status: 'approved', initialPaymentId: 'pi_11', visaDocument: 'old-visa.pdf' });
    const api = fakeAdminApi([entryOf(app)]);
    const xhr = installFakeXhr(() => ({ status: 201, body: { id: 56 } }));
    try {
      const { user } = await renderDashboard('/admin?tab=approved');
      const panel = await openEntry(user, app);
      const apply = within(panel).getByRole('button', { name: 'Apply Changes' });
      expect(apply).toBeDisabled();
      await user.upload(within(panel).getByLabelText('Replace the visa document'), new File(['%PDF-1.4'], 'evisa.pdf', { type: 'application/pdf' }));
      // Approved, the final fee not paid yet: the toast says when the applicant will get it (docs/product.md §8.2).
      await screen.findByText('Visa Document Chosen');
      expect(screen.getByText("It is uploaded when you click 'Apply Changes', and emailed to the applicant once the final fee is paid or waived.")).toBeInTheDocument();
      // Nothing is sent yet: the file waits with the staged change, and 'Apply Changes' can send it.
      expect(xhr.requests).toHaveLength(0);
      expect(within(panel).getByTestId('staged-visa')).toHaveTextContent('evisa.pdf will be uploaded when you apply the changes.');
      expect(within(screen.getByTestId('admin-row-11')).getByText('Unsaved')).toBeInTheDocument();
      expect(apply).toBeEnabled();

      await user.click(apply);
      await screen.findByText('Changes Saved');
      expect(xhr.requests.map((r) => r.url)).toEqual(['/api/admin/applications/11/visa-upload']);
      expect((xhr.requests[0].body.get('visa') as File).name).toBe('evisa.pdf');
      expect(api.writes()).toEqual([]); // the status was not touched: no status request
      await waitFor(() => expect(within(panel).queryByTestId('staged-visa')).toBeNull());
    } finally {
      xhr.restore();
    }
  });

  it('drops a staged replacement visa on Discard, and keeps it for a retry when its upload fails', async () => {
    const app = application(14, { status: 'approved', initialPaymentId: 'pi_14', visaDocument: 'old-visa.pdf' });
    fakeAdminApi([entryOf(app)]);
    let fail = true;
    const xhr = installFakeXhr(() => (fail ? { status: 400, body: { message: 'Please select a JPG, PNG, or PDF file.' } } : { status: 201, body: { id: 57 } }));
    try {
      const { user } = await renderDashboard('/admin?tab=approved');
      const panel = await openEntry(user, app);
      const choose = () => user.upload(within(panel).getByLabelText('Replace the visa document'), new File(['%PDF-1.4'], 'new-visa.pdf', { type: 'application/pdf' }));
      await choose();
      await user.click(within(panel).getByRole('button', { name: 'Discard Changes' }));
      expect(within(panel).queryByTestId('staged-visa')).toBeNull();
      expect(xhr.requests).toHaveLength(0);

      await choose();
      await user.click(within(panel).getByRole('button', { name: 'Apply Changes' }));
      await screen.findByText('Upload Failed');
      expect(within(panel).getByTestId('staged-visa')).toHaveTextContent('new-visa.pdf');
      fail = false;
      // The button is back once the failed attempt has settled.
      await user.click(await within(panel).findByRole('button', { name: 'Apply Changes' }));
      await screen.findByText('Changes Saved');
      expect(xhr.requests.map((r) => r.url)).toEqual(['/api/admin/applications/14/visa-upload', '/api/admin/applications/14/visa-upload']);
    } finally {
      xhr.restore();
    }
  });

  it('shows the e-visa email button only once the final fee is paid', async () => {
    const unpaid = application(12, { status: 'approved', initialPaymentId: 'pi_12' });
    const paid = application(13, { status: 'final_payment_received', initialPaymentId: 'pi_13', finalPaymentId: 'pi_13f', visaDocument: 'visa.pdf' });
    fakeAdminApi([entryOf(unpaid), entryOf(paid)]);
    const { user } = await renderDashboard('/admin?tab=approved');
    const unpaidPanel = await openEntry(user, unpaid);
    expect(within(unpaidPanel).queryByRole('button', { name: 'Send E-Visa Email' })).toBeNull();
    expect(within(screen.getByTestId('admin-row-12')).getByText('Final Pending')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Complete/ }));
    const paidPanel = await openEntry(user, paid);
    expect(within(screen.getByTestId('admin-row-13')).getByText('Final Paid')).toBeInTheDocument();
    await user.click(within(paidPanel).getByRole('button', { name: 'Send E-Visa Email' }));
    await screen.findByText("E-visa document sent successfully to user's email");
  });

  it("sends payment reminders and shows the server's message, or the failure text of docs/product.md §8.2", async () => {
    fakeAdminApi([]);
    const { user } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Send Payment Reminders' }));
    await screen.findByText('Payment Reminders Sent');
    expect(screen.getByText('Sent 3 payment reminders (1 skipped).')).toBeInTheDocument();

    dismissToast();
    fakeAdminApi([], { failReminders: true });
    await user.click(screen.getByRole('button', { name: 'Send Payment Reminders' }));
    await screen.findByText('Failed to send payment reminders. Please try again.');
  });

  it('flags an application past its guarantee deadline and filters for overdue ones on the server', async () => {
    const late = application(14, {
      status: 'under_process',
      initialPaymentId: 'pi_14',
      guarantee: { deadline: '2026-11-10T23:59:59.999Z', breached: true, workingDaysUsed: 5, workingDaysTotal: 5, paused: false },
    });
    const onTime = application(15, {
      status: 'under_process',
      initialPaymentId: 'pi_15',
      guarantee: { deadline: '2026-12-10T23:59:59.999Z', breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
    });
    const api = fakeAdminApi([entryOf(late), entryOf(onTime)]);
    const { user, path } = await renderDashboard('/admin?tab=initial-payment');
    expect(within(await screen.findByTestId('admin-row-14')).getByText('OVERDUE')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-row-15')).queryByText('OVERDUE')).toBeNull();
    const panel = await openEntry(user, late);
    expect(within(panel).getByText(/Tuesday 10 November 2026 at 23:59/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Overdue only (past the 5-working-day guarantee)'));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/admin/applications' && r.query.get('overdue') === 'true')).toBe(true));
    expect(api.requests.some((r) => r.path === '/api/admin/applications/counts' && r.query.get('overdue') === 'true')).toBe(true);
    expect(path()).toContain('overdue=true');
  });

  it('searches on the server as the admin types', async () => {
    const api = fakeAdminApi([]);
    const { user, path } = await renderDashboard();
    await user.type(screen.getByLabelText('Search applications'), 'smith');
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/admin/applications' && r.query.get('q') === 'smith')).toBe(true));
    expect(api.requests.some((r) => r.path === '/api/admin/applications/counts' && r.query.get('q') === 'smith')).toBe(true);
    expect(path()).toContain('q=smith');
  });
});

describe('payments to check (taken by the provider, not recorded)', () => {
  const unrecorded: PaymentIssue = {
    paymentIntentId: 'pi_lost_1',
    applicationId: 21,
    applicationNumber: 'EV-2026-000021',
    paymentType: 'initial',
    amount: 1000,
    currency: 'gbp',
    createdAt: '2026-11-20T14:30:00.000Z',
    problem: 'Succeeded with the provider but not recorded on the application.',
    recordable: true,
  };
  const orphan: PaymentIssue = {
    paymentIntentId: 'pi_orphan_2',
    applicationId: null,
    applicationNumber: null,
    paymentType: null,
    amount: 3900,
    currency: 'gbp',
    createdAt: '2026-11-21T09:05:00.000Z',
    problem: 'No application matches this payment: refund it from the provider.',
    recordable: false,
  };

  it('shows nothing when every payment taken is recorded', async () => {
    const api = fakeAdminApi([], { paymentIssues: [] });
    await renderDashboard();
    await screen.findByText('No applications found in this category.');
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/admin/payment-issues')).toBe(true));
    expect(screen.queryByText('Payments to check')).toBeNull();
  });

  it('lists each unrecorded payment above the tabs, fetched once when the dashboard opens', async () => {
    const api = fakeAdminApi([], { paymentIssues: [unrecorded, orphan] });
    const { queryClient } = await renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Payments to check' });
    const first = within(panel).getByTestId('payment-issue-pi_lost_1');
    expect(first).toHaveTextContent('EV-2026-000021');
    expect(first).toHaveTextContent('Initial fee');
    expect(first).toHaveTextContent('£10.00');
    expect(first).toHaveTextContent('20 November 2026');
    expect(first).toHaveTextContent('Succeeded with the provider but not recorded on the application.');
    expect(within(first).getByRole('button', { name: 'Record payment' })).toBeEnabled();
    const second = within(panel).getByTestId('payment-issue-pi_orphan_2');
    expect(second).toHaveTextContent('£39.00');
    expect(second).toHaveTextContent('No application matches this payment: refund it from the provider.');
    expect(within(second).queryByRole('button', { name: 'Record payment' })).toBeNull();
    // Above the tabs.
    expect(panel.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Not refetched when the window regains focus.
    // (TanStack Query listens for visibilitychange on window; jsdom's document is always visible.)
    // The query cache's onFocus is where a refetch on focus would start: once it has run, any such
    // refetch is under way (its query fetching, its request sent).
    const cache = queryClient.getQueryCache();
    const onFocus = cache.onFocus.bind(cache);
    const focusHandled = new Promise<void>((resolve) =>
      vi.spyOn(cache, 'onFocus').mockImplementation(() => {
        onFocus();
        resolve();
      }),
    );
    window.dispatchEvent(new Event('visibilitychange'));
    await focusHandled;
    expect(queryClient.getQueryState(keys.paymentIssues)?.fetchStatus).toBe('idle');
    await screen.findByText('No applications found in this category.');
    expect(api.requests.filter((r) => r.path === '/api/admin/payment-issues')).toHaveLength(1);
  });

  it("records a payment with 'Record payment', says so and refreshes the list and the applications", async () => {
    const api = fakeAdminApi([], { paymentIssues: [unrecorded, orphan] });
    const { user } = await renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Payments to check' });
    const listReads = () => api.requests.filter((r) => r.path === '/api/admin/applications').length;
    const before = listReads();
    await user.click(within(within(panel).getByTestId('payment-issue-pi_lost_1')).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('Payment recorded on application EV-2026-000021.');
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/admin/payment-issues/pi_lost_1/record' })]);
    await waitFor(() => expect(within(panel).queryByTestId('payment-issue-pi_lost_1')).toBeNull());
    expect(within(panel).getByTestId('payment-issue-pi_orphan_2')).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
  });

  it("shows the server's reason when a payment cannot be recorded", async () => {
    fakeAdminApi([], { paymentIssues: [unrecorded], refuseRecord: 'The initial fee of this application is already recorded.' });
    const { user } = await renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Payments to check' });
    await user.click(within(panel).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('The initial fee of this application is already recorded.');
    expect(within(panel).getByTestId('payment-issue-pi_lost_1')).toBeInTheDocument();
  });
});

describe('the opening tab and the side panel (docs/product.md §2.14)', () => {
  it('opens on the work queue when the address names no tab, and says why', async () => {
    const api = fakeAdminApi([entryOf(application(3, { status: 'verified', initialPaymentId: 'pi_3' })), userWithoutApplication(7)], {
      workQueue: { tab: 'submitted-portal', deadline: '2036-11-27T17:00:00.000Z' },
    });
    await renderDashboard('/admin');
    expect(await screen.findByTestId('admin-row-3')).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Submitted to Portal');
    expect(screen.getByTestId('work-queue-note')).toHaveTextContent('Opened on Submitted to Portal: it holds the earliest guarantee deadline, Thursday 27 November 2036 at 17:00 (UK time).');
    expect(api.requests.filter((r) => r.path === '/api/admin/applications').map((r) => r.query.get('tab'))).toEqual(['submitted-portal']);
  });

  it("says when the work queue's earliest deadline has already passed", async () => {
    fakeAdminApi([], { workQueue: { tab: 'initial-payment', deadline: '2020-11-27T17:00:00.000Z' } });
    await renderDashboard('/admin');
    expect(await screen.findByTestId('work-queue-note')).toHaveTextContent(
      'Opened on Initial Payment: it holds the earliest guarantee deadline, Friday 27 November 2020 at 17:00 (UK time), already passed.',
    );
  });

  it('opens on the tab the address names, without asking for the work queue', async () => {
    const api = fakeAdminApi([userWithoutApplication(7)], { workQueue: { tab: 'submitted-portal', deadline: null } });
    await renderDashboard('/admin?tab=online-entries');
    expect(await screen.findByTestId('admin-user-7')).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Online Entries');
    expect(screen.queryByTestId('work-queue-note')).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/admin/work-queue')).toBe(false);
  });

  it('stays on the application after Apply Changes moves it to another tab, and shows its new state', async () => {
    const app = application(6, { status: 'under_process', initialPaymentId: 'pi_6' });
    const api = fakeAdminApi([entryOf(app)]);
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const panel = await openEntry(user, app);
    await chooseStatus(user, app, 'Verified');
    await user.click(within(panel).getByRole('button', { name: 'Apply Changes' }));
    await screen.findByText('Changes Saved');

    // The list no longer has it (it is in Submitted to Portal now); the panel still does.
    expect(await screen.findByText('No applications found in this category.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('panel-summary')).getByText('Verified')).toBeInTheDocument());
    expect(screen.getByTestId('admin-panel-6')).toBeInTheDocument();
    expect(document.getElementById('status-6')).toHaveTextContent('Verified');
    expect(within(screen.getByTestId('admin-side-panel')).getByRole('button', { name: 'Apply Changes' })).toBeDisabled();
    // Its choices are now those of its new tab.
    await user.click(document.getElementById('status-6')!);
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Verified', 'Additional info required', 'Approved', 'Rejected']);
    expect(api.requests.some((r) => r.method === 'GET' && r.path === '/api/admin/applications/6')).toBe(true);
  });

  it('keeps the actions in the header, above sections that open and close as staff left them', async () => {
    const first = application(6, { status: 'under_process', initialPaymentId: 'pi_6' });
    const second = application(8, { status: 'under_process', initialPaymentId: 'pi_8' });
    const api = fakeAdminApi([entryOf(first), entryOf(second)]);
    const { user } = await renderDashboard('/admin?tab=initial-payment');
    const panel = await openEntry(user, first);
    const actions = within(panel).getByTestId('side-panel-actions');
    expect(within(actions).getByRole('button', { name: 'Apply Changes' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Discard Changes' })).toBeInTheDocument();
    const sections = within(panel).getByTestId('side-panel-sections');
    expect(actions.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(sections).queryByRole('button', { name: 'Apply Changes' })).toBeNull();

    // Closed by default, and not read until opened.
    const audit = within(panel).getByRole('button', { name: /^Audit trail/ });
    expect(audit).toHaveAttribute('aria-expanded', 'false');
    expect(api.requests.some((r) => r.path === '/api/admin/applications/6/audit')).toBe(false);
    await user.click(audit);
    expect(audit).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/admin/applications/6/audit')).toBe(true));
    // Open by default; closed, its fields are gone and its summary stands in.
    const travel = within(panel).getByRole('button', { name: /^Travel(?! history)/ });
    expect(within(panel).getByText('Expected arrival')).toBeInTheDocument();
    await user.click(travel);
    expect(travel).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByText('Expected arrival')).toBeNull();
    expect(travel).toHaveTextContent(/Arrives \d{1,2} \w+ \d{4}/);

    // The next application opens the same way.
    await openEntry(user, second);
    expect(within(screen.getByTestId('admin-side-panel')).getByRole('button', { name: /^Audit trail/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByTestId('admin-side-panel')).getByRole('button', { name: /^Travel(?! history)/ })).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(window.localStorage.getItem('evisa.admin.panel-sections')!)).toEqual({ 'audit-trail': true, travel: false });
  });
});
