import { collect } from '../support/collect.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_MESSAGE } from '../../core/domain/cancellation.js';
import { isSupportedNationality } from '../../core/domain/countries.js';
import { governmentFeeOn, governmentFeePence } from '../../core/domain/portal-ledger.js';
import type { Refund } from '../../core/domain/refund.js';
import { DELETED_AT_RETENTION } from '../../core/domain/document.js';
import { addCalendarDays, londonDateOf } from '../../core/domain/working-days.js';
import { CLI_OPERATOR } from '../../core/use-cases/audit.js';
import { APPLICATION_STATUSES, DECIDED_STATUSES, isDecided } from '../../core/domain/status.js';
import type { Application } from '../../core/domain/application.js';
import { EXPORT_HEADER } from '../../apps/cli/export-columns.js';
import { parseCsv } from './helpers/csv-parse.js';
import { oneLineError, readOutbox, runCli, startBackend, type Backend } from './helpers/cli.js';
import { openIntent } from '../support/payments.js';

const DAY = 86_400_000;

/**
 * Every operator command run as a subprocess (`node --import tsx apps/cli/main.ts …`) against one
 * database, asserting what was stored, the files written and the mails in DATA_DIR/outbox. The
 * tests run in order on the same data: seed, export, remind, answer data-protection requests,
 * purge, reconcile.
 */
export function describeCliCommands(backendName: 'sqlite' | 'postgres'): void {
  // Each command is a node process (~1 s each on an idle machine, much more on a busy one).
  describe(`evisa CLI on ${backendName}`, { timeout: 240_000 }, () => {
    let backend: Backend;
    const cli = (...args: string[]) => runCli(args, backend.env);

    beforeAll(async () => {
      backend = await startBackend(backendName);
    });
    afterAll(async () => {
      await backend?.stop();
    });

    if (backendName === 'postgres') {
      it('a command on a database that was never migrated says to run `evisa migrate` first', async () => {
        const early = await cli('export-applications', '--format', 'json');
        expect(early.code).toBe(1);
        expect(oneLineError(early)).toMatch(/is not migrated \(relation "\w+" does not exist\): run `evisa migrate` first/);
      });
    }

    it('migrate applies the migrations and is safe to run again', async () => {
      const first = await cli('migrate');
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(backendName === 'sqlite' ? /^Migrated SQLite database .*agency\.sqlite in [\d.]+ s\.\n$/ : /^Migrated PostgreSQL database .+ in [\d.]+ s\.\n$/);
      const again = await cli('migrate');
      expect(again.code).toBe(0);
      const agency = await backend.agency();
      expect(await agency.ports.users.findByEmail('nobody@example.com')).toBeNull();
    });

    it('create-admin creates an admin, promotes an existing user, and refuses a bad email with exit 2', async () => {
      const agency = await backend.agency();
      await agency.useCases.registerUser({ email: 'promote.me@example.com', password: 'original-pass', fullName: 'Promote Me', phoneNumber: '+441234567890' });

      const [created, promoted, bad] = await Promise.all([
        cli('create-admin', '--email', 'Ops@Agency.example', '--password', 'secret-123', '--name', 'Ops Team', '--phone', '+441111222333'),
        cli('create-admin', '--email', 'promote.me@example.com', '--password', 'other-pass', '--name', 'Ignored', '--phone', '+449999999999'),
        cli('create-admin', '--email', 'not-an-email', '--password', 'secret-123', '--name', 'X', '--phone', '+441111222333'),
      ]);

      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^Created admin ops@agency\.example \(user \d+\)\.\n$/);
      const admin = await agency.ports.users.findByEmail('ops@agency.example');
      expect(admin).toMatchObject({ isAdmin: true, fullName: 'Ops Team', phoneNumber: '+441111222333' });
      expect(await agency.ports.hasher.verify(admin!.passwordHash, 'secret-123')).toBe(true);

      expect(promoted.code).toBe(0);
      expect(promoted.stdout).toMatch(/^Promoted existing user promote\.me@example\.com \(user \d+\) to admin/);
      const user = await agency.ports.users.findByEmail('promote.me@example.com');
      expect(user).toMatchObject({ isAdmin: true, fullName: 'Promote Me' });
      expect(await agency.ports.hasher.verify(user!.passwordHash, 'original-pass')).toBe(true);

      expect(bad.code).toBe(2);
      expect(oneLineError(bad)).toBe('Error: --email: Please enter a valid email');
      expect(await agency.ports.users.findByEmail('not-an-email')).toBeNull();
    });

    it('seed-demo stores realistic applications in every status, with payments, history, documents, refunds and portal records', async () => {
      const result = await cli('seed-demo', '--applications', '80', '--users', '90', '--seed', '11', '--password', 'demo-pass-1');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const summary = /Seeded 80 applications for 90 applicants \(10 without an application\), [\d,]+ stored files, (\d+) refunds? and (\d+) portal records? in [\d.]+ s/.exec(result.stdout);
      expect(summary, result.stdout).not.toBeNull();
      const adminEmail = /Demo admin: (\S+);/.exec(result.stdout)?.[1];

      const agency = await backend.agency();
      const all = (await collect(agency.ports.applications.streamAllWithUsers())).filter(({ user }) => user.email.endsWith('@example.com') && user.email !== 'promote.me@example.com');
      expect(all).toHaveLength(80);
      const statuses = new Set(all.map(({ application }) => application.status));
      expect([...statuses].sort()).toEqual([...APPLICATION_STATUSES].sort());
      const demoAdmin = await agency.ports.users.findByEmail(adminEmail!);
      expect(demoAdmin?.isAdmin).toBe(true);
      const governmentFees = await agency.ports.governmentFees.list();
      const allRefunds: Refund[] = [];
      let portalRecords = 0;
      let governmentFeesPence = 0;
      let cancelled = 0;

      for (const { application: app, user } of all) {
        expect(isSupportedNationality(app.nationality)).toBe(true);
        expect(app.expectedDepartureDate >= app.expectedArrivalDate).toBe(true);
        expect(app.passportExpiry > app.expectedDepartureDate).toBe(true);
        expect(app.givenName.length).toBeGreaterThan(0);
        expect(app.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(await agency.ports.hasher.verify(user.passwordHash, 'demo-pass-1')).toBe(true);

        const payments = await agency.ports.payments.listByApplication(app.id);
        const history = await agency.ports.history.listByApplication(app.id);
        const documents = await agency.ports.documents.listByApplication(app.id);
        expect(documents.some((d) => d.type === 'passport')).toBe(true);
        for (const d of documents) expect(await agency.ports.files.exists(d.storageKey)).toBe(true);
        if (app.initialPaymentId) {
          expect(payments.find((p) => p.type === 'initial')).toMatchObject({ providerPaymentId: app.initialPaymentId, amount: 1000, status: 'succeeded', userId: user.id });
          expect(app.guaranteeDeadline).not.toBeNull();
          expect(app.address).not.toBeNull();
        } else {
          expect(app.status).toBe('online_entry');
          expect(payments).toEqual([]);
        }
        if (app.status === 'final_payment_received') {
          const final = payments.find((p) => p.type === 'final');
          expect(final?.providerPaymentId ?? `waived_${app.id}`).toBe(app.finalPaymentId);
          expect(app.visaDocument).not.toBeNull();
          expect(documents.some((d) => d.type === 'visa' && d.fileName === app.visaDocument)).toBe(true);
        }
        if (app.status !== 'online_entry') {
          expect(history.at(-1)?.toStatus).toBe(app.status);
          expect(history[0]).toMatchObject({ fromStatus: 'online_entry', changedByName: 'system' });
        }
        if (['under_process', 'verified', 'approved', 'rejected', 'additional_info_required'].includes(app.status) && app.cancelledAt === null) {
          expect(history.some((h) => h.changedBy === demoAdmin!.id)).toBe(true);
        }

        // Refunds: of the initial fee only, never more than was paid; the succeeded ones are the refunded amount.
        const refunds = await agency.ports.refunds.listByApplication(app.id);
        allRefunds.push(...refunds);
        const initial = payments.find((p) => p.type === 'initial');
        if (refunds.length > 0) expect(initial, app.applicationNumber).toBeDefined();
        for (const r of refunds) {
          expect(r).toMatchObject({ paymentId: initial!.id, paymentType: 'initial', currency: 'gbp', approvedBy: null });
          expect(['succeeded', 'failed', 'pending']).toContain(r.status);
          expect(r.amount).toBeGreaterThan(0);
          expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(initial!.createdAt.getTime());
          expect(r.updatedAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
          expect(r.updatedAt.getTime()).toBeLessThanOrEqual(Date.now());
          expect(r.status === 'failed' ? r.failureReason : r.gatewayRefundId).toBeTruthy();
          if (r.source === 'cancellation') expect(app.cancelledAt).not.toBeNull();
          else {
            expect(r).toMatchObject({ source: 'staff', requestedBy: demoAdmin!.id, requestedByName: demoAdmin!.email });
            expect(DECIDED_STATUSES).toContain(app.status);
          }
        }
        const held = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
        expect(held).toBeLessThanOrEqual(initial?.amount ?? 0);
        expect(app.refundedAmount).toBe(refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0));

        // A cancellation: rejected, in the history as the applicant's (or staff accepting their request), with its refund.
        if (app.cancelledAt !== null) {
          cancelled += 1;
          expect(app.status).toBe('rejected');
          expect(history.at(-1)?.message === CANCELLED_MESSAGE || history.at(-1)?.message?.startsWith('Cancellation accepted: ')).toBe(true);
          expect(refunds.some((r) => r.source === 'cancellation')).toBe(true);
        }

        // The portal record matches how far the application went; a paid government fee is booked at the entry in effect that day.
        const portal = await agency.ports.portal.find(app.id);
        const expected: Partial<Record<string, (string | null)[]>> = {
          under_process: ['to_submit'],
          verified: ['submitted', 'to_submit'],
          approved: ['granted'],
          final_payment_received: ['granted'],
          rejected: app.cancelledAt === null ? ['submitted', 'gov_payment_failed'] : [null],
        };
        expect(expected[app.status] ?? [null], `${app.applicationNumber} ${app.status}`).toContain(portal?.state ?? null);
        if (portal) {
          portalRecords += 1;
          expect(portal).toMatchObject({ version: 1, updatedBy: demoAdmin!.id, governmentFeeCurrency: 'USD', receipt: null });
          const paid = portal.state === 'submitted' || portal.state === 'granted';
          if (portal.state !== 'to_submit') expect(portal.reference).toMatch(/^EGV-\d{4}-\d{7}$/);
          else expect(portal.reference).toBeNull();
          if (paid) {
            const fee = governmentFeeOn(governmentFees, londonDateOf(portal.paidAt!));
            expect(portal.governmentFeeCents).toBe(fee?.amountCents ?? 2500);
            expect(portal.governmentFeePence).toBe(governmentFeePence(portal.governmentFeeCents, fee));
            expect(portal.governmentFeePence).toBe(1975);
            // The shield (decision 0033): the seeded fee never changed, so nothing was absorbed.
            expect(portal).toMatchObject({ feeAtPaymentCents: 2500, feeAtPaymentPence: 1975, absorbedFeeCents: 0, absorbedFeePence: 0 });
            expect(portal.paidAt!.getTime()).toBeGreaterThan(app.initialPaymentAt!.getTime());
            const decided = history.find((h) => isDecided(h.toStatus));
            if (decided) expect(portal.paidAt!.getTime()).toBeLessThan(decided.changedAt.getTime());
            governmentFeesPence += portal.governmentFeePence!;
          } else {
            expect(portal).toMatchObject({ governmentFeeCents: null, governmentFeePence: null, paidAt: null });
          }
        }
        if (app.status === 'additional_info_required') {
          expect(app.additionalInfoMessage).toBeTruthy();
        }
      }
      // Seed 11 draws a few of each (about 2–3% of paid applications are refunded).
      expect(allRefunds.length).toBe(Number(summary![1]));
      expect(portalRecords).toBe(Number(summary![2]));
      expect(cancelled).toBeGreaterThan(0);
      expect(allRefunds.some((r) => r.source === 'staff')).toBe(true);
      expect(governmentFeesPence).toBeGreaterThan(0);

      // The reports (GET /api/admin/reports/summary) of the last year count them: refunds given back and government fees paid.
      const today = londonDateOf(new Date());
      const report = await agency.useCases.reportsSummary(CLI_OPERATOR, { from: addCalendarDays(today, -364), to: today });
      const succeeded = allRefunds.filter((r) => r.status === 'succeeded');
      expect(succeeded.length).toBeGreaterThan(0);
      expect(report.refunds).toEqual({ count: succeeded.length, pence: succeeded.reduce((sum, r) => sum + r.amount, 0) });
      expect(report.revenue.reduce((sum, m) => sum + m.refundedPence, 0)).toBe(report.refunds.pence);
      expect(report.revenue.reduce((sum, m) => sum + m.governmentFeePence, 0)).toBe(governmentFeesPence);
    });

    it('export-applications streams RFC 4180 CSV with both ids and formula escaping, JSON and NDJSON, and filters', async () => {
      const agency = await backend.agency();
      await agency.useCases.registerUser({ email: 'formula@example.org', password: 'secret-123', fullName: '=HYPERLINK("http://evil.example","x")', phoneNumber: '+441234567890' });
      const out = path.join(backend.dataDir, 'export.csv');
      const future = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);

      const [csv, json, ndjson, none, badSince] = await Promise.all([
        cli('export-applications', '--out', out),
        cli('export-applications', '--format', 'json'),
        cli('export-applications', '--format', 'ndjson', '--status', 'REJECTED'),
        cli('export-applications', '--tab', 'approved', '--since', future, '--format', 'json'),
        cli('export-applications', '--since', 'yesterday'),
      ]);

      expect(csv.code).toBe(0);
      expect(csv.stderr).toBe('');
      expect(csv.stdout).toMatch(/^Exported \d+ applications and \d+ registered users without one to .*export\.csv \(csv\) in [\d.]+ s\.\n$/);
      const text = fs.readFileSync(out, 'utf8');
      expect(text.includes('\r\n')).toBe(true);
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual([...EXPORT_HEADER]);
      const col = (name: string) => header.indexOf(name);
      const stored = await collect(agency.ports.applications.streamAllWithUsers());
      const exportedAppIds = rows.filter((r) => r[col('applicationId')] !== '').map((r) => Number(r[col('applicationId')]));
      expect(exportedAppIds.sort((a, b) => a - b)).toEqual(stored.map((s) => s.application.id).sort((a, b) => a - b));
      const withoutApplication = await agency.ports.users.listWithoutApplication();
      const pseudoRows = rows.filter((r) => r[col('applicationId')] === '');
      expect(pseudoRows.every((r) => r[col('status')] === 'user_registered')).toBe(true);
      expect(pseudoRows.map((r) => Number(r[col('userId')])).every((id) => withoutApplication.some((u) => u.id === id))).toBe(true);
      const formulaRow = pseudoRows.find((r) => r[col('email')] === 'formula@example.org');
      expect(formulaRow?.[col('fullName')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(formulaRow?.[col('phoneNumber')]).toBe("'+441234567890");
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

      const sample = stored.find((s) => s.application.status === 'final_payment_received')!;
      const row = rows.find((r) => r[col('applicationId')] === String(sample.application.id))!;
      expect(row[col('userId')]).toBe(String(sample.user.id));
      expect(row[col('applicationNumber')]).toBe(sample.application.applicationNumber);
      expect(row[col('passportNumber')]).toBe(sample.application.passportNumber);
      expect(row[col('email')]).toBe(sample.user.email);
      expect(row[col('initialPaymentId')]).toBe(sample.application.initialPaymentId);
      expect(row[col('createdAt')]).toBe(sample.application.createdAt.toISOString());
      expect(row[col('expectedArrivalDate')]).toBe(sample.application.expectedArrivalDate);

      expect(json.code).toBe(0);
      const records = JSON.parse(json.stdout) as Record<string, unknown>[];
      expect(records).toHaveLength(rows.length);
      expect(Object.keys(records[0])).toEqual([...EXPORT_HEADER]);
      expect(records.find((r) => r.applicationId === sample.application.id)).toMatchObject({
        userId: sample.user.id,
        status: 'final_payment_received',
        initialPaymentAt: sample.application.initialPaymentAt!.toISOString(),
        requiresPassportReupload: false,
      });

      expect(ndjson.code).toBe(0);
      const rejected = ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: string; applicationId: number });
      const storedRejected = stored.filter((s) => s.application.status === 'rejected');
      expect(rejected.map((r) => r.applicationId).sort()).toEqual(storedRejected.map((s) => s.application.id).sort());
      expect(ndjson.stderr).toMatch(/^Exported \d+ applications to stdout \(ndjson\)/);

      expect(none.code).toBe(0);
      expect(JSON.parse(none.stdout)).toEqual([]);
      expect(none.stderr).toMatch(/^Exported 0 applications to stdout \(json\)/);

      expect(badSince.code).toBe(2);
      expect(oneLineError(badSince)).toBe("error: option '--since <date>' argument 'yesterday' is invalid. It must be a date such as 2026-01-31 or 2026-01-31T09:00:00Z (got 'yesterday').");
    });

    it('send-reminders: a dry run sends nothing; two runs at once remind everyone due exactly once and deliver the outbox', async () => {
      const agency = await backend.agency();
      const mailsBefore = await readOutbox(backend.dataDir);
      const dry = await cli('send-reminders', '--dry-run');
      expect(dry.code).toBe(0);
      const wouldRemind = dry.stdout.split('\n').filter((l) => l.startsWith('would remind '));
      const duePayment = wouldRemind.filter((l) => l.endsWith('[payment]'));
      const dueApplication = wouldRemind.filter((l) => l.endsWith('[application]'));
      expect(duePayment.length).toBeGreaterThan(0);
      expect(dueApplication.length).toBeGreaterThan(0);
      expect(dry.stdout).toMatch(/Dry run: \d+ payment reminders? and \d+ application reminders? would be sent; nothing was queued or sent\.\n$/);
      expect(await readOutbox(backend.dataDir)).toHaveLength(mailsBefore.length);
      const stored = await collect(agency.ports.applications.streamAllWithUsers());
      expect(stored.every((s) => s.application.paymentReminderSent === null)).toBe(true);

      const [a, b] = await Promise.all([cli('send-reminders'), cli('send-reminders')]);
      expect(a.code, a.stderr).toBe(0);
      expect(b.code, b.stderr).toBe(0);
      const sentPayment = (r: typeof a) => Number(/Queued (\d+) payment reminder/.exec(r.stdout)?.[1]);
      expect(sentPayment(a) + sentPayment(b)).toBe(duePayment.length);

      const mails = await readOutbox(backend.dataDir);
      const paymentMails = mails.filter((m) => m.subject.startsWith('Reminder: payment due for application'));
      const applicationMails = mails.filter((m) => m.subject.startsWith('Complete your Egypt e-visa application'));
      expect(paymentMails).toHaveLength(duePayment.length);
      expect(applicationMails).toHaveLength(dueApplication.length);
      const keys = paymentMails.map((m) => `${m.to}|${m.subject}`);
      expect(new Set(keys).size).toBe(keys.length);
      const dueEmails = duePayment.map((l) => l.split(' ')[2]).sort();
      expect(paymentMails.map((m) => m.to.replace(/^.*<|>$/g, '')).sort()).toEqual(dueEmails);

      const after = await collect(agency.ports.applications.streamAllWithUsers());
      const dueIds = new Set(duePayment.map((l) => Number(/\(application (\d+)\)/.exec(l)?.[1])));
      for (const { application } of after) {
        expect(application.paymentReminderSent !== null).toBe(dueIds.has(application.id));
      }
      expect(await agency.ports.outbox.list({ sent: false })).toEqual([]);

      const third = await cli('send-reminders', '--payment');
      expect(third.code).toBe(0);
      expect(third.stdout).toMatch(/^Queued 0 payment reminders in [\d.]+ s; delivered 0 mails in [\d.]+ s\.\n$/);
      expect(await readOutbox(backend.dataDir)).toHaveLength(mails.length);
    });

    it('export-user answers an access request as JSON; erase-user needs confirmation, then erases and keeps payments anonymised', async () => {
      const agency = await backend.agency();
      const subject = (await collect(agency.ports.applications.streamAllWithUsers())).find(
        (s) => s.application.status === 'final_payment_received' && s.application.finalPaymentId?.startsWith('pi_'),
      )!;
      const email = subject.user.email;
      const out = path.join(backend.dataDir, 'access.json');
      const [exported, unknown, refused] = await Promise.all([
        cli('export-user', '--email', email.toUpperCase(), '--out', out),
        cli('export-user', '--email', 'nobody@example.net'),
        cli('erase-user', '--email', email),
      ]);

      expect(exported.code).toBe(0);
      expect(exported.stdout).toMatch(new RegExp(`^Exported the data of ${email.replace(/[.+]/g, '\\$&')} \\(1 application, 2 payments, \\d+ documents`));
      const raw = fs.readFileSync(out, 'utf8');
      expect(raw).not.toMatch(/passwordHash|\$argon2/);
      const answer = JSON.parse(raw);
      expect(answer.user).toMatchObject({ id: subject.user.id, email, fullName: subject.user.fullName, phoneNumber: subject.user.phoneNumber });
      expect(answer.applications.map((a: Application) => a.id)).toEqual([subject.application.id]);
      expect(answer.applications[0].passportNumber).toBe(subject.application.passportNumber);
      expect(answer.payments.map((p: { type: string }) => p.type).sort()).toEqual(['final', 'initial']);
      expect(answer.statusHistory.length).toBeGreaterThanOrEqual(4);
      expect(answer.documents.length).toBeGreaterThanOrEqual(2);
      expect(answer.documents[0].fileUrl).toBe(`/api/documents/${answer.documents[0].id}/file`);

      expect(unknown.code).toBe(1);
      expect(oneLineError(unknown)).toMatch(/^Error: User not found\.?$/);

      expect(refused.code).toBe(2);
      expect(oneLineError(refused)).toBe(`Error: Refusing to erase ${email} without confirmation: not a terminal, so pass --yes to confirm.`);
      expect(await agency.ports.users.findByEmail(email)).not.toBeNull();

      const documents = await agency.ports.documents.listByApplication(subject.application.id);
      const erased = await cli('erase-user', '--email', email, '--yes');
      expect(erased.code, erased.stderr).toBe(0);
      // seed-demo writes payments without receipts, as payments recorded before receipts existed.
      expect(erased.stdout).toMatch(
        new RegExp(`^Erased ${email.replace(/[.+]/g, '\\$&')}: 1 application, ${documents.length} documents, ${documents.length} stored files; 2 payments and 0 receipts kept anonymised\\.\\n$`),
      );
      expect(await agency.ports.users.findByEmail(email)).toBeNull();
      expect(await agency.ports.applications.findById(subject.application.id)).toBeNull();
      for (const d of documents) expect(await agency.ports.files.exists(d.storageKey)).toBe(false);
      const kept = await agency.ports.payments.findByProviderPaymentId(subject.application.finalPaymentId!);
      expect(kept).toMatchObject({ applicationId: subject.application.id, userId: null, amount: 3900 });
    });

    it('purge-documents deletes passport copies and reply documents of applications finished longer ago than DAYS, after a dry run', async () => {
      const agency = await backend.agency();
      const cutoff = new Date(Date.now() - 30 * DAY);
      const due = await agency.ports.documents.listOfApplicationsFinishedBefore(DELETED_AT_RETENTION, cutoff);
      expect(due.length).toBeGreaterThan(0);

      const dry = await cli('purge-documents', '--older-than', '30', '--dry-run');
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(
        new RegExp(
          `^Dry run: ${due.length} documents? \\(passport copies and replies; ${due.length} files?\\) of applications finished more than 30 days ago would be deleted\\.\n` +
            `Dry run: \\d+ stored files? with no record, older than 24 hours, would be deleted \\([\\d,]+ files? checked\\)\\.\n$`,
        ),
      );
      for (const d of due) expect(await agency.ports.files.exists(d.storageKey)).toBe(true);

      const purged = await cli('purge-documents', '--older-than', '30');
      expect(purged.code).toBe(0);
      expect(purged.stdout).toMatch(new RegExp(`^Deleted ${due.length} documents? \\(passport copies and replies; ${due.length} files?\\)`));
      expect(await agency.ports.documents.listOfApplicationsFinishedBefore(DELETED_AT_RETENTION, cutoff)).toEqual([]);
      for (const d of due) {
        expect(await agency.ports.documents.findById(d.id)).toBeNull();
        expect(await agency.ports.files.exists(d.storageKey)).toBe(false);
      }
      const visas = (await agency.ports.documents.listByApplication(due[0].applicationId)).filter((d) => d.type === 'visa');
      const app = await agency.ports.applications.findById(due[0].applicationId);
      if (app?.visaDocument) expect(visas.length).toBeGreaterThan(0);

      const bad = await cli('purge-documents', '--older-than', '-3');
      expect(bad.code).toBe(2);
    });

    it('sweep-orphan-files deletes stored files no record points at, older than the grace period, after a dry run', async () => {
      const agency = await backend.agency();
      const uploads = path.join(backend.dataDir, 'uploads');
      const twoDaysAgo = new Date(Date.now() - 2 * DAY);
      // What a crash leaves: a stored file whose row was never written, and half an upload.
      await agency.ports.files.put('orphan-from-a-crash', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'p.pdf' });
      fs.writeFileSync(path.join(uploads, 'cut-short.1234-0123456789ab.tmp'), 'partial');
      await agency.ports.files.put('orphan-just-now', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'p.pdf' });
      for (const name of ['orphan-from-a-crash', 'cut-short.1234-0123456789ab.tmp']) fs.utimesSync(path.join(uploads, name), twoDaysAgo, twoDaysAgo);
      const kept = (await collect(agency.ports.applications.streamAllWithUsers())).slice(0, 5);
      const documents = (await Promise.all(kept.map((k) => agency.ports.documents.listByApplication(k.application.id)))).flat();

      const dry = await cli('sweep-orphan-files', '--dry-run');
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/^Dry run: 2 stored files with no record, older than 24 hours, would be deleted \([\d,]+ files checked\)\.\n$/);
      expect(await agency.ports.files.exists('orphan-from-a-crash')).toBe(true);

      const swept = await cli('sweep-orphan-files');
      expect(swept.code, swept.stderr).toBe(0);
      expect(swept.stdout).toMatch(/^Deleted 2 stored files with no record, older than 24 hours \(/);
      expect(await agency.ports.files.exists('orphan-from-a-crash')).toBe(false);
      expect(fs.existsSync(path.join(uploads, 'cut-short.1234-0123456789ab.tmp'))).toBe(false);
      expect(await agency.ports.files.exists('orphan-just-now')).toBe(true);
      for (const d of documents) expect(await agency.ports.files.exists(d.storageKey)).toBe(true);

      expect((await cli('sweep-orphan-files', '--grace-hours', '0')).code).toBe(2);
    });

    it('reconcile-payments lists a payment the gateway took but nobody recorded, and --fix records it', async () => {
      const agency = await backend.agency();
      const pending = (await collect(agency.ports.applications.streamAllWithUsers())).find((s) => s.application.status === 'online_entry')!;
      const intent = await openIntent(agency.ports.gateway, {
        applicationId: pending.application.id,
        paymentType: 'initial',
        amount: 1000,
        currency: 'gbp',
        idempotencyKey: `initial-${pending.application.id}`,
      });
      backend.stripe.succeed(intent.id);
      const since = new Date(Date.now() - DAY).toISOString().slice(0, 10);

      const listed = await cli('reconcile-payments', '--since', since);
      expect(listed.code).toBe(1);
      expect(listed.stdout).toContain(`${intent.id} application ${pending.application.id} initial £10.00: succeeded at the gateway but not recorded`);
      expect(oneLineError(listed)).toMatch(/^Error: Checked \d+ gateway payments? since .*: 1 mismatch \(run with --fix to record them\)\.$/);
      expect((await agency.ports.applications.findById(pending.application.id))?.initialPaymentId).toBeNull();

      const fixed = await cli('reconcile-payments', '--since', since, '--fix');
      expect(fixed.code, fixed.stderr).toBe(0);
      expect(fixed.stdout).toContain(`${intent.id} application ${pending.application.id} initial £10.00: recorded now`);
      const app = await agency.ports.applications.findById(pending.application.id);
      expect(app).toMatchObject({ initialPaymentId: intent.id, status: 'application_created' });
      expect(await agency.ports.payments.findByProviderPaymentId(intent.id)).toMatchObject({ amount: 1000, type: 'initial' });

      const clean = await cli('reconcile-payments', '--since', since);
      expect(clean.code).toBe(0);
      expect(clean.stdout).toMatch(/: every succeeded payment is recorded\.\n$/);
    });
  });
}
