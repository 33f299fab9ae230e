/** Every mail the agency sends; templates (text + HTML) live in adapters/mail/templates. */
export const MAIL_TEMPLATES = [
  'account_created',
  'application_received',
  'status_changed',
  'info_requested',
  'passport_reupload_requested',
  'approved',
  'evisa',
  'payment_reminder',
  'application_reminder',
  'password_changed',
  'password_reset',
  'account_exists',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];
