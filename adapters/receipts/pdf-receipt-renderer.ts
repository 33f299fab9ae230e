import { PDFDocument, rgb, type Color, type PDFPage } from 'pdf-lib';
import { DEFAULT_LOCALE, localeDirection, type Locale } from '../../core/domain/locale.js';
import { formatPence } from '../../core/domain/money.js';
import type { Receipt } from '../../core/domain/receipt.js';
import { formatDayAndTime, personName } from '../../core/domain/wording.js';
import type { Translate } from '../../core/i18n/index.js';
import type { ReceiptIssuer, ReceiptRenderer } from '../../core/ports/receipt-renderer.js';
import { translator } from '../i18n/index.js';
import { hasArabic, isolate, linePlace, PdfText, type Weight } from '../pdf/text-line.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);

/**
 * Receipts and credit notes as A4 PDFs, drawn with pdf-lib (a maintained, dependency-free PDF
 * writer) in the reader's language (docs/decisions/0037): Latin text in the standard Helvetica
 * fonts, so nothing is embedded and an English receipt is a few KB; Arabic in an embedded font,
 * laid out right to left, labels on the right (adapters/pdf/text-line.ts). A receipt prints what
 * was issued; only how it reads is today's: its words in the reader's language, the date written
 * for people and names in title case, so one issued from a passport's capitals does not shout
 * (docs/product.md §4.6, §14.4).
 */
export class PdfReceiptRenderer implements ReceiptRenderer {
  async render(receipt: Receipt, issuer: ReceiptIssuer, locale: Locale = DEFAULT_LOCALE): Promise<Uint8Array> {
    const t = translator(locale, 'pdf');
    const pdf = await PDFDocument.create();
    const credit = receipt.kind === 'refund';
    const title = credit ? t('Credit note') : t('Receipt');
    pdf.setTitle(credit ? t('Credit note {number}', { number: receipt.number }) : t('Receipt {number}', { number: receipt.number }));
    pdf.setAuthor(issuer.agencyName);
    pdf.setLanguage(locale);
    pdf.setCreationDate(receipt.issuedAt);
    pdf.setModificationDate(receipt.issuedAt);
    const payerName = personName(receipt.payerName);
    const data = [issuer.agencyName, ...issuer.agencyAddress, payerName, ...receipt.lines.flatMap((l) => [l.travellerName, l.description])];
    const fonts = await PdfText.embed(pdf, { arabic: locale === 'ar' || hasArabic(...data) });
    const page = pdf.addPage(A4);
    const width = A4[0] - 2 * MARGIN;
    const rtl = localeDirection(locale) === 'rtl';
    const direction = localeDirection(locale);
    let y = A4[1] - MARGIN;

    /**
     * Text at `from` points from the line's start (the left in English, the right in Arabic), or at
     * its end; a sentence reads in the document's direction, a value (`value: true`) in its own.
     */
    const text = (value: string, options: { from?: number; end?: boolean; size?: number; weight?: Weight; color?: Color; value?: boolean; maxWidth?: number } = {}) => {
      const size = options.size ?? 10;
      const weight = options.weight ?? 'regular';
      const lineDirection = options.value ? 'auto' : direction;
      const shown = options.maxWidth ? fonts.truncate(value, size, options.maxWidth, { weight, direction: lineDirection }) : value;
      const from = options.from ?? 0;
      const place = linePlace(rtl, MARGIN, width, from, options.end === true);
      fonts.draw(page, shown, { ...place, y, size, weight, color: options.color ?? INK, direction: lineDirection });
    };
    const down = (points: number) => {
      y -= points;
    };

    text(issuer.agencyName, { size: 16, weight: 'bold', value: true });
    text(title.toLocaleUpperCase(locale), { size: 16, weight: 'bold', end: true });
    down(18);
    for (const line of issuer.agencyAddress) {
      text(line, { color: MUTED, value: true });
      down(13);
    }
    text(issuer.agencyEmail, { color: MUTED, value: true });
    down(13);
    text(issuer.vatNumber ? t('VAT number: {vatNumber}', { vatNumber: isolate(issuer.vatNumber) }) : t('Not VAT registered'), { color: MUTED });
    down(28);

    const field = (label: string, value: string, options: { value?: boolean } = { value: true }) => {
      text(label, { weight: 'bold' });
      // A long payer name or email is cut to the page rather than drawn off it.
      text(value, { from: 130, maxWidth: width - 130, value: options.value });
      down(15);
    };
    field(credit ? t('Credit note number') : t('Receipt number'), receipt.number);
    if (receipt.refersTo) field(t('Refund of receipt'), receipt.refersTo);
    field(t('Date'), formatDayAndTime(receipt.issuedAt, locale), { value: false });
    // An erased payer's receipt keeps no email.
    field(credit ? t('Refunded to') : t('Paid by'), receipt.payerEmail ? `${isolate(payerName)} <${isolate(receipt.payerEmail)}>` : payerName, { value: !receipt.payerEmail });
    if (receipt.card) {
      const card = t('{brand} ending {last4}', { brand: isolate(capitalise(receipt.card.brand)), last4: isolate(receipt.card.last4) });
      field(credit ? t('Refunded to card') : t('Card'), card, { value: false });
    }
    down(14);

    drawRule(page, MARGIN, y + 10, width);
    text(t('Application'), { weight: 'bold' });
    text(t('Traveller'), { weight: 'bold', from: 110 });
    text(t('Description'), { weight: 'bold', from: 260 });
    text(t('Amount'), { weight: 'bold', end: true });
    down(8);
    drawRule(page, MARGIN, y, width);
    down(16);
    for (const line of receipt.lines) {
      text(line.applicationNumber, { value: true });
      text(personName(line.travellerName), { from: 110, maxWidth: 145, value: true });
      text(describe(t, line.description), { from: 260, maxWidth: 170 });
      text(formatPence(line.amount, locale), { end: true, value: true });
      down(16);
    }
    drawRule(page, MARGIN, y + 8, width);
    down(8);
    text(credit ? t('Total refunded') : t('Total paid'), { weight: 'bold' });
    text(`${formatPence(receipt.amount, locale)} ${receipt.currency.toUpperCase()}`, { weight: 'bold', end: true, value: true });
    down(34);

    const note = credit
      ? t('The amount above has been refunded to the card that paid it. Banks usually show it within 5 to 10 working days.')
      : t(
          'We are a private agency, not the Egyptian government. Our fees are for our service of preparing, checking and submitting your application, the official Egypt e-visa fee included: we pay it on the portal for you.',
        );
    for (const line of fonts.wrap(note, 9, width, { direction })) {
      text(line, { size: 9, color: MUTED });
      down(12);
    }
    return pdf.save();
  }
}

/**
 * A line's description in the reader's language. Lines keep the words they were issued with
 * (receiptLine): today's fee names and the older ones are translated, anything else is printed as
 * issued.
 */
export function describe(t: Translate, description: string): string {
  switch (description) {
    case 'Initial fee':
      return t('Initial fee');
    case 'Final fee':
      return t('Final fee');
    case 'Refund of the initial fee':
      return t('Refund of the initial fee');
    case 'Refund of the final fee':
      return t('Refund of the final fee');
    case 'Initial assessment fee':
      return t('Initial assessment fee');
    case 'Final processing fee':
      return t('Final processing fee');
    default:
      return description;
  }
}

function drawRule(page: PDFPage, x: number, y: number, width: number): void {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.6, color: MUTED });
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
