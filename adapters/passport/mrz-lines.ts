import type { OcrLine } from './ocr.js';
import { TD3_LINE_LENGTH } from './mrz-text.js';
import type { LineRead } from './mrz-vote.js';

/**
 * A cut-out line's characters put in their columns by where the zone line was found to begin and
 * end (`span`, x in the image read): the 44 columns share that span evenly, characters outside it
 * (a border, a pattern, print beside the zone) are dropped, and each column takes the most
 * confident character whose centre falls in it. OCR-B's characters are about 0.8 of the pitch wide.
 */
export function toLineRead(line: OcrLine, span: { x0: number; x1: number }): LineRead {
  const symbols = line.symbols.filter((s) => s.text.trim() !== '').map((s) => ({ ...s, text: s.text.trim()[0]! }));
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
