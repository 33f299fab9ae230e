/**
 * Writes training lines for tesseract: <out>/mrz_<n>.png, the text in .gt.txt and a WordStr .box
 * covering the whole image (what `tesseract … lstm.train` needs to make an .lstmf).
 *   node --import tsx scripts/mrz-model/generate.ts <out-dir> <first> <count> [seed]
 * The seed makes a run reproducible; two processes with different <first> share the work.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomLine } from './mrz-text.js';
import { renderLine } from './render-line.js';

/** mulberry32: small, fast, seedable. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const [outDir, firstArg, countArg, seedArg] = process.argv.slice(2);
if (!outDir || !countArg) {
  console.error('usage: generate.ts <out-dir> <first> <count> [seed]');
  process.exit(2);
}
const first = Number(firstArg);
const count = Number(countArg);
mkdirSync(outDir, { recursive: true });
for (let n = first; n < first + count; n += 1) {
  const random = seeded(Number(seedArg ?? 9303) * 1_000_003 + n);
  const text = randomLine(random);
  const { png, width, height } = await renderLine(text, random);
  const base = path.join(outDir, `mrz_${String(n).padStart(6, '0')}`);
  writeFileSync(`${base}.png`, png);
  writeFileSync(`${base}.gt.txt`, `${text}\n`);
  writeFileSync(`${base}.box`, `WordStr 0 0 ${width} ${height} 0 #${text}\n\t 0 0 ${width} ${height} 0\n`);
}
