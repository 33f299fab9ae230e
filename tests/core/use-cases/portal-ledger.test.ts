import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  checkPortalLedger,
  feeShield,
  governmentFeeOn,
  governmentFeePence,
  NO_FEE_SHIELD,
  SEEDED_GOVERNMENT_FEE,
  type GovernmentFee,
  type PortalLedgerInput,
} from '../../../core/domain/portal-ledger.js';
import { minorUnitsOf, portalLedgerSchema } from '../../../core/schemas/portal.js';
import type { UploadedFile } from '../../../core/use-cases/use-cases.js';
import { collect } from '../../support/collect.js';
import { makeMemoryAgency } from '../../support/memory-ports.js';
import { domainError, makeAdmin, paidApplication, pdfFile } from '../helpers.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const input = (overrides: Partial<PortalLedgerInput> = {}): PortalLedgerInput => ({
  reference: 'EG-1',
  state: 'submitted',
  governmentFeeCents: 2500,
  governmentFeeCurrency: 'USD',
  paidAt: new Date('2026-11-22T09:00:00.000Z'),
  ...overrides,
});
const fee = (effectiveFrom: string, amountCents: number, pence: number): GovernmentFee => ({ effectiveFrom, amountCents, pence, createdAt: NOW, createdBy: null });

describe('the portal ledger rules', () => {
  it('accepts a whole record and trims the reference (empty → none)', () => {
    expect(checkPortalLedger(input({ reference: '  EG-1 ' }), NOW)).toEqual({ ok: true, value: input() });
    expect(checkPortalLedger(input({ reference: '   ' }), NOW)).toMatchObject({ ok: true, value: { reference: null } });
    expect(checkPortalLedger(input({ state: 'to_submit', reference: null, governmentFeeCents: null, paidAt: null }), NOW).ok).toBe(true);
    expect(checkPortalLedger(input({ governmentFeeCents: 0 }), NOW).ok).toBe(true);
  });

  it.each([
    ['a fee without its date', { paidAt: null }, 'paidAt', 'Give the government fee and the date it was paid together (or neither).'],
    ['a date without its fee', { governmentFeeCents: null }, 'governmentFeeCents', 'Give the government fee and the date it was paid together (or neither).'],
    ['a payment in the future', { paidAt: new Date('2026-11-23T11:00:00.000Z') }, 'paidAt', 'The government fee cannot be paid in the future.'],
    ['granted without a reference', { state: 'granted' as const, reference: ' ' }, 'reference', "A granted application needs the portal's reference."],
    ['a negative fee', { governmentFeeCents: -1 }, 'governmentFeeCents', 'The government fee must be a whole number of cents, 0 or more.'],
    ['a fee in parts of a cent', { governmentFeeCents: 25.5 }, 'governmentFeeCents', 'The government fee must be a whole number of cents, 0 or more.'],
    ['an unknown state', { state: 'paid' as never }, 'state', 'The portal state must be one of to_submit, submitted, gov_payment_failed, granted.'],
    ['another currency', { governmentFeeCurrency: 'GBP' as never }, 'governmentFeeCurrency', 'The government fee is paid in USD only.'],
    ['a reference over 64 characters', { reference: 'x'.repeat(65) }, 'reference', 'The portal reference can be at most 64 characters.'],
  ])('refuses %s', (_what, overrides, field, message) => {
    const result = checkPortalLedger(input(overrides), NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.data).toMatchObject({ type: 'Validation', message, errors: { [field]: [message] } });
  });

  it('a payment a few seconds ahead of the clock (a browser a little fast) is still now', () => {
    expect(checkPortalLedger(input({ paidAt: new Date(NOW.getTime() + 60_000) }), NOW).ok).toBe(true);
  });

  it('the schema reads a date input as London midnight, a full time as itself, and refuses the rest', () => {
    expect(portalLedgerSchema.parse({ state: 'submitted', governmentFeeCents: 2500, paidAt: '2026-07-01' }).paidAt).toEqual(new Date('2026-06-30T23:00:00.000Z'));
    expect(portalLedgerSchema.parse({ state: 'submitted', governmentFeeCents: 2500, paidAt: '2026-01-05' }).paidAt).toEqual(new Date('2026-01-05T00:00:00.000Z'));
    expect(portalLedgerSchema.parse({ state: 'submitted', paidAt: '2026-01-05T10:30:00+02:00' }).paidAt).toEqual(new Date('2026-01-05T08:30:00.000Z'));
    expect(portalLedgerSchema.parse({ state: 'to_submit' })).toEqual({ reference: null, state: 'to_submit', governmentFeeCents: null, governmentFeeCurrency: 'USD', paidAt: null });
    for (const bad of [
      { state: 'nope' },
      { state: 'submitted', governmentFeeCents: -5 },
      { state: 'submitted', governmentFeeCents: '2500' },
      { state: 'submitted', paidAt: '2026-02-30' },
      { state: 'submitted', governmentFeeCurrency: 'EUR' },
    ]) {
      expect(portalLedgerSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('the government fee configuration', () => {
  const fees = [fee('2026-12-01', 4500, 3555), SEEDED_GOVERNMENT_FEE, fee('2025-06-01', 2500, 1900)];

  it('picks the latest entry in effect on a date', () => {
    expect(governmentFeeOn(fees, '2019-12-31')).toBeNull();
    expect(governmentFeeOn(fees, '2020-01-01')).toBe(SEEDED_GOVERNMENT_FEE);
    expect(governmentFeeOn(fees, '2025-05-31')).toBe(SEEDED_GOVERNMENT_FEE);
    expect(governmentFeeOn(fees, '2025-06-01')?.pence).toBe(1900);
    expect(governmentFeeOn(fees, '2026-11-30')?.pence).toBe(1900);
    expect(governmentFeeOn(fees, '2026-12-01')?.pence).toBe(3555);
  });

  it('books a fee pro rata, rounded to the penny; unpriced without an entry', () => {
    expect(governmentFeePence(2500, SEEDED_GOVERNMENT_FEE)).toBe(1975);
    expect(governmentFeePence(4500, fee('2026-12-01', 4500, 3555))).toBe(3555);
    expect(governmentFeePence(2000, SEEDED_GOVERNMENT_FEE)).toBe(1580);
    expect(governmentFeePence(1, SEEDED_GOVERNMENT_FEE)).toBe(1);
    expect(governmentFeePence(2500, null)).toBeNull();
    expect(governmentFeePence(null, SEEDED_GOVERNMENT_FEE)).toBeNull();
  });

  it('reads amounts as the CLI takes them', () => {
    expect(minorUnitsOf('45.00')).toBe(4500);
    expect(minorUnitsOf('35.5')).toBe(3550);
    expect(minorUnitsOf('20')).toBe(2000);
    for (const bad of ['0', '0.00', '-1', '1.234', 'abc', '', '1e3']) expect(minorUnitsOf(bad), bad).toBeNull();
  });
});

function pngFile(fileName = 'receipt.png'): UploadedFile {
  const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  return { body: Readable.from([body]), fileName, contentType: 'image/png', size: body.length };
}

describe('keeping the portal ledger', () => {
  async function setup() {
    const agency = makeMemoryAgency();
    const admin = await makeAdmin(agency.uc);
    const { applicationId } = await paidApplication(agency.ports, agency.uc);
    return { ...agency, admin, applicationId };
  }

  it('reads "to submit" until written; a write books the fee in pence and is audited with what changed', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    expect(await uc.readPortal(admin, applicationId)).toEqual({
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
    });
    const paidAt = new Date('2026-11-22T09:00:00.000Z');
    const view = await uc.updatePortal(admin, applicationId, input({ paidAt }));
    expect(view).toMatchObject({ reference: 'EG-1', state: 'submitted', governmentFeeCents: 2500, governmentFeePence: 1975, paidAt, updatedBy: admin.userId, updatedAt: ports.clock.now() });
    await uc.updatePortal(admin, applicationId, input({ paidAt, state: 'granted' }));
    const trail = (await ports.audit.list({ applicationId, limit: 500 })).filter((e) => e.action === 'application.portal_updated').reverse();
    expect(trail.map((e) => e.detail)).toEqual([
      {
        before: {
          reference: null,
          state: 'to_submit',
          governmentFeeCents: null,
          governmentFeePence: null,
          feeAtPaymentCents: null,
          feeAtPaymentPence: null,
          absorbedFeeCents: null,
          absorbedFeePence: null,
          paidAt: null,
        },
        after: {
          reference: 'EG-1',
          state: 'submitted',
          governmentFeeCents: 2500,
          governmentFeePence: 1975,
          feeAtPaymentCents: 2500,
          feeAtPaymentPence: 1975,
          absorbedFeeCents: 0,
          absorbedFeePence: 0,
          paidAt: paidAt.toISOString(),
        },
      },
      { before: { state: 'submitted' }, after: { state: 'granted' } },
    ]);
    // The admin reads carry it.
    const page = await uc.searchAdminApplications(admin, { page: 1, pageSize: 10 });
    expect(page.items[0].portal).toMatchObject({ state: 'granted', reference: 'EG-1' });
    const full = await collect(await uc.listAdminApplications(admin));
    expect(full[0]).toMatchObject({ portal: { state: 'granted' } });
  });

  it('the shield: a rise of the fee between the traveller paying us and the portal being paid is the agency’s, recorded with both fees', async () => {
    const fees: GovernmentFee[] = [
      SEEDED_GOVERNMENT_FEE,
      { effectiveFrom: '2026-12-01', amountCents: 4500, pence: 3555, createdAt: new Date('2026-11-20T00:00:00Z'), createdBy: null },
      { effectiveFrom: '2027-01-01', amountCents: 3500, pence: 2765, createdAt: new Date('2026-11-20T00:00:00Z'), createdBy: null },
    ];
    const travellerPaid = new Date('2026-11-30T23:30:00Z'); // 30 November in London: US$25
    // Raised on 1 December (London, as the configuration counts days): US$20 absorbed, at that day's rate.
    expect(feeShield(fees, travellerPaid, new Date('2026-12-01T00:00:00Z'), 4500)).toEqual({ feeAtPaymentCents: 2500, feeAtPaymentPence: 1975, absorbedFeeCents: 2000, absorbedFeePence: 1580 });
    // The same day, or a fee lower than when the traveller paid: nothing absorbed.
    expect(feeShield(fees, travellerPaid, new Date('2026-11-30T23:59:00Z'), 2500)).toEqual({ feeAtPaymentCents: 2500, feeAtPaymentPence: 1975, absorbedFeeCents: 0, absorbedFeePence: 0 });
    expect(feeShield(fees, new Date('2026-12-05T12:00:00Z'), new Date('2027-01-02T12:00:00Z'), 3500)).toEqual({
      feeAtPaymentCents: 4500,
      feeAtPaymentPence: 3555,
      absorbedFeeCents: 0,
      absorbedFeePence: 0,
    });
    // Never more than the fee paid; nothing claimed without the traveller's payment or a configured fee.
    expect(feeShield(fees, travellerPaid, new Date('2026-12-02T12:00:00Z'), 1000).absorbedFeeCents).toBe(1000);
    expect(feeShield(fees, null, new Date('2026-12-02T12:00:00Z'), 4500)).toEqual(NO_FEE_SHIELD);
    expect(feeShield(fees, new Date('2019-06-01T12:00:00Z'), new Date('2026-12-02T12:00:00Z'), 4500)).toEqual(NO_FEE_SHIELD);
  });

  it('books the fee at the configuration in effect on the day it was paid (unpriced before any)', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await uc.setGovernmentFee(admin, { effectiveFrom: '2026-11-01', amountCents: 4500, pence: 3555 });
    expect((await uc.updatePortal(admin, applicationId, input({ governmentFeeCents: 4500, paidAt: new Date('2026-11-01T00:30:00.000Z') }))).governmentFeePence).toBe(3555);
    expect((await uc.updatePortal(admin, applicationId, input({ governmentFeeCents: 2500, paidAt: new Date('2026-10-31T12:00:00.000Z') }))).governmentFeePence).toBe(1975);
    expect((await uc.updatePortal(admin, applicationId, input({ governmentFeeCents: 2500, paidAt: new Date('2019-06-01T12:00:00.000Z') }))).governmentFeePence).toBeNull();
    const { current, fees } = await uc.listGovernmentFees(admin);
    expect(current).toMatchObject({ effectiveFrom: '2026-11-01', amountCents: 4500 });
    expect(fees.map((f) => f.effectiveFrom)).toEqual(['2020-01-01', '2026-11-01']);
    expect((await ports.audit.list({ limit: 500 })).filter((e) => e.action === 'government_fee.set').map((e) => e.detail)).toEqual([
      { after: { effectiveFrom: '2026-11-01', amountCents: 4500, pence: 3555 } },
    ]);
  });

  it('refuses bad input, unknown applications and roles without portal.manage, writing nothing', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await domainError(uc.updatePortal(admin, applicationId, input({ paidAt: null })), 'Validation');
    await domainError(uc.updatePortal(admin, applicationId, input({ governmentFeeCents: -100 })), 'Validation');
    await domainError(uc.updatePortal(admin, applicationId + 99, input()), 'NotFound');
    const support = { ...admin, userId: admin.userId, role: 'support' as const };
    await domainError(uc.updatePortal(support, applicationId, input()), 'Forbidden', 'Your role does not allow this (portal.manage).');
    await domainError(uc.setGovernmentFee({ ...admin, role: 'reviewer' }, { effectiveFrom: '2026-12-01', amountCents: 4500, pence: 3555 }), 'Forbidden');
    await domainError(uc.setGovernmentFee(admin, { effectiveFrom: '2026-02-30', amountCents: 4500, pence: 3555 }), 'Validation');
    await domainError(uc.setGovernmentFee(admin, { effectiveFrom: '2026-12-01', amountCents: 0, pence: 3555 }), 'Validation');
    expect(await ports.portal.find(applicationId)).toBeNull();
    expect(await ports.governmentFees.list()).toEqual([SEEDED_GOVERNMENT_FEE]);
    expect((await ports.audit.list({ limit: 500 })).filter((e) => e.action === 'application.portal_updated' || e.action === 'government_fee.set')).toEqual([]);
    // Reviewers and finance may keep it.
    expect((await uc.updatePortal({ ...admin, role: 'finance' }, applicationId, input())).state).toBe('submitted');
  });

  it('stores the receipt, replaces it (the old file deleted once the new one is recorded) and serves it back', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    const before = new Set(ports.files.keys());
    const first = await uc.attachPortalReceipt(admin, applicationId, pdfFile('gov receipt.pdf'));
    expect(first).toMatchObject({ state: 'to_submit', receipt: { fileName: 'gov receipt.pdf', contentType: 'application/pdf' } });
    const firstKey = (await ports.portal.find(applicationId))!.receipt!.storageKey;
    expect(ports.files.keys().filter((k) => !before.has(k))).toEqual([firstKey]);

    await uc.updatePortal(admin, applicationId, input());
    const second = await uc.attachPortalReceipt(admin, applicationId, pngFile());
    expect(second).toMatchObject({ state: 'submitted', reference: 'EG-1', receipt: { fileName: 'receipt.png', contentType: 'image/png' } });
    const secondKey = (await ports.portal.find(applicationId))!.receipt!.storageKey;
    expect(ports.files.keys().filter((k) => !before.has(k))).toEqual([secondKey]);

    const opened = await uc.openPortalReceipt(admin, applicationId);
    expect(opened).toMatchObject({ fileName: 'receipt.png', contentType: 'image/png' });
    const audit = (await ports.audit.list({ applicationId, limit: 500 })).map((e) => e.action);
    expect(audit.filter((a) => a === 'application.portal_receipt_uploaded')).toHaveLength(2);
    expect(audit).toContain('document.viewed');

    // The orphan sweep keeps it; erasing the applicant removes it.
    ports.clock.advance({ hours: 48 });
    await uc.sweepOrphanFiles({ dryRun: false });
    expect(ports.files.keys()).toContain(secondKey);
  });

  it('a receipt that cannot be recorded leaves no file behind; none to open is NotFound', async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await domainError(uc.openPortalReceipt(admin, applicationId), 'NotFound');
    const before = ports.files.keys();
    await domainError(uc.attachPortalReceipt(admin, applicationId + 99, pdfFile()), 'NotFound');
    await domainError(uc.attachPortalReceipt({ ...admin, role: 'support' }, applicationId, pdfFile()), 'Forbidden');
    expect(ports.files.keys()).toEqual(before);
    expect(await ports.portal.find(applicationId)).toBeNull();
  });

  it("erasing the applicant deletes the portal's receipt with the ledger row", async () => {
    const { ports, uc, admin, applicationId } = await setup();
    await uc.attachPortalReceipt(admin, applicationId, pdfFile());
    const key = (await ports.portal.find(applicationId))!.receipt!.storageKey;
    await uc.eraseUser('alice@example.com');
    expect(ports.files.keys()).not.toContain(key);
    expect(await ports.portal.find(applicationId)).toBeNull();
  });
});
