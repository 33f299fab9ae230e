// Pictures that are not passports, drawn at run time, for the scan's tests and bench:scan: what a
// traveller may choose by mistake (a holiday photo, a letter, a selfie, a receipt, a blank shot).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import './synthetic-passport.js'; // registers the fonts ('Synthetic Sans', 'Synthetic Sans Bold', 'Synthetic MRZ')

export interface NotAPassport {
  name: string;
  body: Buffer;
  type: 'image/jpeg' | 'image/png';
}

/** A small repeatable random source (the pictures are the same on every run). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const jpeg = (canvas: Canvas, quality = 85) => canvas.toBuffer('image/jpeg', quality);

/** A desert landscape photo: sky, dunes, a pyramid, a palm row, sensor noise. 4032×3024 as a phone takes it. */
function landscape(): Buffer {
  const [width, height] = [4032, 3024];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const sky = ctx.createLinearGradient(0, 0, 0, height * 0.6);
  sky.addColorStop(0, '#4a78b8');
  sky.addColorStop(1, '#e9d3a8');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#b8894f';
  ctx.beginPath();
  ctx.moveTo(width * 0.45, height * 0.6);
  ctx.lineTo(width * 0.62, height * 0.25);
  ctx.lineTo(width * 0.8, height * 0.6);
  ctx.fill();
  const random = randomFrom(7);
  for (let band = 0; band < 5; band += 1) {
    ctx.fillStyle = ['#d8b27a', '#cfa56a', '#c4985c', '#b98b50', '#ab7d45'][band]!;
    ctx.beginPath();
    const y = height * (0.55 + band * 0.09);
    ctx.moveTo(0, height);
    for (let x = 0; x <= width; x += 64) ctx.lineTo(x, y + Math.sin(x / (300 + band * 90)) * 60 + random() * 10);
    ctx.lineTo(width, height);
    ctx.fill();
  }
  for (let i = 0; i < 14; i += 1) {
    const x = 150 + i * 280;
    ctx.fillStyle = '#3d2b1a';
    ctx.fillRect(x, height * 0.5, 18, 260);
    ctx.fillStyle = '#2f5a2a';
    for (let leaf = 0; leaf < 6; leaf += 1) {
      ctx.beginPath();
      ctx.ellipse(x + 9, height * 0.5, 110, 22, (leaf * Math.PI) / 6, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  const image = ctx.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (random() - 0.5) * 18;
    image.data[i] += n;
    image.data[i + 1] += n;
    image.data[i + 2] += n;
  }
  ctx.putImageData(image, 0, 0);
  return jpeg(canvas);
}

const LOREM =
  'Dear traveller, thank you for booking your holiday with us. Your flight leaves London Heathrow on Friday 4 December 2026 at 09:40 and arrives in Cairo at 16:25 local time. ' +
  'Please arrive at the airport at least three hours before departure, with your passport valid for six months beyond the date of entry and a printed copy of your e-visa. ' +
  'Your hotel in Giza is booked for seven nights with breakfast included; a driver will meet you in the arrivals hall holding a sign with your name. ' +
  'Excursions to the pyramids, the Egyptian Museum and the Khan el-Khalili bazaar can be booked at the hotel desk. We wish you a wonderful stay.';

/** Wraps `text` into lines no wider than `width` in the context's font. */
function wrap(ctx: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A scanned A4 letter: a heading and justified-looking paragraphs of plain text, many long lines one under the other. */
function textPage(): Buffer {
  const [width, height] = [1654, 2339];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  ctx.font = "48px 'Synthetic Sans Bold'";
  ctx.fillText('Your holiday in Egypt', 140, 220);
  ctx.font = "30px 'Synthetic Sans'";
  let y = 320;
  for (let paragraph = 0; paragraph < 5 && y < height - 200; paragraph += 1) {
    for (const line of wrap(ctx, LOREM, width - 280)) {
      ctx.fillText(line, 140, y);
      y += 44;
    }
    y += 40;
  }
  return canvas.toBuffer('image/png');
}

/** A portrait photo of a person (a drawn head and shoulders on a plain wall), no text at all. */
function person(): Buffer {
  const [width, height] = [1200, 1600];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const wall = ctx.createLinearGradient(0, 0, width, height);
  wall.addColorStop(0, '#d9dde3');
  wall.addColorStop(1, '#aeb6c2');
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#2b3a55';
  ctx.beginPath();
  ctx.ellipse(width / 2, height * 1.02, width * 0.45, height * 0.33, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#c99c7a';
  ctx.fillRect(width / 2 - 80, height * 0.52, 160, 160);
  ctx.beginPath();
  ctx.ellipse(width / 2, height * 0.4, 230, 300, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#3b2416';
  ctx.beginPath();
  ctx.ellipse(width / 2, height * 0.27, 250, 150, 0, Math.PI, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#1b1b1b';
  for (const dx of [-90, 90]) {
    ctx.beginPath();
    ctx.ellipse(width / 2 + dx, height * 0.38, 26, 16, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = '#7a3b30';
  ctx.lineWidth = 10;
  ctx.beginPath();
  ctx.arc(width / 2, height * 0.46, 80, 0.2 * Math.PI, 0.8 * Math.PI);
  ctx.stroke();
  return jpeg(canvas, 80);
}

/** A blank shot: an evenly lit grey-white picture (a lens cap off a white wall). */
function blank(): Buffer {
  const canvas = createCanvas(3024, 4032);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f4f2';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return jpeg(canvas);
}

/** A shop receipt photographed on a table: a narrow white strip of monospaced lines, items and a total. */
function receipt(): Buffer {
  const [width, height] = [1500, 2600];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#5b4636';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((-4 * Math.PI) / 180);
  ctx.fillStyle = '#fbfaf5';
  ctx.fillRect(-430, -1150, 860, 2300);
  ctx.fillStyle = '#222222';
  ctx.font = "36px 'Synthetic Sans Bold'";
  ctx.fillText('NILE MART  CAIRO', -230, -1050);
  ctx.font = "30px 'Synthetic MRZ'";
  const items = ['WATER 1.5L', 'DATES 500G', 'SUNSCREEN', 'POSTCARDS X4', 'BATTERIES AA', 'HAT', 'SANDALS', 'TEA 100G', 'MANGO JUICE', 'CRISPS'];
  let y = -920;
  items.forEach((item, i) => {
    ctx.fillText(item.padEnd(20, ' '), -380, y);
    ctx.fillText(`${(12 + i * 7.5).toFixed(2)}`.padStart(8, ' '), 180, y);
    y += 60;
  });
  ctx.fillText('-'.repeat(26), -380, y);
  y += 60;
  ctx.font = "40px 'Synthetic MRZ'";
  ctx.fillText('TOTAL EGP       413.75', -380, y);
  y += 80;
  ctx.font = "28px 'Synthetic MRZ'";
  for (const line of ['VISA **** **** **** 4242', 'AUTH 082113  04/12/2026 14:32', 'THANK YOU FOR SHOPPING', '<<<<<<<<<<<<<<<<<<<<<<<<<<<']) {
    ctx.fillText(line, -380, y);
    y += 56;
  }
  ctx.restore();
  return jpeg(canvas, 80);
}

/** The landing page's carousel pictures (apps/web/public/images, SVG), drawn as 1600 px JPEG photos. */
async function carousel(): Promise<NotAPassport[]> {
  const dir = path.resolve(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'images');
  return Promise.all(
    ['giza-pyramids.svg', 'nile-felucca.svg'].map(async (file) => ({
      name: `carousel ${file.replace('.svg', '')}`,
      body: await sharp(readFileSync(path.join(dir, file)), { density: 300 })
        .resize({ width: 1600 })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer(),
      type: 'image/jpeg' as const,
    })),
  );
}

/** Every non-passport picture, in a fixed order. */
export async function notPassports(): Promise<NotAPassport[]> {
  return [
    { name: 'landscape photo', body: landscape(), type: 'image/jpeg' },
    { name: 'page of plain text', body: textPage(), type: 'image/png' },
    { name: 'photo of a person', body: person(), type: 'image/jpeg' },
    { name: 'blank picture', body: blank(), type: 'image/jpeg' },
    { name: 'receipt', body: receipt(), type: 'image/jpeg' },
    ...(await carousel()),
  ];
}
