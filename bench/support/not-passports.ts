// Pictures that are not passports, drawn at run time, for the scan's tests and bench:scan: what a
// traveller may choose by mistake (a holiday photo, a letter, a selfie, a receipt, a blank shot,
// screenshots, photos of pages of text, a bare wall, the back of an ID card): 20 pictures.
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

// ---------------------------------------------------------------- screenshots, photographed pages, walls, card backs (issue 42)

type Draw = (ctx: SKRSContext2D, width: number, height: number) => void;

function drawn(width: number, height: number, background: string, draw: Draw): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  draw(ctx, width, height);
  return canvas;
}

/** Sensor noise over a whole canvas (the same on every run). */
function noisy(canvas: Canvas, seed: number, amount = 14): Canvas {
  const ctx = canvas.getContext('2d');
  const random = randomFrom(seed);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (random() - 0.5) * amount;
    image.data[i] += n;
    image.data[i + 1] += n;
    image.data[i + 2] += n;
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

/**
 * `sheet` photographed with a phone: on a table, turned by `degrees`, lit from one side (a shadow
 * across it), with sensor noise; 3024×4032 (or turned) as phones take them.
 */
function photographed(sheet: Canvas, degrees: number, table: string, seed: number, landscapeShot = false): Buffer {
  const [width, height] = landscapeShot ? [4032, 3024] : [3024, 4032];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = table;
  ctx.fillRect(0, 0, width, height);
  const scale = Math.min((width * 0.85) / sheet.width, (height * 0.85) / sheet.height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.scale(scale, scale);
  ctx.drawImage(sheet, -sheet.width / 2, -sheet.height / 2);
  ctx.restore();
  const light = ctx.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, 'rgba(255,255,240,0.08)');
  light.addColorStop(1, 'rgba(0,0,0,0.35)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  return jpeg(noisy(canvas, seed), 82);
}

function paragraphs(ctx: SKRSContext2D, text: string, x: number, y: number, width: number, lineHeight: number, count: number, until: number): number {
  for (let paragraph = 0; paragraph < count && y < until; paragraph += 1) {
    for (const line of wrap(ctx, text, width)) {
      if (y >= until) break;
      ctx.fillText(line, x, y);
      y += lineHeight;
    }
    y += lineHeight * 0.8;
  }
  return y;
}

/** A phone screenshot of a travel site: status bar, navigation, a hero banner, cards with text and buttons. */
function websiteScreenshot(): Buffer {
  return drawn(1170, 2532, '#ffffff', (ctx, w) => {
    ctx.fillStyle = '#111111';
    ctx.font = "34px 'Synthetic Sans Bold'";
    ctx.fillText('9:41', 60, 70);
    ctx.fillText('5G  87%', w - 220, 70);
    ctx.fillStyle = '#0b3d6e';
    ctx.fillRect(0, 110, w, 150);
    ctx.fillStyle = '#ffffff';
    ctx.font = "52px 'Synthetic Sans Bold'";
    ctx.fillText('Egypt Holidays', 60, 210);
    ctx.fillStyle = '#c98a3c';
    ctx.fillRect(0, 260, w, 620);
    ctx.fillStyle = '#ffffff';
    ctx.font = "72px 'Synthetic Sans Bold'";
    ctx.fillText('Nile cruises', 60, 600);
    ctx.font = "40px 'Synthetic Sans'";
    ctx.fillText('7 nights from £899', 60, 680);
    for (let card = 0; card < 4; card += 1) {
      const y = 940 + card * 390;
      ctx.fillStyle = '#f1f3f6';
      ctx.fillRect(40, y, w - 80, 350);
      ctx.fillStyle = '#111111';
      ctx.font = "44px 'Synthetic Sans Bold'";
      ctx.fillText(['Luxor and Aswan', 'Red Sea diving', 'Cairo city break', 'Desert safari'][card]!, 80, y + 80);
      ctx.font = "34px 'Synthetic Sans'";
      paragraphs(ctx, LOREM.slice(card * 60, card * 60 + 160), 80, y + 140, w - 160, 46, 1, y + 260);
      ctx.fillStyle = '#0b6efd';
      ctx.fillRect(80, y + 270, 260, 60);
      ctx.fillStyle = '#ffffff';
      ctx.fillText('Book now', 120, y + 312);
    }
  }).toBuffer('image/png');
}

/** A phone screenshot of a chat: speech bubbles left and right, short and long messages. */
function chatScreenshot(): Buffer {
  const messages = [
    'Did you get the visa yet?',
    'Not yet, the site wants a photo of my passport page',
    'Just take it by the window, no flash',
    'OK! Also what time is the flight on Friday? I think it was 09:40 from Heathrow terminal 5',
    'Yes 09:40. Taxi at 6',
    'Perfect, see you then',
    'Remember sunscreen and the adapter plugs',
  ];
  return drawn(1170, 2532, '#e5ddd5', (ctx, w) => {
    ctx.fillStyle = '#075e54';
    ctx.fillRect(0, 0, w, 220);
    ctx.fillStyle = '#ffffff';
    ctx.font = "48px 'Synthetic Sans Bold'";
    ctx.fillText('Sam', 160, 150);
    let y = 300;
    ctx.font = "40px 'Synthetic Sans'";
    messages.forEach((text, i) => {
      const lines = wrap(ctx, text, 700);
      const right = i % 2 === 1;
      const bubbleWidth = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 60;
      const x = right ? w - 60 - bubbleWidth : 60;
      ctx.fillStyle = right ? '#dcf8c6' : '#ffffff';
      ctx.fillRect(x, y, bubbleWidth, lines.length * 54 + 50);
      ctx.fillStyle = '#111111';
      lines.forEach((line, n) => ctx.fillText(line, x + 30, y + 62 + n * 54));
      y += lines.length * 54 + 110;
    });
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(30, 2360, w - 60, 110);
  }).toBuffer('image/png');
}

/** A desktop screenshot of a spreadsheet: a grid of thin rules, headers, numbers in every cell. */
function spreadsheetScreenshot(): Buffer {
  return drawn(1920, 1080, '#ffffff', (ctx, w, h) => {
    ctx.fillStyle = '#217346';
    ctx.fillRect(0, 0, w, 90);
    ctx.fillStyle = '#f3f3f3';
    ctx.fillRect(0, 90, w, 60);
    ctx.strokeStyle = '#d4d4d4';
    ctx.lineWidth = 1;
    for (let x = 60; x < w; x += 150) {
      ctx.beginPath();
      ctx.moveTo(x + 0.5, 150);
      ctx.lineTo(x + 0.5, h);
      ctx.stroke();
    }
    for (let y = 150; y < h; y += 32) {
      ctx.beginPath();
      ctx.moveTo(0, y + 0.5);
      ctx.lineTo(w, y + 0.5);
      ctx.stroke();
    }
    ctx.fillStyle = '#222222';
    ctx.font = "20px 'Synthetic Sans'";
    const random = randomFrom(31);
    for (let row = 1; row * 32 + 150 < h; row += 1) {
      ctx.fillText(String(row), 20, 150 + row * 32 - 8);
      for (let col = 0; col * 150 + 60 < w; col += 1) {
        const text = col === 0 ? `Booking ${1000 + row}` : (random() * 10_000).toFixed(2);
        ctx.fillText(text, 70 + col * 150, 150 + row * 32 - 8);
      }
    }
  }).toBuffer('image/png');
}

/** A screenshot of a terminal: light monospaced lines of log output on a dark background. */
function terminalScreenshot(): Buffer {
  return drawn(1920, 1080, '#1e1e1e', (ctx, _w, h) => {
    ctx.font = "22px 'Synthetic MRZ'";
    const random = randomFrom(47);
    for (let y = 40, n = 0; y < h - 20; y += 30, n += 1) {
      ctx.fillStyle = n % 7 === 3 ? '#e5c07b' : '#d4d4d4';
      const id = Math.floor(random() * 1e9)
        .toString(36)
        .toUpperCase();
      ctx.fillText(`2026-12-0${1 + (n % 9)}T10:${String(n % 60).padStart(2, '0')}:14Z INFO request ${id} GET /api/applications 200 ${Math.floor(random() * 90)}ms`, 20, y);
    }
  }).toBuffer('image/png');
}

/** A screenshot of an e-mail: header block, a booking reference in capitals, paragraphs, a footer. */
function emailScreenshot(): Buffer {
  return drawn(1440, 900, '#ffffff', (ctx, w) => {
    ctx.fillStyle = '#f6f8fc';
    ctx.fillRect(0, 0, 260, 900);
    ctx.fillStyle = '#222222';
    ctx.font = "30px 'Synthetic Sans Bold'";
    ctx.fillText('Your booking is confirmed', 300, 70);
    ctx.font = "20px 'Synthetic Sans'";
    ctx.fillText('From: bookings@example.com   To: you@example.com   4 Dec 2026, 10:12', 300, 110);
    ctx.font = "26px 'Synthetic MRZ'";
    ctx.fillText('BOOKING REF  KX7Q2M   PNR  LHRCAI0940', 300, 170);
    ctx.font = "22px 'Synthetic Sans'";
    paragraphs(ctx, LOREM, 300, 230, w - 360, 34, 3, 860);
  }).toBuffer('image/png');
}

/** A letter photographed at an angle on a wooden table, shadowed on one side. */
function photoOfLetter(): Buffer {
  const sheet = drawn(1654, 2339, '#fdfcf8', (ctx, w, h) => {
    ctx.fillStyle = '#151515';
    ctx.font = "48px 'Synthetic Sans Bold'";
    ctx.fillText('Your holiday in Egypt', 140, 220);
    ctx.font = "30px 'Synthetic Sans'";
    paragraphs(ctx, LOREM, 140, 320, w - 280, 44, 6, h - 160);
  });
  return photographed(sheet, 11, '#7b5a3c', 53);
}

/** A paperback's open spread: two pages of dense text either side of a shadowed gutter. */
function photoOfBook(): Buffer {
  const spread = drawn(2400, 1700, '#f3ecd9', (ctx, w, h) => {
    const gutter = ctx.createLinearGradient(w / 2 - 120, 0, w / 2 + 120, 0);
    gutter.addColorStop(0, 'rgba(0,0,0,0)');
    gutter.addColorStop(0.5, 'rgba(0,0,0,0.35)');
    gutter.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = '#1d1a16';
    ctx.font = "26px 'Synthetic Sans'";
    for (const x of [130, w / 2 + 110]) paragraphs(ctx, LOREM, x, 160, w / 2 - 240, 38, 8, h - 120);
    ctx.fillStyle = gutter;
    ctx.fillRect(w / 2 - 120, 0, 240, h);
  });
  return photographed(spread, -5, '#3a3f47', 59, true);
}

/** A newspaper page: a headline across and five narrow columns of small text. */
function photoOfNewspaper(): Buffer {
  const page = drawn(2000, 2800, '#e9e6df', (ctx, w, h) => {
    ctx.fillStyle = '#111111';
    ctx.font = "110px 'Synthetic Sans Bold'";
    ctx.fillText('THE DAILY NILE', 160, 170);
    ctx.fillRect(100, 200, w - 200, 6);
    ctx.font = "64px 'Synthetic Sans Bold'";
    ctx.fillText('Record season for Red Sea resorts', 100, 310);
    ctx.font = "22px 'Synthetic Sans'";
    const column = (w - 200 - 4 * 30) / 5;
    for (let c = 0; c < 5; c += 1) paragraphs(ctx, LOREM, 100 + c * (column + 30), 380, column, 30, 12, h - 100);
  });
  return photographed(page, 3, '#9a8f80', 61);
}

/** A bare wall, evenly painted, lit from a window on one side, with a light switch. */
function wall(): Buffer {
  const canvas = drawn(4032, 3024, '#d8cdb8', (ctx, w, h) => {
    const light = ctx.createRadialGradient(w * 0.2, h * 0.3, 100, w * 0.2, h * 0.3, w);
    light.addColorStop(0, 'rgba(255,250,235,0.5)');
    light.addColorStop(1, 'rgba(40,30,20,0.35)');
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#f2efe8';
    ctx.fillRect(w * 0.7, h * 0.45, 160, 240);
    ctx.fillStyle = '#d9d4c9';
    ctx.fillRect(w * 0.7 + 55, h * 0.45 + 60, 50, 120);
  });
  return jpeg(noisy(canvas, 67, 22), 80);
}

/** A dim shot of a white wall (indoors, evening): dark, noisy, a faint skirting board. */
function dimWall(): Buffer {
  const canvas = drawn(3024, 4032, '#5a5853', (ctx, w, h) => {
    ctx.fillStyle = '#3f3d39';
    ctx.fillRect(0, h * 0.9, w, h * 0.1);
    ctx.fillStyle = '#6a6863';
    ctx.fillRect(0, h * 0.88, w, 30);
  });
  return jpeg(noisy(canvas, 71, 40), 75);
}

/** An ID card's back (no machine-readable zone): a magnetic stripe, an address block, a signature strip, a barcode; on a desk. */
function idCardBack(): Buffer {
  const card = drawn(1712, 1080, '#dfe9f2', (ctx, w) => {
    ctx.fillStyle = '#1a1a1a';
    ctx.fillRect(0, 90, w, 170);
    ctx.fillStyle = '#f7f7f2';
    ctx.fillRect(80, 320, 900, 110);
    ctx.fillStyle = '#222222';
    ctx.font = "34px 'Synthetic Sans'";
    ['Address: 12 Harbour Road, Portsmouth PO1 3AB', 'Height 172 cm    Eyes BROWN', 'Issued 04.06.2021  Authority: City Council'].forEach((line, i) => ctx.fillText(line, 80, 500 + i * 60));
    ctx.font = "26px 'Synthetic Sans'";
    ctx.fillText("Holder's signature", 90, 310);
    const random = randomFrom(73);
    for (let x = 1080; x < 1620;) {
      const bar = 3 + Math.floor(random() * 9);
      ctx.fillRect(x, 700, bar, 260);
      x += bar + 3 + Math.floor(random() * 8);
    }
  });
  return photographed(card, -8, '#6d6a64', 79, true);
}

/** A driving licence's back: a table of vehicle categories, dates and codes in thin ruled rows. */
function licenceBack(): Buffer {
  const card = drawn(1712, 1080, '#f4e9ee', (ctx, w, h) => {
    ctx.strokeStyle = '#7a6670';
    ctx.lineWidth = 2;
    ctx.fillStyle = '#2a2a2a';
    ctx.font = "30px 'Synthetic Sans'";
    ['AM', 'A1', 'A2', 'A', 'B1', 'B', 'BE', 'C1', 'C', 'D1', 'D'].forEach((category, i) => {
      const y = 80 + i * 82;
      ctx.beginPath();
      ctx.moveTo(60, y + 20);
      ctx.lineTo(w - 60, y + 20);
      ctx.stroke();
      ctx.fillText(category, 80, y + 70);
      if (i % 3 !== 2) ctx.fillText(`01.0${1 + (i % 8)}.2015   31.12.2035   78 01.06`, 300, y + 70);
    });
    ctx.beginPath();
    ctx.moveTo(240, 100);
    ctx.lineTo(240, h - 80);
    ctx.stroke();
  });
  return photographed(card, 6, '#2f3b46', 83, true);
}

/** A printed boarding pass: airline header, name, flight, gate, seat, and a 2-D barcode. */
function boardingPass(): Buffer {
  const pass = drawn(2400, 1000, '#ffffff', (ctx, w) => {
    ctx.fillStyle = '#9b1c31';
    ctx.fillRect(0, 0, w, 140);
    ctx.fillStyle = '#ffffff';
    ctx.font = "70px 'Synthetic Sans Bold'";
    ctx.fillText('BOARDING PASS', 60, 100);
    ctx.fillStyle = '#111111';
    ctx.font = "40px 'Synthetic Sans'";
    ['NAME  SMITH/ALICE MS', 'FROM  LONDON HEATHROW LHR', 'TO  CAIRO CAI', 'FLIGHT  MS778   DATE  04DEC   GATE  B42   SEAT  23A'].forEach((line, i) => ctx.fillText(line, 60, 240 + i * 90));
    const random = randomFrom(89);
    for (let y = 220; y < 880; y += 12) for (let x = 1800; x < 2300; x += 12) if (random() > 0.5) ctx.fillRect(x, y, 12, 12);
  });
  return photographed(pass, -3, '#c9c2b5', 97, true);
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
    { name: 'screenshot: website', body: websiteScreenshot(), type: 'image/png' },
    { name: 'screenshot: chat', body: chatScreenshot(), type: 'image/png' },
    { name: 'screenshot: spreadsheet', body: spreadsheetScreenshot(), type: 'image/png' },
    { name: 'screenshot: terminal', body: terminalScreenshot(), type: 'image/png' },
    { name: 'screenshot: e-mail', body: emailScreenshot(), type: 'image/png' },
    { name: 'photo of a letter', body: photoOfLetter(), type: 'image/jpeg' },
    { name: 'photo of a book', body: photoOfBook(), type: 'image/jpeg' },
    { name: 'photo of a newspaper', body: photoOfNewspaper(), type: 'image/jpeg' },
    { name: 'blank wall', body: wall(), type: 'image/jpeg' },
    { name: 'dim wall', body: dimWall(), type: 'image/jpeg' },
    { name: 'ID card back', body: idCardBack(), type: 'image/jpeg' },
    { name: 'driving licence back', body: licenceBack(), type: 'image/jpeg' },
    { name: 'boarding pass', body: boardingPass(), type: 'image/jpeg' },
  ];
}
