import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationWithUser } from '../../core/ports/application-repository.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { EXPORT_PAGE } from '../../adapters/persistence/shared/rules.js';
import { anApplication, aUser, at } from '../contracts/persistence-fixtures.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { applicantWithApplication, makeAppOn, makeMemoryApp, signInAdmin, signUp, type TestAgency } from '../support/http.js';

/**
 * The full list of docs/product.md §7.6 (GET /api/admin/applications without parameters): every application — its own
 * fields at the top level with its `user` (docs/product.md §10.2) — newest first, then the
 * pseudo-entries; streamed as a JSON array from the stores' keyset pages.
 */
describe.each([
  ['sqlite', () => Promise.resolve(sqliteHarness())],
  ['postgres', () => postgresHarness()],
] as const)('the full admin list on %s', (_name, openHarness) => {
  let harness: PersistenceHarness;
  let persistence: Persistence;
  let t: TestAgency;

  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(async () => {
    await harness.dispose();
  });
  beforeEach(async () => {
    persistence = await harness.create();
    t = await makeAppOn(persistence);
  });
  afterEach(async () => {
    await t.close();
  });

  it("carries each application's fields at the top level with its user, then the pseudo-entries, as one JSON array", async () => {
    const admin = await signInAdmin(t);
    const owner = await applicantWithApplication(t, { givenName: 'Zoë', surname: 'Brontë' });
    t.clock.advance({ minutes: 1 });
    const later = await applicantWithApplication(t, { givenName: 'Later' });
    const registered = await signUp(t.app, { fullName: 'No Application Yet', phoneNumber: '+447700900555' });

    const res = await admin.browser.get('/api/admin/applications');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const entries = (await res.json()) as Record<string, unknown>[];
    expect(entries.map((e) => [e.id, e.status])).toEqual([
      [later.application.id, 'online_entry'],
      [owner.application.id, 'online_entry'],
      [null, 'user_registered'],
    ]);
    // The owner's read adds the applicant's timeline (docs/product.md §16.2; staff have the history
    // instead) and when the e-visa's mail went (§2.15; staff have the delivery log).
    const { timeline, evisaSentAt, ...stored } = (await (await owner.browser.get(`/api/applications/${owner.application.id}`)).json()) as Record<string, unknown>;
    expect(timeline).toEqual([]);
    expect(evisaSentAt).toBeNull();
    // The owner reads their passport number in full; staff read it masked (decision 0030).
    expect(stored.passportNumber).toBe('123456789');
    expect(entries[1]).toEqual({
      ...stored,
      passportNumber: '•••••6789',
      user: { id: owner.user.id, email: owner.email, username: owner.email, fullName: owner.user.fullName, phoneNumber: '+447700900123', createdAt: expect.any(String) },
      assignee: null,
      // Nothing recorded on the portal yet (docs/product.md §2.16).
      portal: {
        reference: null,
        state: 'to_submit',
        governmentFeeCents: null,
        governmentFeeCurrency: 'USD',
        governmentFeePence: null,
        feeAtPaymentCents: null,
        feeAtPaymentPence: null,
        absorbedFeeCents: null,
        absorbedFeePence: null,
        paidAt: null,
        receipt: null,
        updatedAt: null,
        updatedBy: null,
      },
    });
    expect(entries[1]).toMatchObject({ givenName: 'Zoë', surname: 'Brontë', applicationNumber: owner.application.applicationNumber });
    expect(entries[2]).toEqual({
      id: null,
      userId: registered.user.id,
      status: 'user_registered',
      user: { id: registered.user.id, email: registered.email, username: registered.email, fullName: 'No Application Yet', phoneNumber: '+447700900555', createdAt: expect.any(String) },
      assignee: null,
      portal: null,
    });
    // Nothing of the store's own: no password hash, no search keys.
    const text = JSON.stringify(entries);
    for (const leak of ['passwordHash', 'searchEmail', 'searchName', 'searchFullName', 'hasApplication']) expect(text).not.toContain(leak);
  });

  it('lists every application across the store pages, newest first, each once', async () => {
    const admin = await signInAdmin(t);
    const [user] = await persistence.bulk.insertUsers([aUser({ email: 'many@example.com' })]);
    const count = EXPORT_PAGE * 2 + 3;
    const stored = await persistence.bulk.insertApplications(
      Array.from({ length: count }, (_, i) => ({
        application: anApplication(user, { createdAt: at(i % 7), updatedAt: at(0) }),
        payments: [],
        history: [],
        documents: [],
        finalFeeWaived: false,
      })),
    );
    const entries = (await (await admin.browser.get('/api/admin/applications')).json()) as { id: number | null; user: { email: string } }[];
    const expected = stored.map((id, i) => ({ id, minute: i % 7 })).sort((a, b) => b.minute - a.minute || b.id - a.id);
    expect(entries.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(entries.every((e) => e.user.email === 'many@example.com')).toBe(true);
  });
});

describe('the full admin list streams', () => {
  let t: TestAgency;
  beforeEach(async () => {
    t = await makeMemoryApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('sends its first bytes before the store has read its last row', async () => {
    const admin = await signInAdmin(t);
    for (let i = 0; i < 3; i++) await applicantWithApplication(t);
    // The store's second "page" waits until the client holds the first bytes of the answer: a
    // server that waited for the last row before sending would never answer (the test times out).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let lastRowRead = false;
    const store = t.ports.applications;
    const read = store.streamAllWithUsers.bind(store);
    store.streamAllWithUsers = async function* (): AsyncGenerator<ApplicationWithUser> {
      const all: ApplicationWithUser[] = [];
      for await (const row of read()) all.push(row);
      yield all[0];
      await gate;
      yield* all.slice(1);
      lastRowRead = true;
    };

    const res = await admin.browser.get('/api/admin/applications');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    const decoder = new TextDecoder();
    let text = decoder.decode(first.value, { stream: true });
    expect(text.startsWith('[{')).toBe(true);

    open();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    expect(lastRowRead).toBe(true);
    const entries = JSON.parse(text) as { status: string }[];
    expect(entries).toHaveLength(3);
  });

  it('refuses an applicant before anything is read', async () => {
    const owner = await applicantWithApplication(t);
    let read = false;
    const store = t.ports.applications;
    store.streamAllWithUsers = async function* () {
      read = true;
      yield* [];
    };
    const res = await owner.browser.get('/api/admin/applications');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    expect(read).toBe(false);
  });
});
