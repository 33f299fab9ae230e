import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxFolderMailer } from '../../adapters/mail/outbox/index.js';
import { SmtpMailer } from '../../adapters/mail/smtp/index.js';
import { FilesystemFileStorage } from '../../adapters/storage/filesystem/index.js';
import type { Ports } from '../../core/ports/index.js';
import { useCasesOn } from '../support/container.js';
import { approve, makeAdmin, paidApplication, payFee, pdfFile, registerApplicant, validForm } from '../core/helpers.js';
import { deliverQueuedMail, makeMemoryPorts, TEST_SETTINGS } from '../support/memory-ports.js';
import { QUEUES } from '../../core/domain/jobs.js';
import { parseMail, startSmtpServer, type LocalSmtpServer } from '../support/smtp-server.js';

const FROM = 'Egypt E-Visa Agency <no-reply@evisa.test>';

/** The deliver-mail job (through the memory job store) driving the real mail adapters. */
describe('reliable delivery through SMTP: a server that answers 4xx delays mail but never loses or doubles it', () => {
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('retries with backoff after two 451 answers, then delivers exactly once with one Message-ID', async () => {
    const mailer = new SmtpMailer(smtp.url, FROM, TEST_SETTINGS);
    const ports = makeMemoryPorts({ mailer } as Partial<Ports>);
    const uc = useCasesOn(ports);
    const applicant = await registerApplicant(uc, 'bob@example.com', 'Bob Jones');
    const application = await uc.createApplication(applicant, validForm());
    const queued = (await ports.outbox.list({ to: 'bob@example.com' })).filter((m) => m.template === 'application_received');
    expect(queued).toHaveLength(1);
    const receivedBefore = smtp.received.length;

    smtp.failNext(2, 451);
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 1 });
    let [mail] = (await ports.outbox.list({ to: 'bob@example.com' })).filter((m) => m.id === queued[0]!.id);
    expect(mail).toMatchObject({ sentAt: null, attempts: 1 });
    expect(mail!.lastError).toMatch(/451/);

    // Its job waits for the deliver-mail queue's first retry delay: nothing is attempted before.
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.refused).toBeGreaterThanOrEqual(1);

    ports.clock.advance({ seconds: QUEUES['deliver-mail'].retryDelaySeconds });
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 1 });
    [mail] = (await ports.outbox.list({ to: 'bob@example.com' })).filter((m) => m.id === queued[0]!.id);
    expect(mail).toMatchObject({ sentAt: null, attempts: 2 });

    // The second retry waits twice as long (backoff).
    ports.clock.advance({ seconds: QUEUES['deliver-mail'].retryDelaySeconds });
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 0 });
    ports.clock.advance({ seconds: QUEUES['deliver-mail'].retryDelaySeconds });
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 1, failed: 0 });
    [mail] = (await ports.outbox.list({ to: 'bob@example.com' })).filter((m) => m.id === queued[0]!.id);
    expect(mail!.sentAt).not.toBeNull();

    ports.clock.advance({ hours: 2 });
    expect(await deliverQueuedMail(ports, uc)).toEqual({ sent: 0, failed: 0 });
    const ours = await Promise.all(smtp.received.slice(receivedBefore).map((r) => parseMail(r.raw)));
    const receipts = ours.filter((m) => m.subject === `Application ${application.applicationNumber} received`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.messageId).toMatch(new RegExp(`^<outbox-${queued[0]!.id}-`));
    expect(receipts[0]!.text).toContain('Dear Bob Jones,');
    mailer.close();
  });
});

describe('the e-visa mail through the .eml outbox folder, with the PDF from file storage attached', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evisa-delivery-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one .eml whose first attachment is the uploaded visa, byte for byte', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const ports = makeMemoryPorts({
      files: new FilesystemFileStorage(path.join(dir, 'uploads')),
      mailer: new OutboxFolderMailer(outboxDir, FROM, TEST_SETTINGS),
    } as Partial<Ports>);
    const uc = useCasesOn(ports);
    const admin = await makeAdmin(uc);
    const { applicant, applicationId } = await paidApplication(ports as never, uc, 'carol@example.com');
    await approve(uc, admin, applicationId);
    const visaPdf = Buffer.from('%PDF-1.7\n% e-visa for Carol\n' + 'x'.repeat(3000) + '\n%%EOF\n');
    await uc.attachVisa(admin, applicationId, pdfFile('e-visa.pdf', visaPdf));
    // The visa was attached first: paying the final fee mails it on its own (docs/decisions/0022).
    await payFee(ports as never, uc, applicant, applicationId, 'final');
    expect(await deliverQueuedMail(ports, uc)).toMatchObject({ failed: 0 });

    const files = (await readdir(outboxDir)).sort();
    const parsed = await Promise.all(files.map(async (f) => parseMail(await readFile(path.join(outboxDir, f)))));
    const evisas = parsed.filter((m) => m.to === 'carol@example.com' && /Your Egypt e-visa/.test(m.subject ?? ''));
    expect(evisas).toHaveLength(1);
    // The visa, then the border pack drawn from it (docs/product.md §16.6).
    expect(evisas[0]!.attachments.map((a) => a.fileName)).toEqual(['e-visa.pdf', expect.stringMatching(/^border-pack-EV-.*\.pdf$/)]);
    expect(evisas[0]!.attachments[0]!.contentType).toBe('application/pdf');
    expect(evisas[0]!.attachments[0]!.content.equals(visaPdf)).toBe(true);
    expect(evisas[0]!.subject).toMatch(/Your Egypt e-visa/);
    // Each fee's confirmation carries its receipt, numbered in the order the fees were paid.
    const receipts = parsed.filter((m) => m !== evisas[0]).flatMap((m) => m.attachments.map((a) => [m.subject, a.fileName, a.contentType]));
    expect(receipts).toEqual([
      [expect.stringMatching(/received$/), expect.stringMatching(/^R-\d{4}-000001\.pdf$/), 'application/pdf'],
      [expect.stringMatching(/status changed to Final payment received$/), expect.stringMatching(/^R-\d{4}-000002\.pdf$/), 'application/pdf'],
    ]);
    // every mail written has been marked sent in the outbox, none twice
    expect((await ports.outbox.list({ sent: false })).length).toBe(0);
    expect(files.length).toBe((await ports.outbox.list({ sent: true })).length);
  });
});
