import type { AgencySettings } from '../../core/ports/index.js';
import type { Mailer } from '../../core/ports/mailer.js';
import { OutboxFolderMailer } from './outbox/index.js';
import { SmtpMailer } from './smtp/index.js';

export { OutboxFolderMailer, compactTimestamp } from './outbox/index.js';
export { SmtpMailer } from './smtp/index.js';
export { MemoryMailer } from './memory/index.js';
export { MailDeliveryError } from './unavailable.js';
export { renderMail } from './templates/index.js';

/** MAIL_URL smtp://… selects SMTP; otherwise each mail is an .eml file in `outboxDir` (DATA_DIR/outbox). */
export function openMailer(options: { mailUrl: string | null; outboxDir: string; mailFrom: string; settings: AgencySettings }): Mailer {
  if (options.mailUrl) return new SmtpMailer(options.mailUrl, options.mailFrom, options.settings);
  return new OutboxFolderMailer(options.outboxDir, options.mailFrom, options.settings);
}

/** The adapter openMailer picks, for /api/health and CLI messages. */
export function mailerName(options: { mailUrl: string | null }): 'smtp' | 'outbox' {
  return options.mailUrl ? 'smtp' : 'outbox';
}
