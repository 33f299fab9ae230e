import type { GrayImage } from './ocr.js';

/**
 * Finds a TD3 machine-readable zone in a page without OCR, as PassportEye does (konstantint/PassportEye,
 * MRZBoxLocator): on a small grey copy, a black-hat brings out dark print on light ground, a closing
 * along the lines joins each line's characters into one blob, and the zone is the pair of blobs
 * that are long, thin, parallel, of about the same length and one line apart. Each line's blob gives
 * its own axis (principal axis of its pixels), so a page turned by any angle, and a photo taken at
 * an angle (the two lines then no longer quite parallel), are cut out upright line by line.
 */

/** One zone line on the page: its axis from `start` to `end` (reading direction), and its height. */
export interface LineGeometry {
  start: { x: number; y: number };
  end: { x: number; y: number };
  /** Height of the line's band (perpendicular to the axis), in page pixels. */
  height: number;
}

/** The zone: its two lines in reading order (line 1 above line 2 when upright). */
export interface ZoneGeometry {
  lines: [LineGeometry, LineGeometry];
  /** Distance between the two lines' axes, in page pixels. */
  spacing: number;
}

/** Long side of the copy the zone is looked for in. */
export const LOCATE_SIDE = 800;

// ---------------------------------------------------------------- morphology on typed arrays

/** Running max (or min) over a window of 2r+1 along rows or columns: van Herk / Gil-Werman, three comparisons a pixel whatever r. */
function runningExtreme(src: Uint8Array, width: number, height: number, r: number, horizontal: boolean, max: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  if (r <= 0) {
    out.set(src);
    return out;
  }
  const k = 2 * r + 1;
  const n = horizontal ? width : height;
  const lines = horizontal ? height : width;
  const stride = horizontal ? 1 : width;
  const m = n + 2 * r;
  const g = new Uint8Array(m);
  const h = new Uint8Array(m);
  const buf = new Uint8Array(m);
  buf.fill(max ? 0 : 255);
  for (let line = 0; line < lines; line += 1) {
    const base = horizontal ? line * width : line;
    for (let j = 0; j < n; j += 1) buf[j + r] = src[base + j * stride]!;
    for (let start = 0; start < m; start += k) {
      const end = Math.min(m, start + k) - 1;
      let acc = buf[start]!;
      g[start] = acc;
      for (let i = start + 1; i <= end; i += 1) {
        const v = buf[i]!;
        if (max ? v > acc : v < acc) acc = v;
        g[i] = acc;
      }
      acc = buf[end]!;
      h[end] = acc;
      for (let i = end - 1; i >= start; i -= 1) {
        const v = buf[i]!;
        if (max ? v > acc : v < acc) acc = v;
        h[i] = acc;
      }
    }
    for (let j = 0, o = base; j < n; j += 1, o += stride) {
      const a = h[j]!;
      const b = g[j + 2 * r]!;
      out[o] = max ? (a > b ? a : b) : a < b ? a : b;
    }
  }
  return out;
}

function rectExtreme(src: Uint8Array, width: number, height: number, rx: number, ry: number, max: boolean): Uint8Array {
  return runningExtreme(runningExtreme(src, width, height, rx, true, max), width, height, ry, false, max);
}

/** Closing (dilate then erode) of dark-on-light grey by a (2rx+1)×(2ry+1) rectangle, on the *bright* side: fills dark strokes. */
function greyClose(src: Uint8Array, width: number, height: number, rx: number, ry: number): Uint8Array {
  return rectExtreme(rectExtreme(src, width, height, rx, ry, true), width, height, rx, ry, false);
}

/** Otsu's threshold of a histogram of values 0–255. */
export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i += 1) hist[data[i]!] += 1;
  const total = data.length;
  let sumAll = 0;
  for (let t = 0; t < 256; t += 1) sumAll += t * hist[t]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 0;
  for (let t = 0; t < 256; t += 1) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

// ---------------------------------------------------------------- components

interface Blob {
  n: number;
  cx: number;
  cy: number;
  /** Unit vector of the principal axis. */
  ux: number;
  uy: number;
  /** Extent along the axis (min, max projection from the centre) and thickness. */
  from: number;
  to: number;
  thickness: number;
  fill: number;
}

/**
 * Connected components (8-neighbourhood) of a binary mask, each measured by its principal axis;
 * only those of at least `minPixels` pixels and `minLength` long (by their second moments) are
 * measured exactly.
 */
export function blobs(mask: Uint8Array, width: number, height: number, minPixels: number, minLength = 0): Blob[] {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const members = new Int32Array(mask.length);
  const found: Blob[] = [];
  for (let seed = 0; seed < mask.length; seed += 1) {
    if (!mask[seed] || seen[seed]) continue;
    let top = 0;
    let n = 0;
    stack[top++] = seed;
    seen[seed] = 1;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    while (top > 0) {
      const p = stack[--top]!;
      members[n++] = p;
      const y = (p / width) | 0;
      const x = p - y * width;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      const x0 = x > 0 ? x - 1 : x;
      const x1 = x < width - 1 ? x + 1 : x;
      const y0 = y > 0 ? y - 1 : y;
      const y1 = y < height - 1 ? y + 1 : y;
      for (let yy = y0; yy <= y1; yy += 1) {
        for (let q = yy * width + x0, end = yy * width + x1; q <= end; q += 1) {
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    if (n < minPixels) continue;
    const cx = sx / n;
    const cy = sy / n;
    const vxx = sxx / n - cx * cx;
    const vyy = syy / n - cy * cy;
    const vxy = sxy / n - cx * cy;
    const angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const along = vxx * ux * ux + 2 * vxy * ux * uy + vyy * uy * uy;
    const across = Math.max(0, vxx * uy * uy - 2 * vxy * ux * uy + vyy * ux * ux);
    if (Math.sqrt(12 * along) < minLength) continue;
    let from = Infinity;
    let to = -Infinity;
    for (let i = 0; i < n; i += 1) {
      const p = members[i]!;
      const y = (p / width) | 0;
      const t = (p - y * width - cx) * ux + (y - cy) * uy;
      if (t < from) from = t;
      if (t > to) to = t;
    }
    const thickness = Math.sqrt(12 * across);
    found.push({ n, cx, cy, ux, uy, from, to, thickness, fill: n / Math.max(1, (to - from + 1) * thickness) });
  }
  return found;
}

// ---------------------------------------------------------------- the zone

/** A zone line candidate: long, thin, densely filled. */
function isLine(b: Blob, side: number): boolean {
  const length = b.to - b.from;
  return length >= side * 0.12 && b.thickness >= 3 && length / b.thickness >= 10 && b.fill >= 0.45;
}

interface Pair {
  a: Blob;
  b: Blob;
  score: number;
  spacing: number;
}

/** Characters in each line of a TD3 zone: 44, at one pitch (OCR-B is monospaced, and the fillers are characters too). */
const TD3_CHARACTERS = 44;

/**
 * The rhythm of a line blob's print: the darkness of the small grey page along the blob's axis (a
 * band as thick as the blob), and the strongest frequency of it between 20 and 90 cycles over the
 * blob's length, with how many times the spectrum's median power it has. A zone line repeats 44
 * times over its length, sharply: on the 21 real specimen pages and their degraded copies the peak
 * stands at 43.5–44.5 cycles with 60–1600 times the median (a few at a third of their size or
 * cut, already unreadable, lower); lines of text in proportional type, rows of a spreadsheet, a
 * barcode, a terminal's monospaced lines of another length peak elsewhere or weakly.
 */
export function rhythm(small: GrayImage, blob: Pick<Blob, 'cx' | 'cy' | 'ux' | 'uy' | 'from' | 'to' | 'thickness'>): { cycles: number; strength: number } {
  const { width, height, data } = small;
  const length = blob.to - blob.from;
  const n = Math.max(64, Math.round(length * 2));
  const half = Math.max(1, blob.thickness / 2);
  const profile = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i += 1) {
    const t = blob.from + (i / n) * length;
    let sum = 0;
    let count = 0;
    for (let a = -half; a <= half; a += 0.5) {
      const x = Math.round(blob.cx + blob.ux * t - blob.uy * a);
      const y = Math.round(blob.cy + blob.uy * t + blob.ux * a);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      sum += 255 - data[y * width + x]!;
      count += 1;
    }
    profile[i] = count ? sum / count : 0;
    mean += profile[i]!;
  }
  mean /= n;
  const powers: { k: number; power: number }[] = [];
  for (let k = 20; k <= 90; k += 0.5) {
    let re = 0;
    let im = 0;
    const step = (2 * Math.PI * k) / n;
    for (let i = 0; i < n; i += 1) {
      re += (profile[i]! - mean) * Math.cos(step * i);
      im += (profile[i]! - mean) * Math.sin(step * i);
    }
    powers.push({ k, power: re * re + im * im });
  }
  const peak = powers.reduce((a, b) => (b.power > a.power ? b : a));
  const median = powers.map((p) => p.power).sort((a, b) => a - b)[powers.length >> 1]!;
  return { cycles: peak.k, strength: peak.power / Math.max(1e-9, median) };
}

/**
 * Whether two line blobs have a zone's rhythm: both repeat 35–48.5 times over their length (44,
 * give or take the blob's ends and a perspective), at least 50 times their spectrum's median. So
 * do the zones of the 21 real pages and of their degraded copies in bench:scan --degraded but two
 * (the Latvian spread turned 180° and in perspective: 22 and 44); no picture in bench:scan
 * --not-passports does (a page of text, screenshots, a receipt, a newspaper's columns at 42 and 24,
 * a card's back, a boarding pass), so each is refused before any OCR. Without it their lines of
 * text went on to OCR, to be refused only there.
 */
function hasZoneRhythm(a: { cycles: number; strength: number }, b: { cycles: number; strength: number }): boolean {
  const near = (r: { cycles: number }) => r.cycles >= TD3_CHARACTERS - 9 && r.cycles <= TD3_CHARACTERS + 4.5;
  return near(a) && near(b) && Math.min(a.strength, b.strength) >= 50;
}

/** The best pair of line blobs that look like the zone's two lines, with the zone's rhythm in `small`. */
function bestPair(lines: Blob[], small: GrayImage): Pair | null {
  const rhythms = new Map<Blob, { cycles: number; strength: number }>();
  const rhythmOf = (blob: Blob) => {
    let r = rhythms.get(blob);
    if (!r) rhythms.set(blob, (r = rhythm(small, blob)));
    return r;
  };
  let best: Pair | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const a = lines[i]!;
      const b = lines[j]!;
      const dot = Math.abs(a.ux * b.ux + a.uy * b.uy);
      if (dot < Math.cos((12 * Math.PI) / 180)) continue;
      const la = a.to - a.from;
      const lb = b.to - b.from;
      if (Math.min(la, lb) / Math.max(la, lb) < 0.6) continue;
      // Measured in a's frame: b's centre across a's axis (the spacing) and along it (the offset).
      const dx = b.cx - a.cx;
      const dy = b.cy - a.cy;
      const across = Math.abs(-dx * a.uy + dy * a.ux);
      const along = Math.abs(dx * a.ux + dy * a.uy);
      const thickness = (a.thickness + b.thickness) / 2;
      if (across < thickness * 1.05 || across > thickness * 4) continue;
      if (along > Math.max(la, lb) * 0.25) continue;
      const similarity = Math.min(la, lb) / Math.max(la, lb);
      const score = Math.min(la, lb) * similarity * Math.min(1, (a.fill + b.fill) / 1.4) * (1 - along / Math.max(la, lb));
      if (best && score <= best.score) continue;
      if (!hasZoneRhythm(rhythmOf(a), rhythmOf(b))) continue;
      best = { a, b, score, spacing: across };
    }
  }
  return best;
}

/** The ink (black-hat) mask of a small grey page and its line blobs, joined along rows or along columns. */
export function lineBlobs(ink: Uint8Array, width: number, height: number, horizontal: boolean): Blob[] {
  const closed = horizontal
    ? rectExtreme(rectExtreme(ink, width, height, 7, 1, true), width, height, 7, 1, false)
    : rectExtreme(rectExtreme(ink, width, height, 1, 7, true), width, height, 1, 7, false);
  // Open a little across the lines, so two lines touching at a stray pixel part again.
  const opened = horizontal
    ? rectExtreme(rectExtreme(closed, width, height, 0, 1, false), width, height, 0, 1, true)
    : rectExtreme(rectExtreme(closed, width, height, 1, 0, false), width, height, 1, 0, true);
  const side = Math.max(width, height);
  const lines = joinCollinear(blobs(opened, width, height, 40, side * 0.02).filter((b) => b.to - b.from >= 2.5 * b.thickness));
  return [...lines, ...bridged(lines)].filter((b) => isLine(b, side));
}

/**
 * Two pieces of one line as one blob, or null when they are not: each lies on the other's axis, at
 * about the same angle and thickness, with a gap between them of at most `maxGap` thicknesses.
 */
function joined(a: Blob, b: Blob, maxGap: number): Blob | null {
  if (Math.abs(a.ux * b.ux + a.uy * b.uy) < Math.cos((6 * Math.PI) / 180)) return null;
  const thickness = Math.max(a.thickness, b.thickness);
  if (Math.min(a.thickness, b.thickness) < thickness * 0.6) return null;
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  if (Math.abs(-dx * a.uy + dy * a.ux) > thickness * 0.5) return null;
  const t = dx * a.ux + dy * a.uy;
  const sign = a.ux * b.ux + a.uy * b.uy >= 0 ? 1 : -1;
  const bFrom = t + (sign > 0 ? b.from : -b.to);
  const bTo = t + (sign > 0 ? b.to : -b.from);
  const gap = Math.max(bFrom - a.to, a.from - bTo);
  if (gap > thickness * maxGap) return null;
  const from = Math.min(a.from, bFrom);
  const to = Math.max(a.to, bTo);
  const mid = (from + to) / 2;
  const n = a.n + b.n;
  return {
    n,
    cx: a.cx + a.ux * mid,
    cy: a.cy + a.uy * mid,
    ux: a.ux,
    uy: a.uy,
    from: from - mid,
    to: to - mid,
    thickness: (a.thickness * a.n + b.thickness * b.n) / n,
    fill: (a.fill * a.n + b.fill * b.n) / n,
  };
}

/**
 * Pieces of one line joined: a zone line may fall apart where its characters stand further apart
 * (a filler run after a name) or where glare eats a character. Two pieces are one line when each
 * lies on the other's axis, at about the same angle and thickness, with a short gap between them.
 */
function joinCollinear(pieces: Blob[]): Blob[] {
  const out = [...pieces].sort((a, b) => b.to - b.from - (a.to - a.from));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i += 1) {
      for (let j = i + 1; j < out.length && !merged; j += 1) {
        const both = joined(out[i]!, out[j]!, 2.5);
        if (!both) continue;
        out[i] = both;
        out.splice(j, 1);
        merged = true;
      }
    }
  }
  return out;
}

/**
 * Lines a glare cut in two: every two collinear lines with a gap of up to 12 thicknesses (a
 * quarter of a zone line washed out) joined, as candidates beside the pieces themselves. Only the
 * zone's rhythm over the whole joined length (hasZoneRhythm) lets such a pair be taken for the zone.
 */
function bridged(lines: Blob[]): Blob[] {
  const out: Blob[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const both = joined(lines[i]!, lines[j]!, 12);
      if (both) out.push(both);
    }
  }
  return out;
}

/**
 * The line blobs of the ink turned by `angle` (nearest neighbour, on a canvas holding all of it),
 * closed along rows, and placed back in the unturned ink's coordinates.
 */
function rotatedLineBlobs(ink: Uint8Array, width: number, height: number, angle: number): Blob[] {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const w = Math.ceil(Math.abs(width * c) + Math.abs(height * s));
  const h = Math.ceil(Math.abs(width * s) + Math.abs(height * c));
  const turnedInk = new Uint8Array(w * h);
  const [cx, cy, tx, ty] = [width / 2, height / 2, w / 2, h / 2];
  // (x, y) in the turned canvas comes from the unturned point turned back by -angle.
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const sx = Math.round(cx + (x - tx) * c + (y - ty) * s);
      const sy = Math.round(cy - (x - tx) * s + (y - ty) * c);
      if (sx >= 0 && sy >= 0 && sx < width && sy < height) turnedInk[y * w + x] = ink[sy * width + sx]!;
    }
  }
  return lineBlobs(turnedInk, w, h, true).map((b) => ({
    ...b,
    cx: cx + (b.cx - tx) * c + (b.cy - ty) * s,
    cy: cy - (b.cx - tx) * s + (b.cy - ty) * c,
    ux: b.ux * c + b.uy * s,
    uy: -b.ux * s + b.uy * c,
  }));
}

/** The ink of a small grey page: black-hat (dark detail narrower than ~15 px), thresholded by Otsu. */
export function inkMask(small: GrayImage): Uint8Array {
  const { width, height } = small;
  const src = new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length);
  const closed = greyClose(src, width, height, 7, 7);
  const hat = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i += 1) hat[i] = closed[i]! - src[i]!;
  const t = Math.max(12, otsu(hat));
  const mask = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i += 1) mask[i] = hat[i]! > t ? 1 : 0;
  return mask;
}

/**
 * The zone in `small` (a grey copy of the page, long side about LOCATE_SIDE), in the coordinates of
 * a page `factor` times larger; null when nothing there looks like a TD3 zone. The lines' reading
 * direction is a guess (the side with more of the page's ink is taken as above the zone); the
 * caller tries the zone turned by 180° when the read does not make sense.
 */
export function locateZone(small: GrayImage, factor: number): ZoneGeometry | null {
  const { width, height } = small;
  const ink = inkMask(small);
  let best: Pair | null = null;
  for (const horizontal of [true, false]) {
    const pair = bestPair(lineBlobs(ink, width, height, horizontal), small);
    if (pair && (!best || pair.score > best.score)) best = pair;
  }
  // Lines at 20–70° fall apart when closed along rows or columns: the ink turned by ±30° and ±60°
  // brings any such line within 15° of the rows.
  if (!best) {
    for (const degrees of [30, -30, 60, -60]) {
      const pair = bestPair(rotatedLineBlobs(ink, width, height, (degrees * Math.PI) / 180), small);
      if (pair && (!best || pair.score > best.score)) best = pair;
    }
  }
  if (!best) return null;
  // A zone found at an angle may be pieces of its lines (a filler run that did not join): closed
  // again along its own angle, the whole lines show.
  const angle = Math.atan2(best.a.uy, best.a.ux);
  const offAxis = Math.abs(angle - Math.round(angle / (Math.PI / 2)) * (Math.PI / 2));
  if (offAxis > (4 * Math.PI) / 180) {
    const pair = bestPair(rotatedLineBlobs(ink, width, height, -angle), small);
    if (pair && pair.score > best.score) best = pair;
  }
  // A common reading direction for both lines (the axes' signs are arbitrary), and "up": the side of
  // the zone with more ink (the photo and printed fields stand above the zone).
  let { a, b } = best;
  let ux = a.ux + (a.ux * b.ux + a.uy * b.uy >= 0 ? b.ux : -b.ux);
  let uy = a.uy + (a.ux * b.ux + a.uy * b.uy >= 0 ? b.uy : -b.uy);
  const norm = Math.hypot(ux, uy);
  ux /= norm;
  uy /= norm;
  // Normal pointing "down" in the page frame when the text runs with (ux, uy): (-uy, ux).
  const mx = (a.cx + b.cx) / 2;
  const my = (a.cy + b.cy) / 2;
  let above = 0;
  let below = 0;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (!ink[y * width + x]) continue;
      const v = -(x - mx) * uy + (y - my) * ux;
      if (v < -best.spacing * 1.5) above += 1;
      else if (v > best.spacing * 1.5) below += 1;
    }
  }
  if (below > above) {
    ux = -ux;
    uy = -uy;
  }
  const downOf = (blob: Blob) => -(blob.cx - mx) * uy + (blob.cy - my) * ux;
  if (downOf(a) > downOf(b)) [a, b] = [b, a];
  const geometry = (blob: Blob): LineGeometry => {
    const sign = blob.ux * ux + blob.uy * uy >= 0 ? 1 : -1;
    const bx = blob.ux * sign;
    const by = blob.uy * sign;
    const [from, to] = sign > 0 ? [blob.from, blob.to] : [-blob.to, -blob.from];
    return {
      start: { x: (blob.cx + bx * from) * factor, y: (blob.cy + by * from) * factor },
      end: { x: (blob.cx + bx * to) * factor, y: (blob.cy + by * to) * factor },
      height: blob.thickness * factor,
    };
  };
  return { lines: sameSpan(geometry(a), geometry(b)), spacing: best.spacing * factor };
}

/** `point` moved onto the axis of `line`. */
function onAxis(point: { x: number; y: number }, line: LineGeometry): { x: number; y: number } {
  const dx = line.end.x - line.start.x;
  const dy = line.end.y - line.start.y;
  const t = ((point.x - line.start.x) * dx + (point.y - line.start.y) * dy) / (dx * dx + dy * dy);
  return { x: line.start.x + dx * t, y: line.start.y + dy * t };
}

const lengthOf = (line: LineGeometry) => Math.hypot(line.end.x - line.start.x, line.end.y - line.start.y);

/**
 * Both lines cut to the same span: a TD3 zone's two lines are 44 characters each, one under the
 * other, so when one blob is clearly longer it has taken in something printed next to it (a
 * border, a pattern); it is cut to the shorter one's ends.
 */
function sameSpan(first: LineGeometry, second: LineGeometry): [LineGeometry, LineGeometry] {
  const [l1, l2] = [lengthOf(first), lengthOf(second)];
  if (Math.min(l1, l2) / Math.max(l1, l2) > 0.96) return [first, second];
  if (l1 > l2) return [{ ...first, start: onAxis(second.start, first), end: onAxis(second.end, first) }, second];
  return [first, { ...second, start: onAxis(first.start, second), end: onAxis(first.end, second) }];
}

/** The same zone read the other way round (turned by 180°). */
export function turned(zone: ZoneGeometry): ZoneGeometry {
  const flip = (line: LineGeometry): LineGeometry => ({ ...line, start: line.end, end: line.start });
  return { lines: [flip(zone.lines[1]), flip(zone.lines[0])], spacing: zone.spacing };
}

// ---------------------------------------------------------------- cutting the lines out

/**
 * A zone line cut out of `page` upright: the band `bandHeight` page pixels high around its axis,
 * extended by `margin` page pixels at each end, sampled (bicubic) so the band is `outHeight` pixels high.
 */
export function cutLine(page: GrayImage, line: LineGeometry, bandHeight: number, margin: number, outHeight: number): GrayImage {
  const dx = line.end.x - line.start.x;
  const dy = line.end.y - line.start.y;
  const length = Math.hypot(dx, dy);
  const ux = dx / length;
  const uy = dy / length;
  const scale = outHeight / bandHeight;
  const width = Math.max(8, Math.round((length + 2 * margin) * scale));
  const height = Math.max(8, Math.round(outHeight));
  const data = Buffer.alloc(width * height);
  const ox = line.start.x - ux * margin + uy * (bandHeight / 2);
  const oy = line.start.y - uy * margin - ux * (bandHeight / 2);
  const src = page.data;
  const pw = page.width;
  const ph = page.height;
  // Outside the page is blank paper (repeating the edge would draw stripes tesseract reads as characters).
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= pw || y >= ph ? 255 : src[y * pw + x]!);
  const cubic = (t: number, a: number, b: number, c: number, d: number) => b + 0.5 * t * (c - a + t * (2 * a - 5 * b + 4 * c - d + t * (3 * (b - c) + d - a)));
  for (let j = 0; j < height; j += 1) {
    const v = (j + 0.5) / scale;
    for (let i = 0; i < width; i += 1) {
      const u = (i + 0.5) / scale;
      const x = ox + ux * u - uy * v - 0.5;
      const y = oy + uy * u + ux * v - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const row = (yy: number) => cubic(fx, at(x0 - 1, yy), at(x0, yy), at(x0 + 1, yy), at(x0 + 2, yy));
      const value = cubic(fy, row(y0 - 1), row(y0), row(y0 + 1), row(y0 + 2));
      data[j * width + i] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
    }
  }
  return { data, width, height };
}

/** Contrast stretched so the darkest 1% is black and the brightest 1% white. */
export function stretched(image: GrayImage): GrayImage {
  const hist = new Uint32Array(256);
  for (const v of image.data) hist[v] += 1;
  const cut = image.data.length * 0.01;
  let lo = 0;
  let hi = 255;
  for (let acc = 0; lo < 255 && acc + hist[lo]! <= cut; lo += 1) acc += hist[lo]!;
  for (let acc = 0; hi > 0 && acc + hist[hi]! <= cut; hi -= 1) acc += hist[hi]!;
  if (hi <= lo) return image;
  const data = Buffer.alloc(image.data.length);
  for (let i = 0; i < data.length; i += 1) data[i] = Math.max(0, Math.min(255, Math.round(((image.data[i]! - lo) * 255) / (hi - lo))));
  return { data, width: image.width, height: image.height };
}

/** Sauvola's local threshold (window `2r+1`, k 0.2 over a 128 range), by integral images: black print on white. */
export function sauvola(image: GrayImage, r: number, k = 0.2): GrayImage {
  const { width, height } = image;
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  const sq = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rs = 0;
    let rq = 0;
    for (let x = 0; x < width; x += 1) {
      const v = image.data[y * width + x]!;
      rs += v;
      rq += v * v;
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1]! + rs;
      sq[(y + 1) * w1 + x + 1] = sq[y * w1 + x + 1]! + rq;
    }
  }
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const n = (y1 - y0) * (x1 - x0);
      const s = sum[y1 * w1 + x1]! - sum[y0 * w1 + x1]! - sum[y1 * w1 + x0]! + sum[y0 * w1 + x0]!;
      const q = sq[y1 * w1 + x1]! - sq[y0 * w1 + x1]! - sq[y1 * w1 + x0]! + sq[y0 * w1 + x0]!;
      const mean = s / n;
      const sd = Math.sqrt(Math.max(0, q / n - mean * mean));
      data[y * width + x] = image.data[y * width + x]! > mean * (1 + k * (sd / 128 - 1)) ? 255 : 0;
    }
  }
  return { data, width, height };
}
