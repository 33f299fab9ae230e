// Synthetic passport data pages (no real person's data) for the scan's tests and bench:scan.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, loadImage, PDFDocument, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { MrzReading, PassportFields } from '../../core/domain/passport-scan.js';

/**
 * Synthetic passport photo pages for tests and the scan benchmark: invented people only, drawn at
 * run time (no network, no system font). The zone is drawn in OCR-B, as on every passport
 * (fonts/OCRB.otf: Matthew Skala's public-domain OCR-B, the copy Debian ships as fonts-ocr-b);
 * the printed fields in pdf.js's Liberation Sans, installed with pdfjs-dist.
 */

const fontsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
GlobalFonts.registerFromPath(path.join(import.meta.dirname, 'fonts', 'OCRB.otf'), 'Synthetic MRZ');
GlobalFonts.registerFromPath(path.join(fontsDir, 'LiberationSans-Regular.ttf'), 'Synthetic Sans');
GlobalFonts.registerFromPath(path.join(fontsDir, 'LiberationSans-Bold.ttf'), 'Synthetic Sans Bold');

export interface SyntheticPerson {
  /** ICAO issuing state and nationality codes ('GBR', 'D', 'UTO'…). */
  issuingState: string;
  nationality: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  /** YYMMDD */
  birthDate: string;
  sex: 'M' | 'F' | 'X' | '<';
  /** YYMMDD */
  expiryDate: string;
  personalNumber: string;
}

/** ICAO 9303's own specimen (Anna Maria Eriksson of Utopia). */
export const ICAO_SPECIMEN: SyntheticPerson = {
  issuingState: 'UTO',
  nationality: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  birthDate: '740812',
  sex: 'F',
  expiryDate: '120415',
  personalNumber: 'ZE184226B',
};

/** A British traveller whose passport is valid on the test clock's date (2026-11-23). */
export const BRITISH_TRAVELLER: SyntheticPerson = {
  issuingState: 'GBR',
  nationality: 'GBR',
  surname: 'SMITH',
  givenNames: 'ALICE JANE',
  documentNumber: '925076473',
  birthDate: '900501',
  sex: 'F',
  expiryDate: '310101',
  personalNumber: '',
};

/** What a PassportReader answers for BRITISH_TRAVELLER's passport. */
export const BRITISH_READING: MrzReading = {
  lines: ['P<GBRSMITH<<ALICE<JANE<<<<<<<<<<<<<<<<<<<<<<', '9250764733GBR9005019F3101012<<<<<<<<<<<<<<<6'],
  surname: 'SMITH',
  givenNames: 'ALICE JANE',
  documentNumber: '925076473',
  nationality: 'GBR',
  birthDate: '900501',
  sex: 'F',
  expiryDate: '310101',
  checkDigits: { documentNumber: true, birthDate: true, expiryDate: true, personalNumber: true, composite: true },
  uncertain: [],
};

/** The form fields BRITISH_TRAVELLER's passport fills. */
export const BRITISH_FIELDS: PassportFields = {
  surname: 'SMITH',
  givenName: 'ALICE JANE',
  passportNumber: '925076473',
  nationality: 'United Kingdom',
  dateOfBirth: '1990-05-01',
  gender: 'female',
  passportExpiry: '2031-01-01',
};

/** ICAO 9303 check digit, written here independently of the adapter under test. */
function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  [...text].forEach((ch, i) => {
    const value = ch === '<' ? 0 : /[A-Z]/.test(ch) ? ch.charCodeAt(0) - 55 : Number(ch);
    sum += value * weights[i % 3]!;
  });
  return String(sum % 10);
}

const field = (text: string, length: number) => text.toUpperCase().replace(/[ -]/g, '<').padEnd(length, '<').slice(0, length);

/** The two 44-character TD3 lines of `person`, every check digit correct. */
export function td3Lines(person: SyntheticPerson): [string, string] {
  const names = field(`${person.surname}<<${person.givenNames}`, 39);
  const line1 = `P<${field(person.issuingState, 3)}${names}`;
  const number = field(person.documentNumber, 9);
  const personal = field(person.personalNumber, 14);
  const personalDigit = person.personalNumber === '' ? '<' : checkDigit(personal);
  const upper = `${number}${checkDigit(number)}${field(person.nationality, 3)}${person.birthDate}${checkDigit(person.birthDate)}${person.sex}${person.expiryDate}${checkDigit(person.expiryDate)}${personal}${personalDigit}`;
  const composite = checkDigit(upper.slice(0, 10) + upper.slice(13, 20) + upper.slice(21, 43));
  return [line1, `${upper}${composite}`];
}

/** The same lines with the birth date's check digit wrong (and nothing else changed). */
export function withBrokenCheckDigit(lines: [string, string]): [string, string] {
  const line2 = lines[1];
  const wrong = String((Number(line2[19]) + 5) % 10);
  return [lines[0], `${line2.slice(0, 19)}${wrong}${line2.slice(20)}`];
}

export interface PageOptions {
  /** The MRZ to print, or null for a page without one. */
  mrz: [string, string] | null;
  /** Printed fields of the visual zone. */
  person?: SyntheticPerson;
  /** Page width in pixels (height is 0.7 of it, as a passport's data page). */
  width?: number;
  /** Turn the finished page by 90, 180 or 270 degrees (a photo taken sideways). */
  turn?: 0 | 90 | 180 | 270;
  /** Seed of the paper's speckle noise. */
  seed?: number;
  /**
   * A photo of the page rather than a flat scan: the page turned by `angle` degrees (any, e.g. 7
   * or -25) on a dark desk, tilted away by `tilt` degrees (0–40, perspective: the far edge
   * narrower), and the finished picture blurred by `blur` px (Gaussian-like, 0–3) with a bright
   * glare blob of strength `glare` (0–1) over the printed fields. `turn` is applied after.
   */
  angle?: number;
  tilt?: number;
  blur?: number;
  glare?: number;
}

function speckle(ctx: SKRSContext2D, width: number, height: number, seed: number): void {
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  for (let i = 0; i < (width * height) / 400; i += 1) {
    ctx.fillStyle = `rgba(90, 80, 60, ${(random() * 0.3).toFixed(2)})`;
    ctx.fillRect(random() * width, random() * height, 1 + random() * 2, 1 + random() * 2);
  }
  for (let y = 0; y < height; y += 9) {
    ctx.strokeStyle = `rgba(120, 140, 170, 0.12)`;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.bezierCurveTo(width / 3, y + 12, (2 * width) / 3, y - 12, width, y);
    ctx.stroke();
  }
}

function drawPage(ctx: SKRSContext2D, width: number, height: number, options: PageOptions): void {
  const u = width / 1600;
  ctx.fillStyle = '#efe9dc';
  ctx.fillRect(0, 0, width, height);
  speckle(ctx, width, height, options.seed ?? 1);
  ctx.fillStyle = '#c9c0b0';
  ctx.fillRect(60 * u, 150 * u, 360 * u, 460 * u);
  ctx.fillStyle = '#1d2a44';
  ctx.font = `${34 * u}px 'Synthetic Sans Bold'`;
  ctx.fillText('PASSPORT', 60 * u, 100 * u);
  const person = options.person;
  if (person) {
    const rows: [string, string][] = [
      ['Surname', person.surname],
      ['Given names', person.givenNames],
      ['Nationality', person.nationality],
      ['Date of birth', person.birthDate.replace(/(\d\d)(\d\d)(\d\d)/, '$3.$2.$1')],
      ['Sex', person.sex],
      ['Passport No.', person.documentNumber],
      ['Date of expiry', person.expiryDate.replace(/(\d\d)(\d\d)(\d\d)/, '$3.$2.$1')],
    ];
    rows.forEach(([label, value], i) => {
      ctx.fillStyle = '#5a5a5a';
      ctx.font = `${20 * u}px 'Synthetic Sans'`;
      ctx.fillText(label, 480 * u, (180 + i * 66) * u);
      ctx.fillStyle = '#111111';
      ctx.font = `${27 * u}px 'Synthetic Sans Bold'`;
      ctx.fillText(value, 480 * u, (210 + i * 66) * u);
    });
  }
  if (options.mrz) {
    ctx.fillStyle = '#111111';
    // As on a passport, the 44 characters span the page but for a margin of 80 units each side.
    ctx.font = `${54 * u}px 'Synthetic MRZ'`;
    const size = (54 * u * (width - 160 * u)) / ctx.measureText(options.mrz[0]).width;
    ctx.font = `${size}px 'Synthetic MRZ'`;
    ctx.fillText(options.mrz[0], 80 * u, height - 150 * u);
    ctx.fillText(options.mrz[1], 80 * u, height - 75 * u);
  }
}

/** The 3×3 homography (row-major, h33 = 1) taking the four `from` points to the four `to` points. */
function homography(from: readonly [number, number][], to: readonly [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < 8; r += 1) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < 8; r += 1) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 9; k += 1) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

/**
 * The page photographed: turned by `angle`, tilted away by `tilt` (perspective), on a desk, with a
 * margin around it. Each output pixel is mapped back onto the page (bilinear).
 */
function photographed(page: Canvas, options: PageOptions): Canvas {
  const { width, height } = page;
  const tilt = ((options.tilt ?? 0) * Math.PI) / 180;
  const angle = ((options.angle ?? 0) * Math.PI) / 180;
  // Tilted away about the bottom edge: the top edge recedes, shorter and nearer the bottom.
  const far = 1 / (1 + 0.6 * Math.sin(tilt));
  const corners: [number, number][] = [
    [(-width / 2) * far, -height / 2 + height * (1 - Math.cos(tilt) * far)],
    [(width / 2) * far, -height / 2 + height * (1 - Math.cos(tilt) * far)],
    [width / 2, height / 2],
    [-width / 2, height / 2],
  ].map(([x, y]) => [x! * Math.cos(angle) - y! * Math.sin(angle), x! * Math.sin(angle) + y! * Math.cos(angle)]);
  const margin = width * 0.08;
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [minX, minY] = [Math.min(...xs) - margin, Math.min(...ys) - margin];
  const outW = Math.round(Math.max(...xs) + margin - minX);
  const outH = Math.round(Math.max(...ys) + margin - minY);
  const to = corners.map(([x, y]) => [x - minX, y - minY] as [number, number]);
  const h = homography(to, [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ]);
  const src = page.getContext('2d').getImageData(0, 0, width, height).data;
  const out = createCanvas(outW, outH);
  const ctx = out.getContext('2d');
  const image = ctx.createImageData(outW, outH);
  const dst = image.data;
  const desk = [74, 62, 52];
  for (let y = 0; y < outH; y += 1) {
    for (let x = 0; x < outW; x += 1) {
      const w = h[6]! * x + h[7]! * y + h[8]!;
      const sx = (h[0]! * x + h[1]! * y + h[2]!) / w - 0.5;
      const sy = (h[3]! * x + h[4]! * y + h[5]!) / w - 0.5;
      const o = (y * outW + x) * 4;
      dst[o + 3] = 255;
      if (sx < -0.5 || sy < -0.5 || sx > width - 0.5 || sy > height - 0.5) {
        const shade = ((x * 7 + y * 13) % 17) - 8;
        for (let c = 0; c < 3; c += 1) dst[o + c] = desk[c]! + shade;
        continue;
      }
      const x0 = Math.max(0, Math.min(width - 2, Math.floor(sx)));
      const y0 = Math.max(0, Math.min(height - 2, Math.floor(sy)));
      const fx = Math.max(0, Math.min(1, sx - x0));
      const fy = Math.max(0, Math.min(1, sy - y0));
      for (let c = 0; c < 3; c += 1) {
        const p = (yy: number, xx: number) => src[(yy * width + xx) * 4 + c]!;
        const top = p(y0, x0) * (1 - fx) + p(y0, x0 + 1) * fx;
        const bottom = p(y0 + 1, x0) * (1 - fx) + p(y0 + 1, x0 + 1) * fx;
        dst[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  return out;
}

/** Blur and glare, as a phone's photo has them. */
function lensEffects(picture: Canvas, options: PageOptions): Canvas {
  const { blur = 0, glare = 0 } = options;
  if (blur <= 0 && glare <= 0) return picture;
  const out = createCanvas(picture.width, picture.height);
  const ctx = out.getContext('2d');
  if (blur > 0) ctx.filter = `blur(${blur}px)`;
  ctx.drawImage(picture, 0, 0);
  ctx.filter = 'none';
  if (glare > 0) {
    const [x, y, r] = [picture.width * 0.55, picture.height * 0.4, Math.min(picture.width, picture.height) * 0.35];
    const gradient = ctx.createRadialGradient(x, y, 0, x, y, r);
    gradient.addColorStop(0, `rgba(255, 255, 250, ${Math.min(1, glare).toFixed(2)})`);
    gradient.addColorStop(0.5, `rgba(255, 255, 250, ${(Math.min(1, glare) * 0.5).toFixed(2)})`);
    gradient.addColorStop(1, 'rgba(255, 255, 250, 0)');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, picture.width, picture.height);
  }
  return out;
}

/** A passport photo page as a PNG. */
export async function passportPng(options: PageOptions): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = Math.round(width * 0.7);
  let page = createCanvas(width, height);
  drawPage(page.getContext('2d'), width, height, options);
  if (options.angle || options.tilt) page = photographed(page, options);
  page = lensEffects(page, options);
  const turn = options.turn ?? 0;
  if (turn === 0) return page.toBuffer('image/png');
  const sideways = turn === 90 || turn === 270;
  const turned = createCanvas(sideways ? page.height : page.width, sideways ? page.width : page.height);
  const ctx = turned.getContext('2d');
  ctx.translate(turned.width / 2, turned.height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.drawImage(page, -page.width / 2, -page.height / 2);
  return turned.toBuffer('image/png');
}

/** The same page as a JPEG photo. */
export async function passportJpeg(options: PageOptions, quality = 85): Promise<Buffer> {
  const image = await loadImage(await passportPng(options));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.toBuffer('image/jpeg', quality);
}

/** A one-page A4 PDF with the page's photo on it, as a scanner or a phone's "scan document" makes. */
export async function passportPdf(options: PageOptions): Promise<Buffer> {
  const image = await loadImage(await passportJpeg(options));
  const document = new PDFDocument({ title: 'Passport scan', encodingQuality: 85 });
  const ctx = document.beginPage(595, 842) as unknown as SKRSContext2D;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 595, 842);
  const width = 515;
  ctx.drawImage(image, 40, 60, width, (width * image.height) / image.width);
  document.endPage();
  return document.close();
}

const SURNAMES = ['SMITH', 'NGUYEN', 'OBRIEN', 'MUELLER', 'GARCIA<LOPEZ', 'KOWALSKA', 'ROSSI', 'DUBOIS', 'TANAKA', 'JOHANSSON'];
const GIVEN_NAMES = ['ALICE JANE', 'MINH', 'SEAN PATRICK', 'KLAUS', 'MARIA JOSE', 'ANNA', 'LUCA', 'CHLOE', 'HIROSHI', 'ERIK OLAF'];
const STATES = ['GBR', 'USA', 'IRL', 'D', 'ESP', 'POL', 'ITA', 'FRA', 'JPN', 'SWE', 'GBD', 'CAN'];

/** `count` invented travellers, the same on every run (for the benchmark). */
export function syntheticPeople(count: number): SyntheticPerson[] {
  return Array.from({ length: count }, (_, i) => {
    const state = STATES[i % STATES.length]!;
    const year = String(60 + ((i * 7) % 40)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + ((i * 5) % 28)).padStart(2, '0');
    return {
      issuingState: state,
      nationality: state,
      surname: SURNAMES[i % SURNAMES.length]!.replace('<', ' '),
      givenNames: GIVEN_NAMES[(i * 3) % GIVEN_NAMES.length]!,
      documentNumber: i % 3 === 0 ? `C${String(10_000_000 + i * 7919).slice(0, 8)}` : String(500_000_000 + i * 104_729).slice(0, 9),
      birthDate: `${year}${month}${day}`,
      sex: i % 2 === 0 ? 'F' : 'M',
      expiryDate: `${String(27 + (i % 8))}${month}${day}`,
      personalNumber: i % 4 === 0 ? `${String(1000 + i)}X${String(77 + i)}` : '',
    };
  });
}
