import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { SHIPPED_EGYPT_RULES, type EgyptRule, type RuleNotice } from '../../core/domain/egypt-rules.js';
import type { OutboxMailInput } from '../../core/ports/mail-outbox.js';
import { aUser, anApplication, at, type MakePersistence } from './persistence-fixtures.js';

const byKey = (rules: readonly EgyptRule[]) => [...rules].sort((a, b) => `${a.kind}|${a.subject}|${a.effectiveFrom}`.localeCompare(`${b.kind}|${b.subject}|${b.effectiveFrom}`));

/** Egypt's rules as dated data and the notices of a change (docs/product.md §5.11). */
export function describeEgyptRuleRepositoryContract(name: string, makeAdapter: MakePersistence): void {
  describe(`${name}: EgyptRuleRepository`, () => {
    let p: Persistence;
    beforeEach(async () => {
      p = await makeAdapter();
    });
    afterEach(async () => {
      await p.close();
    });

    const passport = (effectiveFrom: string, months: number, createdBy: number | null = null): EgyptRule => ({
      kind: 'passport_validity',
      subject: '',
      value: { months, countedFrom: 'arrival' },
      effectiveFrom,
      source: { url: 'https://example.test/rule', title: 'A test source' },
      lastChecked: '2026-11-20',
      createdAt: at(0),
      createdBy,
    });

    it('starts with the shipped rules, as they are', async () => {
      expect(byKey(await p.egyptRules.list())).toEqual(byKey(SHIPPED_EGYPT_RULES));
    });

    it('stores an entry, replaces one of the same date and removes the scheduled ones it is told to', async () => {
      const staff = (await p.users.create(aUser({ isAdmin: true, role: 'admin' }))).id;
      expect(await p.egyptRules.save(passport('2030-01-01', 9, staff), [])).toEqual([]);
      const listed = () => p.egyptRules.list().then((all) => all.filter((r) => r.kind === 'passport_validity'));
      expect((await listed()).map((r) => r.effectiveFrom)).toContain('2030-01-01');
      expect(await p.egyptRules.save(passport('2030-01-01', 10, staff), [])).toEqual([passport('2030-01-01', 9, staff)]);
      const replaced = await p.egyptRules.save(passport('2031-02-01', 11, staff), ['2030-01-01']);
      expect(replaced).toEqual([passport('2030-01-01', 10, staff)]);
      expect((await listed()).find((r) => r.effectiveFrom === '2031-02-01')).toEqual(passport('2031-02-01', 11, staff));
      expect((await listed()).some((r) => r.effectiveFrom === '2030-01-01')).toBe(false);
    });

    it('lists the open applications arriving from a date, with their applicant', async () => {
      const user = await p.users.create(aUser());
      const early = await p.applications.create(anApplication(user.id, {}, { expectedArrivalDate: '2027-01-01', expectedDepartureDate: '2027-01-05' }));
      const late = await p.applications.create(anApplication(user.id, {}, { expectedArrivalDate: '2027-02-01', expectedDepartureDate: '2027-02-05' }));
      await p.applications.create(anApplication(user.id, { status: 'approved' }, { expectedArrivalDate: '2027-02-01', expectedDepartureDate: '2027-02-05' }));
      const open = await p.egyptRules.listOpen('2027-01-15');
      expect(open).toEqual([
        {
          id: late.id,
          userId: user.id,
          email: user.email,
          fullName: user.fullName,
          applicationNumber: late.applicationNumber,
          nationality: late.nationality,
          passportExpiry: late.passportExpiry,
          expectedArrivalDate: '2027-02-01',
          appliedOn: late.createdAt.toISOString().slice(0, 10),
          ruleNoticeChange: null,
        },
      ]);
      expect((await p.egyptRules.listOpen('2026-01-01')).map((a) => a.id)).toEqual([early.id, late.id]);
    });

    it('marks the affected applications and queues the mail once per change', async () => {
      const user = await p.users.create(aUser());
      const one = await p.applications.create(anApplication(user.id));
      const two = await p.applications.create(anApplication(user.id));
      const notice: RuleNotice = { change: 'passport_validity@2027-01-04', reason: 'passport_validity', message: 'Renew your passport.', at: at(0).toISOString() };
      const mail: OutboxMailInput = {
        to: user.email,
        template: 'rules_changed',
        data: { fullName: 'A', applications: [{ applicationNumber: one.applicationNumber, applicationId: one.id, message: 'Renew your passport.' }] },
      };
      expect(
        await p.egyptRules.noticeAffected(
          [
            { applicationId: one.id, notice },
            { applicationId: two.id, notice },
          ],
          mail,
          at(0),
        ),
      ).toEqual([one.id, two.id]);
      expect(
        await p.egyptRules.noticeAffected(
          [
            { applicationId: one.id, notice },
            { applicationId: two.id, notice },
          ],
          mail,
          at(1),
        ),
      ).toEqual([]);
      expect((await p.outbox.list({ to: user.email })).filter((m) => m.template === 'rules_changed')).toHaveLength(1);
      const stored = await p.applications.findById(one.id);
      expect(stored?.ruleNotice).toEqual(notice);
      expect(stored?.version).toBe(one.version);
      expect((await p.egyptRules.listOpen('2000-01-01')).find((a) => a.id === two.id)?.ruleNoticeChange).toBe(notice.change);
      // A later change marks them again.
      expect(await p.egyptRules.noticeAffected([{ applicationId: two.id, notice: { ...notice, change: 'passport_validity@2027-02-01' } }], mail, at(2))).toEqual([two.id]);
    });
  });
}
