import type { Application } from '../domain/application.js';
import { errors, isDomainError } from '../domain/errors.js';
import { QUEUES } from '../domain/jobs.js';
import { statusTextContent, UNTEXTABLE_PHONE_MESSAGE, type TextContent } from '../domain/texts.js';
import type { User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import type { OutboxText, OutboxTextInput } from '../ports/text-outbox.js';

/**
 * How long a claimed text is reserved for the attempt under way: as long as its job may run, so a
 * retry of a job taken back from a dead node finds the lease ended (the SMS adapters' timeouts are shorter).
 */
export const TEXT_LEASE_MS = QUEUES['deliver-text'].expireSeconds * 1000;

/** Attempts a text gets before a temporary failure gives it up (the deliver-text job's first run and its retries). */
export const TEXT_ATTEMPTS = QUEUES['deliver-text'].retryLimit + 1;

type TextPorts = Pick<Ports, 'phoneNumbers' | 'settings' | 'textWriter'>;

/**
 * A text to `user`'s phone about `application`, ready to queue: to the phone in E.164, or — when
 * the account's phone cannot receive texts — a skip with the reason (stored failed, for the
 * delivery log: a status change is never refused because of it). Written in the account's language.
 */
export function textTo(ports: TextPorts, user: User, application: Pick<Application, 'id'>, content: TextContent): OutboxTextInput {
  const body = ports.textWriter.write(content, ports.settings, user.locale);
  const base = { applicationId: application.id, userId: user.id, template: content.template, body };
  const phone = ports.phoneNumbers.textable(user.phoneNumber);
  if (phone.ok) return { ...base, to: phone.e164 };
  return { ...base, to: user.phoneNumber.trim(), skipped: `Not sent: ${phone.problem}` };
}

/** The text an application's status change causes (none when the applicant did not ask for texts, or nothing changed for them). */
export function statusTexts(ports: TextPorts, before: Application, after: Application, user: User, options: { finalFeeAmount?: number } = {}): OutboxTextInput[] {
  if (before.status === after.status && before.additionalInfoMessage === after.additionalInfoMessage && before.requiresPassportReupload === after.requiresPassportReupload) return [];
  const content = statusTextContent(after, before.status, options);
  return content ? [textTo(ports, user, after, content)] : [];
}

/** Refuses to record an opt-in to texts when the account's phone cannot receive them (400). */
export function requireTextablePhone(ports: Pick<Ports, 'phoneNumbers'>, user: User, smsUpdates: boolean | undefined): void {
  if (!smsUpdates) return;
  const phone = ports.phoneNumbers.textable(user.phoneNumber);
  if (!phone.ok) throw errors.validation(UNTEXTABLE_PHONE_MESSAGE, { smsUpdates: [UNTEXTABLE_PHONE_MESSAGE] });
}

/** What one delivery did. */
export type TextDelivery = 'sent' | 'already-sent' | 'refused' | 'given-up' | 'missing';

/** Another attempt holds the text's lease: the job is retried after it (never sent twice at once). */
export class TextLeased extends Error {
  constructor(textId: number) {
    super(`Text ${textId} is being sent by another worker.`);
  }
}

/**
 * Sends one text of the outbox (the deliver-text job): claims it (a lease, so two workers never
 * send it at once, and a sent text is never sent again), hands it to the SMS sender and marks it
 * sent with the provider's id. A refusal (TextRefused: an invalid or unsubscribed number) marks it
 * failed for good and ends the job; a temporary failure is recorded and thrown, for the job to
 * retry — on its last attempt the text is failed instead, so the log never shows it queued forever.
 */
export function makeDeliverText(ports: Pick<Ports, 'texts' | 'sms' | 'clock'>) {
  return async function deliverText(textId: number): Promise<TextDelivery> {
    const now = ports.clock.now();
    const claim = await ports.texts.claim(textId, now, new Date(now.getTime() + TEXT_LEASE_MS));
    if (claim.status !== 'claimed') {
      if (claim.status === 'leased') throw new TextLeased(textId);
      return claim.status === 'sent' ? 'already-sent' : claim.status === 'failed' ? 'refused' : 'missing';
    }
    const text: OutboxText = claim.text;
    let providerId: string;
    try {
      ({ providerId } = await ports.sms.send({ to: text.to, body: text.body, id: text.id }));
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (isDomainError(error, 'Refused')) {
        await ports.texts.markRefused(textId, message, ports.clock.now(), text.nextAttemptAt);
        return 'refused';
      }
      if (text.attempts >= TEXT_ATTEMPTS) {
        await ports.texts.markRefused(textId, `Gave up after ${text.attempts} attempts: ${message}`.slice(0, 1000), ports.clock.now(), text.nextAttemptAt);
        return 'given-up';
      }
      await ports.texts.markFailed(textId, message, ports.clock.now(), text.nextAttemptAt);
      throw error;
    }
    await ports.texts.markSent(textId, ports.clock.now(), providerId);
    return 'sent';
  };
}
