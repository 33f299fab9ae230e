import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { BorderPackFacts } from '../../core/domain/border-pack.js';
import type { BorderPackRenderer, BorderPackVisa } from '../../core/ports/border-pack-renderer.js';
import { truncate, wrap } from '../receipts/pdf-receipt-renderer.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const LABEL_WIDTH = 130;
/** Hotel details are free text up to 1000 characters: at most this many lines of them are printed. */
const MAX_STAY_LINES = 5;

export const VISA_ATTACHED_SEPARATELY = 'Your e-visa could not be shown on this page: it is attached separately. Print it and carry it with this page.';

/**
 * The border pack as one A4 page, drawn with pdf-lib in the standard Helvetica fonts like the
 * receipts (adapters/receipts): the facts at the top, the visa's first page below, scaled to fit —
 * a PDF visa's page embedded as vector content, a JPEG or PNG drawn as an image. Anything wrong with
 * the visa file (corrupt, hostile, encrypted, an unexpected type) only leaves it out: the page is
 * drawn again without it, saying the visa is attached separately.
 */
export class PdfBorderPackRenderer implements BorderPackRenderer {
  async render(facts: BorderPackFacts, visa: BorderPackVisa | null): Promise<Uint8Array> {
    if (visa) {
      try {
        return await draw(facts, visa);
      } catch {
        // The visa file could not be read: the pack without it (below).
      }
    }
    return draw(facts, null);
  }
}

async function draw(facts: BorderPackFacts, visa: BorderPackVisa | null): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Border pack ${facts.applicationNumber}`);
  pdf.setAuthor(facts.agency.name);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;

  const text = (value: string, options: { x?: number; size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; right?: boolean; maxWidth?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN;
    const safe = truncate(font, value, size, options.maxWidth ?? MARGIN + width - x);
    page.drawText(safe, { x: options.right ? MARGIN + width - font.widthOfTextAtSize(safe, size) : x, y, size, font, color: options.color ?? INK });
  };
  const down = (points: number) => {
    y -= points;
  };
  const heading = (value: string) => {
    down(8);
    text(value.toUpperCase(), { font: bold, size: 9, color: MUTED });
    down(14);
  };
  const field = (label: string, value: string) => {
    text(label, { font: bold });
    text(value, { x: MARGIN + LABEL_WIDTH });
    down(15);
  };

  text(facts.agency.name, { size: 16, font: bold, maxWidth: width - 140 });
  text('BORDER PACK', { size: 16, font: bold, right: true });
  down(16);
  text('Show this page with your passport and e-visa when you arrive in Egypt.', { color: MUTED });
  down(20);

  field('Application number', facts.applicationNumber);
  field('Traveller', facts.travellerName);
  field('Passport number', facts.passportNumber);
  field('Nationality', facts.nationality);

  heading('Visa validity');
  for (const line of facts.validity) {
    text(line);
    down(13);
  }

  heading('Where you are staying');
  const stay = wrap(regular, facts.stay, 10, width);
  for (const line of stay.slice(0, MAX_STAY_LINES)) {
    text(line);
    down(13);
  }
  if (stay.length > MAX_STAY_LINES) {
    text('…', { color: MUTED });
    down(13);
  }

  heading('Your agency');
  text(`${facts.agency.name} — ${facts.agency.email} — ${facts.agency.website}`);
  down(13);
  text(facts.agency.address.join(', '), { color: MUTED });
  down(13);
  text('We are a private agency, not the Egyptian government.', { size: 9, color: MUTED });
  down(18);

  drawRule(page, MARGIN, y, width);
  down(16);
  text('YOUR E-VISA (FIRST PAGE)', { font: bold, size: 9, color: MUTED });
  down(8);
  const box = { x: MARGIN, y: MARGIN, width, height: y - MARGIN };
  if (visa) await drawVisa(pdf, page, visa, box);
  else {
    down(14);
    for (const line of wrap(regular, VISA_ATTACHED_SEPARATELY, 10, width)) {
      text(line);
      down(13);
    }
  }
  return pdf.save();
}

/** Draws the visa's first page (a PDF page or an image) centred in `box`, scaled down to fit. Throws when the file cannot be read. */
async function drawVisa(pdf: PDFDocument, page: PDFPage, visa: BorderPackVisa, box: { x: number; y: number; width: number; height: number }): Promise<void> {
  const fit = (w: number, h: number) => {
    const scale = Math.min(box.width / w, box.height / h, 1);
    const width = w * scale;
    const height = h * scale;
    return { x: box.x + (box.width - width) / 2, y: box.y + box.height - height, width, height };
  };
  if (visa.contentType === 'application/pdf') {
    const source = await PDFDocument.load(visa.bytes, { updateMetadata: false });
    if (source.getPageCount() === 0) throw new Error('The visa PDF has no page.');
    const embedded = await pdf.embedPage(source.getPage(0));
    if (!(embedded.width > 0 && embedded.height > 0)) throw new Error('The visa PDF’s first page has no size.');
    page.drawPage(embedded, fit(embedded.width, embedded.height));
    return;
  }
  const image = visa.contentType === 'image/png' ? await pdf.embedPng(visa.bytes) : visa.contentType === 'image/jpeg' ? await pdf.embedJpg(visa.bytes) : null;
  if (!image || !(image.width > 0 && image.height > 0)) throw new Error(`A visa of type ${visa.contentType} cannot be drawn.`);
  page.drawImage(image, fit(image.width, image.height));
}

function drawRule(page: PDFPage, x: number, y: number, width: number): void {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.6, color: MUTED });
}
