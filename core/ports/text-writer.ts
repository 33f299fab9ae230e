import type { Locale } from '../domain/locale.js';
import type { TextContent, TextSettings } from '../domain/texts.js';

/**
 * Writes a text message's body in its reader's language (adapters/texts: the `text` catalogs). The
 * body is written once, when the text is queued, and stored as written: what the delivery log shows
 * is what was sent, and its SMS count is the count of those words.
 */
export interface TextWriter {
  write(content: TextContent, settings: TextSettings, locale: Locale): string;
}
