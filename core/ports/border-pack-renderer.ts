import type { BorderPackFacts } from '../domain/border-pack.js';
import type { Locale } from '../domain/locale.js';

/** The visa file the pack shows the first page of: a PDF, or a JPEG or PNG image. */
export interface BorderPackVisa {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Draws the border pack (docs/product.md §16.6) as a one-page A4 PDF. A visa file that cannot be
 * read (corrupt, hostile, encrypted) never fails it: the page is drawn without it, with a line
 * saying the visa is attached separately. Its words are in the applicant's language.
 */
export interface BorderPackRenderer {
  render(facts: BorderPackFacts, visa: BorderPackVisa | null, locale: Locale): Promise<Uint8Array>;
}
