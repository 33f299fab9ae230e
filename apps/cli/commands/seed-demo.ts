import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { applyAddressDetails, applyConfirmedPayment, applyPassportReupload, applyVisaAttached, decideStatusChange, newApplication, type Application } from '../../../core/domain/application.js';
import { CANCELLED_MESSAGE, decideCancellation, decideCancellationRequest } from '../../../core/domain/cancellation.js';
import type { NewDocument } from '../../../core/domain/document.js';
import { FINAL_FEE, INITIAL_FEE } from '../../../core/domain/fees.js';
import { CURRENCY } from '../../../core/domain/money.js';
import { checkPortalLedger, feeShield, governmentFeeOn, governmentFeePence, type GovernmentFee, type PortalState } from '../../../core/domain/portal-ledger.js';
import type { RefundSource } from '../../../core/domain/refund.js';
import { londonDateOf } from '../../../core/domain/working-days.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { User } from '../../../core/domain/user.js';
import type { Ports } from '../../../core/ports/index.js';
import type { NewUser } from '../../../core/ports/user-repository.js';
import type { LoadedApplication, LoadedRefund } from '../../../adapters/persistence/persistence.js';
import { CANCELLED_AT_ONCE_REFUND_REASON } from '../../../core/use-cases/cancel-application.js';
import { WAIVER_MESSAGE } from '../../../core/use-cases/record-waiver.js';
import type { Agency } from '../../shared/agency.js';
import { withAgency } from '../context.js';
import { UsageError } from '../errors.js';
import { createReporter, plural, seconds } from '../output.js';
import {
  createRandom,
  DEMO_CANCELLATION_ACCEPTS,
  DEMO_CANCELLATION_REASONS,
  DEMO_GOODWILL,
  DEMO_PDF,
  DEMO_PNG,
  DEMO_REFUND_FAILURES,
  DEMO_STATUS_WEIGHTS,
  demoAddress,
  demoForm,
  demoInfoMessage,
  demoPerson,
  type DemoPerson,
  type Random,
} from '../seed/demo-data.js';
import { applicationStatus, wholeNumber } from '../validate.js';

interface Flags {
  applications: number;
  users?: number;
  status?: ApplicationStatus;
  seed?: number;
  files: boolean;
  password?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back an application in each status was created (days): later statuses are older. */
const AGE_DAYS: Record<ApplicationStatus, [number, number]> = {
  online_entry: [0.2, 14],
  application_created: [0.5, 10],
  under_process: [1, 12],
  additional_info_required: [2, 20],
  verified: [2, 25],
  approved: [3, 40],
  final_payment_received: [5, 180],
  rejected: [4, 180],
};

/** How far back a cancelled application was cancelled (days): any time, recently too. */
const CANCELLED_AGE_DAYS: [number, number] = [0.2, 120];

/** The admin transitions that lead to each status after the initial payment (docs/product.md §3.2 choices). */
const PATHS: Record<ApplicationStatus, ApplicationStatus[]> = {
  online_entry: [],
  application_created: [],
  under_process: ['under_process'],
  additional_info_required: ['under_process', 'additional_info_required'],
  verified: ['under_process', 'verified'],
  approved: ['under_process', 'verified', 'approved'],
  final_payment_received: ['under_process', 'verified', 'approved'],
  rejected: ['under_process', 'verified', 'rejected'],
};

export function registerSeedDemo(program: Command): void {
  program
    .command('seed-demo')
    .description(
      'Fill the database with realistic demo data: applicants, applications in every status with valid passports and dates, payments, refunds and cancellations, re-upload requests, documents, portal records with the government fees paid, and admin history.',
    )
    .requiredOption('--applications <n>', 'number of applications', wholeNumber({ min: 0, max: 5_000_000 }))
    .option('--users <m>', 'number of applicants (default: 5% more than applications, so some have none yet)', wholeNumber({ min: 1, max: 5_000_000 }))
    .option('--status <status>', 'put every application in this status (e.g. online_entry to have payment reminders due)', applicationStatus)
    .option('--seed <n>', 'random seed, to reproduce the same data', wholeNumber({ min: 0, max: 2 ** 32 - 1 }))
    .option('--no-files', 'do not store passport scans and visa files (document records only)')
    .option('--password <password>', 'password of every demo account (default: a random one, printed at the end)')
    .addHelpText(
      'after',
      `
Every demo account has an address @example.com; a demo admin account is created for the history.

Example:
  $ evisa seed-demo --applications 1000 --users 800
  Seeded 1,000 applications for 800 applicants, 24 refunds and 512 portal records in 2.1 s (online_entry 121, … rejected 97).
  Demo admin: demo-admin.k3x9@example.com; password of every demo account: …`,
    )
    .action(async (flags: Flags) => {
      if (flags.password !== undefined && flags.password.length < 6) {
        throw new UsageError('--password: Password must be at least 6 characters');
      }
      const out = createReporter();
      await withAgency((agency) => seed(agency, flags, out));
    });
}

export async function seed(agency: Agency, flags: Flags, out: ReturnType<typeof createReporter>): Promise<void> {
  const started = performance.now();
  const ports = agency.ports;
  const rng = createRandom(flags.seed ?? randomBytes(4).readUInt32LE(0));
  const tag = randomBytes(3).toString('hex').slice(0, 4);
  const now = ports.clock.now();
  const applications = flags.applications;
  const userCount = flags.users ?? Math.max(1, Math.ceil(applications * 1.05));
  const password = flags.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await ports.hasher.hash(password);

  const admin = await ports.users.create({
    email: `demo-admin.${tag}@example.com`,
    passwordHash,
    fullName: 'Demo Admin',
    phoneNumber: '+44 20 7946 0000',
    isAdmin: true,
    role: 'admin',
    deactivatedAt: null,
    needsPasswordChange: false,
    applicationReminderSent: null,
    createdAt: new Date(now.getTime() - 200 * DAY),
  });

  // Written in bulk (one transaction per batch) through the database's own loader.
  const bulk = agency.persistence.bulk;
  const bar = out.progress('Seeding', userCount + applications);
  const counts = new Map<ApplicationStatus, number>();
  let files = 0;
  let refunds = 0;
  let portalRecords = 0;
  try {
    const userIds: number[] = [];
    const people: DemoPerson[] = [];
    for (let from = 0; from < userCount; from += BATCH) {
      const batch: NewUser[] = [];
      for (let i = from; i < Math.min(userCount, from + BATCH); i++) {
        const person = demoPerson(rng, i + 1, tag);
        people.push(person);
        batch.push({
          email: person.email,
          passwordHash,
          fullName: `${person.givenName} ${person.surname}`,
          phoneNumber: person.phoneNumber,
          isAdmin: false,
          role: null,
          deactivatedAt: null,
          needsPasswordChange: false,
          applicationReminderSent: null,
          createdAt: new Date(now.getTime() - rng.int(1, 200) * DAY),
        });
      }
      userIds.push(...(await bulk.insertUsers(batch)));
      bar.increment(batch.length);
    }

    // The government fee in effect when each portal payment was made books it in pence (read once, as configured).
    const governmentFees = await ports.governmentFees.list();
    const ctx: PlanContext = { ports, rng, now, admin, tag, sequence: 0, governmentFees, portalSerialBase: rng.int(0, PORTAL_SERIALS - 1) };
    const store = flags.files ? demoFileStore(ports, tag) : null;
    // Batch k is written (the database's work, and the files on libuv's threads) while batch k+1 is
    // planned here, in slices that let the writes' round trips through.
    let writing: Promise<void> = Promise.resolve();
    for (let from = 0; from < applications; from += BATCH) {
      const plans: LoadedApplication[] = [];
      const pendingFiles: PendingFile[] = [];
      for (let i = from; i < Math.min(applications, from + BATCH); i++) {
        if ((i - from) % PLAN_SLICE === PLAN_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
        // The first min(N, M) applications go one per user; the rest to random users (repeat applicants).
        const u = i < userCount ? i : rng.int(0, userCount - 1);
        const target = flags.status ?? rng.weighted(DEMO_STATUS_WEIGHTS);
        const plan = planApplication(ctx, userIds[u], people[u], target, pendingFiles);
        counts.set(plan.application.status, (counts.get(plan.application.status) ?? 0) + 1);
        refunds += plan.refunds?.length ?? 0;
        if (plan.portal) portalRecords += 1;
        plans.push(plan);
      }
      await writing;
      writing = (async () => {
        const stored = store ? store(pendingFiles) : Promise.resolve(0);
        stored.catch(() => {});
        await bulk.insertApplications(plans);
        files += await stored;
        bar.increment(plans.length);
      })();
      writing.catch(() => {});
    }
    await writing;
    await bulk.finish();
  } finally {
    bar.stop();
  }

  const breakdown = [...counts.entries()].map(([st, n]) => `${st} ${n.toLocaleString('en-GB')}`).join(', ');
  const withoutApplication = Math.max(0, userCount - applications);
  out.line(`Demo admin: ${admin.email}; password of every demo account: ${password}`);
  out.summary(
    `Seeded ${plural(applications, 'application')} for ${plural(userCount, 'applicant')}` +
      `${withoutApplication ? ` (${withoutApplication.toLocaleString('en-GB')} without an application)` : ''}` +
      `${flags.files ? `, ${plural(files, 'stored file')}` : ''}` +
      `${applications > 0 ? `, ${plural(refunds, 'refund')} and ${plural(portalRecords, 'portal record')}` : ''} in ${seconds(performance.now() - started)}` +
      `${breakdown ? ` (${breakdown})` : ''}.`,
  );
}

/** Applications (and users) per bulk write. */
const BATCH = 2000;
/** Files written to storage at once. */
const FILE_CONCURRENCY = 64;
/** Applications planned between two turns of the event loop (so the previous batch's writes go on). */
const PLAN_SLICE = 100;

interface PlanContext {
  ports: Ports;
  rng: Random;
  now: Date;
  admin: User;
  tag: string;
  sequence: number;
  /** The government fee configuration (docs/product.md §2.16), as the port lists it. */
  governmentFees: GovernmentFee[];
  /** Where this run's portal references start (each application's is a distinct serial from there). */
  portalSerialBase: number;
}

/** Of the rejected applications, the share the applicant cancelled instead (docs/product.md §4.8). */
const CANCELLED_SHARE = 0.12;
/** Of the applications decided after review, the share given part or all of the £10 back as a goodwill gesture. */
const GOODWILL_SHARE = 0.025;
/** What the portal charges a visa when no government fee entry is in effect (it is then booked unpriced). */
const DEMO_GOVERNMENT_FEE_CENTS = 2500;
/** Portal references are EGV-{year}-{7 digits}: serials 1,000,000 … 9,999,999. */
const PORTAL_SERIALS = 9_000_000;
/** A prime not dividing PORTAL_SERIALS: stepping by it visits every serial once (distinct references up to 9M applications). */
const PORTAL_SERIAL_STEP = 7919;

/** How an application the applicant cancels gets there: at once before staff touched it, or by a request staff accept. */
type CancelPlan = 'at_once' | 'accepted';

interface PendingFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * Copies made of one stored source before the next source is written: a file system limits the
 * hard links of a file (ext4 to 65,000), past which every copy would write the bytes again.
 */
const COPIES_PER_SOURCE = 50_000;

/**
 * Stores the demo files: each distinct content (the demo PNG scan, the demo PDF) is written once
 * under a key of its own per COPIES_PER_SOURCE documents, and every document's file is a copy of
 * it (FileStorage.copy: a hard link on disk, so a million scans cost links, not bytes, and
 * deleting one leaves the others whole).
 */
function demoFileStore(ports: Ports, tag: string): (files: PendingFile[]) => Promise<number> {
  const sources = new Map<Buffer, { key: Promise<string>; copies: number }>();
  let written = 0;
  const sourceOf = (f: PendingFile) => {
    let source = sources.get(f.body);
    if (!source || source.copies >= COPIES_PER_SOURCE) {
      const key = `demo-${tag}-${++written}`;
      const fileName = f.contentType === 'application/pdf' ? 'demo-document.pdf' : 'demo-scan.png';
      source = { key: ports.files.put(key, f.body, { contentType: f.contentType, fileName, size: f.body.length }).then(() => key), copies: 0 };
      sources.set(f.body, source);
    }
    source.copies += 1;
    return source.key;
  };
  return async (files) => {
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const f = files[next++];
        if (!(await ports.files.copy(await sourceOf(f), f.key))) throw new Error(`The demo file ${f.key} could not be stored`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, files.length) }, worker));
    return files.length;
  };
}

function demoDocument(ctx: PlanContext, type: 'passport' | 'visa', baseName: string, uploadedAt: Date, files: PendingFile[]): Omit<NewDocument, 'applicationId'> {
  const pdf = type === 'visa' || ctx.rng.chance(0.3);
  const body = pdf ? DEMO_PDF : DEMO_PNG;
  const contentType = pdf ? ('application/pdf' as const) : ('image/png' as const);
  const fileName = `${baseName}.${pdf ? 'pdf' : 'png'}`;
  const storageKey = ctx.ports.ids.storageKey();
  files.push({ key: storageKey, body, contentType });
  return { type, fileName, storageKey, contentType, size: body.length, status: 'pending', verificationNotes: null, uploadedAt, verifiedAt: null };
}

/** Hours after the previous step at which each admin step happens (most within the guarantee). */
function stepDelayHours(rng: Random, status: ApplicationStatus): number {
  switch (status) {
    case 'under_process':
      return rng.int(1, 30);
    case 'additional_info_required':
    case 'verified':
      return rng.int(4, 40);
    case 'approved':
    case 'rejected':
      // Now and then a visa comes back after the 5-working-day guarantee: the final fee is waived.
      return rng.chance(0.04) ? rng.int(150, 240) : rng.int(6, 60);
    default:
      return rng.int(1, 24);
  }
}

/**
 * Plans one application in its final state by walking it through the real domain rules (payment,
 * the admin's status changes, re-upload, visa, the applicant's cancellation), recording the
 * payments, the history, the documents, the refunds and the portal record that the use cases (and
 * staff on the portal) would have written on the way. Nothing is written here.
 */
function planApplication(ctx: PlanContext, userId: number, person: DemoPerson, target: ApplicationStatus, files: PendingFile[]): LoadedApplication {
  const { rng, now } = ctx;
  // Some rejected applications are the applicant's cancellations: before staff started, or after, by a request staff accept.
  const cancel: CancelPlan | null = target === 'rejected' && rng.chance(CANCELLED_SHARE) ? (rng.chance(0.6) ? 'at_once' : 'accepted') : null;
  const path: ApplicationStatus[] = cancel === null ? PATHS[target] : cancel === 'at_once' ? [] : ['under_process'];
  const steps = path.map((status) => stepDelayHours(rng, status) * HOUR);
  const cancelSteps = cancel === null ? [] : cancel === 'at_once' ? [rng.int(1, 96) * HOUR] : [rng.int(2, 72) * HOUR, rng.int(2, 48) * HOUR];
  const paymentDelay = rng.int(2, 90) * MINUTE;
  const finalDelay = target === 'final_payment_received' ? rng.int(1, 120) * HOUR : 0;
  const busy = target === 'online_entry' ? 0 : paymentDelay + [...steps, ...cancelSteps].reduce((a, b) => a + b, 0) + finalDelay;
  const [minAge, maxAge] = cancel === null ? AGE_DAYS[target] : CANCELLED_AGE_DAYS;
  const createdAt = new Date(now.getTime() - busy - (minAge + rng.next() * (maxAge - minAge)) * DAY);

  ctx.sequence += 1;
  const applicationNumber = `EV-${createdAt.toISOString().slice(2, 4)}${createdAt.toISOString().slice(5, 7)}-D${ctx.tag.toUpperCase()}${ctx.sequence.toString(36).toUpperCase().padStart(5, '0')}`;
  const form = demoForm(rng, person, createdAt);
  let app: Application = { ...newApplication({ form, userId, applicationNumber, now: createdAt }), id: 0, version: 1, passportScan: null, assigneeId: null, ruleNotice: null };
  const plan: LoadedApplication = { application: app, payments: [], history: [], documents: [], finalFeeWaived: false, refunds: [], portal: null };
  const surname = form.surname.toLowerCase().replace(/[^a-z]/g, '') || 'scan';
  plan.documents.push(demoDocument(ctx, 'passport', `passport-${surname}`, createdAt, files));
  if (target === 'online_entry') return finished(plan, app);

  let at = new Date(createdAt.getTime() + paymentDelay);
  // An applicant whose request staff decide had asked for the work to start at once, as they paid (§2.8).
  if (cancel === 'accepted') app = { ...app, serviceStartRequestedAt: new Date(at.getTime() - rng.int(1, 5) * MINUTE) };
  const initialId = `pi_demo_${ctx.tag}${ctx.sequence.toString(36)}_initial`;
  const paid = applyConfirmedPayment(app, 'initial', initialId, at);
  if (!paid.ok) return finished(plan, app);
  plan.payments.push({ userId, type: 'initial', providerPaymentId: initialId, amount: INITIAL_FEE.amount, currency: CURRENCY, status: 'succeeded', createdAt: at });
  plan.history.push({ fromStatus: app.status, toStatus: paid.value.status, changedBy: null, changedByName: 'system', message: 'Initial fee paid', changedAt: at });
  app = applyAddressDetails(paid.value, demoAddress(rng), new Date(at.getTime() + rng.int(1, 20) * MINUTE));

  /** When the application went to the portal (its move to verified) and when it was decided. */
  let submittedAt: Date | null = null;
  let decidedAt: Date | null = null;
  for (let i = 0; i < path.length; i++) {
    at = new Date(at.getTime() + steps[i]);
    const status = path[i];
    const reupload = status === 'additional_info_required' && rng.chance(0.5);
    const infoMessage = status === 'additional_info_required' ? demoInfoMessage(rng) : null;
    const decision = decideStatusChange(app, { status, additionalInfoMessage: infoMessage, requiresPassportReupload: reupload }, at);
    if (!decision.ok) break;
    const before = app;
    app = decision.value.application;
    if (app.status === 'verified') submittedAt = at;
    if (app.status === 'approved' || app.status === 'final_payment_received' || app.status === 'rejected') decidedAt = at;
    const waived = decision.value.finalFeeWaived;
    plan.history.push({
      fromStatus: before.status,
      toStatus: app.status,
      changedBy: ctx.admin.id,
      changedByName: ctx.admin.email,
      message: waived ? WAIVER_MESSAGE : infoMessage,
      changedAt: at,
    });
    if (waived) {
      plan.finalFeeWaived = true;
      plan.payments.push({ userId, type: 'final', providerPaymentId: null, amount: 0, currency: CURRENCY, status: 'waived', createdAt: at });
    }
    if (app.status === 'approved' || app.status === 'final_payment_received') {
      const visa = demoDocument(ctx, 'visa', `e-visa-${applicationNumber}`, at, files);
      const attached = applyVisaAttached(app, visa.fileName, at);
      if (attached.ok) {
        app = attached.value;
        plan.documents.push(visa);
      }
    }
    // Some applicants have already sent the new passport copy the reviewer asked for.
    if (reupload && rng.chance(0.4)) {
      const reuploadAt = new Date(Math.min(now.getTime(), at.getTime() + rng.int(1, 48) * HOUR));
      const done = applyPassportReupload(app, reuploadAt);
      if (done.ok) {
        app = done.value;
        plan.documents.push(demoDocument(ctx, 'passport', `passport-${surname}-new-copy`, reuploadAt, files));
      }
    }
  }

  if (cancel !== null) return finished(plan, planCancellation(ctx, plan, app, cancel, cancelSteps, at, userId, person));

  if (target === 'final_payment_received' && app.status === 'approved') {
    at = new Date(at.getTime() + finalDelay);
    const finalId = `pi_demo_${ctx.tag}${ctx.sequence.toString(36)}_final`;
    const done = applyConfirmedPayment(app, 'final', finalId, at);
    if (done.ok) {
      plan.payments.push({ userId, type: 'final', providerPaymentId: finalId, amount: FINAL_FEE.amount, currency: CURRENCY, status: 'succeeded', createdAt: at });
      plan.history.push({ fromStatus: app.status, toStatus: done.value.status, changedBy: null, changedByName: 'system', message: 'Final fee paid', changedAt: at });
      app = done.value;
    }
  }

  plan.portal = planPortal(ctx, app, submittedAt, decidedAt, plan.history.at(-1)?.changedAt ?? at);
  // Now and then staff give part or all of the £10 back once the application is decided.
  if (decidedAt !== null && rng.chance(GOODWILL_SHARE)) {
    const [amount, reason] = rng.pick(DEMO_GOODWILL[app.status === 'rejected' ? 'rejected' : 'granted']);
    const requestedAt = new Date(Math.min(now.getTime() - rng.int(1, 60) * MINUTE, decidedAt.getTime() + rng.int(2, 240) * HOUR));
    app = addRefund(ctx, plan, app, { amount, reason, source: 'staff', requestedBy: ctx.admin.id, requestedByName: ctx.admin.email, createdAt: requestedAt });
  }
  return finished(plan, app);
}

/** The plan with its application in its final state (without the id and version the store gives it). */
function finished(plan: LoadedApplication, app: Application): LoadedApplication {
  const { id: _id, version: _version, ...stored } = app;
  plan.application = stored;
  return plan;
}

/**
 * The applicant cancels (docs/product.md §4.8) through the domain's rules: before staff started,
 * inside the 14 days, it is cancelled at once with the £10 refunded; after staff started (having
 * asked for the work to start at once) it is a request that staff accept with part of the fee
 * refunded. The refund is written with the cancellation, as the use cases do.
 */
function planCancellation(ctx: PlanContext, plan: LoadedApplication, app: Application, kind: CancelPlan, delays: number[], from: Date, userId: number, person: DemoPerson): Application {
  const { rng } = ctx;
  let at = new Date(from.getTime() + delays[0]);
  const staffStarted = plan.history.some((h) => h.changedBy !== null && h.changedBy !== userId);
  const asked = decideCancellation(app, { reason: rng.pick(DEMO_CANCELLATION_REASONS), now: at, staffStarted });
  if (!asked.ok) return app;
  const before = app;
  if (asked.value.kind === 'cancelled') {
    const cancelled = asked.value;
    plan.history.push({ fromStatus: before.status, toStatus: cancelled.application.status, changedBy: userId, changedByName: person.email, message: CANCELLED_MESSAGE, changedAt: at });
    if (cancelled.refund <= 0) return cancelled.application;
    return addRefund(ctx, plan, cancelled.application, {
      amount: cancelled.refund,
      reason: CANCELLED_AT_ONCE_REFUND_REASON,
      source: 'cancellation',
      requestedBy: userId,
      requestedByName: person.email,
      createdAt: at,
    });
  }
  if (kind !== 'accepted' || delays.length < 2) return asked.value.application;
  at = new Date(at.getTime() + delays[1]);
  const [refundPence, message] = rng.pick(DEMO_CANCELLATION_ACCEPTS);
  const accepted = decideCancellationRequest(asked.value.application, { decision: 'accept', refundPence, message }, at);
  if (!accepted.ok) return asked.value.application;
  const { application, refund } = accepted.value;
  plan.history.push({ fromStatus: before.status, toStatus: application.status, changedBy: ctx.admin.id, changedByName: ctx.admin.email, message: `Cancellation accepted: ${message}`, changedAt: at });
  if (refund <= 0) return application;
  return addRefund(ctx, plan, application, { amount: refund, reason: message, source: 'cancellation', requestedBy: ctx.admin.id, requestedByName: ctx.admin.email, createdAt: at });
}

/**
 * A refund of the initial fee, as the provider settled it (docs/product.md §4.7): mostly succeeded
 * minutes later, a few refused by the card's issuer, and a recent one now and then still pending at
 * the provider. Never more than is left of the £10; a succeeded one adds to the refunded amount.
 * Below the approval limit, so nobody approves it.
 */
function addRefund(
  ctx: PlanContext,
  plan: LoadedApplication,
  app: Application,
  request: { amount: number; reason: string; source: RefundSource; requestedBy: number; requestedByName: string; createdAt: Date },
): Application {
  const { rng, now } = ctx;
  const held = (plan.refunds ?? []).reduce((sum, r) => sum + (r.status === 'failed' ? 0 : r.amount), 0);
  const amount = Math.min(request.amount, INITIAL_FEE.amount - held);
  if (amount <= 0) return app;
  const createdAt = request.createdAt;
  const gatewayRefundId = `re_demo_${ctx.tag}${ctx.sequence.toString(36)}_${(plan.refunds?.length ?? 0) + 1}`;
  const later = (ms: number) => new Date(Math.min(now.getTime(), createdAt.getTime() + ms));
  const recent = now.getTime() - createdAt.getTime() < 2 * DAY;
  let settled: Pick<LoadedRefund, 'status' | 'gatewayRefundId' | 'failureReason' | 'updatedAt'>;
  if (recent && rng.chance(0.4)) settled = { status: 'pending', gatewayRefundId, failureReason: null, updatedAt: later(rng.int(1, 30) * 1000) };
  else if (rng.chance(0.07)) {
    // The in-process provider refuses at once (no refund id); Stripe fails a refund it made, later.
    const failureReason = rng.pick(DEMO_REFUND_FAILURES);
    const refused = failureReason === DEMO_REFUND_FAILURES[0];
    settled = { status: 'failed', gatewayRefundId: refused ? null : gatewayRefundId, failureReason, updatedAt: later(refused ? rng.int(1, 20) * 1000 : rng.int(1, 72) * HOUR) };
  } else settled = { status: 'succeeded', gatewayRefundId, failureReason: null, updatedAt: later(rng.int(1, 180) * MINUTE) };
  (plan.refunds ??= []).push({
    paymentType: 'initial',
    amount,
    currency: CURRENCY,
    reason: request.reason,
    source: request.source,
    requestedBy: request.requestedBy,
    requestedByName: request.requestedByName,
    approvedBy: null,
    approvedByName: null,
    createdAt,
    ...settled,
  });
  return settled.status === 'succeeded' ? { ...app, refundedAmount: app.refundedAmount + amount } : app;
}

/**
 * The application's portal record (docs/product.md §2.16), as staff kept it: applications being
 * reviewed are still to submit; from verified on they were submitted and the government fee paid
 * (booked at the government fee entry in effect that day); approved ones were granted with the
 * portal's reference; a rejected one stayed submitted, or its government payment failed.
 * Applications waiting on the applicant, unpaid or cancelled have none (they read as to submit).
 */
function planPortal(ctx: PlanContext, app: Application, submittedAt: Date | null, decidedAt: Date | null, lastStep: Date): LoadedApplication['portal'] {
  const { rng, now } = ctx;
  let state: PortalState;
  if (app.status === 'under_process') state = 'to_submit';
  else if (submittedAt === null) return null;
  else if (app.status === 'verified') state = rng.chance(0.85) ? 'submitted' : 'to_submit';
  else if (app.status === 'approved' || app.status === 'final_payment_received') state = 'granted';
  else if (app.status === 'rejected') state = rng.chance(0.85) ? 'submitted' : 'gov_payment_failed';
  else return null;

  const feePaid = state === 'submitted' || state === 'granted';
  // Paid on the portal shortly after the application went there, before its decision.
  const paidAt = feePaid && submittedAt ? new Date(Math.min(now.getTime(), (decidedAt ?? now).getTime() - MINUTE, submittedAt.getTime() + rng.int(5, 180) * MINUTE)) : null;
  const fee = paidAt ? governmentFeeOn(ctx.governmentFees, londonDateOf(paidAt)) : null;
  const cents = paidAt ? (fee?.amountCents ?? DEMO_GOVERNMENT_FEE_CENTS) : null;
  const serial = 1_000_000 + ((ctx.portalSerialBase + ctx.sequence * PORTAL_SERIAL_STEP) % PORTAL_SERIALS);
  const reference = state === 'to_submit' || !submittedAt ? null : `EGV-${submittedAt.getUTCFullYear()}-${serial}`;
  const checked = checkPortalLedger({ reference, state, governmentFeeCents: cents, governmentFeeCurrency: 'USD', paidAt }, now);
  if (!checked.ok) return null;
  // Last written when the portal granted it (the decision), when the fee was paid, or when the application was taken up.
  const updatedAt = state === 'granted' && decidedAt ? decidedAt : (paidAt ?? (state === 'gov_payment_failed' && submittedAt ? new Date(submittedAt.getTime() + rng.int(5, 60) * MINUTE) : lastStep));
  return {
    ...checked.value,
    governmentFeePence: governmentFeePence(cents, fee),
    // The shield (decision 0033): a rise since the traveller paid is the agency's cost.
    ...feeShield(ctx.governmentFees, app.initialPaymentAt, paidAt, cents),
    receipt: null,
    updatedAt: new Date(Math.min(now.getTime(), updatedAt.getTime())),
    updatedBy: ctx.admin.id,
  };
}
