import type { Box, OcrLine } from './ocr.js';
import { TD3_LINE_LENGTH } from './mrz-text.js';
import type { LineRead } from './mrz-vote.js';

/** Two OCR lines that look like a passport's MRZ, and the box around them. */
export interface MrzCandidate {
  lines: [OcrLine, OcrLine];
  box: Box;
}

const compact = (text: string) => text.replace(/\s+/g, '');

/** Line 1 of a TD3 zone: about 44 characters, with '<<' between surname and given names. */
function looksLikeLine1(text: string): boolean {
  return Math.abs(text.length - TD3_LINE_LENGTH) <= 8 && text.includes('<<');
}

/** Line 2: about 44 characters, mostly digits where the dates stand. */
function looksLikeLine2(text: string): boolean {
  return Math.abs(text.length - TD3_LINE_LENGTH) <= 8 && (text.match(/\d/g)?.length ?? 0) >= 10;
}

function union(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/**
 * The pair of consecutive lines (line 2 below line 1) that best looks like a TD3 zone, or null.
 * Either line alone may be enough to find the zone: the band around it is read again.
 */
export function findMrzCandidate(lines: readonly OcrLine[]): MrzCandidate | null {
  const sorted = [...lines].filter((l) => compact(l.text).length >= 20).sort((a, b) => a.box.y0 - b.box.y0);
  let best: { candidate: MrzCandidate; score: number } | null = null;
  for (let i = 0; i + 1 < sorted.length; i += 1) {
    const [first, second] = [sorted[i]!, sorted[i + 1]!];
    const [t1, t2] = [compact(first.text), compact(second.text)];
    const score = (looksLikeLine1(t1) ? 2 : 0) + (looksLikeLine2(t2) ? 2 : 0) - (Math.abs(t1.length - 44) + Math.abs(t2.length - 44)) / 44;
    if (score < 2) continue;
    if (!best || score > best.score) best = { candidate: { lines: [first, second], box: union(first.box, second.box) }, score };
  }
  return best?.candidate ?? null;
}

/**
 * A line's 44 characters, each with its confidence. Tesseract's characters are taken as they are
 * when there are 44; otherwise (a character dropped, split or added) each is put in its column:
 * OCR-B is monospaced, so the column is the distance from the first character divided by the
 * pitch (the median distance between neighbours). Columns nothing was read in are filler '<'
 * with no confidence.
 */
export function toLineRead(line: OcrLine, span?: { x0: number; x1: number }): LineRead {
  const symbols = line.symbols.filter((s) => s.text.trim() !== '').map((s) => ({ ...s, text: s.text.trim()[0]! }));
  if (span) return inSpan(symbols, span);
  if (symbols.length === TD3_LINE_LENGTH) return { text: symbols.map((s) => s.text).join(''), confidences: symbols.map((s) => s.confidence) };
  if (symbols.length < 10) {
    const text = compact(line.text).slice(0, TD3_LINE_LENGTH).padEnd(TD3_LINE_LENGTH, '<');
    return { text, confidences: Array.from(text, () => 0) };
  }
  const centre = (s: (typeof symbols)[number]) => (s.box.x0 + s.box.x1) / 2;
  const steps = symbols
    .slice(1)
    .map((s, i) => centre(s) - centre(symbols[i]!))
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  const pitch = steps[Math.floor(steps.length / 2)] ?? 1;
  const columns: { ch: string; confidence: number }[] = Array.from({ length: TD3_LINE_LENGTH }, () => ({ ch: '<', confidence: 0 }));
  const taken = Array.from({ length: TD3_LINE_LENGTH }, () => false);
  const origin = centre(symbols[0]!);
  for (const symbol of symbols) {
    const column = Math.round((centre(symbol) - origin) / pitch);
    if (column < 0 || column >= TD3_LINE_LENGTH) continue;
    if (!taken[column] || symbol.confidence > columns[column]!.confidence) columns[column] = { ch: symbol.text, confidence: symbol.confidence };
    taken[column] = true;
  }
  return { text: columns.map((c) => c.ch).join(''), confidences: columns.map((c) => c.confidence) };
}

/**
 * A cut-out line's characters put in their columns by where the zone line was found to begin and
 * end (`span`, x in the image read): the 44 columns share that span evenly, characters outside it
 * (a border, a pattern, print beside the zone) are dropped, and each column takes the most
 * confident character whose centre falls in it. OCR-B's characters are about 0.8 of the pitch wide.
 */
function inSpan(symbols: readonly { text: string; confidence: number; box: Box }[], span: { x0: number; x1: number }): LineRead {
  const pitch = (span.x1 - span.x0) / (TD3_LINE_LENGTH - 0.2);
  const origin = span.x0 + pitch * 0.4;
  const columns: { ch: string; confidence: number }[] = Array.from({ length: TD3_LINE_LENGTH }, () => ({ ch: '<', confidence: 0 }));
  const taken = Array.from({ length: TD3_LINE_LENGTH }, () => false);
  const inside = symbols.filter((s) => {
    const c = (s.box.x0 + s.box.x1) / 2;
    return c > span.x0 - pitch * 0.3 && c < span.x1 + pitch * 0.3;
  });
  if (inside.length === TD3_LINE_LENGTH) return { text: inside.map((s) => s.text).join(''), confidences: inside.map((s) => s.confidence) };
  for (const symbol of inside) {
    const column = Math.max(0, Math.min(TD3_LINE_LENGTH - 1, Math.round(((symbol.box.x0 + symbol.box.x1) / 2 - origin) / pitch)));
    if (!taken[column] || symbol.confidence > columns[column]!.confidence) columns[column] = { ch: symbol.text, confidence: symbol.confidence };
    taken[column] = true;
  }
  return { text: columns.map((c) => c.ch).join(''), confidences: columns.map((c) => c.confidence) };
}
