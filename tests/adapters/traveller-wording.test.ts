import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderMail, type MailToRender } from '../../adapters/mail/templates/index.js';
import { PdfBorderPackRenderer } from '../../adapters/border-pack/pdf-border-pack-renderer.js';
import { PdfReceiptRenderer } from '../../adapters/receipts/pdf-receipt-renderer.js';
import { borderPackFacts } from '../../core/domain/border-pack.js';
import { MAIL_DATA, MAIL_TEMPLATES, type MailContent } from '../../core/domain/mail.js';
import { creditNote, paymentReceipt, type Receipt } from '../../core/domain/receipt.js';
import { APPLICATION_STATUSES } from '../../core/domain/status.js';
import { statusTextContent, TEXT_TEMPLATES, type TextContent } from '../../core/domain/texts.js';
import { renderText } from '../../adapters/texts/index.js';
import { OFFICIAL_FEE_INCLUDED } from '../../core/domain/price.js';
import { feeName, formatDay, personName } from '../../core/domain/wording.js';
import { DEFAULT_LOCALE, LOCALES } from '../../core/domain/locale.js';
import type { PaymentType } from '../../core/domain/fees.js';
import { CONTRACT_SETTINGS as SETTINGS } from '../contracts/mailer.contract.js';
import { NUMBER, SAMPLES, TEXT_SAMPLES } from '../support/mail-samples.js';
import { receiptIssuer } from '../../core/use-cases/receipts.js';
import { pdfText } from '../support/pdf-text.js';
import { storedApplication } from '../core/helpers.js';
import { ACCOUNT_NAME, CAPITAL_NAME_WORD, htmlText, ISO_DATE, TRAVELLER, wordingProblems } from '../support/wording-rules.js';

/*
 * Everything a traveller reads outside the web pages — every mail (text and HTML), every text
 * message, the receipt and the credit note — follows the wording rules of docs/product.md §14.4:
 * dates written for people (never '2026-12-04'), names as people write them (never passport
 * capitals), each fee by its one name. The data here is what a journey really carries: names from a
 * passport scan, in capitals, and dates as the database keeps them, ISO. The templates are listed
 * from the code (MAIL_TEMPLATES, TEXT_TEMPLATES), so a template added later is checked too — by a
 * sample below (the compiler asks for one) and by data built from its schema.
 */

function render(content: MailContent) {
  const mail = renderMail({ ...content, to: 'maria@example.com' } as MailToRender, SETTINGS);
  return { ...mail, all: [mail.subject, mail.text, htmlText(mail.html)].join('\n') };
}

/** Every string of the data, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const samples = MAIL_TEMPLATES.flatMap((template) => (SAMPLES[template] ?? []).map((data, i) => [`${template} #${i + 1}`, { template, data } as MailContent] as const));

describe('every mail reads as people write (docs/product.md §14.4)', () => {
  it('has a realistic sample of every template', () => {
    expect(MAIL_TEMPLATES.filter((t) => !SAMPLES[t]?.length)).toEqual([]);
  });

  it.each(samples)('%s: no ISO date, no name in capitals, no old fee name (subject, text and HTML)', (_, content) => {
    const mail = render(content);
    expect(wordingProblems(mail.subject)).toEqual([]);
    expect(wordingProblems(mail.text)).toEqual([]);
    expect(wordingProblems(htmlText(mail.html))).toEqual([]);
  });

  it.each(samples)('%s: greets by name, shows each name and date of its data the way people write them', (_, content) => {
    const mail = render(content);
    const data = content.data as Record<string, unknown>;
    if (typeof data.fullName === 'string') {
      expect(mail.text).toContain(`Dear ${personName(data.fullName)},`);
      expect(mail.html).toContain(`Dear ${personName(data.fullName)},`);
    }
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== 'string') continue;
      if (/name$/i.test(key) && key !== 'fullName') for (const word of personName(value).split(' ')) expect(mail.all).toContain(word);
      if (ISO_DATE.test(value)) expect(mail.all).toContain(formatDay(value));
    }
  });

  it.each(samples.filter(([, c]) => 'paymentType' in c.data))('%s: names its fee by its one name', (_, content) => {
    const type = (content.data as { paymentType: PaymentType }).paymentType;
    expect(render(content).all.toLowerCase()).toContain(feeName(type));
  });

  it('the fees are named by their one name where a mail names them', () => {
    const texts = samples.map(([, c]) => render(c).all).join('\n');
    const named = [...texts.matchAll(/([\w-]+) fee\b/gi)].map((m) => m[1]!.toLowerCase());
    // 'the £10.00 initial fee', 'the final fee': a fee is initial or final, or the official e-visa fee.
    expect([...new Set(named)].filter((word) => !['initial', 'final', 'e-visa'].includes(word))).toEqual([]);
  });
});

describe('every mail reads as people write in every language', () => {
  const locales = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
  const cases = locales.flatMap((locale) => samples.map(([name, content]) => [name, locale, content] as const));

  it.each(cases)('%s in %s: no ISO date, no name in capitals; names and dates as people write them', (_, locale, content) => {
    const mail = renderMail({ ...content, to: 'maria@example.com' } as MailToRender, SETTINGS, locale);
    const all = [mail.subject, mail.text, htmlText(mail.html)].join('\n');
    expect(wordingProblems(all)).toEqual([]);
    const data = content.data as Record<string, unknown>;
    if (typeof data.fullName === 'string') expect(mail.text).toContain(personName(data.fullName));
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== 'string') continue;
      if (/name$/i.test(key)) for (const word of personName(value).split(' ')) expect(all).toContain(word);
      if (ISO_DATE.test(value)) expect(all).toContain(formatDay(value, locale));
    }
  });

  it.each(locales)('%s: every text message greets by the given name as people write it', (locale) => {
    for (const template of TEXT_TEMPLATES) {
      for (const data of TEXT_SAMPLES[template]) {
        const body = renderText({ template, data } as TextContent, { agencyName: SETTINGS.agencyName, publicUrl: SETTINGS.publicUrl }, locale);
        expect(wordingProblems(body)).toEqual([]);
        expect(body).toMatch(/Maria[,،] /);
      }
    }
  });
});

/**
 * Data built from a template's schema alone: every string key ending in 'name' holds a name in
 * passport capitals, every key ending in 'At' an ISO instant, every enum each of its values in turn,
 * booleans true then false. A template added later is checked without anyone writing its sample.
 */
function fromSchema(schema: z.ZodType, key: string, variant: number): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fromSchema(schema.unwrap() as z.ZodType, key, variant);
  if (schema instanceof z.ZodObject) {
    return Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, s]) => [k, fromSchema(s, k, variant)]));
  }
  if (schema instanceof z.ZodArray) return [0, 1].map((i) => fromSchema(schema.element as z.ZodType, key, variant + i));
  if (schema instanceof z.ZodEnum) {
    const options = schema.options as string[];
    return options[variant % options.length];
  }
  if (schema instanceof z.ZodBoolean) return variant % 2 === 0;
  if (schema instanceof z.ZodNumber) return /amount|limit/i.test(key) ? (variant % 2 === 0 ? 3900 : 1000) : 7;
  if (schema instanceof z.ZodString) {
    if (key === 'givenName') return TRAVELLER.givenName;
    if (key === 'surname') return TRAVELLER.surname;
    if (/name$/i.test(key)) return ACCOUNT_NAME;
    if (/At$/.test(key)) return '2026-12-04T14:05:00.000Z';
    if (/date$/i.test(key)) return '2026-12-04';
    if (key === 'applicationNumber') return NUMBER;
    if (/email/i.test(key)) return 'maria@example.com';
    return 'Words from staff';
  }
  throw new Error(`The wording test cannot build data for ${key} (${schema.constructor.name}): teach fromSchema this kind of field.`);
}

describe('every mail, from its schema alone', () => {
  const variants = MAIL_TEMPLATES.flatMap((template) =>
    Array.from({ length: 8 }, (_, variant) => [`${template} (variant ${variant + 1})`, { template, data: fromSchema(MAIL_DATA[template], template, variant) } as MailContent] as const),
  );

  it.each(variants)('%s: no ISO date, no name in capitals, no old fee name', (_, content) => {
    const mail = render(content);
    expect(wordingProblems(mail.subject)).toEqual([]);
    expect(wordingProblems(mail.text)).toEqual([]);
    expect(wordingProblems(htmlText(mail.html))).toEqual([]);
  });
});

describe('every text message reads as people write', () => {
  const texts = TEXT_TEMPLATES.flatMap((template) => (TEXT_SAMPLES[template] ?? []).map((data, i) => [`${template} #${i + 1}`, { template, data } as TextContent] as const));
  // And each text a status change really queues, for every status it can reach.
  const changes = APPLICATION_STATUSES.flatMap((status) => {
    const application = { applicationNumber: NUMBER, givenName: TRAVELLER.givenName, smsUpdates: true, status, requiresPassportReupload: false, additionalInfoMessage: 'Please send your booking.' };
    const content = statusTextContent(application, 'application_created');
    return content ? [[`the text of a change to ${status}`, content] as const] : [];
  });

  it('has a sample of every template', () => {
    expect(TEXT_TEMPLATES.filter((t) => !TEXT_SAMPLES[t]?.length)).toEqual([]);
  });

  it.each([...texts, ...changes])('%s: greets by the given name as people write it, no ISO date, no capitals', (_, content) => {
    const body = renderText(content, { agencyName: SETTINGS.agencyName, publicUrl: SETTINGS.publicUrl });
    expect(wordingProblems(body)).toEqual([]);
    expect(body).toContain('Maria, ');
  });
});

const ISSUED_AT = new Date('2026-12-04T14:05:00.000Z');
const PAYER = { userId: 3, fullName: ACCOUNT_NAME, email: 'maria@example.com' };
const traveller = (applicationNumber: string, givenName = TRAVELLER.givenName) => ({ applicationNumber, givenName, surname: TRAVELLER.surname });
const CARD = { brand: 'visa', last4: '4242' };

function asIssued(receipt: ReturnType<typeof paymentReceipt>, number: string): Receipt {
  return { ...receipt, id: 1, number };
}

const ISSUER = receiptIssuer(SETTINGS);

describe('receipts and credit notes read as people write (PDF)', () => {
  const renderer = new PdfReceiptRenderer();
  const documents: [string, Receipt, PaymentType][] = [
    [
      'the receipt of an initial fee',
      asIssued(
        paymentReceipt({
          providerPaymentId: 'pi_1',
          paymentType: 'initial',
          payer: PAYER,
          travellers: [traveller(NUMBER)],
          amountEach: 1000,
          currency: 'gbp',
          card: CARD,
          applicationId: 42,
          groupId: null,
          issuedAt: ISSUED_AT,
        }),
        'R-2026-000001',
      ),
      'initial',
    ],
    [
      'the receipt of a family’s initial fees',
      asIssued(
        paymentReceipt({
          providerPaymentId: 'pi_2',
          paymentType: 'initial',
          payer: PAYER,
          travellers: [traveller(NUMBER), traveller('EV-2611-8P4R2T', 'JOSE')],
          amountEach: 1000,
          currency: 'gbp',
          card: CARD,
          applicationId: 42,
          groupId: 7,
          issuedAt: ISSUED_AT,
        }),
        'R-2026-000002',
      ),
      'initial',
    ],
    [
      'the receipt of a final fee',
      asIssued(
        paymentReceipt({
          providerPaymentId: 'pi_3',
          paymentType: 'final',
          payer: PAYER,
          travellers: [traveller(NUMBER)],
          amountEach: 3900,
          currency: 'gbp',
          card: CARD,
          applicationId: 42,
          groupId: null,
          issuedAt: ISSUED_AT,
        }),
        'R-2026-000003',
      ),
      'final',
    ],
    [
      'a credit note',
      asIssued(
        creditNote({
          refundId: 9,
          paymentType: 'final',
          amount: 1950,
          currency: 'gbp',
          payer: PAYER,
          traveller: traveller(NUMBER),
          card: CARD,
          applicationId: 42,
          refersTo: 'R-2026-000003',
          issuedAt: ISSUED_AT,
        }),
        'R-2026-000004',
      ),
      'final',
    ],
  ];

  it.each(documents)('%s: no ISO date, no name in capitals, the fee by its one name, the date written for people', async (_, receipt, type) => {
    const text = (await pdfText(await renderer.render(receipt, ISSUER))).replace(/\s+/g, ' ');
    // The PDF's own headings are capitals ('RECEIPT'): only names are looked for there.
    expect(wordingProblems(text, { capitalsRuns: false })).toEqual([]);
    expect(text).toContain('Maria Olivia Garcia Lopez');
    expect(text).toContain(formatDay(ISSUED_AT));
    expect(text).toContain(receipt.kind === 'refund' ? `Refund of the ${feeName(type)}` : feeName(type, { capital: true }));
  });

  it('a receipt does not say the fees leave out the official visa fee: they include it, in the payment pages’ words (docs/product.md §14.4)', async () => {
    const text = (await pdfText(await renderer.render(documents[0]![1], ISSUER))).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/do not include/i);
    expect(text).toContain(`submitting your application, ${OFFICIAL_FEE_INCLUDED}: we pay it on the portal for you.`);
  });

  it('a receipt issued before the fees had one name keeps its lines as issued; only its date and names read as people write', async () => {
    const issued: Receipt = {
      ...documents[0]![1],
      lines: [{ applicationNumber: NUMBER, travellerName: ACCOUNT_NAME, description: 'Initial assessment fee', amount: 1000 }],
      payerName: ACCOUNT_NAME,
    };
    const text = (await pdfText(await renderer.render(issued, ISSUER))).replace(/\s+/g, ' ');
    // A receipt is an accounting record: what it was issued for is not rewritten.
    expect(text).toContain('Initial assessment fee');
    expect(text).not.toMatch(CAPITAL_NAME_WORD);
    expect(text).toContain('Paid by Maria Olivia Garcia Lopez <maria@example.com>');
    expect(text).toContain(formatDay(ISSUED_AT));
  });
});

describe('the border pack reads as people write (PDF)', () => {
  it('the traveller’s name in title case, every date written for people', async () => {
    const application = storedApplication({
      ...TRAVELLER,
      applicationNumber: NUMBER,
      entry: 'Single',
      expectedArrivalDate: '2026-12-20',
      expectedDepartureDate: '2027-01-03',
      hotelDetails: 'Steigenberger Hotel, Corniche El Nil Street, Luxor',
    });
    const facts = borderPackFacts(application, new Date('2026-11-25T10:00:00Z'), {
      name: SETTINGS.agencyName,
      email: SETTINGS.agencyEmail,
      website: SETTINGS.publicUrl,
      address: SETTINGS.agencyAddress,
    });
    const text = (await pdfText(await new PdfBorderPackRenderer().render(facts, null))).replace(/\s+/g, ' ');
    // Its headings are capitals ('BORDER PACK'): only names are looked for there.
    expect(wordingProblems(text, { capitalsRuns: false })).toEqual([]);
    expect(text).toContain('Traveller Maria Olivia Garcia Lopez');
    expect(text).toContain('Your planned stay: Sunday 20 December 2026 to Sunday 3 January 2027.');
    expect(text).toContain('issued Wednesday 25 November 2026.');
  });
});

// Strings the samples carry, so the samples themselves stay realistic (capitals and ISO dates in).
describe('the samples are the hard case', () => {
  it('carry names in passport capitals and dates in ISO', () => {
    const all = MAIL_TEMPLATES.flatMap((t) => strings(SAMPLES[t]));
    expect(all).toContain(ACCOUNT_NAME);
    expect(all.some((s) => ISO_DATE.test(s))).toBe(true);
  });
});
