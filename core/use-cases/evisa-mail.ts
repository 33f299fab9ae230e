import { evisaMailDue, type Application } from '../domain/application.js';
import type { VisaDocumentRecord } from '../domain/document.js';
import type { User } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import type { OutboxMailInput, StoredFileAttachment } from '../ports/mail-outbox.js';
import type { OutboxTextInput } from '../ports/text-outbox.js';
import { textTo } from './texts.js';

type EvisaPorts = Pick<Ports, 'documents' | 'phoneNumbers' | 'settings' | 'textWriter'>;

/** The visa file a mail attaches. */
export type VisaFile = StoredFileAttachment;

/** The application's attached visa (the newest visa document), or null. */
export async function latestVisa(ports: Pick<Ports, 'documents'>, applicationId: number): Promise<VisaDocumentRecord | null> {
  const visas = (await ports.documents.listByApplication(applicationId)).filter((d) => d.type === 'visa');
  return visas[visas.length - 1] ?? null;
}

/**
 * The e-visa mail — the visa itself and the border pack drawn from it when the mail is sent
 * (docs/product.md §16.6) — and, for an applicant who asked for texts, its text.
 */
export function evisaMessages(
  ports: Pick<Ports, 'phoneNumbers' | 'settings' | 'textWriter'>,
  application: Application,
  user: User,
  visa: VisaFile,
): { mail: OutboxMailInput; texts: OutboxTextInput[] } {
  const mail: OutboxMailInput = {
    to: user.email,
    template: 'evisa',
    data: {
      fullName: user.fullName,
      applicationNumber: application.applicationNumber,
      applicationId: application.id,
      givenName: application.givenName,
      surname: application.surname,
    },
    attachments: [{ storageKey: visa.storageKey, fileName: visa.fileName, contentType: visa.contentType }, { borderPackApplicationId: application.id }],
  };
  const texts = application.smsUpdates
    ? [textTo(ports, user, application, { template: 'evisa_sent', data: { applicationNumber: application.applicationNumber, givenName: application.givenName } })]
    : [];
  return { mail, texts };
}

/** What a change adds to send the e-visa on its own: the application marked, the mail and the text. */
export interface EvisaMailing {
  application: Application;
  mails: OutboxMailInput[];
  texts: OutboxTextInput[];
  /** The visa mailed, or null when this change mails nothing. */
  visa: VisaFile | null;
}

/**
 * Called by every change that may be the second of "final fee settled" and "visa attached" (the
 * upload, a payment's confirmation — by the applicant, a webhook or reconciliation — and the waiver):
 * when `next`, the application as the change leaves it, is due its e-visa mail (evisaMailDue), it
 * comes back marked (evisaMailedAt) with the mail and text to write in the same commit. The commit's
 * compare-and-set on the version makes the mark, and so the mail, happen once, whichever change
 * commits second. `visa` is the file the change itself attaches; otherwise the attached one is read
 * (inside the commit's decision, so a replacement committed meanwhile makes this commit stale).
 */
export async function withEvisaMail(ports: EvisaPorts, next: Application, user: User, now: Date, visa?: VisaFile): Promise<EvisaMailing> {
  const none: EvisaMailing = { application: next, mails: [], texts: [], visa: null };
  if (!evisaMailDue(next)) return none;
  const file = visa ?? (await latestVisa(ports, next.id));
  if (!file) return none;
  const marked: Application = { ...next, evisaMailedAt: now };
  const { mail, texts } = evisaMessages(ports, marked, user, file);
  return { application: marked, mails: [mail], texts, visa: file };
}

/**
 * When each application's e-visa mail was last sent, read in one batch for those that can have
 * one (final fee settled, visa attached): every other application answers null without a read.
 */
export async function evisaSentTimes(ports: Pick<Ports, 'outbox'>, applications: readonly Application[]): Promise<Map<number, Date>> {
  const ids = applications.filter((a) => a.finalPaymentId !== null && a.visaDocument !== null).map((a) => a.id);
  return ids.length === 0 ? new Map() : ports.outbox.lastSentOf('evisa', ids);
}
