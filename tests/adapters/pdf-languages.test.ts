import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfBorderPackRenderer } from '../../adapters/border-pack/pdf-border-pack-renderer.js';
import { readCatalog, translator } from '../../adapters/i18n/index.js';
import { isolate, PdfText } from '../../adapters/pdf/text-line.js';
import { PdfReceiptRenderer } from '../../adapters/receipts/pdf-receipt-renderer.js';
import type { BorderPackFacts } from '../../core/domain/border-pack.js';
import { LOCALES } from '../../core/domain/locale.js';
import { CREDIT_NOTE_NOTE, RECEIPT_NOTE, type Receipt } from '../../core/domain/receipt.js';
import { pdfText } from '../support/pdf-text.js';
import { BORDER_PACK_FACTS } from '../support/border-pack-facts.js';

const RECEIPT: Receipt = {
  id: 1,
  number: 'R-2026-000001',
  key: 'payment:pi_1',
  kind: 'payment',
  paymentType: 'initial',
  amount: 2000,
  currency: 'gbp',
  applicationId: 42,
  groupId: 7,
  userId: 3,
  payerName: 'MARIA OLIVIA GARCIA LOPEZ',
  payerEmail: 'maria.garcia@example.com',
  lines: [
    { applicationNumber: 'EV-2611-7K3M9Q', travellerName: 'MARIA OLIVIA GARCIA LOPEZ', description: 'Initial fee', amount: 1000 },
    { applicationNumber: 'EV-2611-8P4R2T', travellerName: 'أحمد حسن', description: 'Initial fee', amount: 1000 },
  ],
  card: { brand: 'visa', last4: '4242' },
  refersTo: null,
  issuedAt: new Date('2026-12-04T14:05:00Z'),
};
const CREDIT_NOTE: Receipt = {
  ...RECEIPT,
  number: 'R-2026-000009',
  kind: 'refund',
  amount: 1000,
  lines: [{ ...RECEIPT.lines[0]!, description: 'Refund of the initial fee' }],
  refersTo: 'R-2026-000001',
};
const ISSUER = { agencyName: 'Nile Gate e-Visa Agency', agencyAddress: ['Nile Gate Ltd', '3 Quay Street', 'Manchester', 'M3 3JE'], agencyEmail: 'help@nilegate.example', vatNumber: null };
const FACTS: BorderPackFacts = { ...BORDER_PACK_FACTS, stay: 'Hôtel Bärenstraße, Città Vecchia: ça, où, più, è, à, ö, ü, ì, ò' };

/** The text as one line. A mark (shadda, tanween) is set apart from its letter to sit over it: pdf.js copies a space before it, taken out here. */
const words = async (pdf: Uint8Array) => (await pdfText(pdf)).replace(/\s+/g, ' ').replace(/ (?=[\u064b-\u065f\u0670])/g, '');

describe('receipts, credit notes and border packs in the reader’s language', () => {
  it('an Arabic receipt copies out in reading order: its fee line’s Arabic words, then the amount', async () => {
    const text = await words(await new PdfReceiptRenderer().render(RECEIPT, ISSUER, 'ar'));
    // Application, traveller, the fee in Arabic (its letters joined: shaped glyphs still copy as letters), the amount.
    expect(text).toContain('EV-2611-7K3M9Q Maria Olivia Garcia Lopez الرسوم الأولية 10.00 £');
    expect(text).toContain('EV-2611-8P4R2T أحمد حسن الرسوم الأولية 10.00 £');
    expect(text).toContain('إجمالي المدفوع 20.00 £ GBP');
    expect(text).toContain('الدافع Maria Olivia Garcia Lopez < maria.garcia@example.com >');
    expect(text).toContain('غير مسجّلة في ضريبة القيمة المضافة');
    // The lam-alef ligature copies as lam then alef, not reversed.
    expect(text).toContain('نحن وكالة خاصة، ولسنا الحكومة المصرية.');
  });

  it('an Arabic page is laid out right to left: labels on the right, values to their left', async () => {
    const pdf = await new PdfReceiptRenderer().render(RECEIPT, ISSUER, 'ar');
    const items = await positions(pdf);
    const label = items.find((i) => i.str === 'رقم الإيصال')!;
    const value = items.find((i) => i.str === 'R-2026-000001')!;
    expect(label.x).toBeGreaterThan(value.x + value.width);
    // The amount column is the leftmost.
    const amount = items.find((i) => i.str.startsWith('10.00'))!;
    expect(amount.x).toBeLessThan(items.find((i) => i.str === 'الرسوم الأولية')!.x);
  });

  it('an Arabic credit note and border pack', async () => {
    const credit = await words(await new PdfReceiptRenderer().render(CREDIT_NOTE, ISSUER, 'ar'));
    expect(credit).toContain('ردّ الرسوم الأولية 10.00 £');
    expect(credit).toContain('رقم الإشعار الدائن R-2026-000009');
    const pack = await words(await new PdfBorderPackRenderer().render(FACTS, null, 'ar'));
    expect(pack).toContain('رقم جواز السفر P12345678');
    // Brackets drawn turned for right to left copy out as written.
    expect(pack).toContain('صالحة لمدة 90 يومًا من تاريخ الإصدار ( حتى 23 فبراير 2027 تقريبًا ) ، لإقامة لا تتجاوز 30 يومًا.');
    expect(pack).toContain('تأشيرتك الإلكترونية ( الصفحة الأولى )');
  });

  it('a German receipt and border pack, umlauts and ß included', async () => {
    const receipt = await words(await new PdfReceiptRenderer().render(RECEIPT, ISSUER, 'de'));
    for (const expected of [
      'QUITTUNG',
      'Quittungsnummer R-2026-000001',
      'Datum Freitag, 4. Dezember 2026 um 14:05',
      'Bezahlt von Maria Olivia Garcia Lopez <maria.garcia@example.com>',
      'Karte Visa mit Endziffern 4242',
      'EV-2611-7K3M9Q Maria Olivia Garcia Lopez Anfangsgebühr 10,00 £',
      'Insgesamt bezahlt 20,00 £ GBP',
      'Nicht für die Umsatzsteuer registriert',
      'nicht die ägyptische Regierung',
      'einschließlich der offiziellen ägyptischen E-Visum-Gebühr',
    ]) {
      expect(receipt).toContain(expected);
    }
    const pack = await words(await new PdfBorderPackRenderer().render(FACTS, null, 'de'));
    expect(pack).toContain('Staatsangehörigkeit United Kingdom');
    expect(pack).toContain('GÜLTIGKEIT DES VISUMS');
    expect(pack).toContain('Gültig für 90 Tage ab Ausstellung (bis etwa zum 23. Februar 2027), für einen Aufenthalt von bis zu 30 Tagen.');
    expect(pack).toContain('Hôtel Bärenstraße, Città Vecchia: ça, où, più, è, à, ö, ü, ì, ò');
  });

  it('French and Italian, accents included', async () => {
    const fr = await words(await new PdfReceiptRenderer().render(CREDIT_NOTE, ISSUER, 'fr'));
    expect(fr).toContain('Remboursement des frais initiaux 10,00 £');
    expect(fr).toContain('Numéro d’avoir R-2026-000009');
    expect(fr).toContain('Remboursement du reçu R-2026-000001');
    const it = await words(await new PdfBorderPackRenderer().render(FACTS, null, 'it'));
    expect(it).toContain('Il Suo soggiorno previsto: dal domenica 20 dicembre 2026 al domenica 3 gennaio 2027.');
    expect(it).toContain('Siamo un’agenzia privata, non il governo egiziano.');
  });

  it('a document in a Latin language embeds no font unless its data has Arabic letters', async () => {
    const latinOnly = { ...RECEIPT, lines: [RECEIPT.lines[0]!] };
    const english = await PDFDocument.load(await new PdfReceiptRenderer().render(latinOnly, ISSUER, 'en-GB'));
    expect(english.context.enumerateIndirectObjects().some(([, o]) => o.toString().includes('FontFile2'))).toBe(false);
    // An Arabic traveller's name on an English receipt is drawn, not replaced by question marks.
    expect(await words(await new PdfReceiptRenderer().render(RECEIPT, ISSUER, 'en-GB'))).toContain('EV-2611-8P4R2T أحمد حسن Initial fee £10.00');
  });
});

describe('the pdf catalogs', () => {
  it('the English notes are the receipt’s own words (core/domain/receipt.ts)', () => {
    const t = translator('en-GB', 'pdf');
    expect(Object.keys(readCatalog('en-GB', 'pdf'))).toEqual(expect.arrayContaining([RECEIPT_NOTE, CREDIT_NOTE_NOTE]));
    expect(t(RECEIPT_NOTE)).toBe(RECEIPT_NOTE);
  });

  it('every message formats in every language, with its placeholders filled', () => {
    const values = { number: 'R-1', applicationNumber: 'EV-1', vatNumber: 'GB1', brand: 'Visa', last4: '4242', date: 'D', until: 'U', arrival: 'A', departure: 'B', validityDays: 90, stayDays: 30 };
    for (const locale of LOCALES) {
      const t = translator(locale, 'pdf');
      const catalog = readCatalog(locale, 'pdf');
      for (const key of Object.keys(readCatalog('en-GB', 'pdf'))) {
        if (locale !== 'en-GB') expect(catalog[key], `${locale}: ${key}`).toBeTruthy();
        const out = t(key, values);
        expect(out, `${locale}: ${key}`).not.toMatch(/[{}]/);
        for (const [name, value] of Object.entries(values)) if (key.includes(`{${name}}`)) expect(out, `${locale}: ${key}`).toContain(String(value));
      }
    }
  });

  it('Arabic counts days in all its plural forms', () => {
    const t = translator('ar', 'pdf');
    const key = 'Valid for {validityDays, plural, one {# day} other {# days}} from issue (until about {until}), for a stay of up to {stayDays, plural, one {# day} other {# days}}.';
    expect(t(key, { validityDays: 90, stayDays: 30, until: 'x' })).toContain('صالحة لمدة 90 يومًا');
    expect(t(key, { validityDays: 1, stayDays: 2, until: 'x' })).toMatch(/صالحة لمدة يوم واحد.*لا تتجاوز يومين/);
    expect(t(key, { validityDays: 5, stayDays: 100, until: 'x' })).toMatch(/صالحة لمدة 5 أيام.*لا تتجاوز 100 يوم\./);
  });
});

describe('PdfText (adapters/pdf/text-line.ts)', () => {
  it('draws a mixed line right to left and copies it out in reading order', async () => {
    const pdf = await PDFDocument.create();
    const fonts = await PdfText.embed(pdf, { arabic: true });
    const page = pdf.addPage([400, 100]);
    const line = `دفعها ${isolate('Maria <maria@example.com>')} (مرة واحدة) لا غير`;
    fonts.draw(page, line, { x: 390, y: 50, align: 'right', direction: 'rtl' });
    expect(fonts.width(line, 10, { direction: 'rtl' })).toBeGreaterThan(100);
    expect(await words(await pdf.save())).toBe('دفعها Maria <maria@example.com> ( مرة واحدة ) لا غير');
  });
});

/** Text items with where pdf.js places them. */
async function positions(bytes: Uint8Array): Promise<{ str: string; x: number; width: number }[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const content = await (await document.getPage(1)).getTextContent();
    return content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ str: item.str.trim(), x: item.transform[4] as number, width: item.width }] : []));
  } finally {
    await document.destroy();
  }
}
