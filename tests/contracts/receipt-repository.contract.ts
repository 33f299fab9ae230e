import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Application } from '../../core/domain/application.js';
import { paymentReceipt, receiptKeyOfPayment, type NewReceipt } from '../../core/domain/receipt.js';
import type { ApplicationChange } from '../../core/ports/application-repository.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { anApplication, aPayment, aUser, at, seedApplication, type MakePersistence } from './persistence-fixtures.js';

/** The receipt of `pi` paying `travellers`' initial fees (£10 each), listed under the first. */
function receiptOf(pi: string, travellers: Application[], overrides: Partial<NewReceipt> = {}): NewReceipt {
  return {
    ...paymentReceipt({
      providerPaymentId: pi,
      paymentType: 'initial',
      payer: { userId: travellers[0]!.userId, fullName: 'Amira Payer', email: 'amira@example.com' },
      travellers,
      amountEach: 1000,
      currency: 'gbp',
      card: { brand: 'visa', last4: '4242' },
      applicationId: travellers[0]!.id,
      groupId: travellers[0]!.groupId,
      issuedAt: at(5),
    }),
    ...overrides,
  };
}

/**
 * The change that records `a`'s initial fee paid with `pi`, issuing its receipt. `keepStatus`: the
 * status stays as it was (as for a credit note): on PostgreSQL a status change locks the tab
 * counts' rows, which would queue concurrent commits and hide a race in the numbering itself.
 */
function paidWithReceipt(a: Application, pi: string, version = a.version, { keepStatus = false } = {}): ApplicationChange {
  return {
    application: { ...a, initialPaymentId: pi, status: keepStatus ? a.status : 'application_created', initialPaymentAt: at(5), updatedAt: at(5) },
    expectedVersion: version,
    payment: aPayment({ providerPaymentId: pi, userId: a.userId, createdAt: at(5) }),
    receipt: receiptOf(pi, [a]),
    mails: [
      {
        to: 'amira@example.com',
        template: 'application_received',
        data: { applicationNumber: a.applicationNumber, applicationId: a.id, paid: true },
        attachments: [{ receiptKey: receiptKeyOfPayment(pi) }],
      },
    ],
  };
}

const numbers = (from: number, to: number, year = 2026) => Array.from({ length: to - from + 1 }, (_, i) => `R-${year}-${String(from + i).padStart(6, '0')}`);

/**
 * Receipts are issued only with what they record (docs/product.md, "Receipts"), numbered in the
 * same transaction from one gap-free sequence per year: never shared, never skipped, whatever
 * commits at the same time and whatever rolls back (docs/decisions/0004-receipt-numbers.md).
 */
export function describeReceiptRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: ReceiptRepository (numbered with the commits that issue them)`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    it('issues a receipt with the payment’s commit and reads it back whole: by number, by key and listed for its application', async () => {
      const a = await seedApplication(p, {}, {}, { givenName: 'Ada', surname: 'Lovelace' });
      const other = await seedApplication(p);
      expect(await p.applications.commit(paidWithReceipt(a, 'pi_a'))).toMatchObject({ outcome: 'committed' });

      const issued = await p.receipts.findByNumber('R-2026-000001');
      expect(issued).toEqual({
        id: expect.any(Number),
        number: 'R-2026-000001',
        key: 'payment:pi_a',
        kind: 'payment',
        paymentType: 'initial',
        amount: 1000,
        currency: 'gbp',
        applicationId: a.id,
        groupId: null,
        userId: a.userId,
        payerName: 'Amira Payer',
        payerEmail: 'amira@example.com',
        lines: [{ applicationNumber: a.applicationNumber, travellerName: 'Ada Lovelace', description: 'Initial fee', amount: 1000 }],
        card: { brand: 'visa', last4: '4242' },
        refersTo: null,
        issuedAt: at(5),
      });
      expect(await p.receipts.findByKey('payment:pi_a')).toEqual(issued);
      expect(await p.receipts.listForApplication(a)).toEqual([issued]);
      expect(await p.receipts.listForApplication(other)).toEqual([]);
      expect(await p.receipts.findByNumber('R-2026-000002')).toBeNull();
      expect(await p.receipts.findByKey('payment:pi_none')).toBeNull();
      // The mail that carries it names it by key.
      expect((await p.outbox.list()).find((m) => m.to === 'amira@example.com')?.attachments).toEqual([{ receiptKey: 'payment:pi_a' }]);
    });

    it.each([
      ['that change the status', false],
      ['that keep the status (nothing else makes them wait for each other)', true],
    ])('20 payments committed at once %s take the numbers 1 to 20: distinct, consecutive, no gap', async (_, keepStatus) => {
      const apps = await Promise.all(Array.from({ length: 20 }, () => seedApplication(p)));
      const results = await Promise.all(apps.map((a, i) => p.applications.commit(paidWithReceipt(a, `pi_many_${i}`, a.version, { keepStatus }))));
      expect(results.map((r) => r.outcome)).toEqual(Array(20).fill('committed'));
      const issued = (await Promise.all(apps.map((a) => p.receipts.listForApplication(a)))).map((list) => {
        expect(list).toHaveLength(1);
        return list[0]!;
      });
      expect(issued.map((r) => r.number).sort()).toEqual(numbers(1, 20));
      // Each application's receipt is its own payment's.
      expect(issued.map((r, i) => [r.key, r.applicationId])).toEqual(apps.map((a, i) => [`payment:pi_many_${i}`, a.id]));
    });

    it('20 confirmations of one payment at once issue one receipt; the next payment takes the next number', async () => {
      const a = await seedApplication(p);
      const results = await Promise.all(Array.from({ length: 20 }, () => p.applications.commit(paidWithReceipt(a, 'pi_race'))));
      expect(results.filter((r) => r.outcome === 'committed')).toHaveLength(1);
      expect(await p.receipts.listForApplication(a)).toEqual([expect.objectContaining({ number: 'R-2026-000001', key: 'payment:pi_race' })]);
      const b = await seedApplication(p);
      await p.applications.commit(paidWithReceipt(b, 'pi_next'));
      expect((await p.receipts.findByKey('payment:pi_next'))?.number).toBe('R-2026-000002');
    });

    it('a commit that is stale, or conflicts after the number was taken, gives its number back', async () => {
      const a = await seedApplication(p);
      const b = await seedApplication(p);
      // Stale: the application moved on; nothing is written, no number is used.
      expect(await p.applications.commit(paidWithReceipt(a, 'pi_stale', a.version + 3))).toEqual({ outcome: 'stale' });
      expect(await p.applications.commit(paidWithReceipt(a, 'pi_a'))).toMatchObject({ outcome: 'committed' });
      // A receipt already issued for the key: the counter was moved in this transaction, and the
      // unique key then rolls the whole commit back (b's payment, its state and the number).
      const again = await p.applications.commit({ ...paidWithReceipt(b, 'pi_b'), receipt: receiptOf('pi_a', [b]) });
      expect(again).toEqual({ outcome: 'conflict' });
      expect((await p.applications.findById(b.id))?.version).toBe(b.version);
      expect(await p.payments.listByApplication(b.id)).toEqual([]);
      expect(await p.applications.commit(paidWithReceipt(b, 'pi_b'))).toMatchObject({ outcome: 'committed' });
      expect([(await p.receipts.findByKey('payment:pi_a'))?.number, (await p.receipts.findByKey('payment:pi_b'))?.number]).toEqual(numbers(1, 2));
      expect(await p.receipts.findByKey('payment:pi_stale')).toBeNull();
    });

    it('a family’s one receipt is listed under every application of its group; a group commit that rolls back takes no number', async () => {
      const user = await p.users.create(aUser());
      const { group, applications } = await p.groups.create(user.id, [anApplication(user.id), anApplication(user.id), anApplication(user.id)], at(1), () => []);
      const changes = (stale: boolean): ApplicationChange[] =>
        applications.map((m, i) => ({
          application: { ...m, initialPaymentId: 'pi_family', status: 'application_created', updatedAt: at(5) },
          expectedVersion: stale && i === 2 ? m.version + 1 : m.version,
          payment: aPayment({ providerPaymentId: 'pi_family', userId: user.id }),
          // The receipt rides on the first change: a later change that is stale rolls it back too.
          ...(i === 0 ? { receipt: receiptOf('pi_family', applications) } : {}),
        }));
      expect(await p.groups.commitAll(changes(true))).toEqual({ outcome: 'stale' });
      expect(await p.receipts.findByKey('payment:pi_family')).toBeNull();
      expect(await p.groups.commitAll(changes(false))).toMatchObject({ outcome: 'committed' });

      const single = await seedApplication(p);
      await p.applications.commit(paidWithReceipt(single, 'pi_single'));
      for (const member of applications) {
        const list = await p.receipts.listForApplication(member);
        expect(list.map((r) => [r.number, r.groupId, r.applicationId, r.amount])).toEqual([['R-2026-000001', group.id, applications[0]!.id, 3000]]);
        expect(list[0]!.lines.map((l) => l.applicationNumber)).toEqual(applications.map((a) => a.applicationNumber));
      }
      expect((await p.receipts.listForApplication(single)).map((r) => r.number)).toEqual(['R-2026-000002']);
    });

    it('erasing the payer keeps their receipts, numbered and with their amounts, but without names, email or card', async () => {
      const a = await seedApplication(p);
      const b = await seedApplication(p);
      await p.applications.commit(paidWithReceipt(a, 'pi_erased'));
      await p.applications.commit(paidWithReceipt(b, 'pi_kept'));
      await p.users.erase(a.userId);
      expect(await p.receipts.findByKey('payment:pi_erased')).toMatchObject({
        number: 'R-2026-000001',
        amount: 1000,
        applicationId: a.id,
        userId: null,
        payerName: 'Erased',
        payerEmail: '',
        card: null,
        lines: [{ applicationNumber: a.applicationNumber, travellerName: 'Erased', description: 'Initial fee', amount: 1000 }],
      });
      expect(await p.receipts.findByKey('payment:pi_kept')).toMatchObject({ userId: b.userId, payerName: 'Amira Payer', card: { brand: 'visa', last4: '4242' } });
    });

    it('numbers run per calendar year: the first receipt of a year is its 000001', async () => {
      const [a, b, c] = [await seedApplication(p), await seedApplication(p), await seedApplication(p)];
      await p.applications.commit(paidWithReceipt(a, 'pi_2026'));
      await p.applications.commit({ ...paidWithReceipt(b, 'pi_2027a'), receipt: receiptOf('pi_2027a', [b], { issuedAt: new Date('2027-01-01T00:00:00.000Z') }) });
      await p.applications.commit({ ...paidWithReceipt(c, 'pi_2027b'), receipt: receiptOf('pi_2027b', [c], { issuedAt: new Date('2027-03-01T09:00:00.000Z') }) });
      expect(await Promise.all(['pi_2026', 'pi_2027a', 'pi_2027b'].map(async (pi) => (await p.receipts.findByKey(`payment:${pi}`))?.number))).toEqual([
        'R-2026-000001',
        'R-2027-000001',
        'R-2027-000002',
      ]);
    });
  });
}
