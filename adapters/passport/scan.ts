import sharp, { type Sharp } from 'sharp';
import type { MrzReading, PassportImageType } from '../../core/domain/passport-scan.js';
import { openImage, type DecodeLimits } from './decode.js';
import { findMrzCandidate, toLineRead, type MrzCandidate } from './mrz-lines.js';
import { readZone as readZoneReads, type ZoneRead } from './mrz-vote.js';
import type { Box, GrayImage, MrzOcr, OcrEngine, OcrLine } from './ocr.js';
import { cutLine, locateZone, LOCATE_SIDE, sauvola, stretched, turned, type LineGeometry, type ZoneGeometry } from './zone.js';

/** The two tesseract engines a scan may use (see ocr.ts). */
export type MrzEngines = Record<OcrEngine, MrzOcr>;

/** Long side of the page the zone is looked for in: an MRZ character is then ~20 px wide. */
const FIND_SIDE = 1400;
/** Long side of the page the zone's band is cut from. */
const PAGE_SIDE = 2000;
/** Height of a zone line in the band read again (tesseract reads best at 30–40 px). */
const BAND_LINE_HEIGHT = 40;
/** Turns tried when the page shows no zone the way it came (a photo taken sideways or upside down). */
const TURNS = [0, 90, 270, 180] as const;

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

/** The band around the two zone lines, cut from the page, enlarged to tesseract's best size. */
async function band(page: GrayImage, candidate: MrzCandidate, binarise: boolean): Promise<GrayImage> {
  const heights = candidate.lines.map((l) => l.box.y1 - l.box.y0).sort((a, b) => a - b);
  const lineHeight = Math.max(8, heights[0]!);
  const left = Math.max(0, Math.floor(candidate.box.x0 - lineHeight * 2));
  const top = Math.max(0, Math.floor(candidate.box.y0 - lineHeight));
  const right = Math.min(page.width, Math.ceil(candidate.box.x1 + lineHeight * 2));
  const bottom = Math.min(page.height, Math.ceil(candidate.box.y1 + lineHeight));
  const scale = Math.min(4, BAND_LINE_HEIGHT / lineHeight);
  let image = fromGray(page)
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize({ width: Math.round((right - left) * scale), kernel: 'cubic' })
    .normalise();
  if (binarise) image = image.threshold(128);
  return gray(image);
}

function scaleBox(box: Box, factor: number): Box {
  return { x0: box.x0 * factor, y0: box.y0 * factor, x1: box.x1 * factor, y1: box.y1 * factor };
}

/** The candidate found on the small page, placed on the large one. */
function scaleCandidate(candidate: MrzCandidate, factor: number): MrzCandidate {
  const [first, second] = candidate.lines;
  return {
    box: scaleBox(candidate.box, factor),
    lines: [{ ...first, box: scaleBox(first.box, factor) }, { ...second, box: scaleBox(second.box, factor) }],
  };
}

/** The zone's two lines among a page's lines. */
function pairOf(lines: readonly OcrLine[]): ZoneRead | null {
  const candidate = findMrzCandidate(lines);
  return candidate ? [toLineRead(candidate.lines[0]), toLineRead(candidate.lines[1])] : null;
}

/** The zone's two lines in a read of its band: the last two long lines. */
function bandPairOf(lines: readonly OcrLine[]): ZoneRead | null {
  const long = lines.filter((l) => l.text.replace(/\s/g, '').length >= 30).sort((a, b) => a.box.y0 - b.box.y0);
  if (long.length < 2) return null;
  return [toLineRead(long[long.length - 2]!), toLineRead(long[long.length - 1]!)];
}

/**
 * Reads the zone the page search found: its own two lines, and the band around it again in grey,
 * in black and white and by the LSTM engine; the reads are voted position by position.
 */
async function readZone(page: GrayImage, candidate: MrzCandidate, engines: MrzEngines): Promise<MrzReading | null> {
  const reads: ZoneRead[] = [];
  const first = pairOf(candidate.lines);
  if (first) reads.push(first);
  const attempts: [engine: OcrEngine, binarise: boolean][] = [['legacy', false], ['legacy', true], ['lstm', false]];
  for (const [engine, binarise] of attempts) {
    const read = bandPairOf(await engines[engine].lines(await band(page, candidate, binarise), 'block'));
    if (read) reads.push(read);
  }
  return readZoneReads(reads);
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
  const lines = await engines[variant.engine].lines(image, 'line');
  const symbols = lines.flatMap((l) => l.symbols);
  const merged: OcrLine = { text: lines.map((l) => l.text).join(''), confidence: 0, box: { x0: 0, y0: 0, x1: image.width, y1: image.height }, symbols };
  return toLineRead(merged, { x0: margin * scale, x1: (margin + length) * scale });
}

async function readZoneOnce(page: GrayImage, zone: ZoneGeometry, variant: LineVariant, engines: MrzEngines): Promise<ZoneRead> {
  return [await readLine(page, zone.lines[0], zone.spacing, variant, engines), await readLine(page, zone.lines[1], zone.spacing, variant, engines)];
}

/** How much a read looks like an upright TD3 zone: 'P' first, digits where the dates and check digits stand. */
function uprightness([line1, line2]: ZoneRead): number {
  let score = line1.text[0] === 'P' ? 3 : 0;
  for (const i of [13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27]) if (/[0-9]/.test(line2.text[i] ?? '')) score += 1;
  if (/[A-Z]/.test(line1.text[2] ?? '')) score += 1;
  return score;
}

const settled = (reading: MrzReading | null) => reading !== null && Object.values(reading.checkDigits).every(Boolean) && reading.uncertain.length === 0;

/**
 * Reads the zone found on the page: each variant in LINE_VARIANTS cuts both lines out and reads
 * them; from MIN_READS on, the reads so far are voted after each, and the first vote whose every
 * check digit holds with no uncertain field is the answer. The first read also decides which way
 * up the zone is (the zone turned by 180° is read too when the first does not look upright).
 */
async function readLocatedZone(page: GrayImage, found: ZoneGeometry, engines: MrzEngines): Promise<MrzReading | null> {
  let zone = found;
  const [first, ...rest] = LINE_VARIANTS;
  let read = await readZoneOnce(page, zone, first!, engines);
  if (uprightness(read) < 12) {
    const other = await readZoneOnce(page, turned(zone), first!, engines);
    if (uprightness(other) > uprightness(read)) [zone, read] = [turned(zone), other];
  }
  const reads: ZoneRead[] = [read];
  let reading: MrzReading | null = null;
  for (const variant of rest) {
    reads.push(await readZoneOnce(page, zone, variant, engines));
    if (reads.length < MIN_READS) continue;
    reading = readZoneReads(reads);
    if (settled(reading)) break;
  }
  if (settled(reading)) return reading;
  // Unsettled: a second opinion from another engine, whose different mistakes show where the
  // OCR-B model's are (a misread first character), so a failing field can be repaired there.
  for (const variant of SECOND_OPINION) reads.push(await readZoneOnce(page, zone, variant, engines));
  return readZoneReads(reads);
}

/**
 * Finds and reads a passport's MRZ in a photo, scan or PDF: decoded, turned upright as the photo's
 * EXIF says, grey; the zone located by its shape (zone.ts) on a small copy and its two lines cut out
 * upright from the large one and read. Only when no zone shape is found is the page searched by
 * tesseract's layout analysis, turned by 90°, 270° and 180°. Null when the file cannot be decoded
 * or holds no readable zone.
 */
export async function readPassportMrz(bytes: Uint8Array, type: PassportImageType, engines: MrzEngines, limits: DecodeLimits): Promise<MrzReading | null> {
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
  if (zone) {
    const reading = await readLocatedZone(page, zone, engines);
    if (reading) return reading;
  }
  return searchPage(page, engines);
}

/** The zone searched by tesseract's page layout analysis, the page turned 0°, 90°, 270° and 180°. */
async function searchPage(original: GrayImage, engines: MrzEngines): Promise<MrzReading | null> {
  const page = original.width >= PAGE_SIDE || original.height >= PAGE_SIDE ? original : await gray(fromGray(original).resize({ width: PAGE_SIDE, height: PAGE_SIDE, fit: 'inside', kernel: 'cubic' }));
  for (const angle of TURNS) {
    const turnedPage = angle === 0 ? page : await gray(fromGray(page).rotate(angle));
    const small = await scaled(turnedPage, FIND_SIDE);
    const candidate = findMrzCandidate(await engines.legacy.lines(small, 'page'));
    if (candidate) return readZone(turnedPage, scaleCandidate(candidate, turnedPage.width / small.width), engines);
  }
  return null;
}
