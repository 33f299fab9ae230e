import type { Sharp } from 'sharp';

/** Egypt's official portal takes JPG/PNG of at most 500 KB. */
export const PORTAL_MAX_BYTES = 500 * 1024;
/** Long side staff want at least, where the original is that large (the MRZ stays legible). */
export const PORTAL_MIN_LONG_SIDE = 1000;
/** Long side a portal copy starts from: more detail than the portal needs. */
const PORTAL_START_LONG_SIDE = 2000;
const QUALITIES = [85, 75, 65, 55, 45] as const;

/** A HEIC photo stored as JPEG: as large as a phone takes it, up to this long side. */
export const HEIC_JPEG_MAX_LONG_SIDE = 4096;

async function jpeg(image: Sharp, longSide: number, quality: number): Promise<Buffer> {
  return image.clone().resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true }).jpeg({ quality, mozjpeg: true }).toBuffer();
}

/**
 * The passport copy for the official portal: a JPEG of at most 500 KB whose long side is at least
 * 1000 px where the original is that large. Upright (EXIF orientation applied), transparency on
 * white, no metadata (no GPS position of the traveller's phone). Quality steps down first, then
 * the size, until it fits; below 1000 px only as a last resort.
 */
export async function toPortalCopy(image: Sharp, maxBytes = PORTAL_MAX_BYTES): Promise<Buffer> {
  const { autoOrient } = await image.metadata();
  const upright = image.autoOrient().flatten({ background: '#ffffff' }).toColourspace('srgb');
  const longSide = Math.max(autoOrient.width, autoOrient.height);
  const start = Math.min(longSide, PORTAL_START_LONG_SIDE);
  const floor = Math.min(longSide, PORTAL_MIN_LONG_SIDE);
  const sides = [start];
  for (let side = start - 200; side > floor; side -= 200) sides.push(side);
  if (floor < start) sides.push(floor);
  for (const side of sides) {
    for (const quality of QUALITIES) {
      const copy = await jpeg(upright, side, quality);
      if (copy.length <= maxBytes) return copy;
    }
  }
  for (let side = Math.floor(floor * 0.8); side >= 100; side = Math.floor(side * 0.8)) {
    const copy = await jpeg(upright, side, QUALITIES[QUALITIES.length - 1]);
    if (copy.length <= maxBytes) return copy;
  }
  throw new Error('The image cannot be made small enough for the portal.');
}

/** A HEIC photo as a JPEG (quality 90, long side at most 4096 px, no metadata). */
export async function heicAsJpeg(image: Sharp): Promise<Buffer> {
  return image.resize({ width: HEIC_JPEG_MAX_LONG_SIDE, height: HEIC_JPEG_MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
}
