import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/** A line of text tesseract found, with where it is and each character's box. */
export interface OcrLine {
  text: string;
  confidence: number;
  box: Box;
  symbols: { text: string; confidence: number; box: Box }[];
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A grayscale image, one byte per pixel, row by row. */
export interface GrayImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The MRZ alphabet (OCR-B's A–Z, 0–9 and the filler '<'): tesseract may answer nothing else. */
const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

const engDir = path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json'));

/**
 * Tesseract's engines: 'mrz', this project's own LSTM model trained on OCR-B MRZ lines only
 * (tessdata/mrz.traineddata, rebuilt by scripts/mrz-model/train.sh), and 'lstm', tesseract's
 * English LSTM (4.0.0_best_int, installed from the npm registry as @tesseract.js-data/eng), which
 * was not trained on OCR-B (it confuses M/H/W and 0/O there) and gives only a second opinion.
 */
export type OcrEngine = 'lstm' | 'mrz';
const ENGINES: Record<OcrEngine, { lang: string; oem: OEM; langPath: string; gzip: boolean }> = {
  lstm: { lang: 'eng', oem: OEM.LSTM_ONLY, langPath: path.join(engDir, '4.0.0_best_int'), gzip: true },
  mrz: { lang: 'mrz', oem: OEM.LSTM_ONLY, langPath: fileURLToPath(new URL('./tessdata', import.meta.url)), gzip: false },
};

/** A line of tesseract's output that reports something going wrong, rather than how it went about reading. */
const PROBLEM = /error|warning|fail|cannot|can't|unable|invalid/i;

/**
 * What of tesseract's output for one recognition belongs in the server's log: the errors and
 * warnings it printed. The rest is its account of its own work, printed whatever the picture:
 * "Estimating resolution as 231" for each picture without a resolution (ours never carry one),
 * statistics dumps for a blank cut-out; it filled the log and said nothing to whoever reads it.
 */
export function tesseractProblems(output: string | null | undefined): string[] {
  return (output ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => PROBLEM.test(line));
}

/** As a binary PGM (P5), which leptonica reads without decompressing anything. */
function toPgm(image: GrayImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii'), image.data]);
}

/**
 * One tesseract worker (a wasm engine in its own thread) reading only the MRZ alphabet. It is
 * created on first use and kept: loading the model takes about a second.
 */
export class MrzOcr {
  private worker: Promise<Worker> | null = null;

  constructor(readonly engine: OcrEngine) {}

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const { lang, oem, langPath, gzip } = ENGINES[this.engine];
      // cacheMethod 'none': the model is read from disk and unpacked in memory; tesseract.js would
      // otherwise write an unpacked copy into the working directory (the repository).
      const worker = await createWorker(lang, oem, { langPath, gzip, cacheMethod: 'none' });
      await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_LINE });
      return worker;
    })();
    return this.worker;
  }

  /** What tesseract read in `image`, one cut-out line of print. */
  async lines(image: GrayImage): Promise<OcrLine[]> {
    const worker = await this.start();
    // debug: what tesseract prints while it reads comes back with the result instead of going
    // straight to the server's stderr; only its errors and warnings are logged (tesseractProblems).
    const { data } = await worker.recognize(toPgm(image), {}, { text: false, blocks: true, debug: true });
    for (const problem of tesseractProblems(data.debug)) console.warn(`tesseract (${this.engine}): ${problem}`);
    return (data.blocks ?? []).flatMap((block) =>
      block.paragraphs.flatMap((paragraph) =>
        paragraph.lines.map((line) => ({
          text: line.text.trim(),
          confidence: line.confidence,
          box: line.bbox,
          symbols: line.words.flatMap((word) => word.symbols.map((s) => ({ text: s.text, confidence: s.confidence, box: s.bbox }))),
        })),
      ),
    );
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }
}
