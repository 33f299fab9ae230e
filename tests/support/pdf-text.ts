import { createRequire } from 'node:module';
import path from 'node:path';

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** The text of every page of a PDF as pdf.js reads it (one line per text run), as a reader's PDF viewer would show it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}/`,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const content = await (await document.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
    }
    return lines.join('\n');
  } finally {
    await document.destroy();
  }
}
