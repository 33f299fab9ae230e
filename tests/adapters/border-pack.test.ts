import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfBorderPackRenderer, VISA_ATTACHED_SEPARATELY } from '../../adapters/border-pack/pdf-border-pack-renderer.js';
import { pdfText } from '../support/pdf-text.js';
import { BORDER_PACK_FACTS } from '../support/border-pack-facts.js';

const FACTS = BORDER_PACK_FACTS;

async function visaPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('ARAB REPUBLIC OF EGYPT ELECTRONIC VISA 7733', { x: 60, y: 700, size: 14, font });
  doc.addPage([595, 842]).drawText('SECOND PAGE TERMS', { x: 60, y: 700, size: 14, font });
  return doc.save();
}

const image = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    [format]()
    .toBuffer();

async function pages(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

describe('PdfBorderPackRenderer', () => {
  const renderer = new PdfBorderPackRenderer();

  it('prints the application number, passport number, validity, hotel and agency contact on one A4 page', async () => {
    const pdf = await renderer.render(FACTS, null);
    expect(await pages(pdf)).toBe(1);
    const { width, height } = (await PDFDocument.load(pdf)).getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = await pdfText(pdf);
    for (const expected of [
      'EV-2611-000042',
      'P12345678',
      'Amira Hassan',
      'Steigenberger Hotel, Corniche El Nil Street, Luxor',
      'Booking reference ABC123',
      'help@nilegate.example',
      'https://visa.nilegate.example',
      'Valid for 90 days from issue (until about 23 February 2027), for a stay of up to 30 days.',
      'Single-entry tourist e-visa, issued Wednesday 25 November 2026.',
      'Your planned stay: Sunday 20 December 2026 to Sunday 3 January 2027.',
    ]) {
      expect(text).toContain(expected);
    }
    // No visa given: the page says where it is.
    expect(text.replace(/\n/g, ' ')).toContain('it is attached separately');
  });

  it('embeds a PDF visa’s first page (its text is on the pack; the second page is not)', async () => {
    const pdf = await renderer.render(FACTS, { contentType: 'application/pdf', bytes: await visaPdf() });
    expect(await pages(pdf)).toBe(1);
    const text = await pdfText(pdf);
    expect(text).toContain('ARAB REPUBLIC OF EGYPT ELECTRONIC VISA 7733');
    expect(text).not.toContain('SECOND PAGE TERMS');
    expect(text).not.toContain('attached separately');
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype\s*\/Form/);
  });

  it.each(['png', 'jpeg'] as const)('draws a %s visa as an image', async (format) => {
    const pdf = await renderer.render(FACTS, { contentType: `image/${format}`, bytes: await image(format) });
    expect(await pages(pdf)).toBe(1);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(await pdfText(pdf)).not.toContain('attached separately');
  });

  it.each([
    ['a truncated PDF', 'application/pdf', async () => (await visaPdf()).slice(0, 200)],
    ['garbage named a PDF', 'application/pdf', async () => new TextEncoder().encode('%PDF-1.7\n' + '\u0000\u00ff'.repeat(500))],
    ['a PDF with no pages', 'application/pdf', async () => (await PDFDocument.create()).save()],
    ['a broken PNG', 'image/png', async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3])],
    ['a broken JPEG', 'image/jpeg', async () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
    ['a file of another type', 'image/gif', async () => new TextEncoder().encode('GIF89a')],
  ])('%s still yields the pack, without the visa and saying it is attached separately', async (_name, contentType, bytes) => {
    const pdf = await renderer.render(FACTS, { contentType, bytes: await bytes() });
    expect(await pages(pdf)).toBe(1);
    const text = (await pdfText(pdf)).replace(/\n/g, ' ');
    expect(text).toContain('EV-2611-000042');
    expect(text).toContain(VISA_ATTACHED_SEPARATELY.slice(0, 40));
  });
});
