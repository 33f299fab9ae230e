import type { CreatedIds } from './new-rows.js';

/**
 * The agency's background work (docs/product.md §15.2): one named queue per kind of
 * job, the input each job takes, and how a queue's jobs are retried and taken back. Every job runs
 * on exactly one node; a job that keeps failing stays visible to the operator (`evisa jobs`).
 */

/** What one job of each queue is given. */
export interface JobInputs {
  /** Sends one queued mail of the outbox. */
  'deliver-mail': { mailId: number };
  /** Sends one queued text message of the text outbox (docs/product.md §16.4). */
  'deliver-text': { textId: number };
  /** Reads the MRZ of one uploaded passport copy and compares it with the typed fields. */
  'check-passport': { documentId: number };
  /** Sends one pending refund to the payment gateway and settles it with the gateway's answer (docs/product.md §4.7). */
  'send-refund': { refundId: number };
  /** The payment and application reminders (scheduled). */
  reminders: Record<string, never>;
  /** Deletes the passport scans of applications finished long ago (scheduled), then sweeps orphans. */
  retention: Record<string, never>;
  /** Deletes stored files no record points at, after a grace period. */
  'sweep-orphan-files': Record<string, never>;
  /** Deletes ended sessions and rate-limit windows (scheduled hourly). */
  'prune-expired': Record<string, never>;
  /** Brings the reports' daily rollups up to date (scheduled every 5 minutes; docs/product.md §17.5). */
  'report-rollups': Record<string, never>;
  /** Applies the official portal's outage mode in force again (scheduled every 10 minutes; decision 0032). */
  'portal-outage': Record<string, never>;
  /** Encrypts every file stored before documents were encrypted at rest (`evisa encrypt-files`; docs/decisions/0028). */
  'encrypt-files': Record<string, never>;
  /** Wraps every stored file's data key under the current file encryption key (`evisa rotate-file-key`). */
  'rotate-file-key': Record<string, never>;
  /** Writes one backup archive (database, stored files, manifest) and prunes old ones (scheduled daily; decision 0027). */
  backup: Record<string, never>;
}

export type QueueName = keyof JobInputs;

/** How a queue's jobs are retried and when a running one is presumed lost. */
export interface QueuePolicy {
  /** Attempts after the first one before the job is left failed. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  /** Doubles the wait before each further retry. */
  backoff: boolean;
  /**
   * Seconds a worker may hold a job: past it the job is taken back and retried elsewhere (its
   * worker died, or hangs). Every job's own timeouts stay below it.
   */
  expireSeconds: number;
}

/**
 * A job held by a node that died is taken back after its expiry (plus up to 10 s until the store
 * notices) and retried after the first delay: every node's mail and passport checks are finished by
 * another node within about a minute. Each job's own timeouts stay below its expiry (the
 * SMTP mailer's, the passport scanner's 35 s at most).
 */
export const QUEUES: Readonly<Record<QueueName, QueuePolicy>> = {
  // Mail servers refuse for a while (greylisting, outages): 12 retries, 10 s → 5½ h apart, 11 h or
  // more in all (pg-boss adds up to as much again at random).
  'deliver-mail': { retryLimit: 12, retryDelaySeconds: 10, backoff: true, expireSeconds: 30 },
  // An SMS provider that is down or throttling: 8 retries, 10 s → 21 min apart, about 40 min in all
  // (a status text hours late is worth less than none). A refusal (an invalid or unsubscribed
  // number) is not retried at all: the text is marked failed.
  'deliver-text': { retryLimit: 8, retryDelaySeconds: 10, backoff: true, expireSeconds: 30 },
  // A busy scanner or a stopped node: retries 5 s → 2½ min apart, ~5 min in all.
  'check-passport': { retryLimit: 6, retryDelaySeconds: 5, backoff: true, expireSeconds: 40 },
  // A payment gateway that is down, or a refund it has not settled yet: retries 30 s → ~2 h apart,
  // about 4 h in all. The refund's idempotency key makes every retry safe.
  'send-refund': { retryLimit: 8, retryDelaySeconds: 30, backoff: true, expireSeconds: 60 },
  // Scheduled work: the next tick runs it again anyway.
  reminders: { retryLimit: 2, retryDelaySeconds: 60, backoff: true, expireSeconds: 15 * 60 },
  retention: { retryLimit: 2, retryDelaySeconds: 300, backoff: true, expireSeconds: 30 * 60 },
  'sweep-orphan-files': { retryLimit: 2, retryDelaySeconds: 300, backoff: true, expireSeconds: 30 * 60 },
  'prune-expired': { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireSeconds: 5 * 60 },
  // A day rolls up in tens of milliseconds at a million applications: a run of 400 days well inside 10 minutes.
  'report-rollups': { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireSeconds: 10 * 60 },
  // One commit per waiting application; the next tick runs it again anyway.
  'portal-outage': { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireSeconds: 5 * 60 },
  // One walk over every stored file (a million demo scans take a while): a walk cut short (a store
  // that went away, a node that died) is retried and skips what is done; one that outlives its hold
  // is retried beside it, which is safe (each file is replaced whole, the same way by both).
  'encrypt-files': { retryLimit: 3, retryDelaySeconds: 60, backoff: true, expireSeconds: 4 * 60 * 60 },
  'rotate-file-key': { retryLimit: 3, retryDelaySeconds: 60, backoff: true, expireSeconds: 4 * 60 * 60 },
  // A backup of 100k applications takes one to two minutes (docs/deployment.md); a large store of
  // scans much longer. Retried once, 10 minutes later; the next night's runs anyway.
  backup: { retryLimit: 1, retryDelaySeconds: 600, backoff: false, expireSeconds: 6 * 3600 },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** One job to queue: its queue, its input and, for one-of-a-kind jobs, the key that makes it so. */
export interface JobRequest<N extends QueueName = QueueName> {
  name: N;
  input: JobInputs[N];
  /** While a job with this key is waiting in the queue, another one with it is not added. */
  key?: string;
}

export function mailJob(mailId: number): JobRequest<'deliver-mail'> {
  return { name: 'deliver-mail', input: { mailId }, key: `mail-${mailId}` };
}

export function textJob(textId: number): JobRequest<'deliver-text'> {
  return { name: 'deliver-text', input: { textId }, key: `text-${textId}` };
}

export function passportCheckJob(documentId: number): JobRequest<'check-passport'> {
  return { name: 'check-passport', input: { documentId }, key: `document-${documentId}` };
}

export function refundJob(refundId: number): JobRequest<'send-refund'> {
  return { name: 'send-refund', input: { refundId }, key: `refund-${refundId}` };
}

/** A job for a row the same write creates: the core decides it, the store fills in the row's id. */
export type FollowUpJob = { name: 'check-passport'; of: 'document' } | { name: 'send-refund'; of: 'refund' };

/** What a write asks to queue with it: a job for a row that exists already, or for one it creates. */
export type ChangeJob = JobRequest | FollowUpJob;

/** A passport copy is read (its MRZ checked against the typed fields) by a job, after the answer. */
export function jobsForDocument(type: string): FollowUpJob[] {
  return type === 'passport' ? [{ name: 'check-passport', of: 'document' }] : [];
}

/** A refund ready to send ('pending') is sent by a job queued with it: it reaches the gateway even if the answer's own attempt never happens. */
export function jobsForRefund(status: string): FollowUpJob[] {
  return status === 'pending' ? [{ name: 'send-refund', of: 'refund' }] : [];
}

/**
 * The jobs to queue once a write's new rows have ids (`created`); a follow-up whose row the write
 * did not create is not queued (the store decides nothing: it only supplies the ids).
 */
export function resolveJobs(jobs: readonly ChangeJob[] | undefined, created: CreatedIds): JobRequest[] {
  const resolved: JobRequest[] = [];
  for (const job of jobs ?? []) {
    if (!('of' in job)) {
      resolved.push(job);
      continue;
    }
    const id = created[job.of];
    if (id === undefined) continue;
    resolved.push(job.name === 'check-passport' ? passportCheckJob(id) : refundJob(id));
  }
  return resolved;
}

/** The wait before retry number `retry` (1 for the first retry) of a queue's job, in seconds. */
export function retryDelaySeconds(policy: QueuePolicy, retry: number): number {
  if (!policy.backoff) return policy.retryDelaySeconds;
  return policy.retryDelaySeconds * 2 ** Math.min(Math.max(0, retry - 1), 16);
}
