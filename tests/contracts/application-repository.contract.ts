import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyConfirmedPayment, type Application } from '../../core/domain/application.js';
import { isDomainError } from '../../core/domain/errors.js';
import type { PassportScan } from '../../core/domain/passport-scan.js';
import type { ApplicationStatus } from '../../core/domain/status.js';
import type { User } from '../../core/domain/user.js';
import type { ApplicationWithUser } from '../../core/ports/application-repository.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { EXPORT_PAGE } from '../../adapters/persistence/shared/rules.js';
import { collect } from '../support/collect.js';
import { aDocument, aMail, anApplication, aPayment, aUser, at, seedApplication, T0, type MakePersistence } from './persistence-fixtures.js';

const ids = (items: ApplicationWithUser[]) => items.map((i) => i.application.id);

/** A passport reading as the scanner stores it (a synthetic traveller, no real person). */
const SCAN: PassportScan = {
  fields: {
    surname: 'SPECIMEN',
    givenName: 'ANNA MARIA',
    passportNumber: '123456789',
    nationality: 'United Kingdom',
    dateOfBirth: '1990-01-02',
    gender: 'female',
    passportExpiry: '2031-05-06',
  },
  valid: true,
  uncertain: ['givenName'],
  mrz: ['P<GBRSPECIMEN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', '1234567897GBR9001024F3105064<<<<<<<<<<<<<<02'],
};

export function describeApplicationRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: ApplicationRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    describe('create and read', () => {
      it('an id beyond the 32-bit id columns names nothing, on every repository that reads by id', async () => {
        const user = await p.users.create(aUser());
        await p.applications.create(anApplication(user.id));
        for (const id of [2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
          expect(await p.applications.findById(id)).toBeNull();
          expect(await p.users.findById(id)).toBeNull();
          expect(await p.documents.findById(id)).toBeNull();
          expect(await p.documents.listByApplication(id)).toEqual([]);
          expect(await p.payments.listByApplication(id)).toEqual([]);
          expect(await p.history.listByApplication(id)).toEqual([]);
        }
      });

      it('stores every field of an application with version 1', async () => {
        const user = await p.users.create(aUser());
        const input = anApplication(
          user.id,
          {
            status: 'under_process',
            address: '1 High St',
            city: 'Leeds',
            postcode: 'LS1 1AA',
            hotelDetails: 'Nile Hotel',
            initialPaymentId: 'pi_x',
            finalPaymentId: null,
            visaDocument: 'visa.pdf',
            additionalInfoMessage: 'Please send a clearer copy',
            requiresPassportReupload: true,
            passportReuploadedAt: at(4),
            paymentReminderSent: at(5),
            initialPaymentAt: at(6),
            guaranteeDeadline: at(7),
            approvedAt: at(8),
            createdAt: at(1),
            updatedAt: at(2),
          },
          {
            gender: 'male',
            maritalStatus: 'married',
            entry: 'Multiple',
            countryOfBirth: 'France',
            originalNationality: 'France',
            otherNationalities: true,
            otherNationality: 'Ireland {Republic}',
            visitedEgyptBefore: true,
            lastVisitDateFrom: '2024-01-01',
            lastVisitDateTo: '2024-01-10',
            lastVisitStayLocation: "Sharm El Sheikh, O'Hara's",
            hasBeenDeported: true,
            deportedFrom: 'Somewhere',
            deportationDate: '2019-02-03',
            deportationReason: 'Overstay',
          },
        );
        const created = await p.applications.create(input);
        expect(created).toEqual({ ...input, id: expect.any(Number), version: 1, passportScan: null, assigneeId: null, ruleNotice: null });
        expect(await p.applications.findById(created.id)).toEqual(created);
        expect(await p.applications.findById(created.id + 1000)).toBeNull();
      });

      it('finds an application by its number, exactly as issued', async () => {
        const user = await p.users.create(aUser());
        const created = await p.applications.create(anApplication(user.id));
        expect(await p.applications.findByNumber(created.applicationNumber)).toEqual(created);
        expect(await p.applications.findByNumber(created.applicationNumber.toLowerCase())).toBeNull();
        expect(await p.applications.findByNumber('EV-0000-ZZZZZZ')).toBeNull();
      });

      it('refuses a taken application number with a Conflict and queues none of its mails', async () => {
        const first = await seedApplication(p);
        const error = await p.applications.create(anApplication(first.userId, { applicationNumber: first.applicationNumber }), [aMail('x@example.com')]).catch((e) => e);
        expect(isDomainError(error, 'Conflict')).toBe(true);
        expect((await p.applications.listByUser(first.userId)).length).toBe(1);
        expect(await p.outbox.list()).toEqual([]);
      });

      it('queues the mails given to create', async () => {
        const user = await p.users.create(aUser());
        await p.applications.create(anApplication(user.id, { createdAt: at(3) }), [aMail(user.email)]);
        const mails = await p.outbox.list();
        expect(mails.map((m) => [m.to, m.template])).toEqual([[user.email, 'application_received']]);
        expect(mails[0].data).toEqual({ applicationNumber: 'EV-1', amount: 1000, urgent: false, note: null });
      });

      it("lists one user's applications newest first", async () => {
        const user = await p.users.create(aUser());
        const other = await p.users.create(aUser());
        const a = await p.applications.create(anApplication(user.id, { createdAt: at(1) }));
        const b = await p.applications.create(anApplication(user.id, { createdAt: at(3) }));
        const c = await p.applications.create(anApplication(user.id, { createdAt: at(2) }));
        await p.applications.create(anApplication(other.id));
        expect(await p.applications.listByUser(user.id)).toEqual([b, c, a]);
        expect(await p.applications.listByUser(user.id + 1000)).toEqual([]);
      });
    });

    describe('commit (compare-and-set)', () => {
      it('applies a change, increments the version and writes payment, history, document and mails together', async () => {
        const app = await seedApplication(p);
        const paid = applyConfirmedPayment(app, 'initial', 'pi_commit', at(10));
        if (!paid.ok) throw paid.error;
        const result = await p.applications.commit({
          application: paid.value,
          expectedVersion: 1,
          payment: aPayment({ providerPaymentId: 'pi_commit', userId: app.userId, createdAt: at(10) }),
          history: { fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: at(10) },
          document: { ...aDocument(app.id), fileName: 'passport.png', contentType: 'image/png' },
          mails: [aMail('a@example.com'), aMail('b@example.com', { attachments: [{ storageKey: 'k1', fileName: 'evisa.pdf', contentType: 'application/pdf' }] })],
        });
        expect(result.outcome).toBe('committed');
        if (result.outcome !== 'committed') return;
        expect(result.application).toEqual({ ...paid.value, version: 2 });
        expect(result.documentId).toEqual(expect.any(Number));
        expect(await p.applications.findById(app.id)).toEqual({ ...paid.value, version: 2 });
        expect(await p.payments.listByApplication(app.id)).toEqual([
          { id: expect.any(Number), applicationId: app.id, userId: app.userId, type: 'initial', providerPaymentId: 'pi_commit', amount: 1000, currency: 'gbp', status: 'succeeded', createdAt: at(10) },
        ]);
        expect(await p.history.listByApplication(app.id)).toEqual([
          { id: expect.any(Number), applicationId: app.id, fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: at(10) },
        ]);
        const docs = await p.documents.listByApplication(app.id);
        expect(docs.map((d) => [d.id, d.fileName])).toEqual([[result.documentId, 'passport.png']]);
        const mails = await p.outbox.list();
        expect(mails.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
        expect(mails[0].attachments).toBeUndefined();
        expect(mails[1].attachments).toEqual([{ storageKey: 'k1', fileName: 'evisa.pdf', contentType: 'application/pdf' }]);
        expect(mails[1].nextAttemptAt.toISOString()).toBe(at(10).toISOString());
      });

      it('answers stale and writes nothing when the version moved on', async () => {
        const app = await seedApplication(p);
        const first = await p.applications.commit({ application: { ...app, city: 'Leeds' }, expectedVersion: 1 });
        expect(first.outcome).toBe('committed');
        const second = await p.applications.commit({
          application: { ...app, city: 'York' },
          expectedVersion: 1,
          payment: aPayment(),
          history: { fromStatus: null, toStatus: 'online_entry', changedBy: null, changedByName: 'system', message: null, changedAt: T0 },
          document: aDocument(app.id),
          mails: [aMail('stale@example.com')],
        });
        expect(second).toEqual({ outcome: 'stale' });
        const stored = await p.applications.findById(app.id);
        expect(stored).toMatchObject({ city: 'Leeds', version: 2 });
        expect(await p.payments.listByApplication(app.id)).toEqual([]);
        expect(await p.history.listByApplication(app.id)).toEqual([]);
        expect(await p.documents.listByApplication(app.id)).toEqual([]);
        expect(await p.outbox.list()).toEqual([]);
      });

      it('answers stale for an application that does not exist', async () => {
        const app = await seedApplication(p);
        expect(await p.applications.commit({ application: { ...app, id: app.id + 1000 }, expectedVersion: 1 })).toEqual({ outcome: 'stale' });
      });

      it('answers conflict, writing nothing, when this fee is already recorded for the application', async () => {
        const app = await seedApplication(p);
        const first = await p.applications.commit({ application: { ...app, initialPaymentId: 'pi_1' }, expectedVersion: 1, payment: aPayment({ providerPaymentId: 'pi_1' }) });
        expect(first.outcome).toBe('committed');
        const again = await p.applications.commit({
          application: { ...app, initialPaymentId: 'pi_2', city: 'Changed' },
          expectedVersion: 2,
          payment: aPayment({ providerPaymentId: 'pi_2' }),
          history: { fromStatus: null, toStatus: 'online_entry', changedBy: null, changedByName: 'system', message: null, changedAt: T0 },
          mails: [aMail('conflict@example.com')],
        });
        expect(again).toEqual({ outcome: 'conflict' });
        expect(await p.applications.findById(app.id)).toMatchObject({ initialPaymentId: 'pi_1', city: null, version: 2 });
        expect((await p.payments.listByApplication(app.id)).map((x) => x.providerPaymentId)).toEqual(['pi_1']);
        expect(await p.history.listByApplication(app.id)).toEqual([]);
        expect(await p.outbox.list()).toEqual([]);
      });

      it('answers conflict when the provider payment id was already recorded for this application', async () => {
        const a = await seedApplication(p);
        const first = await p.applications.commit({ application: a, expectedVersion: 1, payment: aPayment({ type: 'initial', providerPaymentId: 'pi_same' }) });
        expect(first.outcome).toBe('committed');
        expect(await p.applications.commit({ application: a, expectedVersion: 2, payment: aPayment({ type: 'final', providerPaymentId: 'pi_same' }) })).toEqual({ outcome: 'conflict' });
        expect((await p.payments.listByApplication(a.id)).map((x) => x.type)).toEqual(['initial']);
        expect((await p.applications.findById(a.id))?.version).toBe(2);
      });

      it('records one provider payment on several applications (a family order), and finds its first record', async () => {
        const a = await seedApplication(p);
        const b = await seedApplication(p);
        expect((await p.applications.commit({ application: a, expectedVersion: 1, payment: aPayment({ providerPaymentId: 'pi_family' }) })).outcome).toBe('committed');
        expect((await p.applications.commit({ application: b, expectedVersion: 1, payment: aPayment({ providerPaymentId: 'pi_family' }) })).outcome).toBe('committed');
        expect((await p.payments.listByApplication(b.id)).map((x) => x.providerPaymentId)).toEqual(['pi_family']);
        expect((await p.payments.findByProviderPaymentId('pi_family'))?.applicationId).toBe(a.id);
      });

      it('records the initial and the final fee of one application, and waived fees without a provider id', async () => {
        const a = await seedApplication(p);
        const b = await seedApplication(p);
        await p.applications.commit({ application: a, expectedVersion: 1, payment: aPayment({ type: 'initial', providerPaymentId: null, status: 'waived', amount: 0 }) });
        await p.applications.commit({ application: a, expectedVersion: 2, payment: aPayment({ type: 'final', providerPaymentId: null, status: 'waived', amount: 0 }) });
        await p.applications.commit({ application: b, expectedVersion: 1, payment: aPayment({ type: 'final', providerPaymentId: null, status: 'waived', amount: 0 }) });
        expect((await p.payments.listByApplication(a.id)).map((x) => x.type)).toEqual(['initial', 'final']);
        expect((await p.payments.listByApplication(b.id)).map((x) => [x.type, x.status, x.providerPaymentId])).toEqual([['final', 'waived', null]]);
      });

      it('20 concurrent confirmations of one payment record exactly one', async () => {
        const app = await seedApplication(p);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            p.applications.commit({
              application: { ...app, initialPaymentId: 'pi_race', status: 'application_created', updatedAt: at(i) },
              expectedVersion: 1,
              payment: aPayment({ providerPaymentId: 'pi_race' }),
              history: { fromStatus: 'online_entry', toStatus: 'application_created', changedBy: null, changedByName: 'system', message: null, changedAt: at(i) },
              mails: [aMail('paid@example.com')],
            }),
          ),
        );
        expect(results.filter((r) => r.outcome === 'committed')).toHaveLength(1);
        for (const r of results) expect(['committed', 'stale', 'conflict']).toContain(r.outcome);
        expect(await p.payments.listByApplication(app.id)).toHaveLength(1);
        expect(await p.history.listByApplication(app.id)).toHaveLength(1);
        expect(await p.outbox.list()).toHaveLength(1);
        expect((await p.applications.findById(app.id))?.version).toBe(2);
      });

      it('20 concurrent confirmations that reload and retry on stale still record exactly one payment', async () => {
        const app = await seedApplication(p);
        const confirm = async (i: number): Promise<'recorded' | 'already'> => {
          for (let attempt = 0; attempt < 50; attempt++) {
            const current = (await p.applications.findById(app.id)) as Application;
            const decided = applyConfirmedPayment(current, 'initial', `pi_retry_${i}`, at(i));
            if (!decided.ok) return 'already';
            const r = await p.applications.commit({ application: decided.value, expectedVersion: current.version, payment: aPayment({ providerPaymentId: `pi_retry_${i}` }) });
            if (r.outcome === 'committed') return 'recorded';
            if (r.outcome === 'conflict') return 'already';
          }
          throw new Error('too many retries');
        };
        const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => confirm(i)));
        expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
        const payments = await p.payments.listByApplication(app.id);
        expect(payments).toHaveLength(1);
        expect((await p.applications.findById(app.id))?.initialPaymentId).toBe(payments[0].providerPaymentId);
      });
    });

    describe('admin listing', () => {
      async function seedListing() {
        const rows: { status: ApplicationStatus; minute: number; email: string; fullName: string; givenName: string; surname: string; passportNumber: string }[] = [
          { status: 'online_entry', minute: 1, email: 'olivia.smith@example.com', fullName: 'Olivia Smith', givenName: 'Olivia', surname: 'Smith', passportNumber: 'GB1000001' },
          { status: 'application_created', minute: 2, email: 'noah@travel.test', fullName: 'Noah Jones', givenName: 'Noah', surname: 'Jones', passportNumber: 'GB1000002' },
          { status: 'under_process', minute: 3, email: 'emma@example.com', fullName: 'Emma Brown', givenName: 'Emma', surname: 'Brown', passportNumber: 'FR2000003' },
          { status: 'additional_info_required', minute: 4, email: 'liam@example.com', fullName: 'Liam Taylor', givenName: 'Liam', surname: 'Taylor', passportNumber: 'FR2000004' },
          { status: 'verified', minute: 5, email: 'ava@example.com', fullName: 'Ava Wilson', givenName: 'Ava', surname: 'Wilson', passportNumber: 'DE3000005' },
          { status: 'approved', minute: 6, email: 'mia@example.com', fullName: 'Mia Davies', givenName: 'Mia', surname: 'Davies', passportNumber: 'DE3000006' },
          { status: 'final_payment_received', minute: 7, email: 'leo@example.com', fullName: 'Leo Evans', givenName: 'Leo', surname: 'Evans', passportNumber: 'IT4000007' },
          { status: 'rejected', minute: 8, email: 'isla@example.com', fullName: 'Isla Smithson', givenName: 'Isla', surname: 'Smithson', passportNumber: 'IT4000008' },
          { status: 'online_entry', minute: 9, email: 'jack@example.com', fullName: "Jack O'Neil_50%", givenName: 'Jack', surname: "O'Neil_50%", passportNumber: 'ES5000009' },
        ];
        const apps: Application[] = [];
        for (const r of rows) {
          const user = await p.users.create(aUser({ email: r.email, fullName: r.fullName }));
          apps.push(
            await p.applications.create(
              anApplication(user.id, { status: r.status, createdAt: at(r.minute), updatedAt: at(r.minute) }, { givenName: r.givenName, surname: r.surname, passportNumber: r.passportNumber }),
            ),
          );
        }
        return apps;
      }

      // None of them has a guarantee deadline and all arrive the same day: the admin order falls to id.
      it('lists a tab in the admin order with its user, paged, with the total', async () => {
        const apps = await seedListing();
        const page1 = await p.applications.listForAdmin({ tab: 'initial-payment', page: 1, pageSize: 2 });
        expect(page1.total).toBe(3);
        expect(ids(page1.items)).toEqual([apps[1].id, apps[2].id]);
        expect(page1.items[0].user).toMatchObject({ email: 'noah@travel.test', fullName: 'Noah Jones' });
        expect(page1.items[0].application).toEqual(apps[1]);
        const page2 = await p.applications.listForAdmin({ tab: 'initial-payment', page: 2, pageSize: 2 });
        expect(ids(page2.items)).toEqual([apps[3].id]);
        expect(page2.total).toBe(3);
        const past = await p.applications.listForAdmin({ tab: 'initial-payment', page: 5, pageSize: 2 });
        expect(past).toEqual({ items: [], total: 3 });
      });

      it('lists every tab with exactly its statuses', async () => {
        const apps = await seedListing();
        const tabIds = async (tab: Parameters<Persistence['applications']['listForAdmin']>[0]['tab']) => ids((await p.applications.listForAdmin({ tab, page: 1, pageSize: 50 })).items);
        expect(await tabIds('online-entries')).toEqual([apps[0].id, apps[8].id]);
        expect(await tabIds('submitted-portal')).toEqual([apps[4].id]);
        expect(await tabIds('approved')).toEqual([apps[5].id]);
        expect(await tabIds('completed')).toEqual([apps[6].id]);
        expect(await tabIds('rejected')).toEqual([apps[7].id]);
        const all = await p.applications.listForAdmin({ page: 1, pageSize: 50 });
        expect(all.total).toBe(9);
        expect(ids(all.items)).toEqual(apps.map((a) => a.id));
        const byStatus = await p.applications.listForAdmin({ status: 'verified', page: 1, pageSize: 50 });
        expect(ids(byStatus.items)).toEqual([apps[4].id]);
      });

      it('searches case-insensitively by the start of email, names, passport number or application number', async () => {
        const apps = await seedListing();
        const search = async (q: string, tab?: 'online-entries') => {
          const r = await p.applications.listForAdmin({ q, tab, page: 1, pageSize: 50 });
          expect(r.total).toBe(r.items.length);
          return ids(r.items);
        };
        expect(await search('OLIVIA.SMITH@')).toEqual([apps[0].id]);
        expect(await search('noah@travel')).toEqual([apps[1].id]);
        expect(await search('smith')).toEqual([apps[0].id, apps[7].id]); // surname Smith and Smithson
        expect(await search('emma brown')).toEqual([apps[2].id]); // given name + surname
        expect(await search('  Liam Tay ')).toEqual([apps[3].id]); // the user's full name, trimmed
        expect(await search('fr200000')).toEqual([apps[2].id, apps[3].id]); // passport numbers
        expect(await search(apps[5].applicationNumber.toLowerCase())).toEqual([apps[5].id]);
        expect(await search('smith', 'online-entries')).toEqual([apps[0].id]);
        expect(await search('nobody-matches')).toEqual([]);
        // LIKE wildcards in the term are literal characters.
        expect(await search('%')).toEqual([]);
        expect(await search('_')).toEqual([]);
        expect(await search("o'neil_50%")).toEqual([apps[8].id]);
        expect(await search('   ')).toHaveLength(9);
      });

      it("finds an application by its account holder's email and name when they differ from the applicant's", async () => {
        const holder = await p.users.create(aUser({ email: 'Booker.Family@Example.com', fullName: 'Bernadette Booker' }));
        const forChild = await p.applications.create(anApplication(holder.id, { createdAt: at(1) }, { givenName: 'Tom', surname: 'Booker-Child' }));
        const forSpouse = await p.applications.create(anApplication(holder.id, { createdAt: at(2) }, { givenName: 'Sam', surname: 'Reed' }));
        const other = await seedApplication(p, {}, { email: 'someone@example.com', fullName: 'Someone Else' }, { givenName: 'Bernard', surname: 'Shaw' });
        const search = async (q: string) => ids((await p.applications.listForAdmin({ q, page: 1, pageSize: 50 })).items);
        expect(await search('booker.family@')).toEqual([forChild.id, forSpouse.id]);
        expect(await search('BERNADETTE b')).toEqual([forChild.id, forSpouse.id]);
        expect(await search('bern')).toEqual([forChild.id, forSpouse.id, other.id]); // the admin order: no deadline, same arrival, so by id
        expect(await search('sam reed')).toEqual([forSpouse.id]);
        // The applicant's given name alone, neither the holder's email nor name.
        expect(await search('to')).toEqual([forChild.id]);
        expect(await p.applications.countByStatus({ q: 'TOM' })).toEqual({ online_entry: 1 });
      });

      it('filters overdue applications: guarantee deadline passed and the visa not decided', async () => {
        const user = await p.users.create(aUser());
        const mk = (status: ApplicationStatus, deadline: Date | null) =>
          p.applications.create(anApplication(user.id, { status, guaranteeDeadline: deadline, initialPaymentId: deadline ? 'pi' + Math.random() : null }));
        const overdue = await mk('under_process', at(10));
        await mk('verified', at(30)); // deadline not passed yet
        await mk('approved', at(10)); // decided
        await mk('rejected', at(10)); // decided
        await mk('online_entry', null); // no clock
        const overdueVerified = await mk('verified', at(5));
        const r = await p.applications.listForAdmin({ overdueAt: at(20), page: 1, pageSize: 50 });
        expect(ids(r.items).sort()).toEqual([overdue.id, overdueVerified.id].sort());
        expect(r.total).toBe(2);
        expect(await p.applications.countByStatus({ overdueAt: at(20) })).toEqual({ under_process: 1, verified: 1 });
      });

      it('leaves a paused guarantee clock out of the overdue filter, unless the deadline had passed before the pause', async () => {
        const user = await p.users.create(aUser());
        const mk = (deadline: Date, pausedAt: Date | null) =>
          p.applications.create(anApplication(user.id, { status: 'additional_info_required', guaranteeDeadline: deadline, guaranteePausedAt: pausedAt, initialPaymentId: 'pi' + Math.random() }));
        await mk(at(10), at(5)); // paused before its deadline: waiting on the applicant, not overdue
        const missedThenPaused = await mk(at(10), at(12)); // the deadline passed, then staff asked: still overdue
        const running = await mk(at(10), null); // answered, running again, deadline passed
        const stored = await p.applications.findById(missedThenPaused.id);
        expect(stored?.guaranteePausedAt?.toISOString()).toBe(at(12).toISOString());
        const r = await p.applications.listForAdmin({ overdueAt: at(20), page: 1, pageSize: 50 });
        expect(ids(r.items).sort()).toEqual([missedThenPaused.id, running.id].sort());
        expect(await p.applications.countByStatus({ overdueAt: at(20) })).toEqual({ additional_info_required: 2 });
        expect(await p.applications.countByStatus({ overdueAt: at(20), q: 'nobody-matches' })).toEqual({});
      });

      it('counts the overdue as they are after moves, pauses and erasures, to the millisecond on the day the clock reads', async () => {
        const z = (iso: string) => new Date(`${iso}Z`);
        const now = z('2026-06-10T15:00:00');
        const user = await p.users.create(aUser());
        const other = await p.users.create(aUser());
        const mk = (owner: number, status: ApplicationStatus, deadline: Date) =>
          p.applications.create(anApplication(owner, { status, guaranteeDeadline: deadline, initialPaymentId: 'pi' + Math.random() }));
        const move = async (id: number, change: Partial<Application>) => {
          const current = (await p.applications.findById(id))!;
          const result = await p.applications.commit({ application: { ...current, ...change, updatedAt: now }, expectedVersion: current.version });
          expect(result.outcome).toBe('committed');
        };
        const earlierToday = await mk(user.id, 'under_process', z('2026-06-10T09:00:00'));
        const justPast = await mk(user.id, 'verified', z('2026-06-10T14:59:59.999'));
        await mk(user.id, 'verified', z('2026-06-10T15:00:00')); // due this very instant: not yet overdue
        await mk(user.id, 'under_process', z('2026-06-10T18:00:00')); // later today
        const lastWeek = await mk(user.id, 'under_process', z('2026-06-03T12:00:00'));
        const decided = await mk(user.id, 'under_process', z('2026-06-01T12:00:00'));
        const paused = await mk(user.id, 'under_process', z('2026-06-05T12:00:00'));
        const moved = await mk(user.id, 'application_created', z('2026-06-12T12:00:00'));
        await mk(other.id, 'verified', z('2026-05-20T12:00:00')); // erased below
        // Decided, paused before its deadline, and a deadline moved into the past while the status moved on.
        await move(decided.id, { status: 'approved' });
        await move(paused.id, { status: 'additional_info_required', guaranteePausedAt: z('2026-06-04T12:00:00') });
        await move(moved.id, { status: 'under_process', guaranteeDeadline: z('2026-06-08T12:00:00') });
        await p.users.erase(other.id);
        const expected = { under_process: 3, verified: 1 };
        expect(await p.applications.countByStatus({ overdueAt: now })).toEqual(expected);
        const listed = await p.applications.listForAdmin({ overdueAt: now, page: 1, pageSize: 50 });
        expect(ids(listed.items).sort()).toEqual([earlierToday.id, justPast.id, lastWeek.id, moved.id].sort());
        expect(listed.total).toBe(4);
        expect((await p.applications.listForAdmin({ overdueAt: now, tab: 'initial-payment', page: 1, pageSize: 1 })).total).toBe(3);
        // A clock read a day later finds every deadline of the 10th passed.
        expect(await p.applications.countByStatus({ overdueAt: z('2026-06-11T15:00:00') })).toEqual({ under_process: 4, verified: 2 });
      });

      it('counts applications per status, with the same search filter', async () => {
        await seedListing();
        expect(await p.applications.countByStatus()).toEqual({
          online_entry: 2,
          application_created: 1,
          under_process: 1,
          additional_info_required: 1,
          verified: 1,
          approved: 1,
          final_payment_received: 1,
          rejected: 1,
        });
        expect(await p.applications.countByStatus({ q: 'SMITH' })).toEqual({ online_entry: 1, rejected: 1 });
        expect(await p.applications.countByStatus({ q: 'nobody' })).toEqual({});
      });

      it('folds accents and case in the search: "Zoë" is found by "zoe", "ZOE" and "zoë"', async () => {
        const zoe = await p.users.create(aUser({ email: 'zoë.brontë@example.com', fullName: 'Zoë Brontë' }));
        const other = await p.users.create(aUser({ email: 'zora@example.com', fullName: 'Zora Smith' }));
        const app = await p.applications.create(anApplication(zoe.id, {}, { givenName: 'Zoë', surname: 'Müller-Lüdenscheidt' }));
        await p.applications.create(anApplication(other.id, {}, { givenName: 'Zora', surname: 'Smith' }));
        for (const q of ['zoe', 'ZOE', 'zoë', 'Zoe Mu', 'muller-lu', 'MÜLLER', 'zoe.bronte@', 'Zoe Bronte']) {
          const found = await p.applications.listForAdmin({ q, page: 1, pageSize: 10 });
          expect({ q, ids: ids(found.items), total: found.total }).toEqual({ q, ids: [app.id], total: 1 });
          expect(await p.applications.countByStatus({ q })).toEqual({ online_entry: 1 });
        }
        expect((await p.applications.listForAdmin({ q: 'zo', page: 1, pageSize: 10 })).total).toBe(2);
      });

      it('keeps the per-status counts and tab totals through creates, status changes and erasure', async () => {
        const user = await p.users.create(aUser());
        const first = await p.applications.create(anApplication(user.id));
        const second = await p.applications.create(anApplication(user.id));
        expect(await p.applications.countByStatus()).toEqual({ online_entry: 2 });
        const moved = await p.applications.commit({ application: { ...first, status: 'application_created', initialPaymentId: 'pi_1' }, expectedVersion: 1 });
        expect(moved.outcome).toBe('committed');
        // A stale commit changes nothing, counts included.
        expect((await p.applications.commit({ application: { ...first, status: 'rejected' }, expectedVersion: 1 })).outcome).toBe('stale');
        expect(await p.applications.countByStatus()).toEqual({ online_entry: 1, application_created: 1 });
        expect((await p.applications.listForAdmin({ tab: 'initial-payment', page: 1, pageSize: 10 })).total).toBe(1);
        expect((await p.applications.listForAdmin({ status: 'online_entry', page: 1, pageSize: 10 })).total).toBe(1);
        expect((await p.applications.listForAdmin({ page: 1, pageSize: 1 })).total).toBe(2);
        expect((await p.applications.listForAdmin({ tab: 'approved', status: 'online_entry', page: 1, pageSize: 10 })).total).toBe(0);
        expect((await p.applications.listForAdmin({ tab: 'online-entries', status: 'online_entry', page: 1, pageSize: 10 })).total).toBe(1);
        expect(ids((await p.applications.listForAdmin({ tab: 'online-entries', page: 1, pageSize: 10 })).items)).toEqual([second.id]);
        await p.users.erase(user.id);
        expect(await p.applications.countByStatus()).toEqual({});
        expect((await p.applications.listForAdmin({ page: 1, pageSize: 10 })).total).toBe(0);
      });

      it('counts and pages short and long search terms as the rows say, through creates, key and status changes and erasure', { timeout: 120_000 }, async () => {
        const given = ['Maria', 'Mark', 'Anna', 'Ivan', 'Mia', 'Leo'];
        const surnames = ['Martin', 'Ivanova', 'Smith', 'Marsh', 'Li'];
        const statuses: ApplicationStatus[] = ['online_entry', 'application_created', 'under_process', 'verified', 'rejected', 'approved'];
        const holders: User[] = [];
        for (let i = 0; i < 30; i++) {
          const user = await p.users.create(aUser({ email: `${given[i % 6].toLowerCase()}.${i}@example.com`, fullName: `${given[(i + 1) % 6]} ${surnames[i % 5]}` }));
          holders.push(user);
          await p.applications.create(
            anApplication(
              user.id,
              { status: statuses[i % 6], guaranteeDeadline: i % 4 === 0 ? null : at(((i * 7) % 11) * 60), createdAt: at(i), updatedAt: at(i) },
              { givenName: given[i % 6], surname: surnames[(i * 2) % 5], passportNumber: `P${i % 3}${1000 + i}`, expectedArrivalDate: `2026-06-${String(10 + (i % 5)).padStart(2, '0')}` },
            ),
          );
        }
        // What every listing must answer, worked out here from the stored rows (ASCII: folding is lower-casing).
        const expectFromRows = async () => {
          const stored = (await Promise.all(holders.map((u) => p.applications.listByUser(u.id)))).flat();
          const byUser = new Map(holders.map((u) => [u.id, u]));
          const keysOf = (a: Application) =>
            [byUser.get(a.userId)!.email, byUser.get(a.userId)!.fullName, a.applicationNumber, a.passportNumber, a.surname, `${a.givenName} ${a.surname}`].map((k) => k.toLowerCase());
          const inOrder = [...stored].sort(
            (x, y) => (x.guaranteeDeadline?.getTime() ?? Infinity) - (y.guaranteeDeadline?.getTime() ?? Infinity) || x.expectedArrivalDate.localeCompare(y.expectedArrivalDate) || x.id - y.id,
          );
          const terms = new Set(['m', 'ma', 'mar', 'mari', 'martin', 'martinez', 'ivanova', 'iv', 'ev-', 'ev-2603-', 'ev-2603-0', 'p1', 'p11', 'p110', 'p1101', 'x1', 'li', 'zz', 'x']);
          for (const a of stored) for (const k of keysOf(a)) for (const l of [1, 2, 4, 8, 9]) terms.add(k.slice(0, l));
          for (const q of terms) {
            const matching = inOrder.filter((a) => keysOf(a).some((k) => k.startsWith(q)));
            const counts: Partial<Record<ApplicationStatus, number>> = {};
            for (const a of matching) counts[a.status] = (counts[a.status] ?? 0) + 1;
            expect({ q, counts: await p.applications.countByStatus({ q: q.toUpperCase() }) }).toEqual({ q, counts });
            for (const tab of [undefined, 'initial-payment'] as const) {
              const listed = tab ? matching.filter((a) => ['application_created', 'under_process', 'additional_info_required'].includes(a.status)) : matching;
              for (const page of [1, 2, 4]) {
                const found = await p.applications.listForAdmin({ q, tab, page, pageSize: 3 });
                expect({ q, tab, page, ids: ids(found.items), total: found.total }).toEqual({ q, tab, page, ids: listed.slice((page - 1) * 3, page * 3).map((a) => a.id), total: listed.length });
              }
            }
          }
        };
        await expectFromRows();
        // Keys and statuses change (the store's triggers move the counts), one application at a time.
        for (const u of holders.slice(0, 8)) {
          const [a] = await p.applications.listByUser(u.id);
          const moved = await p.applications.commit({
            application: { ...a, surname: a.surname === 'Martin' ? 'Ivanova' : 'Martinez', status: a.status === 'rejected' ? 'online_entry' : 'rejected', passportNumber: `X${a.id}` },
            expectedVersion: a.version,
          });
          expect(moved.outcome).toBe('committed');
        }
        await expectFromRows();
        for (const u of holders.splice(10, 6)) await p.users.erase(u.id);
        await expectFromRows();
      });

      it('keeps the short-term counts exact under concurrent family creates, single creates, key edits and status moves', async () => {
        const users = await Promise.all(Array.from({ length: 12 }, (_, i) => p.users.create(aUser({ email: `writer${i}@example.com`, fullName: `Writer ${i}` }))));
        const edited = await Promise.all(users.slice(0, 4).map((u) => p.applications.create(anApplication(u.id, {}, { givenName: 'Anna', surname: 'Aston' }))));
        const writes = [
          // Families: several inserts in one transaction each.
          ...users.slice(4, 8).map(
            (u, i) => () =>
              p.groups.create(
                u.id,
                [0, 1, 2].map(() => anApplication(u.id, {}, { givenName: 'Abel', surname: `Ames${i}` })),
                T0,
              ),
          ),
          ...users.slice(8).map((u) => () => p.applications.create(anApplication(u.id, {}, { givenName: 'Ada', surname: 'Abbott' }))),
          // A change of keys alone, and a change of keys with a move.
          ...edited.map((a, i) => () => p.applications.commit({ application: { ...a, surname: i % 2 ? 'Baker' : 'Abbey', status: i % 2 ? 'application_created' : a.status }, expectedVersion: 1 })),
        ];
        await Promise.all(writes.map((write) => write()));
        const stored = (await Promise.all(users.map((u) => p.applications.listByUser(u.id)))).flat();
        expect(stored).toHaveLength(4 + 12 + 4);
        for (const q of ['a', 'ab', 'abb', 'am', 'ame', 'b', 'ba', 'w', 'wri', 'an']) {
          const expected: Partial<Record<ApplicationStatus, number>> = {};
          for (const a of stored) {
            const u = users.find((x) => x.id === a.userId)!;
            const keys = [u.email, u.fullName, a.applicationNumber, a.passportNumber, a.surname, `${a.givenName} ${a.surname}`].map((k) => k.toLowerCase());
            if (keys.some((k) => k.startsWith(q))) expected[a.status] = (expected[a.status] ?? 0) + 1;
          }
          expect({ q, counts: await p.applications.countByStatus({ q }) }).toEqual({ q, counts: expected });
        }
      });

      it('streams all applications with their users, newest first', async () => {
        const apps = await seedListing();
        const all = await collect(p.applications.streamAllWithUsers());
        expect(ids(all)).toEqual([...apps].reverse().map((a) => a.id));
        expect(all.every((x) => x.user.id === x.application.userId)).toBe(true);
        expect(all[0].application).toEqual(apps[apps.length - 1]);
      });

      it('streams past a page boundary in keyset pages, ties on createdAt broken by id, each row once', async () => {
        const [user] = await p.bulk.insertUsers([aUser()]);
        // More than one page (EXPORT_PAGE), most sharing a createdAt so the keyset must use the id.
        const count = EXPORT_PAGE + 37;
        const loaded = Array.from({ length: count }, (_, i) => ({
          application: anApplication(user, { createdAt: at(i < 10 ? i : 10), updatedAt: at(0) }),
          payments: [],
          history: [],
          documents: [],
          finalFeeWaived: false,
        }));
        const stored = await p.bulk.insertApplications(loaded);
        const streamed = ids(await collect(p.applications.streamAllWithUsers()));
        const expected = stored
          .map((id, i) => ({ id, minute: i < 10 ? i : 10 }))
          .sort((x, y) => y.minute - x.minute || y.id - x.id)
          .map((x) => x.id);
        expect(streamed).toEqual(expected);
      });
    });

    describe('payment reminders', () => {
      it('lists candidates that owe a fee and were not reminded recently, oldest first, up to the limit', async () => {
        const user = await p.users.create(aUser());
        const mk = (minute: number, o: Partial<Application>) => p.applications.create(anApplication(user.id, { createdAt: at(minute), ...o }));
        const unpaid = await mk(1, {});
        const approvedUnpaid = await mk(2, { status: 'approved', initialPaymentId: 'pi_a' });
        await mk(3, { status: 'under_process', initialPaymentId: 'pi_b' }); // nothing due now
        await mk(4, { status: 'rejected' }); // rejected: never reminded
        await mk(5, { status: 'final_payment_received', initialPaymentId: 'pi_c', finalPaymentId: 'pi_d' });
        await mk(6, { paymentReminderSent: at(50) }); // reminded recently
        const remindedLongAgo = await mk(7, { paymentReminderSent: at(5) });
        const list = await p.applications.listPaymentReminderCandidates(at(40), 10);
        expect(ids(list)).toEqual([unpaid.id, approvedUnpaid.id, remindedLongAgo.id]);
        expect(list[0].user.id).toBe(user.id);
        expect(ids(await p.applications.listPaymentReminderCandidates(at(40), 2))).toEqual([unpaid.id, approvedUnpaid.id]);
      });

      it('claims a payment reminder once, queuing its mail and moving the version on', async () => {
        const app = await seedApplication(p);
        const mail = aMail('remind@example.com', { template: 'payment_reminder' });
        expect(await p.applications.claimPaymentReminder(app.id, at(10), at(0), mail)).toBe(true);
        const stored = await p.applications.findById(app.id);
        expect(stored?.paymentReminderSent?.toISOString()).toBe(at(10).toISOString());
        expect(stored?.version).toBe(2);
        expect(await p.applications.claimPaymentReminder(app.id, at(11), at(5), mail)).toBe(false);
        expect((await p.outbox.list()).map((m) => [m.to, m.template])).toEqual([['remind@example.com', 'payment_reminder']]);
        expect(await p.applications.listPaymentReminderCandidates(at(5), 10)).toEqual([]);
        // A commit based on the old version is stale, so it cannot undo the claim.
        expect(await p.applications.commit({ application: app, expectedVersion: 1 })).toEqual({ outcome: 'stale' });
      });

      it('records passport readings: pending, then read or unreadable, never an older document over a newer one', async () => {
        const app = await seedApplication(p);
        const scan = SCAN;
        expect(await p.applications.recordPassportScan(app.id, { documentId: 5, status: 'pending' })).toBe(true);
        expect((await p.applications.findById(app.id))?.passportScan).toEqual({ documentId: 5, status: 'pending' });
        expect(await p.applications.recordPassportScan(app.id, { documentId: 5, status: 'read', scan })).toBe(true);
        const read = await p.applications.findById(app.id);
        expect(read?.passportScan).toEqual({ documentId: 5, status: 'read', scan });
        // A reading is no edit: the version stays, and a commit of the row before it keeps it.
        expect(read?.version).toBe(app.version);
        const committed = await p.applications.commit({ application: { ...app, profession: 'Nurse' }, expectedVersion: app.version });
        expect(committed.outcome).toBe('committed');
        const afterCommit = await p.applications.findById(app.id);
        expect(afterCommit?.profession).toBe('Nurse');
        expect(afterCommit?.passportScan).toEqual({ documentId: 5, status: 'read', scan });
        // A re-upload (document 9) is read; a late answer for document 5 cannot replace it.
        expect(await p.applications.recordPassportScan(app.id, { documentId: 9, status: 'unreadable' })).toBe(true);
        expect(await p.applications.recordPassportScan(app.id, { documentId: 5, status: 'read', scan })).toBe(false);
        expect((await p.applications.findById(app.id))?.passportScan).toEqual({ documentId: 9, status: 'unreadable' });
        expect((await collect(p.applications.streamAllWithUsers()))[0]?.application.passportScan).toEqual({ documentId: 9, status: 'unreadable' });
        expect(await p.applications.recordPassportScan(app.id + 1000, { documentId: 1, status: 'pending' })).toBe(false);
        expect(await p.applications.listPendingPassportScans(10)).toEqual([]);
      });

      it('lists the passport documents whose reading is still pending, oldest application first', async () => {
        const [first, second, third] = [await seedApplication(p), await seedApplication(p), await seedApplication(p)];
        await p.applications.recordPassportScan(second.id, { documentId: 21, status: 'pending' });
        await p.applications.recordPassportScan(first.id, { documentId: 11, status: 'pending' });
        await p.applications.recordPassportScan(third.id, { documentId: 31, status: 'unreadable' });
        expect(await p.applications.listPendingPassportScans(10)).toEqual([11, 21]);
        expect(await p.applications.listPendingPassportScans(1)).toEqual([11]);
        await p.applications.recordPassportScan(first.id, { documentId: 11, status: 'unreadable' });
        expect(await p.applications.listPendingPassportScans(10)).toEqual([21]);
        expect(await p.applications.recordPassportScan(2 ** 40, { documentId: 1, status: 'pending' })).toBe(false);
      });

      it('does not claim a reminder for an application that owes nothing', async () => {
        const app = await seedApplication(p, { initialPaymentId: 'pi_paid', status: 'under_process' });
        expect(await p.applications.claimPaymentReminder(app.id, at(10), at(0), aMail('x@example.com'))).toBe(false);
        expect(await p.applications.claimPaymentReminder(app.id + 1000, at(10), at(0), aMail('x@example.com'))).toBe(false);
        expect(await p.outbox.list()).toEqual([]);
      });

      it('concurrent reminder runs claim each application exactly once', async () => {
        const apps = [await seedApplication(p), await seedApplication(p), await seedApplication(p)];
        const claims = apps.flatMap((a) =>
          Array.from({ length: 8 }, () => p.applications.claimPaymentReminder(a.id, at(10), at(0), aMail(`app${a.id}@example.com`, { template: 'payment_reminder' }))),
        );
        const results = await Promise.all(claims);
        expect(results.filter(Boolean)).toHaveLength(3);
        const mails = await p.outbox.list();
        expect(mails.map((m) => m.to).sort()).toEqual(apps.map((a) => `app${a.id}@example.com`).sort());
      });
    });

    describe('export stream', () => {
      it('streams every application with its user in id order, across pages, filtered by status and date', async () => {
        const user = await p.users.create(aUser());
        const created: Application[] = [];
        for (let i = 0; i < 505; i++) {
          created.push(await p.applications.create(anApplication(user.id, { status: i % 5 === 0 ? 'rejected' : 'online_entry', createdAt: at(i) })));
        }
        const all: number[] = [];
        for await (const item of p.applications.streamForExport({})) {
          expect(item.user.id).toBe(user.id);
          all.push(item.application.id);
        }
        expect(all).toEqual(created.map((a) => a.id));
        const rejectedSince: number[] = [];
        for await (const item of p.applications.streamForExport({ statuses: ['rejected'], createdSince: at(100) })) rejectedSince.push(item.application.id);
        expect(rejectedSince).toEqual(created.filter((_a, i) => i % 5 === 0 && i >= 100).map((a) => a.id));
      });
    });
  });
}
