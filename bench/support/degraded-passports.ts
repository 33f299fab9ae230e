/**
 * The degraded set: each real specimen page (../shared/real-passports, read at run time) turned, at
 * run time, into the bad photos a phone takes (issue 42): half and a third of its size, blurred
 * (Gaussian, σ 1.5), recompressed (JPEG quality 20), turned by 7° and by 180°, seen at a 15°
 * perspective, with a glare patch over part of the machine-readable zone, and with the bottom 5 % of
 * the zone cut off. Nothing is written to disk.
 *
 * The glare and the cut need to know where the zone is: the zone finder (adapters/passport/zone.ts)
 * finds it on the clean page, as the scanner does (it finds all 21). The perspective is a true one
 * (a pinhole camera tilted 15° about the page's horizontal middle, focal length the page's long
 * side), warped here pixel by pixel with bilinear sampling, since sharp has no perspective warp.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp, { type Sharp } from 'sharp';
import { LOCATE_SIDE, locateZone, type ZoneGeometry } from '../../adapters/passport/zone.js';
import type { RealPassport } from './real-passports.js';

export const DEGRADATIONS = ['half size', 'third size', 'blur 1.5', 'jpeg q20', 'rotated 7°', 'rotated 180°', 'perspective 15°', 'glare on zone', 'zone bottom cut'] as const;
export type Degradation = (typeof DEGRADATIONS)[number];

export interface DegradedPage {
  page: RealPassport;
  variant: Degradation;
  body: Buffer;
  type: 'image/jpeg';
}

/** Every variant but the recompressed one is saved as a phone would: JPEG at quality 92. */
const PHONE_QUALITY = 92;

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

/** The page upright (as its EXIF says), 3 channels, flattened on white. */
async function upright(body: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(body).autoOrient().flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const fromRgb = (image: Rgb) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
const phoneJpeg = (image: Sharp, quality = PHONE_QUALITY) => image.jpeg({ quality }).toBuffer();

/** Where the zone finder finds the zone on the clean page, in the page's pixels. */
async function zoneOf(image: Rgb): Promise<ZoneGeometry | null> {
  const { data, info } = await fromRgb(image).grayscale().resize({ width: LOCATE_SIDE, height: LOCATE_SIDE, fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  return locateZone({ data, width: info.width, height: info.height }, image.width / info.width);
}

/** The zone's frame: its reading direction, its "down" normal, and where its top and bottom edges and ends stand along them. */
function frameOf(zone: ZoneGeometry) {
  const [l1, l2] = zone.lines;
  const dx = l2.end.x - l2.start.x + (l1.end.x - l1.start.x);
  const dy = l2.end.y - l2.start.y + (l1.end.y - l1.start.y);
  const norm = Math.hypot(dx, dy);
  const u = { x: dx / norm, y: dy / norm };
  const down = { x: -u.y, y: u.x };
  const along = (p: { x: number; y: number }) => p.x * u.x + p.y * u.y;
  const across = (p: { x: number; y: number }) => p.x * down.x + p.y * down.y;
  const lineHeight = Math.max(l1.height, l2.height, zone.spacing * 0.6);
  return {
    u,
    down,
    top: across(l1.start) - lineHeight / 2,
    bottom: Math.max(across(l2.start), across(l2.end)) + lineHeight / 2,
    from: Math.min(along(l1.start), along(l2.start)),
    to: Math.max(along(l1.end), along(l2.end)),
  };
}

/**
 * How white the glare is at its middle: 0.85 leaves the print under it at 15 % of its contrast, as
 * a lamp's reflection on a laminate does. A fully white patch (1) erases the characters under it,
 * and no reader can answer them: the page is then refused, or answered uncertain.
 */
const GLARE_OPACITY = Number(process.env.BENCH_GLARE_OPACITY ?? 0.85);

/** A bright white ellipse (soft-edged, as a lamp's reflection) over a quarter of the zone's length, both lines deep. */
async function glare(body: Buffer, zone: ZoneGeometry): Promise<Buffer> {
  const image = await loadImage(await sharp(body).autoOrient().png().toBuffer());
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const f = frameOf(zone);
  const mid = (f.top + f.bottom) / 2;
  const at = f.from + (f.to - f.from) * 0.35;
  const cx = f.u.x * at + f.down.x * mid;
  const cy = f.u.y * at + f.down.y * mid;
  const rx = (f.to - f.from) / 8;
  const ry = (f.bottom - f.top) * 0.6;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(Math.atan2(f.u.y, f.u.x));
  ctx.scale(1, ry / rx);
  const light = ctx.createRadialGradient(0, 0, 0, 0, 0, rx);
  light.addColorStop(0, `rgba(255,255,255,${GLARE_OPACITY})`);
  light.addColorStop(0.6, `rgba(255,255,255,${GLARE_OPACITY * 0.9})`);
  light.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = light;
  ctx.beginPath();
  ctx.arc(0, 0, rx, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  return canvas.toBuffer('image/jpeg', PHONE_QUALITY);
}

/** The page cut so its edge runs through the zone, 5 % of the zone's height above the zone's bottom (on the side the zone's bottom faces). */
async function zoneBottomCut(image: Rgb, zone: ZoneGeometry): Promise<Buffer> {
  const f = frameOf(zone);
  const edge = f.bottom - (f.bottom - f.top) * 0.05;
  const { down } = f;
  let region: { left: number; top: number; width: number; height: number };
  if (Math.abs(down.y) >= Math.abs(down.x)) {
    // The zone's bottom faces the page's bottom (or top, on a page upside down).
    const y = Math.min(image.height - 1, Math.max(1, Math.round(edge / down.y)));
    region = down.y > 0 ? { left: 0, top: 0, width: image.width, height: y } : { left: 0, top: y, width: image.width, height: image.height - y };
  } else {
    const x = Math.min(image.width - 1, Math.max(1, Math.round(edge / down.x)));
    region = down.x > 0 ? { left: 0, top: 0, width: x, height: image.height } : { left: x, top: 0, width: image.width - x, height: image.height };
  }
  return phoneJpeg(fromRgb(image).extract(region));
}

/**
 * The page seen by a camera tilted 15° about the page's horizontal middle (the top further away):
 * each output pixel is taken (bilinear) from where the tilted page puts it; outside the page is grey.
 */
function perspective(image: Rgb, degrees = 15): Rgb {
  const { width, height, data } = image;
  const out = Buffer.alloc(width * height * 3, 128);
  const f = Math.max(width, height);
  const c = Math.cos((degrees * Math.PI) / 180);
  const s = Math.sin((degrees * Math.PI) / 180);
  const cx = width / 2;
  const cy = height / 2;
  for (let oy = 0; oy < height; oy += 1) {
    const yp = oy - cy;
    // The page point (x, y) goes to (f·x / (f − y·s), f·y·c / (f − y·s)): y above the middle (negative) moves away.
    const y = (yp * f) / (f * c + yp * s);
    const depth = (f - y * s) / f;
    const sy = y + cy;
    if (sy < 0 || sy > height - 1) continue;
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const wy = sy - y0;
    for (let ox = 0; ox < width; ox += 1) {
      const sx = (ox - cx) * depth + cx;
      if (sx < 0 || sx > width - 1) continue;
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const wx = sx - x0;
      for (let ch = 0; ch < 3; ch += 1) {
        const a = data[(y0 * width + x0) * 3 + ch]! * (1 - wx) + data[(y0 * width + x1) * 3 + ch]! * wx;
        const b = data[(y1 * width + x0) * 3 + ch]! * (1 - wx) + data[(y1 * width + x1) * 3 + ch]! * wx;
        out[(oy * width + ox) * 3 + ch] = Math.round(a * (1 - wy) + b * wy);
      }
    }
  }
  return { data: out, width, height };
}

/** One degraded variant of a page. */
async function degrade(page: RealPassport, variant: Degradation, image: Rgb, zone: ZoneGeometry | null): Promise<Buffer | null> {
  switch (variant) {
    case 'half size':
      return phoneJpeg(fromRgb(image).resize({ width: Math.round(image.width / 2) }));
    case 'third size':
      return phoneJpeg(fromRgb(image).resize({ width: Math.round(image.width / 3) }));
    case 'blur 1.5':
      return phoneJpeg(fromRgb(image).blur(1.5));
    case 'jpeg q20':
      return phoneJpeg(fromRgb(image), 20);
    case 'rotated 7°':
      return phoneJpeg(fromRgb(image).rotate(7, { background: '#ffffff' }));
    case 'rotated 180°':
      return phoneJpeg(fromRgb(image).rotate(180));
    case 'perspective 15°':
      return phoneJpeg(fromRgb(perspective(image)));
    case 'glare on zone':
      return zone ? glare(page.body, zone) : null;
    case 'zone bottom cut':
      return zone ? zoneBottomCut(image, zone) : null;
  }
}

/** Every degraded variant of every page (a variant needing the zone is left out, and named, when the zone finder misses the clean page). */
export async function degradedPassports(pages: readonly RealPassport[], variants: readonly Degradation[] = DEGRADATIONS): Promise<{ pages: DegradedPage[]; skipped: string[] }> {
  const out: DegradedPage[] = [];
  const skipped: string[] = [];
  for (const page of pages) {
    const image = await upright(page.body);
    const zone = variants.some((v) => v === 'glare on zone' || v === 'zone bottom cut') ? await zoneOf(image) : null;
    for (const variant of variants) {
      const body = await degrade(page, variant, image, zone);
      if (body) out.push({ page, variant, body, type: 'image/jpeg' });
      else skipped.push(`${page.file} ${variant}`);
    }
  }
  return { pages: out, skipped };
}
