import { createRequire } from 'node:module';
import path from 'node:path';
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
 * Tesseract's two engines, with the English data installed from the npm registry
 * (@tesseract.js-data/eng). The legacy engine (4.0.0 model) reads the '<' filler runs of an MRZ
 * reliably but takes some letters for digits (Z for 2); the LSTM engine (4.0.0_best_int) reads
 * letters and digits better but sees filler runs as 'KLKL…'.
 */
export type OcrEngine = 'legacy' | 'lstm';
const ENGINES: Record<OcrEngine, { oem: OEM; langPath: string }> = {
  legacy: { oem: OEM.TESSERACT_ONLY, langPath: path.join(engDir, '4.0.0') },
  lstm: { oem: OEM.LSTM_ONLY, langPath: path.join(engDir, '4.0.0_best_int') },
};

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
      const { oem, langPath } = ENGINES[this.engine];
      // cacheMethod 'none': the model is read from node_modules and unpacked in memory; tesseract.js
      // would otherwise write an unpacked copy into the working directory (the repository).
      const worker = await createWorker('eng', oem, { langPath, gzip: true, cacheMethod: 'none' });
      await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET });
      return worker;
    })();
    return this.worker;
  }

  /** The lines of `image`: of a whole page (layout analysis), of a cropped band (one block) or of one cut-out line. */
  async lines(image: GrayImage, layout: 'page' | 'block' | 'line'): Promise<OcrLine[]> {
    const worker = await this.start();
    await worker.setParameters({ tessedit_pageseg_mode: layout === 'page' ? PSM.AUTO : layout === 'block' ? PSM.SINGLE_BLOCK : PSM.SINGLE_LINE });
    const { data } = await worker.recognize(toPgm(image), {}, { text: false, blocks: true });
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
