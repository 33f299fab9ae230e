import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { AgencySettings } from '../../../core/ports/index.js';
import { MAIL_ACCEPTED, type Mailer, type MailHandover, type MailToDeliver } from '../../../core/ports/mailer.js';
import { guard } from '../../shared/guard.js';
import { composeMessage, stableMessageId } from '../message.js';
import { outboxFolderUnavailable } from '../unavailable.js';

/** 2026-11-22T09:01:02.123Z → 20261122T090102123Z (sorts by time as text). */
export function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

/**
 * The embedded default mailer: each mail becomes one RFC 5322 .eml file in a folder
 * (DATA_DIR/outbox), named `<UTC time>-<outbox id>-<digest>.eml` so names sort by time. Open them
 * with any mail client. Sending the same outbox mail again (after a restart too) does not write a second file. A folder
 * that cannot be written throws MailDeliveryError, the domain's Unavailable('mail').
 */
export class OutboxFolderMailer implements Mailer {
  readonly dir: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    dir: string,
    private readonly from: string,
    private readonly settings: AgencySettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.dir = path.resolve(dir);
    return guard(this, outboxFolderUnavailable(this.dir));
  }

  async send(mail: MailToDeliver): Promise<MailHandover> {
    const messageId = stableMessageId(mail, this.from);
    // `<outbox-12-ab12…@domain>` → `0000000012-ab12…`
    const [, id, digest] = /^<outbox-(\d+)-([0-9a-f]+)@/.exec(messageId)!;
    const suffix = `-${id!.padStart(10, '0')}-${digest}.eml`;
    const delivered = await this.deliveredNames();
    if (delivered.has(suffix)) return MAIL_ACCEPTED; // already delivered
    const date = this.now();
    const info = await this.transport.sendMail(composeMessage(mail, this.from, this.settings, date));
    const file = path.join(this.dir, `${compactTimestamp(date)}${suffix}`);
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, info.message as Buffer, { flag: 'wx' });
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => undefined);
      // The folder is looked at afresh next time (it may have been removed or replaced).
      this.delivered = null;
      throw error;
    }
    delivered.add(suffix);
    return MAIL_ACCEPTED;
  }

  /**
   * The `-<outbox id>-<digest>.eml` ends of the files in the folder: read once per process, then
   * kept with the files this mailer writes. Listing the folder for every mail cost milliseconds
   * more with each mail kept (30,000 files after a day of 20 applications a minute).
   */
  private delivered: Promise<Set<string>> | null = null;

  private deliveredNames(): Promise<Set<string>> {
    this.delivered ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      return new Set((await readdir(this.dir)).filter((name) => name.endsWith('.eml') && name.includes('-')).map((name) => name.slice(name.indexOf('-'))));
    })();
    const listed = this.delivered;
    listed.catch(() => {
      if (this.delivered === listed) this.delivered = null;
    });
    return listed;
  }
}
