import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import {
  applyAddressDetails,
  applyConfirmedPayment,
  applyPassportReupload,
  applyVisaAttached,
  decideStatusChange,
  newApplication,
  type Application,
} from '../../../core/domain/application.js';
import type { NewDocument } from '../../../core/domain/document.js';
import { FINAL_FEE, INITIAL_FEE } from '../../../core/domain/fees.js';
import { CURRENCY } from '../../../core/domain/money.js';
import type { ApplicationStatus } from '../../../core/domain/status.js';
import type { User } from '../../../core/domain/user.js';
import type { Ports } from '../../../core/ports/index.js';
import type { NewUser } from '../../../core/ports/user-repository.js';
import type { LoadedApplication } from '../../../adapters/persistence/persistence.js';
import { WAIVER_MESSAGE } from '../../../core/use-cases/record-waiver.js';
import type { Agency } from '../../shared/agency.js';
import { withAgency } from '../context.js';
import { UsageError } from '../errors.js';
import { createReporter, plural, seconds } from '../output.js';
import {
  createRandom,
  DEMO_PDF,
  DEMO_PNG,
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
      'Fill the database with realistic demo data: applicants, applications in every status with valid passports and dates, payments, re-upload requests, documents and admin history.',
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
  Seeded 1,000 applications for 800 applicants in 2.1 s (online_entry 121, … rejected 97).
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

    const ctx: PlanContext = { ports, rng, now, admin, tag, sequence: 0 };
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
      `${flags.files ? `, ${plural(files, 'stored file')}` : ''} in ${seconds(performance.now() - started)}` +
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
}

interface PendingFile {
  key: string;
  body: Buffer;
  contentType: string;
}

/**
 * Stores the demo files: each distinct content (the demo PNG scan, the demo PDF) is written once
 * under a key of its own, and every document's file is a copy of it (FileStorage.copy: a hard link
 * on disk, so a million scans cost links, not bytes, and deleting one leaves the others whole).
 */
function demoFileStore(ports: Ports, tag: string): (files: PendingFile[]) => Promise<number> {
  const sources = new Map<Buffer, Promise<string>>();
  const sourceOf = (f: PendingFile) => {
    let source = sources.get(f.body);
    if (!source) {
      const key = `demo-${tag}-${sources.size + 1}`;
      const fileName = f.contentType === 'application/pdf' ? 'demo-document.pdf' : 'demo-scan.png';
      source = ports.files.put(key, f.body, { contentType: f.contentType, fileName, size: f.body.length }).then(() => key);
      sources.set(f.body, source);
    }
    return source;
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

function demoDocument(
  ctx: PlanContext,
  type: 'passport' | 'visa',
  baseName: string,
  uploadedAt: Date,
  files: PendingFile[],
): Omit<NewDocument, 'applicationId'> {
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
 * the admin's status changes, re-upload, visa), recording the payments, the history and the
 * documents that the use cases would have written on the way. Nothing is written here.
 */
function planApplication(ctx: PlanContext, userId: number, person: DemoPerson, target: ApplicationStatus, files: PendingFile[]): LoadedApplication {
  const { rng, now } = ctx;
  const path = PATHS[target];
  const steps = path.map((status) => stepDelayHours(rng, status) * HOUR);
  const paymentDelay = rng.int(2, 90) * MINUTE;
  const finalDelay = target === 'final_payment_received' ? rng.int(1, 120) * HOUR : 0;
  const busy = target === 'online_entry' ? 0 : paymentDelay + steps.reduce((a, b) => a + b, 0) + finalDelay;
  const [minAge, maxAge] = AGE_DAYS[target];
  const createdAt = new Date(now.getTime() - busy - (minAge + rng.next() * (maxAge - minAge)) * DAY);

  ctx.sequence += 1;
  const applicationNumber = `EV-${createdAt.toISOString().slice(2, 4)}${createdAt.toISOString().slice(5, 7)}-D${ctx.tag.toUpperCase()}${ctx.sequence.toString(36).toUpperCase().padStart(5, '0')}`;
  const form = demoForm(rng, person, createdAt);
  let app: Application = { ...newApplication({ form, userId, applicationNumber, now: createdAt }), id: 0, version: 1, passportScan: null, assigneeId: null };
  const plan: LoadedApplication = { application: app, payments: [], history: [], documents: [], finalFeeWaived: false };
  const surname = form.surname.toLowerCase().replace(/[^a-z]/g, '') || 'scan';
  plan.documents.push(demoDocument(ctx, 'passport', `passport-${surname}`, createdAt, files));
  if (target === 'online_entry') return plan;

  let at = new Date(createdAt.getTime() + paymentDelay);
  const initialId = `pi_demo_${ctx.tag}${ctx.sequence.toString(36)}_initial`;
  const paid = applyConfirmedPayment(app, 'initial', initialId, at);
  if (!paid.ok) return plan;
  plan.payments.push({ userId, type: 'initial', providerPaymentId: initialId, amount: INITIAL_FEE.amount, currency: CURRENCY, status: 'succeeded', createdAt: at });
  plan.history.push({ fromStatus: app.status, toStatus: paid.value.status, changedBy: null, changedByName: 'system', message: 'Initial fee paid', changedAt: at });
  app = applyAddressDetails(paid.value, demoAddress(rng), new Date(at.getTime() + rng.int(1, 20) * MINUTE));

  for (let i = 0; i < path.length; i++) {
    at = new Date(at.getTime() + steps[i]);
    const status = path[i];
    const reupload = status === 'additional_info_required' && rng.chance(0.5);
    const infoMessage = status === 'additional_info_required' ? demoInfoMessage(rng) : null;
    const decision = decideStatusChange(app, { status, additionalInfoMessage: infoMessage, requiresPassportReupload: reupload }, at);
    if (!decision.ok) break;
    const before = app;
    app = decision.value.application;
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
  const { id: _id, version: _version, ...stored } = app;
  plan.application = stored;
  return plan;
}
