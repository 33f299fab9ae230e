import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SOFT_ZONE, softness } from '../../adapters/passport/scan.js';
import { cutLine, LOCATE_SIDE, locateZone, turned, type ZoneGeometry } from '../../adapters/passport/zone.js';
import type { GrayImage } from '../../adapters/passport/ocr.js';
import { BRITISH_TRAVELLER, passportJpeg, td3Lines, type PageOptions } from '../../bench/support/synthetic-passport.js';

/**
 * The zone locator alone (no OCR): on synthetic pages turned, tilted, small and blurred it finds
 * both lines, along the right angle, in reading order when the page's print lies above the zone.
 */
async function grey(body: Buffer, side?: number): Promise<GrayImage> {
  let image = sharp(body).grayscale();
  if (side) image = image.resize({ width: side, height: side, fit: 'inside' });
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function locate(options: Omit<PageOptions, 'mrz'>): Promise<{ zone: ZoneGeometry | null; page: GrayImage }> {
  const body = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, ...options });
  const page = await grey(body);
  const small = await grey(body, LOCATE_SIDE);
  return { zone: locateZone(small, page.width / small.width), page };
}

const degrees = (zone: ZoneGeometry, n: 0 | 1) => {
  const { start, end } = zone.lines[n];
  return (Math.atan2(end.y - start.y, end.x - start.x) * 180) / Math.PI;
};
/** The difference of two angles in degrees, in (-180, 180]. */
const difference = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

describe('the MRZ locator', () => {
  it.each([
    { name: 'a flat scan', options: {}, angle: 0 },
    { name: 'a page turned 8°', options: { angle: 8 }, angle: 8 },
    { name: 'a photo turned -25° and tilted 20°', options: { angle: -25, tilt: 20 }, angle: -25 },
    { name: 'a photo turned 40° and tilted 30°', options: { angle: 40, tilt: 30 }, angle: 40 },
    { name: 'a page turned 90° (sideways)', options: { turn: 90 as const }, angle: 90 },
    { name: 'a page upside down', options: { turn: 180 as const }, angle: 180 },
    { name: 'a 400 px page, blurred', options: { width: 400, blur: 1 }, angle: 0 },
  ])('finds both lines of $name, upright', async ({ options, angle }) => {
    const { zone, page } = await locate(options);
    expect(zone).not.toBeNull();
    for (const n of [0, 1] as const) expect(Math.abs(difference(degrees(zone!, n), angle))).toBeLessThan(2);
    // Line 2 lies below line 1 (on the right of the reading direction), one line spacing away.
    const [l1, l2] = zone!.lines;
    const [dx, dy] = [l1.end.x - l1.start.x, l1.end.y - l1.start.y];
    const across = ((l2.start.x - l1.start.x) * -dy + (l2.start.y - l1.start.y) * dx) / Math.hypot(dx, dy);
    expect(across).toBeGreaterThan(zone!.spacing * 0.8);
    // Both lines are as long as each other and cut out as a wide strip.
    const length = (n: 0 | 1) => Math.hypot(zone!.lines[n].end.x - zone!.lines[n].start.x, zone!.lines[n].end.y - zone!.lines[n].start.y);
    expect(length(0) / length(1)).toBeGreaterThan(0.95);
    const strip = cutLine(page, zone!.lines[0], zone!.spacing, zone!.spacing / 2, 64);
    expect(strip.height).toBe(64);
    expect(strip.width / strip.height).toBeGreaterThan(15);
  });

  it('answers null for a page without a zone', async () => {
    const body = await passportJpeg({ mrz: null, person: BRITISH_TRAVELLER });
    const small = await grey(body, LOCATE_SIDE);
    expect(locateZone(small, 1)).toBeNull();
  });

  it('finds no zone in lines of print that do not repeat 44 times over their length (a letter, two lines in proportional type)', async () => {
    const canvas = createCanvas(1654, 1100);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#111111';
    ctx.font = "30px 'Synthetic Sans'";
    const text = ['Dear traveller, thank you for booking your holiday with us. Your flight leaves', 'London Heathrow on Friday 4 December 2026 at 09:40 and arrives in Cairo at 16:25.'];
    // Two lines alone, as far down the page as a zone, then a paragraph of them.
    text.forEach((line, i) => ctx.fillText(line, 140, 900 + i * 44));
    for (let i = 0; i < 10; i += 1) ctx.fillText(text[i % 2]!, 140, 200 + i * 44);
    const body = canvas.toBuffer('image/png');
    expect(locateZone(await grey(body, LOCATE_SIDE), 1)).toBeNull();
  });

  it('tells a sharp zone from a soft one (a small page blurred, σ 2), by the mid-greys of its first line', async () => {
    const body = await passportJpeg({ mrz: td3Lines(BRITISH_TRAVELLER), person: BRITISH_TRAVELLER, width: 600 });
    const softnessOf = async (image: Buffer) => {
      const page = await grey(image);
      const zone = locateZone(await grey(image, LOCATE_SIDE), page.width / LOCATE_SIDE);
      return softness(page, zone!);
    };
    expect(await softnessOf(body)).toBeLessThan(SOFT_ZONE);
    expect(await softnessOf(await sharp(body).blur(2).jpeg().toBuffer())).toBeGreaterThan(SOFT_ZONE);
  });

  it('turns a zone round: lines swapped and reversed', async () => {
    const { zone } = await locate({});
    const back = turned(zone!);
    expect(back.lines[0].start).toEqual(zone!.lines[1].end);
    expect(turned(back)).toEqual(zone);
  });
});
