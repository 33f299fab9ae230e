import { collect } from '../support/collect.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { aDocument, aMail, anApplication, aPayment, aUser, at, T0, type MakePersistence } from './persistence-fixtures.js';

export function describeUserRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: UserRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('creates a user and finds it by id and by email in any case', async () => {
      const created = await p.users.create(aUser({ email: 'amelia@example.com', fullName: 'Amelia Clarke', isAdmin: false }));
      expect(created.id).toEqual(expect.any(Number));
      expect(created).toMatchObject({ email: 'amelia@example.com', fullName: 'Amelia Clarke', isAdmin: false, needsPasswordChange: false });
      expect(await p.users.findById(created.id)).toEqual(created);
      expect(await p.users.findByEmail('AMELIA@Example.COM')).toEqual(created);
      expect(await p.users.findByEmail('  amelia@example.com ')).toEqual(created);
      expect(await p.users.findByEmail('nobody@example.com')).toBeNull();
      expect(await p.users.findById(created.id + 1000)).toBeNull();
    });

    it('keeps timestamps and flags exactly', async () => {
      const created = await p.users.create(aUser({ isAdmin: true, needsPasswordChange: true, applicationReminderSent: at(5), createdAt: at(1) }));
      const found = await p.users.findById(created.id);
      expect(found?.isAdmin).toBe(true);
      expect(found?.needsPasswordChange).toBe(true);
      expect(found?.applicationReminderSent?.toISOString()).toBe(at(5).toISOString());
      expect(found?.createdAt.toISOString()).toBe(at(1).toISOString());
    });

    it('hands out copies: changing a returned user does not change the store', async () => {
      const created = await p.users.create(aUser());
      created.fullName = 'Changed';
      const found = await p.users.findById(created.id);
      expect(found?.fullName).not.toBe('Changed');
    });

    it('refuses a taken email (any case) with a Conflict and queues none of its mails', async () => {
      await p.users.create(aUser({ email: 'taken@example.com' }));
      const error = await p.users.create(aUser({ email: 'TAKEN@example.com' }), [aMail('TAKEN@example.com', { template: 'account_created' })]).catch((e) => e);
      expect(isDomainError(error, 'Conflict')).toBe(true);
      expect((await p.outbox.list()).length).toBe(0);
    });

    it('queues the mails given to create in the same operation, due at the user creation time', async () => {
      const user = await p.users.create(aUser({ email: 'new@example.com', createdAt: at(3) }), [aMail('new@example.com', { template: 'account_created' })]);
      const mails = await p.outbox.list();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'new@example.com', template: 'account_created', attempts: 0, sentAt: null, lastError: null });
      expect(mails[0].nextAttemptAt.toISOString()).toBe(at(3).toISOString());
      expect(user.email).toBe('new@example.com');
    });

    it('updates the phone number and says null for an unknown user', async () => {
      const user = await p.users.create(aUser());
      const updated = await p.users.updatePhone(user.id, '+20 100 000 0000');
      expect(updated?.phoneNumber).toBe('+20 100 000 0000');
      expect((await p.users.findById(user.id))?.phoneNumber).toBe('+20 100 000 0000');
      expect(await p.users.updatePhone(user.id + 1000, '1')).toBeNull();
    });

    it("keeps the account's language: English unless given, then as changed", async () => {
      const english = await p.users.create(aUser());
      expect((await p.users.findById(english.id))?.locale).toBe('en-GB');
      const arabic = await p.users.create(aUser({ locale: 'ar' }));
      expect((await p.users.findById(arabic.id))?.locale).toBe('ar');
      expect((await p.users.updateLocale(english.id, 'de'))?.locale).toBe('de');
      expect((await p.users.findById(english.id))?.locale).toBe('de');
      expect((await p.users.findByEmail(english.email))?.locale).toBe('de');
      expect(await p.users.updateLocale(english.id + 1000, 'fr')).toBeNull();
    });

    it('updates the password hash and flag and queues its mails', async () => {
      const user = await p.users.create(aUser({ needsPasswordChange: true }));
      await p.users.updatePassword(user.id, 'new-hash', false, [aMail(user.email, { template: 'password_changed' })], at(9));
      const found = await p.users.findById(user.id);
      expect(found).toMatchObject({ passwordHash: 'new-hash', needsPasswordChange: false });
      const mails = await p.outbox.list({ to: user.email });
      expect(mails.map((m) => m.template)).toEqual(['password_changed']);
      expect(mails[0].createdAt.toISOString()).toBe(at(9).toISOString());
    });

    it('sets and clears the admin flag', async () => {
      const user = await p.users.create(aUser());
      await p.users.setAdmin(user.id, true);
      expect((await p.users.findById(user.id))?.isAdmin).toBe(true);
      await p.users.setAdmin(user.id, false);
      expect((await p.users.findById(user.id))?.isAdmin).toBe(false);
    });

    it('stores a role and a deactivation, and lists staff oldest first', async () => {
      const applicant = await p.users.create(aUser({ createdAt: at(1) }));
      expect(await p.users.findById(applicant.id)).toMatchObject({ isAdmin: false, role: null, deactivatedAt: null });
      const admin = await p.users.create(aUser({ createdAt: at(3), isAdmin: true, role: 'admin' }));
      const legacy = await p.users.create(aUser({ createdAt: at(2), isAdmin: true }));
      const changed = await p.users.updateStaff(applicant.id, { role: 'finance' });
      expect(changed).toEqual({ user: { ...applicant, isAdmin: true, role: 'finance' } });
      expect((await p.users.listStaff()).map((u) => [u.id, u.role])).toEqual([
        [applicant.id, 'finance'],
        [legacy.id, null],
        [admin.id, 'admin'],
      ]);
      expect(await p.users.updateStaff(applicant.id, { deactivatedAt: at(9) })).toEqual({ user: { ...applicant, isAdmin: true, role: 'finance', deactivatedAt: at(9) } });
      expect(await p.users.updateStaff(applicant.id, { deactivatedAt: null })).toEqual({ user: { ...applicant, isAdmin: true, role: 'finance' } });
      expect(await p.users.updateStaff(999_999, { role: 'admin' })).toEqual({ refused: 'not-found' });
      expect(await p.users.updateStaff(2 ** 31, { role: 'admin' })).toEqual({ refused: 'not-found' });
    });

    it('never leaves the agency without an active admin (a staff member without a role counts as admin); nothing is written', async () => {
      const first = await p.users.create(aUser({ isAdmin: true }));
      const second = await p.users.create(aUser({ isAdmin: true, role: 'admin' }));
      const reviewer = await p.users.create(aUser({ isAdmin: true, role: 'reviewer' }));
      await p.sessions.create({ idHash: 'second', userId: second.id, createdAt: T0, lastSeenAt: T0 });
      expect('user' in (await p.users.updateStaff(second.id, { deactivatedAt: at(1) }))).toBe(true);
      expect(await p.sessions.find('second')).toBeNull();
      // `first` is now the only active admin.
      expect(await p.users.updateStaff(first.id, { role: 'support' })).toEqual({ refused: 'last-admin' });
      expect(await p.users.updateStaff(first.id, { deactivatedAt: at(2) })).toEqual({ refused: 'last-admin' });
      expect(await p.users.findById(first.id)).toEqual(first);
      // Changes that keep an admin, or to others, pass.
      expect('user' in (await p.users.updateStaff(first.id, { role: 'admin' }))).toBe(true);
      expect('user' in (await p.users.updateStaff(reviewer.id, { deactivatedAt: at(3) }))).toBe(true);
      expect('user' in (await p.users.updateStaff(second.id, { deactivatedAt: null }))).toBe(true);
      expect('user' in (await p.users.updateStaff(first.id, { role: 'support' }))).toBe(true);
      expect(await p.users.updateStaff(second.id, { role: 'reviewer' })).toEqual({ refused: 'last-admin' });
    });

    it('lists users without an application, newest first', async () => {
      const older = await p.users.create(aUser({ createdAt: at(1) }));
      const applied = await p.users.create(aUser({ createdAt: at(2) }));
      const newer = await p.users.create(aUser({ createdAt: at(3) }));
      await p.applications.create(anApplication(applied.id));
      expect((await p.users.listWithoutApplication()).map((u) => u.id)).toEqual([newer.id, older.id]);
    });

    it('pages the pseudo-entries (no application, no admin) newest first, then by id, with their total', async () => {
      const a = await p.users.create(aUser({ createdAt: at(1) }));
      const applied = await p.users.create(aUser({ createdAt: at(2) }));
      const b = await p.users.create(aUser({ createdAt: at(3) }));
      const c = await p.users.create(aUser({ createdAt: at(3) }));
      await p.users.create(aUser({ createdAt: at(4), isAdmin: true }));
      const d = await p.users.create(aUser({ createdAt: at(5) }));
      const promoted = await p.users.create(aUser({ createdAt: at(6) }));
      await p.users.setAdmin(promoted.id, true);
      await p.applications.create(anApplication(applied.id));
      const ids = (page: { items: { id: number }[] }) => page.items.map((u) => u.id);

      const all = await p.users.pageWithoutApplication({ offset: 0, limit: 10 });
      expect(ids(all)).toEqual([d.id, c.id, b.id, a.id]);
      expect(all.total).toBe(4);
      expect(all.items[0]).toEqual(await p.users.findById(d.id));
      expect(await p.users.pageWithoutApplication({ offset: 1, limit: 2 })).toMatchObject({ total: 4 });
      expect(ids(await p.users.pageWithoutApplication({ offset: 1, limit: 2 }))).toEqual([c.id, b.id]);
      expect(ids(await p.users.pageWithoutApplication({ offset: 3, limit: 2 }))).toEqual([a.id]);
      // limit 0 answers the total alone; past the end, no items but the same total.
      expect(await p.users.pageWithoutApplication({ offset: 0, limit: 0 })).toEqual({ items: [], total: 4 });
      expect(await p.users.pageWithoutApplication({ offset: 10, limit: 5 })).toEqual({ items: [], total: 4 });

      // Applying takes a user out of the pseudo-entries.
      await p.applications.create(anApplication(c.id));
      const after = await p.users.pageWithoutApplication({ offset: 0, limit: 10 });
      expect(ids(after)).toEqual([d.id, b.id, a.id]);
      expect(after.total).toBe(3);
      // The stream of every pseudo-entry says the same, newest first.
      expect((await collect(p.users.streamWithoutApplication())).map((u) => u.id)).toEqual([d.id, b.id, a.id]);
    });

    it('finds pseudo-entries with accents and case folded: "Zoë" by "zoe"', async () => {
      const zoe = await p.users.create(aUser({ email: 'Zoë.Brontë@example.com', fullName: 'Zoë Brontë' }));
      await p.users.create(aUser({ email: 'zara@example.com', fullName: 'Zara Lee' }));
      for (const q of ['zoe', 'ZOË', 'zoe bronte', 'zoe.bronte@']) {
        const found = await p.users.pageWithoutApplication({ q, offset: 0, limit: 10 });
        expect({ q, ids: found.items.map((u) => u.id), total: found.total }).toEqual({ q, ids: [zoe.id], total: 1 });
      }
    });

    it('searches the pseudo-entries by a case-insensitive prefix of the email or the full name', async () => {
      const amelia = await p.users.create(aUser({ email: 'amelia.clarke@example.com', fullName: 'Amelia Clarke', createdAt: at(1) }));
      const ahmed = await p.users.create(aUser({ email: 'a.hassan@example.com', fullName: 'Ahmed Hassan', createdAt: at(2) }));
      const omar = await p.users.create(aUser({ email: 'omar@example.com', fullName: 'Omar Amelin', createdAt: at(3) }));
      const applied = await p.users.create(aUser({ email: 'amelia.jones@example.com', fullName: 'Amelia Jones', createdAt: at(4) }));
      await p.applications.create(anApplication(applied.id));
      await p.users.create(aUser({ email: 'amelia.admin@example.com', fullName: 'Amelia Admin', isAdmin: true, createdAt: at(5) }));
      const odd = await p.users.create(aUser({ email: 'x_y%z@example.com', fullName: 'Xavier Y', createdAt: at(6) }));
      await p.users.create(aUser({ email: 'xayz@example.com', fullName: 'Xayz', createdAt: at(7) }));
      const search = async (q: string, offset = 0, limit = 10) => {
        const page = await p.users.pageWithoutApplication({ q, offset, limit });
        return { ids: page.items.map((u) => u.id), total: page.total };
      };

      // Email or full name, any case, trimmed; never an admin or a user who has applied.
      expect(await search('AMELIA')).toEqual({ ids: [amelia.id], total: 1 });
      expect(await search('  a.HAS ')).toEqual({ ids: [ahmed.id], total: 1 });
      expect(await search('omar amelin')).toEqual({ ids: [omar.id], total: 1 });
      expect(await search('a')).toEqual({ ids: [ahmed.id, amelia.id], total: 2 });
      expect(await search('a', 1, 1)).toEqual({ ids: [amelia.id], total: 2 });
      expect(await search('a', 0, 0)).toEqual({ ids: [], total: 2 });
      // A prefix only: "clarke" is inside Amelia's email and name, not at their start.
      expect(await search('clarke')).toEqual({ ids: [], total: 0 });
      // LIKE wildcards are plain characters.
      expect(await search('x_y%')).toEqual({ ids: [odd.id], total: 1 });
      expect(await search('x%')).toEqual({ ids: [], total: 0 });
      // A blank term is no filter.
      expect((await search('   ')).total).toBe(5);
    });

    it('claims an application reminder once per window, queuing the mail only when claimed', async () => {
      const user = await p.users.create(aUser());
      const mail = aMail(user.email, { template: 'application_reminder' });
      expect(await p.users.claimApplicationReminder(user.id, at(10), at(0), mail)).toBe(true);
      expect((await p.users.findById(user.id))?.applicationReminderSent?.toISOString()).toBe(at(10).toISOString());
      // Reminded at 10, not before the window start 5: already reminded.
      expect(await p.users.claimApplicationReminder(user.id, at(11), at(5), mail)).toBe(false);
      // A later window (reminded before 20) may claim again.
      expect(await p.users.claimApplicationReminder(user.id, at(30), at(20), mail)).toBe(true);
      expect((await p.outbox.list({ to: user.email })).length).toBe(2);
    });

    it('does not claim an application reminder for a user who has applied or does not exist', async () => {
      const user = await p.users.create(aUser());
      await p.applications.create(anApplication(user.id));
      expect(await p.users.claimApplicationReminder(user.id, at(10), at(0), aMail(user.email))).toBe(false);
      expect(await p.users.claimApplicationReminder(user.id + 1000, at(10), at(0), aMail(user.email))).toBe(false);
      expect(await p.outbox.list()).toEqual([]);
      expect((await p.users.findById(user.id))?.applicationReminderSent).toBeNull();
    });

    it('erases a user with sessions, applications, documents, history and enquiries, keeping payments anonymised', async () => {
      const user = await p.users.create(aUser());
      const other = await p.users.create(aUser());
      const app = await p.applications.create(anApplication(user.id));
      const otherApp = await p.applications.create(anApplication(other.id));
      await p.sessions.create({ idHash: 'h-user', userId: user.id, createdAt: T0, lastSeenAt: T0 });
      await p.sessions.create({ idHash: 'h-other', userId: other.id, createdAt: T0, lastSeenAt: T0 });
      const done = await p.applications.commit({
        application: { ...app, initialPaymentId: 'pi_erase', updatedAt: at(1) },
        expectedVersion: app.version,
        payment: aPayment({ userId: user.id, providerPaymentId: 'pi_erase' }),
        history: { fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: at(1) },
      });
      expect(done.outcome).toBe('committed');
      await p.documents.create(aDocument(app.id));
      await p.enquiries.create({ fullName: 'A', email: user.email, phoneNumber: '1', nationality: 'France', purposeOfTravel: 'Tourism', userId: user.id, existingAccount: true, createdAt: T0 });
      await p.analytics.record({ name: 'payment_succeeded', path: null, userId: user.id, properties: { applicationId: app.id }, occurredAt: T0 });

      await p.users.erase(user.id);

      expect(await p.users.findById(user.id)).toBeNull();
      expect(await p.users.findByEmail(user.email)).toBeNull();
      expect(await p.sessions.find('h-user')).toBeNull();
      expect(await p.applications.findById(app.id)).toBeNull();
      expect(await p.documents.listByApplication(app.id)).toEqual([]);
      expect(await p.history.listByApplication(app.id)).toEqual([]);
      expect(await p.enquiries.listByEmail(user.email)).toEqual([]);
      const kept = await p.payments.findByProviderPaymentId('pi_erase');
      expect(kept).toMatchObject({ applicationId: app.id, userId: null, amount: 1000 });
      expect((await p.analytics.list()).map((e) => e.userId)).toEqual([null]);
      // Someone else's data is untouched.
      expect(await p.users.findById(other.id)).not.toBeNull();
      expect(await p.applications.findById(otherApp.id)).not.toBeNull();
      expect(await p.sessions.find('h-other')).not.toBeNull();
      // The email is free again.
      await expect(p.users.create(aUser({ email: user.email }))).resolves.toMatchObject({ email: user.email });
    });

    it('concurrent registrations of one email create one user and a Conflict for the rest', async () => {
      const attempts = Array.from({ length: 12 }, (_, i) =>
        p.users.create(aUser({ email: i % 2 ? 'race@example.com' : 'RACE@example.com' }), [aMail('race@example.com', { template: 'account_created' })]),
      );
      const results = await Promise.allSettled(attempts);
      const created = results.filter((r) => r.status === 'fulfilled');
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(created).toHaveLength(1);
      expect(rejected).toHaveLength(11);
      for (const r of rejected) expect(isDomainError(r.reason, 'Conflict')).toBe(true);
      expect(await p.users.findByEmail('race@example.com')).not.toBeNull();
      expect((await p.outbox.list()).length).toBe(1);
    });

    it('concurrent application-reminder claims for one user claim it once', async () => {
      const user = await p.users.create(aUser());
      const results = await Promise.all(Array.from({ length: 10 }, () => p.users.claimApplicationReminder(user.id, at(10), at(0), aMail(user.email, { template: 'application_reminder' }))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await p.outbox.list({ to: user.email })).length).toBe(1);
    });
  });
}
