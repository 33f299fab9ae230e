import sharp, { type Sharp } from 'sharp';
import type { MrzReading, PassportImageType } from '../../core/domain/passport-scan.js';
import { openImage, type DecodeLimits } from './decode.js';
import { findMrzCandidate, toLineRead, type MrzCandidate } from './mrz-lines.js';
import { readZone as readZoneReads, type ZoneRead } from './mrz-vote.js';
import type { Box, GrayImage, MrzOcr, OcrEngine, OcrLine } from './ocr.js';

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

/**
 * Finds and reads a passport's MRZ in a photo, scan or PDF: decoded, turned upright as the photo's
 * EXIF says, grey, scaled; searched by tesseract, turned by 90°, 270° and 180° when no zone is
 * found the way it came. Null when the file cannot be decoded or holds no readable zone.
 */
export async function readPassportMrz(bytes: Uint8Array, type: PassportImageType, engines: MrzEngines, limits: DecodeLimits): Promise<MrzReading | null> {
  let page: GrayImage;
  try {
    const image = await openImage(bytes, type, limits);
    page = await gray(image.autoOrient().resize({ width: PAGE_SIDE, height: PAGE_SIDE, fit: 'inside', kernel: 'cubic' }));
  } catch {
    return null; // not a picture we can decode (corrupt, truncated, too large): nothing to read
  }
  for (const angle of TURNS) {
    const turned = angle === 0 ? page : await gray(fromGray(page).rotate(angle));
    const small = await scaled(turned, FIND_SIDE);
    const candidate = findMrzCandidate(await engines.legacy.lines(small, 'page'));
    if (candidate) return readZone(turned, scaleCandidate(candidate, turned.width / small.width), engines);
  }
  return null;
}
