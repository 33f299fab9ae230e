/**
 * The words of every text message (docs/product.md §16.4), one `text` message per body, in the
 * reader's language (docs/decisions/0037). A text carries nothing personal beyond the application
 * number and the traveller's given name: it can be read on a locked phone. English is one SMS with
 * the agency's name and a link (at most 160 GSM-7 characters); a language with letters outside GSM-7
 * (Arabic) is sent as UCS-2, 70 characters an SMS — `smsSegments` in core/domain/texts.ts counts them
 * on the words written here.
 */
import { DEFAULT_LOCALE, type Locale } from '../../core/domain/locale.js';
import { formatPence } from '../../core/domain/money.js';
import type { TextContent, TextSettings } from '../../core/domain/texts.js';
import { personName } from '../../core/domain/wording.js';
import type { Translate } from '../../core/i18n/index.js';
import type { TextWriter } from '../../core/ports/text-writer.js';
import { translator } from '../i18n/index.js';

/**
 * The first name only, as people write it ('MARIA OLIVIA' from a passport → 'Maria'), cut short so a
 * long name cannot push a text past one SMS.
 */
function firstName(givenName: string): string {
  const first = personName(givenName).split(' ')[0] ?? '';
  return first.length > 20 ? first.slice(0, 20) : first;
}

/**
 * An amount as a text writes it: the locale's no-break spaces ('39,00 £') are plain spaces, which
 * GSM-7 has, so a German, French or Italian text stays one GSM-7 SMS.
 */
function smsAmount(pence: number, locale: Locale): string {
  return formatPence(pence, locale).replace(/[\u00a0\u202f]/g, ' ');
}

type Values = { agency: string; hello: string; number: string; link: string };

/** Where an application stands, in a status-change text. */
function statusChanged(t: Translate, status: string, values: Values): string {
  switch (status) {
    case 'online_entry':
      return t('{agency}: {hello}application {number} is now waiting for its initial fee. {link}', values);
    case 'application_created':
      return t('{agency}: {hello}application {number} is now paid and with our team. {link}', values);
    case 'under_process':
      return t('{agency}: {hello}application {number} is now being processed. {link}', values);
    case 'additional_info_required':
      return t('{agency}: {hello}application {number} is now waiting for your answer. {link}', values);
    case 'verified':
      return t('{agency}: {hello}application {number} is now submitted to the Egyptian portal. {link}', values);
    case 'approved':
      return t('{agency}: {hello}application {number} is now approved. {link}', values);
    case 'rejected':
      return t('{agency}: {hello}application {number} is now not approved. {link}', values);
    default:
      return t('{agency}: {hello}application {number} is now paid in full. {link}', values);
  }
}

/** The body of a text (plain text, one line) in `locale`. */
export function renderText(content: TextContent, settings: TextSettings, locale: Locale = DEFAULT_LOCALE): string {
  const t = translator(locale, 'text');
  const name = firstName(content.data.givenName);
  const values: Values = {
    agency: settings.agencyName,
    hello: name ? t('{name}, ', { name }) : '',
    number: content.data.applicationNumber,
    link: `${settings.publicUrl}/dashboard`,
  };
  switch (content.template) {
    case 'status_changed':
      return statusChanged(t, content.data.newStatus, values);
    case 'info_requested':
      return content.data.passportReupload
        ? t('{agency}: {hello}we need a new copy of your passport for application {number}. {link}', values)
        : t('{agency}: {hello}we need more information for application {number}. {link}', values);
    case 'approved':
      return content.data.finalFeeAmount > 0
        ? t('{agency}: {hello}application {number} is approved. Final fee {amount} due: {link}', { ...values, amount: smsAmount(content.data.finalFeeAmount, locale) })
        : t('{agency}: {hello}application {number} is approved, nothing more to pay. {link}', values);
    case 'rejected':
      return t('{agency}: {hello}application {number} was not approved. The reason: {link}', values);
    case 'evisa_sent':
      return t('{agency}: {hello}your Egypt e-visa for application {number} is in your email. {link}', values);
  }
}

/** The TextWriter port: the bodies above. */
export class TranslatedTextWriter implements TextWriter {
  write(content: TextContent, settings: TextSettings, locale: Locale): string {
    return renderText(content, settings, locale);
  }
}
