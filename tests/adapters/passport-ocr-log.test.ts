import { describe, expect, it } from 'vitest';
import { tesseractProblems } from '../../adapters/passport/ocr.js';

describe("what of tesseract's output reaches the server's log", () => {
  it('leaves out its resolution estimates and statistics dumps', () => {
    const output = ['Estimating resolution as 231', 'Estimating resolution as 1042', 'Bottom=0, top=64, base=0, x=0', 'Total count=0', 'Median=0.00, ile(0.5)=0.00', ''].join('\n');
    expect(tesseractProblems(output)).toEqual([]);
    expect(tesseractProblems(null)).toEqual([]);
  });

  it('keeps its errors and warnings, each on its own line', () => {
    const output = [
      'Estimating resolution as 231',
      'Error in pixReadMem: Unknown format: no pix returned',
      'Warning: Invalid resolution 0 dpi. Using 70 instead.',
      'Image too small to scale!! (2x36 vs min width of 3)',
      'Line cannot be recognized!!',
      'Failed loading language mrz',
    ].join('\n');
    expect(tesseractProblems(output)).toEqual([
      'Error in pixReadMem: Unknown format: no pix returned',
      'Warning: Invalid resolution 0 dpi. Using 70 instead.',
      'Line cannot be recognized!!',
      'Failed loading language mrz',
    ]);
  });
});
