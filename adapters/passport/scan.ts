import sharp, { type Sharp } from 'sharp';
import type { MrzReading, PassportImageType } from '../../core/domain/passport-scan.js';
import { openImage, type DecodeLimits } from './decode.js';
import { toLineRead } from './mrz-lines.js';
import { readZone as readZoneReads, type ZoneRead } from './mrz-vote.js';
import type { GrayImage, MrzOcr, OcrEngine, OcrLine } from './ocr.js';
import { cutLine, locateZone, LOCATE_SIDE, sauvola, stretched, turned, type LineGeometry, type ZoneGeometry } from './zone.js';

/** The tesseract engines a scan may use (see ocr.ts). */
export type MrzEngines = Record<OcrEngine, MrzOcr>;

async function gray(image: Sharp): Promise<GrayImage> {
  const { data, info } = await image.grayscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

function fromGray(image: GrayImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

function scaled(image: GrayImage, longSide: number): Promise<GrayImage> {
  return gray(fromGray(image).resize({ width: longSide, height: longSide, fit: 'inside' }));
}

/** Long side of the page the zone's lines are cut from (a larger page is scaled down first; a smaller one is not enlarged). */
const CUT_SIDE = 2400;

type LineVariant = { engine: OcrEngine; height: number; binary: boolean };

/**
 * How each zone line is cut out and read, in order: the engine, the height of the cut band (one
 * line spacing high, so the characters are about 0.4 of it: 48 → ~19 px, 64 → ~26 px, 90 → ~36 px),
 * and grey or black and white (Sauvola). All by our OCR-B model (scripts/mrz-model): on the real
 * pages' line crops it makes 0.7 % character errors, against 5.4 % for tesseract's eng legacy
 * model and 31 % for eng LSTM, which read M as H or W and 0 as O in OCR-B.
 */
export const LINE_VARIANTS: readonly LineVariant[] = [
  { engine: 'mrz', height: 64, binary: false },
  { engine: 'mrz', height: 90, binary: false },
  { engine: 'mrz', height: 48, binary: false },
  { engine: 'mrz', height: 90, binary: true },
  { engine: 'mrz', height: 120, binary: false },
];

/** Read when the OCR-B model's reads leave a check digit failing or a field uncertain. */
const SECOND_OPINION: readonly LineVariant[] = [{ engine: 'lstm', height: 64, binary: false }];

/** Reads voted before a settled vote may end the reading: one read alone is too often confidently wrong. */
export const MIN_READS = 3;

/** One zone line cut out upright and read: the characters put in their 44 columns by where the line was found. */
async function readLine(page: GrayImage, line: LineGeometry, spacing: number, variant: LineVariant, engines: MrzEngines): Promise<ZoneRead[number]> {
  const margin = spacing * 0.6;
  let image = stretched(cutLine(page, line, spacing, margin, variant.height));
  if (variant.binary) image = sauvola(image, Math.round(variant.height / 2));
  const scale = variant.height / spacing;
  const length = Math.hypot(line.end.x - line.start.x, line.end.y - line.start.y);
  const lines = await engines[variant.engine].lines(image);
  const symbols = lines.flatMap((l) => l.symbols);
  const merged: OcrLine = { text: lines.map((l) => l.text).join(''), confidence: 0, box: { x0: 0, y0: 0, x1: image.width, y1: image.height }, symbols };
  return toLineRead(merged, { x0: margin * scale, x1: (margin + length) * scale });
}

async function readZoneOnce(page: GrayImage, zone: ZoneGeometry, variant: LineVariant, engines: MrzEngines): Promise<ZoneRead> {
  return [await readLine(page, zone.lines[0], zone.spacing, variant, engines), await readLine(page, zone.lines[1], zone.spacing, variant, engines)];
}

/** How much a read looks like an upright TD3 zone: 'P' first, digits where the dates and check digits stand (at most 18). */
function uprightness([line1, line2]: ZoneRead): number {
  let score = line1.text[0] === 'P' ? 3 : 0;
  for (const i of [13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27]) if (/[0-9]/.test(line2.text[i] ?? '')) score += 1;
  if (/[A-Z]/.test(line1.text[2] ?? '')) score += 1;
  return score;
}

/**
 * Below this the first read of the two lines the locator found is not a passport zone, either way
 * up: the picture is refused without reading further. On the 21 real specimen pages and the
 * synthetic test pages the first read scores 15–18 the right way up; a page of text and a receipt,
 * whose two lines of print the locator took for a zone, score 4 and 7.
 */
export const ZONE_LIKENESS = 12;

/**
 * Above this share of mid-grey pixels in line 1 cut out 64 px high (contrast stretched) the zone
 * is soft: blurred, or too small for its strokes to stay sharp. On the real pages and their
 * degraded copies sharp zones stand at 0.09–0.18 and blurred ones at 0.20–0.55 (a printed, halftoned
 * zone like the German one higher still).
 */
export const SOFT_ZONE = 0.2;

/** The share of line 1's pixels that are neither ink nor paper, cut out 64 px high and stretched. */
export function softness(page: GrayImage, zone: ZoneGeometry): number {
  const line = stretched(cutLine(page, zone.lines[0], zone.spacing, 0, 64));
  let mid = 0;
  for (const value of line.data) if (value > 64 && value < 192) mid += 1;
  return mid / line.data.length;
}

const settled = (reading: MrzReading | null) => reading !== null && Object.values(reading.checkDigits).every(Boolean) && reading.uncertain.length === 0;

/**
 * Reads the zone found on the page: each variant in LINE_VARIANTS cuts both lines out and reads
 * them; from MIN_READS on, the reads so far are voted after each, and the first vote whose every
 * check digit holds with no uncertain field is the answer. The first read also decides which way
 * up the zone is (the zone turned by 180° is read too when the first does not look upright), and
 * whether it is a zone at all: when neither way looks like one, null at once (a few hundred
 * milliseconds), rather than every variant read over lines of ordinary print.
 */
async function readLocatedZone(page: GrayImage, found: ZoneGeometry, engines: MrzEngines): Promise<MrzReading | null> {
  let zone = found;
  const [first, ...rest] = LINE_VARIANTS;
  let read = await readZoneOnce(page, zone, first!, engines);
  if (uprightness(read) < ZONE_LIKENESS) {
    const other = await readZoneOnce(page, turned(zone), first!, engines);
    if (uprightness(other) > uprightness(read)) [zone, read] = [turned(zone), other];
  }
  if (uprightness(read) < ZONE_LIKENESS) return null;
  const reads: ZoneRead[] = [read];
  const image = { soft: softness(page, zone) > SOFT_ZONE };
  let reading: MrzReading | null = null;
  let best: MrzReading | null = null;
  const keep = (next: MrzReading | null) => {
    reading = next;
    if (next && (!best || doubt(next) <= doubt(best))) best = next;
  };
  for (const variant of rest) {
    reads.push(await readZoneOnce(page, zone, variant, engines));
    if (reads.length < MIN_READS) continue;
    keep(readZoneReads(reads, image));
    if (settled(reading)) break;
  }
  if (settled(reading)) return reading;
  // Unsettled: a second opinion from another engine, whose different mistakes show where the
  // OCR-B model's are (a misread first character), so a failing field can be repaired there.
  for (const variant of SECOND_OPINION) reads.push(await readZoneOnce(page, zone, variant, engines));
  keep(readZoneReads(reads, image));
  return best;
}

/**
 * How doubtful a reading is: its failing check digits, then its uncertain fields. More reads can
 * make a reading worse (a wide cut or the second engine outvoting a repaired first character), so
 * the least doubtful of the readings along the way is answered, the later one when as doubtful.
 */
function doubt(reading: MrzReading): number {
  return Object.values(reading.checkDigits).filter((holds) => !holds).length * 10 + reading.uncertain.length;
}

/**
 * Finds and reads a passport's MRZ in a photo, scan or PDF: decoded, turned upright as the photo's
 * EXIF says, grey; the zone located by its shape (zone.ts) on a small copy and its two lines cut out
 * upright from the large one and read. Null when the file cannot be decoded, when the locator finds
 * no zone (a landscape, a face, a blank shot: answered in about a second), or when what it found
 * does not read as one (a page of text, a receipt). Nothing else searches the page: tesseract's
 * own layout analysis, turned four ways, took up to the scanner's 30 s limit on a page of text and
 * never found a zone on the real pages that the locator had missed (docs/decisions/0020).
 */
export async function readPassportMrz(bytes: Uint8Array, type: PassportImageType, engines: MrzEngines, limits: DecodeLimits): Promise<MrzReading | null> {
  const found = await findPassportZone(bytes, type, limits);
  return found ? readLocatedZone(found.page, found.zone, engines) : null;
}

/**
 * The first step of readPassportMrz, no OCR: the picture decoded, upright and grey, and where the
 * zone finder puts its zone; null when the file cannot be decoded or the finder finds no zone (the
 * picture is then refused without any OCR). bench:scan's --not-passports counts these refusals.
 */
export async function findPassportZone(bytes: Uint8Array, type: PassportImageType, limits: DecodeLimits): Promise<{ page: GrayImage; zone: ZoneGeometry } | null> {
  let page: GrayImage;
  let small: GrayImage;
  try {
    const image = await openImage(bytes, type, limits);
    page = await gray(image.autoOrient().resize({ width: CUT_SIDE, height: CUT_SIDE, fit: 'inside', withoutEnlargement: true }));
    small = await scaled(page, LOCATE_SIDE);
  } catch {
    return null; // not a picture we can decode (corrupt, truncated, too large): nothing to read
  }
  const zone = locateZone(small, page.width / small.width);
  return zone ? { page, zone } : null;
}
