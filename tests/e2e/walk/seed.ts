import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { parseMail } from '../../support/smtp-server.js';
import { applicantWithApplication, newEmail } from '../support/applicant.js';
import { until } from '../support/assert.js';
import { runCli, type AgencyServer } from '../support/server.js';
import { signInStaffByApi, type StaffLogin } from '../support/staff.js';

/**
 * The people the walk goes round as, each signed in once through the real API (the staff with
 * two-factor sign-in) and each application brought to its state the way the product does it: the
 * applicant's own requests, the test card, and staff changing the status.
 */

/** The application states a traveller's dashboard can show (issue 37's list, and the one staff add between). */
export const APPLICATION_STATES = ['draft', 'unpaid', 'paid', 'info-requested', 'reupload-requested', 'verified', 'approved', 'final-paid-with-visa', 'cancelled', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/**
 * The traveller's name as a passport scan leaves it, in capitals: every page a traveller reads must
 * write it 'Declan Card' (docs/product.md §14.4; the walk checks).
 */
export const TRAVELLER = { givenName: 'DECLAN', surname: 'CARD' } as const;

export const STAFF_ROLES_WALKED = ['admin', 'reviewer', 'finance'] as const;
export type WalkedRole = (typeof STAFF_ROLES_WALKED)[number];

/**
 * Who is walking: a visitor (signed out), a visitor who opened an application on /track, a
 * signed-in applicant with nothing yet, an applicant whose one application is in each state, each
 * staff role (two-factor set up), and a member of staff before their two-factor set-up.
 */
export type Persona = 'visitor' | 'tracker' | 'new-applicant' | ApplicationState | WalkedRole | 'staff-before-two-factor';

export interface SeededApplication {
  id: number;
  applicationNumber: string;
  email: string;
}

export interface World {
  server: AgencyServer;
  /** The cookies that make a browser this persona (none for the visitor). */
  cookies: Record<Persona, Cookie[]>;
  /** The one application of each state's applicant (none for the draft). */
  applications: Partial<Record<ApplicationState, SeededApplication>>;
}

type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

// A small but real PDF: the server decides the type from the first bytes.
const VISA_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PASSWORD = 'pyramids-2026';
const STAFF: Record<WalkedRole | 'support', StaffLogin & { name: string; phone: string }> = {
  admin: { email: 'walk-admin@evisa-e2e.example', password: 'walk-admin-2026', name: 'Walk Admin', phone: '+441234567810' },
  reviewer: { email: 'walk-reviewer@evisa-e2e.example', password: 'walk-reviewer-2026', name: 'Walk Reviewer', phone: '+441234567811' },
  finance: { email: 'walk-finance@evisa-e2e.example', password: 'walk-finance-2026', name: 'Walk Finance', phone: '+441234567812' },
  support: { email: 'walk-support@evisa-e2e.example', password: 'walk-support-2026', name: 'Walk Support', phone: '+441234567813' },
};

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<void> {
  if (response.status() >= 300) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

export async function seedWorld(server: AgencyServer): Promise<World> {
  const base = server.url;
  const contexts: APIRequestContext[] = [];
  const api = async () => {
    const context = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
    contexts.push(context);
    return context;
  };
  const cookiesOf = async (context: APIRequestContext) => (await context.storageState()).cookies as Cookie[];

  try {
    for (const [role, staff] of Object.entries(STAFF)) {
      await runCli(server, ['create-admin', '--email', staff.email, '--password', staff.password, '--name', staff.name, '--phone', staff.phone, '--role', role]);
    }
    const staffApi = {} as Record<WalkedRole, APIRequestContext>;
    for (const role of STAFF_ROLES_WALKED) {
      staffApi[role] = await api();
      await signInStaffByApi(staffApi[role], STAFF[role]);
    }
    // Signed in with the password only: the product then asks them to set up two-factor sign-in.
    const support = await api();
    await ok(await support.post('/api/login', { data: { email: STAFF.support.email, password: STAFF.support.password } }), 'support login');
    const admin = staffApi.admin;

    const setStatus = async (id: number, data: Record<string, unknown>) => ok(await admin.put(`/api/admin/applications/${id}/status`, { data }), `status ${JSON.stringify(data)}`);
    const pay = async (applicant: APIRequestContext, id: number, type: 'initial' | 'final') => {
      const started = await applicant.post(`/api/payments/${type}/${id}`, { data: type === 'initial' ? { startNow: true } : {} });
      await ok(started, `start ${type} payment`);
      const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
      await ok(await applicant.post(`/api/test-payments/${paymentIntentId}/confirm`, { data: { cardNumber: '4242424242424242' } }), 'test card');
      await ok(await applicant.post(`/api/payments/${type}/confirm/${id}`, { data: { paymentIntentId } }), `confirm ${type} payment`);
    };
    const registered = async () => {
      const applicant = await api();
      await ok(
        await applicant.post('/api/register', { data: { email: newEmail(), fullName: `${TRAVELLER.givenName} ${TRAVELLER.surname}`, phoneNumber: '+447700900456', password: PASSWORD } }),
        'register',
      );
      return applicant;
    };

    const cookies = {} as Record<Persona, Cookie[]>;
    const applications: World['applications'] = {};
    cookies.visitor = [];
    cookies['new-applicant'] = await cookiesOf(await registered());

    const draft = await registered();
    await ok(await draft.put('/api/application-draft', { data: { ...TRAVELLER, profession: 'Teacher', nationality: 'Ireland {Republic}' } }), 'save draft');
    cookies.draft = await cookiesOf(draft);

    for (const state of APPLICATION_STATES.filter((s) => s !== 'draft')) {
      const applicant = await api();
      const id = await applicantWithApplication(applicant, base, TRAVELLER);
      const { applicationNumber } = (await (await applicant.get(`/api/applications/${id}`)).json()) as { applicationNumber: string };
      const { email } = (await (await applicant.get('/api/user')).json()) as { email: string };
      applications[state] = { id, applicationNumber, email };
      if (state !== 'unpaid') await pay(applicant, id, 'initial');
      if (state === 'info-requested') {
        await setStatus(id, { status: 'additional_info_required', additionalInfoMessage: 'Please tell us the name and address of the hotel for your first night in Egypt.' });
      }
      if (state === 'reupload-requested') {
        await setStatus(id, { status: 'additional_info_required', additionalInfoMessage: 'The photo page is cut off: please upload the whole page.', requiresPassportReupload: true });
      }
      if (['verified', 'approved', 'final-paid-with-visa', 'rejected'].includes(state)) await setStatus(id, { status: 'verified' });
      if (state === 'approved' || state === 'final-paid-with-visa') {
        await setStatus(id, { status: 'approved' });
        // Named as the portal names its files: a long name the card must fit on a phone (issue 37, item 7).
        const visa = { name: `Egypt-eVisa-${applicationNumber}-Declan-Card-single-entry.pdf`, mimeType: 'application/pdf', buffer: VISA_PDF };
        await ok(await admin.post(`/api/admin/applications/${id}/visa-upload`, { multipart: { visa } }), 'visa upload');
      }
      if (state === 'final-paid-with-visa') {
        await pay(applicant, id, 'final');
        await ok(await admin.post(`/api/admin/applications/${id}/notes`, { data: { text: 'Visa checked against the passport before sending.' } }), 'note');
      }
      if (state === 'rejected') await setStatus(id, { status: 'rejected', rejectionReason: 'The passport expires before the end of the stay.' });
      if (state === 'cancelled') await ok(await applicant.post(`/api/applications/${id}/cancel`, { data: { reason: 'My trip was called off.' } }), 'cancel');
      cookies[state] = await cookiesOf(applicant);
    }

    // A visitor who opened the paid application on /track with the code from their mail.
    const tracker = await api();
    const tracked = applications.paid!;
    await ok(await tracker.post('/api/track/request', { data: { applicationNumber: tracked.applicationNumber, email: tracked.email } }), 'track request');
    let code: string | null = null;
    await until(async () => {
      code = await mailedTrackingCode(server, tracked.email);
      expect(code).toMatch(/^\d{6}$/);
    }, 30_000);
    await ok(await tracker.post('/api/track/verify', { data: { applicationNumber: tracked.applicationNumber, email: tracked.email, code } }), 'track verify');
    cookies.tracker = await cookiesOf(tracker);

    for (const role of STAFF_ROLES_WALKED) cookies[role] = await cookiesOf(staffApi[role]);
    cookies['staff-before-two-factor'] = await cookiesOf(support);
    return { server, cookies, applications };
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

/** The newest tracking code mailed to `to` (the .eml outbox in DATA_DIR). */
async function mailedTrackingCode(server: AgencyServer, to: string): Promise<string | null> {
  const dir = path.join(server.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  const mails = await Promise.all(files.map((f) => parseMail(readFileSync(path.join(dir, f)))));
  const codes = mails.filter((m) => m.to.includes(to) && /track application/.test(m.subject)).map((m) => /Your code: (\d{6})/.exec(m.text)?.[1]);
  return codes.filter(Boolean).at(-1) ?? null;
}
