import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp, { type Sharp } from 'sharp';
import type { PassportImageType } from '../../core/domain/passport-scan.js';

/** Where decoding stops trusting a file. */
export interface DecodeLimits {
  /** Largest image accepted, in pixels (width × height), checked from the header before decoding. */
  maxPixels: number;
}

/** 50 megapixels: above a 48 MP phone photo (8064 × 6048), far below a decompression bomb. */
export const DEFAULT_MAX_PIXELS = 50_000_000;

/** A file that is not an image we can decode (corrupt, truncated, too large, not what it claims). */
export class UndecodableImage extends Error {
  constructor(readonly reason: string) {
    super(`The image cannot be decoded: ${reason}`);
    this.name = 'UndecodableImage';
  }
}

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** Long side of the first PDF page when it is drawn (enough for an MRZ and for a portal copy). */
const PDF_RENDER_SIDE = 2000;

/** The first page of a PDF, drawn offline with pdf.js onto a canvas: raw RGBA pixels. */
async function renderFirstPdfPage(bytes: Uint8Array, limits: DecodeLimits): Promise<{ data: Buffer; width: number; height: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    // Fonts and decoders come from node_modules; nothing is fetched, no script in the PDF is run.
    standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}/`,
    cMapUrl: `${path.join(pdfjsDir, 'cmaps')}/`,
    wasmUrl: `${path.join(pdfjsDir, 'wasm')}/`,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: limits.maxPixels,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PDF_RENDER_SIDE / Math.max(unit.width, unit.height, 1) });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    // @napi-rs/canvas is the canvas pdf.js itself uses on Node.
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    const pixels = context.getImageData(0, 0, width, height).data;
    return { data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
  } finally {
    await task.destroy();
  }
}

/** The primary image of a HEIC/HEIF file, decoded by libheif (wasm): raw RGBA pixels. */
async function decodeHeic(bytes: Uint8Array, limits: DecodeLimits): Promise<{ data: Buffer; width: number; height: number }> {
  const { default: heicDecode } = await import('heic-decode');
  const images = await heicDecode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new UndecodableImage('no image in the HEIC file');
    if (first.width * first.height > limits.maxPixels) throw new UndecodableImage(`${first.width}×${first.height} is too large`);
    const { data, width, height } = await first.decode();
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    images.dispose();
  }
}

/**
 * A sharp pipeline over the file's picture: JPEG and PNG straight from their bytes (sharp checks the
 * header's size against the limit before decoding), HEIC through libheif, a PDF's first page
 * through pdf.js. Throws UndecodableImage for a file that cannot be read.
 */
export async function openImage(bytes: Uint8Array, type: PassportImageType, limits: DecodeLimits): Promise<Sharp> {
  const options = { limitInputPixels: limits.maxPixels, failOn: 'error' as const };
  try {
    if (type === 'image/jpeg' || type === 'image/png') {
      const image = sharp(bytes, options);
      await image.metadata(); // the header: a truncated or oversized file fails here
      return image;
    }
    const raw = type === 'image/heic' ? await decodeHeic(bytes, limits) : await renderFirstPdfPage(bytes, limits);
    return sharp(raw.data, { ...options, raw: { width: raw.width, height: raw.height, channels: 4 } });
  } catch (error) {
    if (error instanceof UndecodableImage) throw error;
    throw new UndecodableImage(error instanceof Error ? error.message : String(error));
  }
}
