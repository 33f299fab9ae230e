/**
 * One line of text in a PDF in any of the product's languages (docs/decisions/0037): Latin text in
 * the standard Helvetica fonts (nothing embedded, so an English receipt stays a few KB), Arabic in
 * Noto Naskh Arabic, embedded as a subset. pdf-lib lays a custom font's text out with fontkit, which
 * joins Arabic letters (their initial, medial and final forms, the lam-alef ligature) and puts an
 * Arabic run's glyphs right to left; which run of a mixed line goes where is the Unicode
 * bidirectional algorithm's (bidi-js), done here: a name, an email, a number or '£10.00' inside an
 * Arabic sentence reads as it should.
 *
 * Why Noto Naskh Arabic from @embedpdf/fonts-arabic and not @fontsource/noto-sans-arabic: fontsource
 * ships only WOFF/WOFF2, and fontkit's subsetter drops most glyphs of a WOFF font (the page shows a
 * few stray letters); Noto Sans Arabic's TTF also splits letters into skeleton and dots, whose
 * glyphs map to no character, so the text copied out of the PDF has holes. Naskh's TTF does neither.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { Font as FontkitFont, Glyph } from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { StandardFonts, type Color, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

export type Weight = 'regular' | 'bold';
/** A line's base direction; 'auto' takes it from its first strong letter (a value: a name, an email). */
export type Direction = 'ltr' | 'rtl' | 'auto';

export interface DrawOptions {
  x: number;
  y: number;
  size?: number;
  weight?: Weight;
  color?: Color;
  /** 'right': `x` is where the line ends. */
  align?: 'left' | 'right';
  direction?: Direction;
}

const bidi = bidiFactory();

/** The explicit direction marks ('\u200f' in an Arabic amount, the isolates around values): they steer the order and are not drawn. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** Whether any of the values has Arabic letters (a document in another language embeds the Arabic font only then). */
export function hasArabic(...values: (string | null | undefined)[]): boolean {
  return values.some((v) => !!v && ARABIC.test(v));
}

/**
 * A value isolated inside a translated sentence (FSI … PDI), as `<bdi>` does in a page: an email or
 * a Latin name in an Arabic sentence keeps its own order and does not pull the words around it.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}

let naskh: Record<Weight, Uint8Array> | undefined;
function naskhBytes(): Record<Weight, Uint8Array> {
  if (!naskh) {
    const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-arabic')), '..', 'fonts');
    naskh = { regular: readFileSync(path.join(fonts, 'NotoNaskhArabic-Regular.ttf')), bold: readFileSync(path.join(fonts, 'NotoNaskhArabic-Bold.ttf')) };
  }
  return naskh;
}

interface Run {
  text: string;
  font: PDFFont;
  /** Where the run starts in the line's own (logical) order: runs are written to the PDF in that order, so text copied out of it reads in order. */
  logicalStart: number;
  /** Its position from the line's left edge, once measured. */
  offset: number;
  width: number;
}

/** Lines of text drawn and measured in the fonts of one PDF document. */
export class PdfText {
  private readonly characterSets = new Map<PDFFont, Set<number>>();
  private readonly fixedLigatures = new WeakSet<Glyph>();

  private constructor(
    private readonly latin: Record<Weight, PDFFont>,
    private readonly arabic: Record<Weight, PDFFont> | null,
  ) {}

  /** Embeds the fonts: Helvetica always, the Arabic font when `arabic` (an Arabic document, or Arabic in its data). */
  static async embed(pdf: PDFDocument, options: { arabic: boolean }): Promise<PdfText> {
    const latin = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
    if (!options.arabic) return new PdfText(latin, null);
    pdf.registerFontkit(fontkit);
    const bytes = naskhBytes();
    const arabic = { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
    return new PdfText(latin, arabic);
  }

  /** The Helvetica font of a weight (for text known to be Latin). */
  latinFont(weight: Weight = 'regular'): PDFFont {
    return this.latin[weight];
  }

  width(text: string, size: number, options: { weight?: Weight; direction?: Direction } = {}): number {
    return this.runs(text, size, options.weight ?? 'regular', options.direction ?? 'auto').reduce((sum, run) => sum + run.width, 0);
  }

  draw(page: PDFPage, text: string, options: DrawOptions): void {
    const size = options.size ?? 10;
    const runs = this.runs(text, size, options.weight ?? 'regular', options.direction ?? 'auto');
    const width = runs.reduce((sum, run) => sum + run.width, 0);
    const left = options.align === 'right' ? options.x - width : options.x;
    for (const run of [...runs].sort((a, b) => a.logicalStart - b.logicalStart)) {
      page.drawText(run.text, { x: left + run.offset, y: options.y, size, font: run.font, ...(options.color ? { color: options.color } : {}) });
    }
  }

  /** The text cut (with '…') to fit `maxWidth`, whole when it fits. */
  truncate(text: string, size: number, maxWidth: number, options: { weight?: Weight; direction?: Direction } = {}): string {
    if (this.width(text, size, options) <= maxWidth) return text;
    const chars = [...text];
    while (chars.length > 1 && this.width(`${chars.join('')}…`, size, options) > maxWidth) chars.pop();
    return `${chars.join('').trimEnd()}…`;
  }

  /** Lines of at most `maxWidth` points, broken at spaces (and at the text's own line breaks). */
  wrap(text: string, size: number, maxWidth: number, options: { weight?: Weight; direction?: Direction } = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n?|\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (!line || this.width(candidate, size, options) <= maxWidth) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      if (line) lines.push(line);
    }
    return lines;
  }

  /** The line cut into runs of one font and one direction, in visual order (left to right), measured. */
  private runs(text: string, size: number, weight: Weight, direction: Direction): Run[] {
    const latin = this.latin[weight];
    const arabic = this.arabic?.[weight] ?? null;
    // Latin text alone, read left to right: one run, as it always was drawn.
    if (direction !== 'rtl' && !/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u061c\u200f\u202b\u202e\u2067]/.test(text)) {
      const safe = this.encodable(latin, text.replace(new RegExp(BIDI_CONTROL.source, 'g'), ''));
      return safe ? [{ text: safe, font: latin, logicalStart: 0, offset: 0, width: latin.widthOfTextAtSize(safe, size) }] : [];
    }
    const levels = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
    const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
    const order = bidi.getReorderedIndices(text, levels);

    // Each character's font, chosen in reading order (a stop after an Arabic word goes with the word).
    const fonts: (PDFFont | null)[] = [];
    let previous: { font: PDFFont; rtl: boolean } | null = null;
    for (let index = 0; index < text.length; index++) {
      const ch = mirrored.get(index) ?? text[index]!;
      if (BIDI_CONTROL.test(ch) || (ch >= '\udc00' && ch <= '\udfff')) {
        fonts.push(null);
        continue;
      }
      const rtl = (levels.levels[index]! & 1) === 1;
      const font = this.fontFor(ch, rtl, previous?.rtl === rtl ? previous.font : null, latin, arabic);
      fonts.push(font);
      previous = { font, rtl };
    }
    // Visual groups: consecutive characters of one font and one direction.
    const groups: { font: PDFFont; rtl: boolean; indices: number[] }[] = [];
    for (const index of order) {
      const font = fonts[index];
      if (!font) continue;
      const rtl = (levels.levels[index]! & 1) === 1;
      const last = groups[groups.length - 1];
      if (last && last.font === font && last.rtl === rtl) last.indices.push(index);
      else groups.push({ font, rtl, indices: [index] });
    }

    const runs: Run[] = [];
    let offset = 0;
    for (const group of groups) {
      // An Arabic run goes to fontkit in reading order: it joins the letters and lays them right to left itself.
      const shaped = group.font === arabic && group.rtl && group.indices.some((i) => ARABIC.test(text[i]!));
      const indices = shaped ? [...group.indices].reverse() : group.indices;
      const chars = indices.map((i) => {
        const code = text.codePointAt(i)!;
        return mirrored.get(i) ?? String.fromCodePoint(code);
      });
      let runText = chars.join('');
      if (group.font !== arabic) runText = this.encodable(group.font, runText);
      else if (shaped) this.copyLigaturesInVisualOrder(group.font, runText);
      if (!runText) continue;
      const width = group.font.widthOfTextAtSize(runText, size);
      runs.push({ text: runText, font: group.font, logicalStart: Math.min(...group.indices), offset, width });
      offset += width;
    }
    return runs;
  }

  private fontFor(ch: string, rtl: boolean, previous: PDFFont | null, latin: PDFFont, arabic: PDFFont | null): PDFFont {
    if (!arabic) return latin;
    if (ARABIC.test(ch)) return arabic;
    // A space or a stop between Arabic words stays in the Arabic run: fewer, longer runs.
    if (rtl && previous === arabic && /[\s\p{P}]/u.test(ch) && this.has(arabic, ch)) return arabic;
    if (this.has(latin, ch)) return latin;
    return this.has(arabic, ch) ? arabic : latin;
  }

  private has(font: PDFFont, ch: string): boolean {
    let set = this.characterSets.get(font);
    if (!set) this.characterSets.set(font, (set = new Set(font.getCharacterSet())));
    return set.has(ch.codePointAt(0)!);
  }

  /** The text as a standard font can draw it: characters outside its encoding become their base letter or '?'. */
  private encodable(font: PDFFont, value: string): string {
    let out = '';
    for (const ch of value) {
      if (this.has(font, ch)) out += ch;
      else {
        const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        out += base && [...base].every((c) => this.has(font, c)) ? base : '?';
      }
    }
    return out;
  }

  /**
   * A ligature glyph (lam-alef: 'لا') stands for two letters. pdf-lib maps it back to them in reading
   * order, but PDF readers (pdf.js, poppler) take the glyphs of a right-to-left line in drawing order
   * and reverse the whole line, so they would copy 'ال'. Mapped in drawing order, it copies as written.
   * fontkit keeps one glyph object per glyph id, the one pdf-lib writes the map from.
   */
  private copyLigaturesInVisualOrder(font: PDFFont, logical: string): void {
    const fontkitFont = (font as unknown as { embedder: { font: FontkitFont } }).embedder.font;
    for (const glyph of fontkitFont.layout(logical).glyphs) {
      if (glyph.codePoints.length > 1 && !this.fixedLigatures.has(glyph) && ARABIC.test(String.fromCodePoint(glyph.codePoints[0]!))) {
        glyph.codePoints = [...glyph.codePoints].reverse();
        this.fixedLigatures.add(glyph);
      }
    }
  }
}
