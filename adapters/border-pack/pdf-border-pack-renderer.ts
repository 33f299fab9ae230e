import { PDFDocument, rgb, type Color, type PDFPage } from 'pdf-lib';
import type { BorderPackFacts, VisaValidity } from '../../core/domain/border-pack.js';
import { DEFAULT_LOCALE, localeDirection, type Locale } from '../../core/domain/locale.js';
import { formatDay, formatShortDay } from '../../core/domain/wording.js';
import { msg, type Translate } from '../../core/i18n/index.js';
import type { BorderPackRenderer, BorderPackVisa } from '../../core/ports/border-pack-renderer.js';
import { translator } from '../i18n/index.js';
import { hasArabic, isolate, linePlace, PdfText, type Weight } from '../pdf/text-line.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const LABEL_WIDTH = 130;
/** Hotel details are free text up to 1000 characters: at most this many lines of them are printed. */
const MAX_STAY_LINES = 5;

export const VISA_ATTACHED_SEPARATELY = msg('Your e-visa could not be shown on this page: it is attached separately. Print it and carry it with this page.');

/**
 * The border pack as one A4 page, drawn with pdf-lib like the receipts (adapters/receipts), in the
 * applicant's language — Arabic right to left (adapters/pdf/text-line.ts): the facts at the top,
 * the visa's first page below, scaled to fit — a PDF visa's page embedded as vector content, a
 * JPEG or PNG drawn as an image. Anything wrong with the visa file (corrupt, hostile, encrypted, an
 * unexpected type) only leaves it out: the page is drawn again without it, saying the visa is
 * attached separately.
 */
export class PdfBorderPackRenderer implements BorderPackRenderer {
  async render(facts: BorderPackFacts, visa: BorderPackVisa | null, locale: Locale = DEFAULT_LOCALE): Promise<Uint8Array> {
    if (visa) {
      try {
        return await draw(facts, visa, locale);
      } catch {
        // The visa file could not be read: the pack without it (below).
      }
    }
    return draw(facts, null, locale);
  }
}

async function draw(facts: BorderPackFacts, visa: BorderPackVisa | null, locale: Locale): Promise<Uint8Array> {
  const t = translator(locale, 'pdf');
  const pdf = await PDFDocument.create();
  pdf.setTitle(t('Border pack {applicationNumber}', { applicationNumber: facts.applicationNumber }));
  pdf.setAuthor(facts.agency.name);
  pdf.setLanguage(locale);
  const data = [facts.agency.name, ...facts.agency.address, facts.travellerName, facts.nationality, facts.stay];
  const fonts = await PdfText.embed(pdf, { arabic: locale === 'ar' || hasArabic(...data) });
  const page = pdf.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  const direction = localeDirection(locale);
  const rtl = direction === 'rtl';
  let y = A4[1] - MARGIN;

  /**
   * Text at `from` points from the line's start (the left in English, the right in Arabic), or at
   * its end, cut to the page; a sentence reads in the document's direction, a value (`value: true`)
   * in its own.
   */
  const text = (value: string, options: { from?: number; end?: boolean; size?: number; weight?: Weight; color?: Color; value?: boolean; maxWidth?: number } = {}) => {
    const size = options.size ?? 10;
    const weight = options.weight ?? 'regular';
    const from = options.from ?? 0;
    const lineDirection = options.value ? 'auto' : direction;
    const shown = fonts.truncate(value, size, options.maxWidth ?? width - from, { weight, direction: lineDirection });
    const place = linePlace(rtl, MARGIN, width, from, options.end === true);
    fonts.draw(page, shown, { ...place, y, size, weight, color: options.color ?? INK, direction: lineDirection });
  };
  const down = (points: number) => {
    y -= points;
  };
  const heading = (value: string) => {
    down(8);
    text(value.toLocaleUpperCase(locale), { weight: 'bold', size: 9, color: MUTED });
    down(14);
  };
  const field = (label: string, value: string) => {
    text(label, { weight: 'bold', maxWidth: LABEL_WIDTH - 6 });
    text(value, { from: LABEL_WIDTH, value: true });
    down(15);
  };
  const paragraph = (value: string, options: { size?: number; color?: Color; maxLines?: number; value?: boolean } = {}) => {
    const size = options.size ?? 10;
    const lines = fonts.wrap(value, size, width, { direction: options.value ? 'auto' : direction });
    for (const line of lines.slice(0, options.maxLines ?? lines.length)) {
      text(line, { size, color: options.color, value: options.value });
      down(size + 3);
    }
    if (options.maxLines !== undefined && lines.length > options.maxLines) {
      text('…', { color: MUTED });
      down(13);
    }
  };

  // The title whole (up to half the line: 'DOSSIER DI FRONTIERA' is long), the agency's name in what is left.
  const title = fonts.truncate(t('Border pack').toLocaleUpperCase(locale), 16, width / 2, { weight: 'bold', direction });
  const titleWidth = fonts.width(title, 16, { weight: 'bold', direction });
  text(facts.agency.name, { size: 16, weight: 'bold', maxWidth: width - titleWidth - 16, value: true });
  text(title, { size: 16, weight: 'bold', end: true });
  down(16);
  text(t('Show this page with your passport and e-visa when you arrive in Egypt.'), { color: MUTED });
  down(20);

  field(t('Application number'), facts.applicationNumber);
  field(t('Traveller'), facts.travellerName);
  field(t('Passport number'), facts.passportNumber);
  field(t('Nationality'), facts.nationality);

  heading(t('Visa validity'));
  for (const line of validityLines(t, facts.validity, locale)) paragraph(line);

  heading(t('Where you are staying'));
  // The applicant's own words, in whatever script they wrote them.
  if (facts.stay) paragraph(facts.stay, { maxLines: MAX_STAY_LINES, value: true });
  else paragraph(t('No hotel details were given.'));

  heading(t('Your agency'));
  text(`${isolate(facts.agency.name)} — ${isolate(facts.agency.email)} — ${isolate(facts.agency.website)}`);
  down(13);
  text(facts.agency.address.join(', '), { color: MUTED, value: true });
  down(13);
  text(t('We are a private agency, not the Egyptian government.'), { size: 9, color: MUTED });
  down(18);

  drawRule(page, MARGIN, y, width);
  down(16);
  text(t('Your e-visa (first page)').toLocaleUpperCase(locale), { weight: 'bold', size: 9, color: MUTED });
  down(8);
  const box = { x: MARGIN, y: MARGIN, width, height: y - MARGIN };
  if (visa) await drawVisa(pdf, page, visa, box);
  else {
    down(14);
    paragraph(t(VISA_ATTACHED_SEPARATELY));
  }
  return pdf.save();
}

/** The visa's validity in sentences: the entry and issue date, how long it is valid, the planned stay, and that the visa's own dates count. */
function validityLines(t: Translate, validity: VisaValidity | null, locale: Locale): string[] {
  if (!validity) return [t('The e-visa has not been issued yet.')];
  const issued = formatDay(validity.issuedAt, locale);
  return [
    validity.entry === 'Multiple' ? t('Multiple-entry tourist e-visa, issued {date}.', { date: issued }) : t('Single-entry tourist e-visa, issued {date}.', { date: issued }),
    t('Valid for {validityDays, plural, one {# day} other {# days}} from issue (until about {until}), for a stay of up to {stayDays, plural, one {# day} other {# days}}.', {
      validityDays: validity.validityDays,
      until: formatShortDay(validity.validUntil, locale),
      stayDays: validity.stayDays,
    }),
    t('Your planned stay: {arrival} to {departure}.', { arrival: formatDay(validity.arrival, locale), departure: formatDay(validity.departure, locale) }),
    t('The dates printed on your e-visa are the ones that count.'),
  ];
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
