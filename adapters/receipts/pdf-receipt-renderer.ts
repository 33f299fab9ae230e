import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatPence } from '../../core/domain/money.js';
import { CREDIT_NOTE_NOTE, RECEIPT_NOTE, type Receipt } from '../../core/domain/receipt.js';
import { formatDayAndTime, personName } from '../../core/domain/wording.js';
import type { ReceiptIssuer, ReceiptRenderer } from '../../core/ports/receipt-renderer.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);

/**
 * Receipts and credit notes as A4 PDFs, drawn with pdf-lib (a maintained, dependency-free PDF
 * writer) in the standard Helvetica fonts, so nothing is embedded and a receipt is a few KB. Text
 * the standard fonts cannot encode (WinAnsi: most accented Latin is fine) is transliterated.
 * A receipt prints what was issued; only how it reads is today's: the date written for people and
 * names in title case, so one issued from a passport's capitals does not shout (docs/product.md
 * §4.6, §14.4).
 */
export class PdfReceiptRenderer implements ReceiptRenderer {
  async render(receipt: Receipt, issuer: ReceiptIssuer): Promise<Uint8Array> {
    const pdf = await PDFDocument.create();
    const credit = receipt.kind === 'refund';
    const title = credit ? 'Credit note' : 'Receipt';
    pdf.setTitle(`${title} ${receipt.number}`);
    pdf.setAuthor(issuer.agencyName);
    pdf.setCreationDate(receipt.issuedAt);
    pdf.setModificationDate(receipt.issuedAt);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const page = pdf.addPage(A4);
    const width = A4[0] - 2 * MARGIN;
    let y = A4[1] - MARGIN;

    const text = (value: string, options: { x?: number; size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; right?: boolean } = {}) => {
      const font = options.font ?? regular;
      const size = options.size ?? 10;
      const safe = encodable(font, value);
      const x = options.right ? MARGIN + width - font.widthOfTextAtSize(safe, size) : (options.x ?? MARGIN);
      page.drawText(safe, { x, y, size, font, color: options.color ?? INK });
    };
    const down = (points: number) => {
      y -= points;
    };

    text(issuer.agencyName, { size: 16, font: bold });
    text(title.toUpperCase(), { size: 16, font: bold, right: true });
    down(18);
    for (const line of issuer.agencyAddress) {
      text(line, { color: MUTED });
      down(13);
    }
    text(issuer.agencyEmail, { color: MUTED });
    down(13);
    text(issuer.vatNumber ? `VAT number: ${issuer.vatNumber}` : 'Not VAT registered', { color: MUTED });
    down(28);

    const field = (label: string, value: string) => {
      text(label, { font: bold });
      // A long payer name or email is cut to the page rather than drawn off it.
      text(truncate(regular, value, 10, width - 130), { x: MARGIN + 130 });
      down(15);
    };
    field(`${title} number`, receipt.number);
    if (receipt.refersTo) field('Refund of receipt', receipt.refersTo);
    field('Date', formatDayAndTime(receipt.issuedAt));
    // An erased payer's receipt keeps no email.
    const payer = personName(receipt.payerName);
    field(credit ? 'Refunded to' : 'Paid by', receipt.payerEmail ? `${payer} <${receipt.payerEmail}>` : payer);
    if (receipt.card) field(credit ? 'Refunded to card' : 'Card', `${capitalise(receipt.card.brand)} ending ${receipt.card.last4}`);
    down(14);

    drawRule(page, MARGIN, y + 10, width);
    text('Application', { font: bold });
    text('Traveller', { font: bold, x: MARGIN + 110 });
    text('Description', { font: bold, x: MARGIN + 260 });
    text('Amount', { font: bold, right: true });
    down(8);
    drawRule(page, MARGIN, y, width);
    down(16);
    for (const line of receipt.lines) {
      text(line.applicationNumber);
      text(truncate(regular, personName(line.travellerName), 10, 145), { x: MARGIN + 110 });
      text(truncate(regular, line.description, 10, 170), { x: MARGIN + 260 });
      text(formatPence(line.amount), { right: true });
      down(16);
    }
    drawRule(page, MARGIN, y + 8, width);
    down(8);
    text(credit ? 'Total refunded' : 'Total paid', { font: bold });
    text(`${formatPence(receipt.amount)} ${receipt.currency.toUpperCase()}`, { font: bold, right: true });
    down(34);

    for (const line of wrap(regular, credit ? CREDIT_NOTE_NOTE : RECEIPT_NOTE, 9, width)) {
      text(line, { size: 9, color: MUTED });
      down(12);
    }
    return pdf.save();
  }
}

function drawRule(page: PDFPage, x: number, y: number, width: number): void {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.6, color: MUTED });
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The text as the font can draw it: characters outside its encoding become their base letter or "?" (the border pack draws with it too). */
export function encodable(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of value) {
    if (supported.has(ch.codePointAt(0)!)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every((c) => supported.has(c.codePointAt(0)!)) && base ? base : '?';
    }
  }
  return out;
}

export function truncate(font: PDFFont, value: string, size: number, maxWidth: number): string {
  let safe = encodable(font, value);
  if (font.widthOfTextAtSize(safe, size) <= maxWidth) return safe;
  while (safe.length > 1 && font.widthOfTextAtSize(`${safe}…`, size) > maxWidth) safe = safe.slice(0, -1);
  return `${safe}…`;
}

/** Lines of at most `maxWidth` points, broken at spaces (and at the text's own line breaks). */
export function wrap(font: PDFFont, value: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split(/\r\n?|\n/).map((p) => encodable(font, p))) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}
