/**
 * One line of text in a PDF in any of the product's languages (docs/decisions/0037): Latin text in
 * the standard Helvetica fonts (nothing embedded, so an English receipt stays a few KB), Arabic in
 * Noto Naskh Arabic, embedded as a subset. fontkit (pdf-lib's font engine) lays an Arabic run out:
 * its letters joined (initial, medial and final forms, the lam-alef ligature), right to left, marks
 * over their letters. Which run of a mixed line goes where is the Unicode bidirectional algorithm's
 * (bidi-js), done here: a name, an email, a number or '£10.00' inside an Arabic sentence reads as it
 * should, and the runs are written in reading order, so text copied out of the PDF reads in order.
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
import {
  beginText,
  concatTransformationMatrix,
  endText,
  PDFHexString,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  StandardFonts,
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

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
/** Naskh's letters are smaller than Helvetica's at one size: Arabic is drawn this much larger, so a mixed line reads even. */
const ARABIC_SCALE = 1.1;

/** The explicit direction marks ('\u200f' in an Arabic amount, the isolates around values): they steer the order and are not drawn. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** Whether any of the values has Arabic letters (a document in another language embeds the Arabic font only then). */
/** Where a line is drawn: from the reading side's margin, `from` points in; or at the far side (`end`), for a value. */
export function linePlace(rtl: boolean, left: number, width: number, from: number, end: boolean): { x: number; align: 'left' | 'right' } {
  if (end) return rtl ? { x: left, align: 'left' } : { x: left + width, align: 'right' };
  return rtl ? { x: left + width - from, align: 'right' } : { x: left + from, align: 'left' };
}

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
  size: number;
  /**
   * A bracket in right-to-left text, whose mirror image is drawn ('(' reads as ')'): the character
   * written stays in the PDF, so a copy of the text has the bracket that was written.
   */
  turned: boolean;
  /** Where the run starts in the line's own (logical) order: runs are written to the PDF in that order, so text copied out of it reads in order. */
  logicalStart: number;
  /** Its position from the line's left edge, once measured. */
  offset: number;
  width: number;
}

/** Lines of text drawn and measured in the fonts of one PDF document. */
export class PdfText {
  private readonly characterSets = new Map<PDFFont, Set<number>>();
  private readonly fixedGlyphs = new WeakSet<Glyph>();

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

  width(text: string, size: number, options: { weight?: Weight; direction?: Direction } = {}): number {
    return this.runs(text, size, options.weight ?? 'regular', options.direction ?? 'auto').reduce((sum, run) => sum + run.width, 0);
  }

  draw(page: PDFPage, text: string, options: DrawOptions): void {
    const size = options.size ?? 10;
    const runs = this.runs(text, size, options.weight ?? 'regular', options.direction ?? 'auto');
    const width = runs.reduce((sum, run) => sum + run.width, 0);
    const left = options.align === 'right' ? options.x - width : options.x;
    for (const run of [...runs].sort((a, b) => a.logicalStart - b.logicalStart)) {
      const x = left + run.offset;
      // Reflected about the run's own middle.
      if (run.turned) page.pushOperators(pushGraphicsState(), concatTransformationMatrix(-1, 0, 0, 1, 2 * x + run.width, 0));
      if (this.arabic && (run.font === this.arabic.regular || run.font === this.arabic.bold)) this.drawPositioned(page, run, x, options.y, options.color);
      else page.drawText(run.text, { x, y: options.y, size: run.size, font: run.font, ...(options.color ? { color: options.color } : {}) });
      if (run.turned) page.pushOperators(popGraphicsState());
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
      return safe ? [{ text: safe, font: latin, size, turned: false, logicalStart: 0, offset: 0, width: latin.widthOfTextAtSize(safe, size) }] : [];
    }
    const levels = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
    const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
    const order = bidi.getReorderedIndices(text, levels);
    const isRtl = (index: number) => (levels.levels[index]! & 1) === 1;

    // Each character's font, chosen in reading order (a stop after an Arabic word goes with the word).
    const fonts: (PDFFont | null)[] = [];
    let previous: { font: PDFFont; rtl: boolean } | null = null;
    for (let index = 0; index < text.length; index++) {
      const ch = text[index]!;
      if (BIDI_CONTROL.test(ch) || (ch >= '\udc00' && ch <= '\udfff')) {
        fonts.push(null);
        continue;
      }
      const rtl = isRtl(index);
      const font = this.fontFor(ch, rtl, previous?.rtl === rtl ? previous.font : null, latin, arabic);
      fonts.push(font);
      previous = { font, rtl };
    }
    // Visual groups: consecutive characters of one font and one direction; a bracket turned for right to left on its own.
    const groups: { font: PDFFont; rtl: boolean; turned: boolean; indices: number[] }[] = [];
    for (const index of order) {
      const font = fonts[index];
      if (!font) continue;
      const rtl = isRtl(index);
      const turned = mirrored.has(index);
      const last = groups[groups.length - 1];
      if (last && !turned && !last.turned && last.font === font && last.rtl === rtl) last.indices.push(index);
      else groups.push({ font, rtl, turned, indices: [index] });
    }

    const runs: Run[] = [];
    let offset = 0;
    for (const group of groups) {
      // An Arabic run goes to fontkit in reading order: it joins the letters and lays them right to left itself.
      const shaped = group.font === arabic && group.rtl && group.indices.some((i) => ARABIC.test(text[i]!));
      const indices = shaped ? [...group.indices].reverse() : group.indices;
      let runText = indices.map((i) => String.fromCodePoint(text.codePointAt(i)!)).join('');
      if (group.font !== arabic) runText = this.encodable(group.font, runText);
      else if (shaped) this.copyLigaturesAsWritten(group.font, runText);
      if (!runText) continue;
      const runSize = group.font === arabic ? size * ARABIC_SCALE : size;
      const width = group.font === arabic ? this.layout(group.font, runText, runSize).width : group.font.widthOfTextAtSize(runText, runSize);
      runs.push({ text: runText, font: group.font, size: runSize, turned: group.turned, logicalStart: Math.min(...group.indices), offset, width });
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

  /** fontkit's layout of an Arabic run: each glyph where it goes (marks over their letters), in points. */
  private layout(font: PDFFont, run: string, size: number): { glyphs: { x: number; y: number; placed: boolean }[]; width: number } {
    const fontkitFont = fontkitOf(font);
    const scale = size / fontkitFont.unitsPerEm;
    const { glyphs, positions } = fontkitFont.layout(run);
    let pen = 0;
    const placed = glyphs.map((glyph, i) => {
      const p = positions[i]!;
      const at = { x: (pen + p.xOffset) * scale, y: p.yOffset * scale, placed: p.xOffset !== 0 || p.yOffset !== 0 || p.xAdvance !== glyph.advanceWidth };
      pen += p.xAdvance;
      return at;
    });
    return { glyphs: placed, width: pen * scale };
  }

  /**
   * An Arabic run as fontkit laid it out. pdf-lib's drawText would set its glyphs one after the
   * other by their advance widths and lose the positioning (GPOS) that puts a mark — a shadda, a
   * tanween — over its letter; here a glyph fontkit moved is set where it goes, the others follow
   * each other as usual.
   */
  private drawPositioned(page: PDFPage, run: Run, x: number, y: number, color: Color | undefined): void {
    const codes = run.font.encodeText(run.text).asString().match(/.{4}/g) ?? [];
    const { glyphs } = this.layout(run.font, run.text, run.size);
    const fontKey = page.node.newFontDictionary(run.font.name, run.font.ref);
    const operators = [pushGraphicsState(), ...(color ? [setFillingColor(color)] : []), beginText(), setFontAndSize(fontKey, run.size)];
    let pending = '';
    let moved = true;
    codes.forEach((code, i) => {
      const glyph = glyphs[i] ?? { x: 0, y: 0, placed: false };
      if (glyph.placed || moved) {
        if (pending) operators.push(showText(PDFHexString.of(pending)));
        pending = '';
        operators.push(setTextMatrix(1, 0, 0, 1, x + glyph.x, y + glyph.y));
      }
      pending += code;
      // After a moved glyph, the next one is set at its own place again.
      moved = glyph.placed;
    });
    if (pending) operators.push(showText(PDFHexString.of(pending)));
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
  }

  /**
   * A ligature glyph (lam-alef: 'لا') stands for two letters. pdf-lib maps it back to them in reading
   * order, but PDF readers (pdf.js, poppler) take the glyphs of a right-to-left run in drawing order
   * and reverse the whole run, so they would copy 'ال'. Mapped in drawing order, it copies as
   * written. pdf-lib writes the map from fontkit's glyphs, one object per glyph id: fixed once, fixed
   * for the document.
   */
  private copyLigaturesAsWritten(font: PDFFont, logical: string): void {
    for (const glyph of fontkitOf(font).layout(logical).glyphs) {
      if (glyph.codePoints.length > 1 && !this.fixedGlyphs.has(glyph) && ARABIC.test(String.fromCodePoint(glyph.codePoints[0]!))) {
        glyph.codePoints = [...glyph.codePoints].reverse();
        this.fixedGlyphs.add(glyph);
      }
    }
  }
}

/** The fontkit font pdf-lib embedded (the same object it lays the font's text out with). */
function fontkitOf(font: PDFFont): FontkitFont {
  return (font as unknown as { embedder: { font: FontkitFont } }).embedder.font;
}
