/**
 * One MRZ line drawn in OCR-B and spoiled the way phone photos and scans spoil it: low resolution,
 * blur, noise, tilt, shear, JPEG artefacts, uneven light, glare, guilloche background, ink weight.
 */
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { Random } from './mrz-text.js';

export const OCRB_PATH = process.env.OCRB_FONT ?? path.join(import.meta.dirname, '..', '..', 'bench', 'support', 'fonts', 'OCRB.otf');
GlobalFonts.registerFromPath(OCRB_PATH, 'OCRB');

const between = (random: Random, lo: number, hi: number) => lo + random() * (hi - lo);
/** Roughly normal on [-1, 1]: small values are common, extremes rare. */
const centred = (random: Random) => (random() + random() + random() - 1.5) / 1.5;

function background(ctx: SKRSContext2D, random: Random, width: number, height: number, paper: number): void {
  ctx.fillStyle = `rgb(${paper},${paper},${paper})`;
  ctx.fillRect(0, 0, width, height);
  // Guilloche-like security print: thin waves a little darker than the paper.
  const waves = random() < 0.5 ? Math.floor(between(random, 2, 12)) : 0;
  for (let i = 0; i < waves; i += 1) {
    const tone = Math.max(0, paper - between(random, 15, 70));
    ctx.strokeStyle = `rgba(${tone},${tone},${tone},${between(random, 0.2, 0.7)})`;
    ctx.lineWidth = between(random, 0.4, 1.5);
    const [amp, period, phase, y0] = [between(random, 1, height / 2), between(random, 8, 80), between(random, 0, 7), between(random, 0, height)];
    ctx.beginPath();
    for (let x = 0; x <= width; x += 2) ctx.lineTo(x, y0 + amp * Math.sin(x / period + phase));
    ctx.stroke();
  }
}

function lighting(ctx: SKRSContext2D, random: Random, width: number, height: number): void {
  if (random() < 0.5) {
    const gradient = ctx.createLinearGradient(between(random, 0, width), 0, between(random, 0, width), height);
    const shade = random() < 0.5 ? '0,0,0' : '255,255,255';
    gradient.addColorStop(0, `rgba(${shade},0)`);
    gradient.addColorStop(1, `rgba(${shade},${between(random, 0.1, 0.5)})`);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, width, height);
  }
  if (random() < 0.25) {
    const [x, r] = [between(random, 0, width), between(random, height, width / 2)];
    const glare = ctx.createRadialGradient(x, height / 2, 0, x, height / 2, r);
    glare.addColorStop(0, `rgba(255,255,255,${between(random, 0.3, 0.6)})`);
    glare.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = glare;
    ctx.fillRect(0, 0, width, height);
  }
}

/** The line as a grayscale PNG about `targetHeight` pixels high. */
export async function renderLine(text: string, random: Random): Promise<{ png: Buffer; width: number; height: number }> {
  const clean = random() < 0.12;
  // Render small for low-resolution sources (a thumbnail's MRZ is 8–14 px high), then scale.
  const fontSize = clean ? between(random, 24, 40) : random() < 0.45 ? between(random, 9, 18) : between(random, 18, 40);
  const spacing = 1 + (clean ? 0 : centred(random) * 0.08);
  const advance = fontSize * 0.723 * spacing; // OCR-B is monospaced: 0.723 em per character
  const capHeight = fontSize * 0.72;
  const angle = clean ? 0 : (centred(random) * 2 * Math.PI) / 180;
  const shear = clean ? 0 : centred(random) * 0.25;
  const stretch = clean ? 1 : 1 + centred(random) * 0.08;
  const textWidth = advance * text.length;
  const [marginX, marginTop, marginBottom] = [fontSize * between(random, 0.1, 0.8), fontSize * between(random, 0.05, 0.4), fontSize * between(random, 0.05, 0.4)];
  // The crop holds the whole tilted line, as a line finder would cut it.
  const width = Math.ceil(textWidth * Math.cos(angle) + capHeight * Math.abs(shear) + 2 * marginX);
  const height = Math.ceil(capHeight * stretch + textWidth * Math.abs(Math.sin(angle)) + marginTop + marginBottom);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');

  const paper = clean ? 255 : Math.round(between(random, 150, 255));
  const ink = clean ? 0 : Math.round(between(random, 0, Math.max(0, paper - 90)));
  background(ctx, random, width, height, paper);

  ctx.save();
  ctx.translate(width / 2, marginTop + (height - marginTop - marginBottom) / 2);
  ctx.rotate(angle);
  ctx.transform(1, 0, -shear, stretch, 0, 0);
  ctx.font = `${fontSize}px OCRB`;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = `rgb(${ink},${ink},${ink})`;
  const weight = clean ? 0 : centred(random) * fontSize * 0.05; // > 0 bolder, < 0 thinner
  const draw = (line: string, baseline: number) => {
    let x = -textWidth / 2;
    for (const char of line) {
      const y = baseline + (clean ? 0 : centred(random) * fontSize * 0.02);
      ctx.fillText(char, x, y);
      if (Math.abs(weight) > 0.2) {
        ctx.lineWidth = Math.abs(weight);
        ctx.strokeStyle = weight > 0 ? ctx.fillStyle : `rgb(${paper},${paper},${paper})`;
        ctx.strokeText(char, x, y);
      }
      x += advance + (clean ? 0 : centred(random) * fontSize * 0.015);
    }
  };
  draw(text, capHeight / 2);
  // Sometimes the edge of the zone's other line shows above or below, as in a loose crop.
  if (!clean && random() < 0.15) {
    const other = Array.from({ length: text.length }, () => text[Math.floor(random() * text.length)]).join('');
    draw(other, capHeight / 2 + (random() < 0.5 ? -1 : 1) * capHeight * between(random, 1.45, 1.8));
  }
  ctx.restore();
  if (!clean) lighting(ctx, random, width, height);

  const rgba = ctx.getImageData(0, 0, width, height).data;
  const gray = Buffer.alloc(width * height);
  const noise = clean ? 0 : between(random, 0, 18);
  for (let i = 0; i < gray.length; i += 1) {
    const n = noise ? noise * centred(random) * 1.5 : 0;
    gray[i] = Math.max(0, Math.min(255, Math.round(rgba[i * 4]! + n)));
  }

  let image = sharp(gray, { raw: { width, height, channels: 1 } });
  const blur = clean ? 0 : random() < 0.6 ? between(random, 0.3, fontSize / 14) : 0;
  if (blur >= 0.3) image = image.blur(blur);
  if (!clean && random() < 0.6) {
    const jpeg = await image.jpeg({ quality: Math.round(between(random, 15, 60)) }).toBuffer();
    image = sharp(jpeg).grayscale();
  }
  const targetHeight = Math.round(between(random, 32, 48));
  const png = await image
    .resize({ height: targetHeight, width: Math.round((width * targetHeight) / height), fit: 'fill', kernel: random() < 0.5 ? 'cubic' : 'linear' })
    .grayscale()
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { png: png.data, width: png.info.width, height: png.info.height };
}
