import { describe, expect, it } from 'vitest';
import { renderMail, type MailToRender } from '../../adapters/mail/templates/index.js';
import { applicantStatusName, duration, outageMeaning, priceSentence, roleName, statusName, visaOnArrival } from '../../adapters/mail/templates/words.js';
import { readCatalog, translator } from '../../adapters/i18n/index.js';
import { renderText } from '../../adapters/texts/index.js';
import { FINAL_FEE, INITIAL_FEE } from '../../core/domain/fees.js';
import { DEFAULT_LOCALE, LOCALES, localeDirection, type Locale } from '../../core/domain/locale.js';
import { MAIL_TEMPLATES, type MailContent } from '../../core/domain/mail.js';
import { formatPence } from '../../core/domain/money.js';
import { PASSWORD_RESET_TTL_TEXT } from '../../core/domain/password-reset.js';
import { OUTAGE_MEANING, VISA_ON_ARRIVAL_FALLBACK } from '../../core/domain/portal-outage-text.js';
import { priceInAll, TOTAL_PER_TRAVELLER } from '../../core/domain/price.js';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '../../core/domain/staff-role.js';
import { APPLICATION_STATUSES, applicantStatusLabel, statusLabel } from '../../core/domain/status.js';
import { smsSegments, STATUS_PHRASE, TEXT_TEMPLATES, type TextContent } from '../../core/domain/texts.js';
import { TRACKING_CODE_TTL_TEXT } from '../../core/domain/tracking.js';
import type { Namespace } from '../../core/i18n/index.js';
import { CONTRACT_SETTINGS as SETTINGS } from '../contracts/mailer.contract.js';
import { NUMBER, SAMPLES, TEXT_SAMPLES } from '../support/mail-samples.js';

/*
 * Every mail and every text in every language (docs/decisions/0037): a snapshot of each template in
 * each locale (subject, text part, the HTML's language and direction), every sentence translated,
 * data isolated in Arabic, and English word for word what the core says.
 */

const OTHER_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

function render(content: MailContent, locale: Locale) {
  return renderMail({ ...content, to: 'maria@example.com' } as MailToRender, SETTINGS, locale);
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe('every mail template in every language (snapshots)', () => {
  const cases = MAIL_TEMPLATES.flatMap((template) => LOCALES.map((locale) => [template, locale, { template, data: SAMPLES[template][0] } as MailContent] as const));

  it.each(cases)('%s in %s', (_, locale, content) => {
    const mail = render(content, locale);
    expect({ subject: mail.subject, html: htmlTag(mail.html), text: mail.text }).toMatchSnapshot();
  });
});

describe('the language of a mail', () => {
  const samples = MAIL_TEMPLATES.flatMap((template) => SAMPLES[template].map((data, i) => [`${template} #${i + 1}`, { template, data } as MailContent] as const));

  it.each(OTHER_LOCALES)('%s: the HTML names its language and direction, and Arabic lines up on the right', (locale) => {
    const mail = render(samples[0]![1], locale);
    const dir = localeDirection(locale);
    expect(htmlTag(mail.html)).toBe(`<html lang="${locale}" dir="${dir}">`);
    expect(mail.html.includes('text-align:right')).toBe(dir === 'rtl');
  });

  it('English keeps the page it always had', () => {
    expect(htmlTag(render(samples[0]![1], DEFAULT_LOCALE).html)).toBe('<html lang="en">');
  });

  // A sentence left in English would show as one of the catalog's keys, whole.
  const englishSentences = Object.keys(readCatalog(DEFAULT_LOCALE, 'mail')).filter((key) => key.length > 24 && !key.includes('{'));

  it.each(OTHER_LOCALES.flatMap((locale) => samples.map(([name, content]) => [name, locale, content] as const)))('%s in %s: no sentence left in English', (_, locale, content) => {
    const mail = render(content, locale);
    const all = [mail.subject, mail.text, mail.html].join('\n');
    expect(englishSentences.filter((sentence) => all.includes(sentence))).toEqual([]);
    expect(all).not.toMatch(/[\uE000-\uE004]/);
  });

  it('an Arabic mail isolates its data in <bdi> (HTML only: the text part has no invisible marks)', () => {
    const mail = render({ template: 'application_received', data: SAMPLES.application_received[0]! } as MailContent, 'ar');
    expect(mail.html).toContain(`<strong><bdi>${NUMBER}</bdi></strong>`);
    expect(mail.html).toContain('<bdi>Maria Olivia Garcia Lopez</bdi>');
    expect(mail.html).toContain(`<bdi><a href="mailto:${SETTINGS.agencyEmail}">`);
    expect(mail.text).toContain(NUMBER);
    expect(mail.text).not.toMatch(/[\u2066-\u2069]/);
  });

  it('a German mail writes its dates and amounts the German way', () => {
    const mail = render({ template: 'application_received', data: SAMPLES.application_received[2]! } as MailContent, 'de');
    expect(mail.text).toContain('Dienstag, 1. Dezember 2026');
    expect(mail.text).toContain('10,00\u00a0£');
  });
});

describe('English mails say what the core says, word for word', () => {
  const t = translator(DEFAULT_LOCALE, 'mail');
  const amounts = { total: formatPence(TOTAL_PER_TRAVELLER), initial: formatPence(INITIAL_FEE.amount), final: formatPence(FINAL_FEE.amount) };

  it('the price in all, the outage, the visa on arrival', () => {
    expect(priceSentence(t, 'initial', amounts)).toBe(priceInAll('initial'));
    expect(priceSentence(t, 'final', amounts)).toBe(priceInAll('final'));
    expect(outageMeaning(t)).toBe(OUTAGE_MEANING);
    expect(visaOnArrival(t)).toBe(VISA_ON_ARRIVAL_FALLBACK);
  });

  it('status names, roles and durations', () => {
    for (const status of [...APPLICATION_STATUSES, 'updated', 'unknown']) {
      expect(statusName(t, status)).toBe(statusLabel(status));
      expect(applicantStatusName(t, status)).toBe(applicantStatusLabel(status));
    }
    for (const role of STAFF_ROLES) expect(roleName(t, role)).toBe(STAFF_ROLE_LABELS[role]);
    expect(duration(t, PASSWORD_RESET_TTL_TEXT)).toBe(PASSWORD_RESET_TTL_TEXT);
    expect(duration(t, TRACKING_CODE_TTL_TEXT)).toBe(TRACKING_CODE_TTL_TEXT);
  });

  it('a status change reads as STATUS_PHRASE says', () => {
    for (const newStatus of APPLICATION_STATUSES) {
      const text = renderText({ template: 'status_changed', data: { applicationNumber: NUMBER, givenName: '', newStatus } }, SETTINGS);
      expect(text).toBe(`${SETTINGS.agencyName}: application ${NUMBER} is now ${STATUS_PHRASE[newStatus]}. ${SETTINGS.publicUrl}/dashboard`);
      const mail = render({ template: 'status_changed', data: { applicationNumber: NUMBER, applicationId: 42, newStatus } } as MailContent, DEFAULT_LOCALE);
      const phrase = newStatus === 'rejected' ? 'was not approved' : `is now ${STATUS_PHRASE[newStatus]}`;
      expect(mail.text).toContain(`Your Egypt e-visa application ${NUMBER} ${phrase}.`);
    }
  });
});

describe('every mail and text message formats in every language', () => {
  const values = { agency: 'Agency', name: 'Maria', number: NUMBER, amount: '£1', status: 'X', email: 'a@b.c', site: 'https://x', date: 'D', days: 5, duration: '1h', code: '1', size: '3' };
  const namespaces: Namespace[] = ['mail', 'text'];

  it.each(OTHER_LOCALES.flatMap((locale) => namespaces.map((ns) => [locale, ns] as const)))('%s %s: every key translated, every placeholder filled', (locale, ns) => {
    const english = Object.keys(readCatalog(DEFAULT_LOCALE, ns));
    const catalog = readCatalog(locale, ns);
    expect(english.filter((key) => !catalog[key])).toEqual([]);
    const t = translator(locale, ns);
    for (const key of english) {
      const out = t(key, { ...values, limit: '£1', validity: 90, stay: 30, total: '£3', initial: '£1', final: '£2', requester: 'R', soon: 'S', hello: 'H, ', link: 'L', label: 'La', value: 'V' });
      expect(out, key).not.toMatch(/[{}]/);
    }
  });
});

describe('text messages in every language', () => {
  const texts = TEXT_TEMPLATES.flatMap((template) => TEXT_SAMPLES[template].map((data, i) => [`${template} #${i + 1}`, { template, data } as TextContent] as const));

  it.each(LOCALES)('%s: every text (snapshot) and its SMS count', (locale) => {
    const bodies = texts.map(([name, content]) => {
      const body = renderText(content, SETTINGS, locale);
      return { name, body, sms: smsSegments(body) };
    });
    expect(bodies).toMatchSnapshot();
    for (const { body } of bodies) expect(body).toContain(NUMBER);
  });

  it('English, German, French and Italian texts stay one GSM-7 SMS; Arabic is UCS-2 and counted in 67-character parts', () => {
    for (const locale of ['en-GB', 'de', 'fr', 'it'] as const) {
      for (const [, content] of texts) expect(smsSegments(renderText(content, SETTINGS, locale)), `${locale} ${content.template}`).toMatchObject({ encoding: 'gsm7', segments: 1 });
    }
    const arabic = renderText({ template: 'info_requested', data: { applicationNumber: NUMBER, givenName: 'MARIA', passportReupload: true } }, SETTINGS, 'ar');
    expect(arabic).toContain('نحتاج إلى نسخة جديدة من جواز سفرك');
    expect(smsSegments(arabic)).toEqual({ encoding: 'ucs2', length: arabic.length, segments: Math.ceil(arabic.length / 67) });
    expect(arabic.length).toBeGreaterThan(70);
  });

  it('counts SMS the way carriers do', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', length: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', length: 161, segments: 2 });
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'gsm7', length: 160, segments: 1 });
    expect(smsSegments('ب'.repeat(70))).toEqual({ encoding: 'ucs2', length: 70, segments: 1 });
    expect(smsSegments('ب'.repeat(71))).toEqual({ encoding: 'ucs2', length: 71, segments: 2 });
    expect(smsSegments('ب'.repeat(135))).toEqual({ encoding: 'ucs2', length: 135, segments: 3 });
  });
});
